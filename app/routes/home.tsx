import {
  IconCertificate,
  IconClipboardCheck,
  IconHeartHandshake,
  IconPlaneDeparture,
  IconSchool,
  IconShieldCheck,
  IconTool,
} from '@tabler/icons-react'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { ArticleCardList } from '#app/components/media/ArticleCards.tsx'
import { toTileProduct } from '#app/components/product/product-tile.server.ts'
import { ProductTiles } from '#app/components/product/ProductTile.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { SearchForm } from '#app/components/site/SearchForm.tsx'
import { buttonClass, ButtonContent } from '#app/components/ui/button.tsx'
import cards from '#app/components/ui/card-grid.module.css'
import ui from '#app/components/ui/ui.module.css'
import { formatCount } from '#app/lib/format.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { isAccessoryCategory, isLeafCategory } from '#common/catalog/categories.ts'
import { PRODUCT_FORMS } from '#common/catalog/format.ts'
import { mediaLinks } from '#common/media/article-constants.ts'
import { CATALOG_PATH } from '#common/spheres.ts'
import { PLATFORM } from '#content/company.ts'
import { PLATFORM_SERVICES, type PlatformServiceIcon } from '#content/platforms/index.ts'
import { SPHERES } from '#content/spheres/index.ts'
import type { Route } from './+types/home'
import classes from './home.module.css'

const SERVICE_ICONS: Record<PlatformServiceIcon, typeof IconTool> = {
  repair: IconTool,
  education: IconSchool,
  insurance: IconShieldCheck,
  cooperation: IconHeartHandshake,
  registration: IconClipboardCheck,
  permission: IconPlaneDeparture,
}

/** Kinds of payloads, accessories and spare parts on the home page, after the kinds of drones. */
const HOME_ACCESSORY_KINDS = 4

/** Product pictures are 4:3; the category tiles show one of the category's products. */
const NEW_PRODUCTS = 8
const LATEST_ARTICLES = 4

export async function loader({ context }: Route.LoaderArgs) {
  const { publicConfig, services, ctx } = getAppContext(context)
  const [categories, newProducts, articles] = await Promise.all([
    services.catalog.listCategorySummaries(ctx),
    services.catalog.listNewProducts(ctx, NEW_PRODUCTS),
    // A decoration of the home page: if it fails the page goes without it.
    services.media.latest(ctx, LATEST_ARTICLES).catch(() => []),
  ])
  return {
    // The kinds of drones a buyer picks from (the leaves of the tree, not its root), then the four
    // largest kinds of payloads, accessories and spare parts: two rows of four. Counts and prices
    // are formatted here, so the page ships no formatting code.
    categories: [
      ...categories.filter((c) => isLeafCategory(c.slug) && !isAccessoryCategory(c.slug)),
      ...categories
        .filter((c) => isLeafCategory(c.slug) && isAccessoryCategory(c.slug))
        .sort((a, b) => b.productCount - a.productCount)
        .slice(0, HOME_ACCESSORY_KINDS),
    ]
      .filter((c) => c.productCount > 0)
      .map(({ slug, heading, productCount, image }) => ({
        slug,
        heading,
        image,
        count: formatCount(productCount, PRODUCT_FORMS),
      })),
    newProducts: newProducts.map(toTileProduct),
    articles,
    spheres: SPHERES.map(({ slug, shortTitle, summary, image, imageAlt }) => ({
      slug,
      shortTitle,
      summary,
      image,
      imageAlt,
    })),
    services: PLATFORM_SERVICES,
    seo: buildSeo(publicConfig.publicUrl, {
      title: `${PLATFORM.brand} — ${PLATFORM.tagline.toLowerCase()}`,
      description:
        'Беспилотники, полезная нагрузка и услуги для агрохолдингов, энергетиков, строителей, МЧС и науки: каталог с фильтрами по отраслям, проверенные поставщики, биржа услуг.',
      path: '/',
    }),
  }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => seoMeta(loaderData?.seo))

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function Home({ loaderData }: Route.ComponentProps) {
  const { spheres, services, categories, newProducts, articles } = loaderData
  return (
    <>
      <div className={classes.hero}>
        <div className={`${ui.container} ${classes.heroInner}`}>
          <div className={classes.heroStack}>
            <span className={classes.badge}>B2B-маркетплейс</span>
            <h1 className={`${ui.title} ${ui.h1} ${classes.heroTitle}`}>{PLATFORM.tagline}</h1>
            <p className={`${ui.text} ${ui.lg} ${classes.heroLead}`}>
              Дроны, полезная нагрузка, комплектующие и услуги от проверенных поставщиков — для агрохолдингов,
              энергетиков, строителей, служб безопасности и науки.
            </p>
            <SearchForm id="hero-search" />
            <div className={classes.actions}>
              <AppLink to={CATALOG_PATH} className={buttonClass({ variant: 'accent', size: 'md' })}>
                <ButtonContent>Открыть каталог</ButtonContent>
              </AppLink>
              <AppLink to="/platforms" className={buttonClass({ variant: 'white', size: 'md' })}>
                <ButtonContent>Сервисы платформы</ButtonContent>
              </AppLink>
            </div>
          </div>
        </div>
      </div>

      {categories.length > 0 && (
        <section className={`${ui.container} ${classes.section}`} aria-labelledby="categories-title">
          <h2 className={`${ui.title} ${ui.h2} ${classes.sectionTitle}`} id="categories-title">
            Популярные категории
          </h2>
          <div className={`${cards.grid} ${cards.four}`}>
            {categories.map((category) => (
              <AppLink
                key={category.slug}
                to={`/catalog/${category.slug}`}
                className={`${cards.card} ${classes.tile} ${classes.sphereTile}`}
              >
                {category.image ? (
                  <AppImage src={category.image.src} alt="" size="categoryCard" />
                ) : (
                  <span className={classes.noImage} aria-hidden="true" />
                )}
                <span className={classes.tileBody}>
                  <span className={classes.tileTitle}>{category.heading}</span>
                  <span className={`${ui.sm} ${ui.dimmed}`}>{category.count}</span>
                </span>
              </AppLink>
            ))}
          </div>
        </section>
      )}

      {newProducts.length > 0 && (
        <section className={`${ui.container} ${classes.section}`} aria-labelledby="new-products-title">
          <div className={classes.sectionHead}>
            <h2 className={`${ui.title} ${ui.h2}`} id="new-products-title">
              Новые товары
            </h2>
            <AppLink to={`${CATALOG_PATH}?sort=new`} className={classes.moreLink}>
              Все новинки
            </AppLink>
          </div>
          <ProductTiles products={newProducts} />
        </section>
      )}

      <section className={`${ui.container} ${classes.band}`} aria-labelledby="spheres-title">
        <h2 className={`${ui.title} ${ui.h2} ${classes.spheresTitle}`} id="spheres-title">
          Беспилотники для вашей отрасли
        </h2>
        <p className={`${ui.text} ${ui.dimmed} ${classes.sectionLead}`}>
          Задачи, подходящие типы дронов и полезной нагрузки, требования регулирования — по сферам применения.
        </p>
        <div className={`${cards.grid} ${cards.four}`}>
          {spheres.map((sphere) => (
            <AppLink
              key={sphere.slug}
              to={`/spheres/${sphere.slug}`}
              className={`${cards.card} ${classes.tile} ${classes.sphereTile}`}
            >
              <AppImage src={sphere.image} alt="" size="sphereCard" />
              <span className={classes.tileBody}>
                <span className={classes.tileTitle}>{sphere.shortTitle}</span>
                <span className={`${ui.sm} ${ui.dimmed} ${ui.lineClamp3}`}>{sphere.summary}</span>
              </span>
            </AppLink>
          ))}
        </div>
      </section>

      <section className={classes.services} aria-labelledby="services-title">
        <div className={`${ui.container} ${classes.band}`}>
          <h2 className={`${ui.title} ${ui.h2} ${classes.sectionTitle}`} id="services-title">
            Сервисы платформы
          </h2>
          <div className={`${cards.grid} ${cards.three}`}>
            {services.map((service) => {
              const Icon = SERVICE_ICONS[service.icon]
              return (
                <AppLink
                  key={service.path}
                  to={service.path}
                  className={`${cards.card} ${classes.tile} ${classes.serviceTile}`}
                >
                  <span className={classes.icon} aria-hidden="true">
                    <Icon size={24} />
                  </span>
                  <span>
                    <span className={classes.tileTitle}>{service.title}</span>
                    <span className={`${ui.sm} ${ui.dimmed}`}>{service.summary}</span>
                  </span>
                </AppLink>
              )
            })}
          </div>
        </div>
      </section>

      {articles.length > 0 && (
        <section className={`${ui.container} ${classes.band}`} aria-labelledby="media-title">
          <div className={classes.sectionHead}>
            <h2 className={`${ui.title} ${ui.h2}`} id="media-title">
              Медиа
            </h2>
            <AppLink to={mediaLinks.list()} className={classes.moreLink}>
              Все статьи
            </AppLink>
          </div>
          <ArticleCardList articles={articles} columns="four" />
        </section>
      )}

      <section className={`${ui.container} ${classes.band}`} aria-label="Покупателям и продавцам">
        <div className={`${cards.grid} ${cards.two}`}>
          <div className={`${classes.cta} ${classes.ctaDark}`}>
            <span className={`${classes.icon} ${classes.iconAccent}`} aria-hidden="true">
              <IconCertificate size={26} />
            </span>
            <h2 className={`${ui.title} ${ui.h3} ${classes.ctaTitleDark}`}>Покупателям</h2>
            <p className={`${ui.text} ${classes.ctaText}`}>
              Сравнивайте характеристики, задавайте вопросы продавцам в чате, оформляйте заказы от имени организации и
              размещайте заявки на услуги.
            </p>
            <AppLink to="/for-customers" className={buttonClass({ variant: 'accent' })}>
              <ButtonContent>Как покупать</ButtonContent>
            </AppLink>
          </div>
          <div className={classes.cta}>
            <span className={classes.icon} aria-hidden="true">
              <IconHeartHandshake size={26} />
            </span>
            <h2 className={`${ui.title} ${ui.h3}`}>Продавцам</h2>
            <p className={`${ui.text} ${ui.dimmed} ${classes.ctaText}`}>
              Производители, дистрибьюторы и сервисные компании получают заказы от предприятий и госзаказчиков.
              Подключение и размещение товаров на старте — бесплатно.
            </p>
            <AppLink to="/for-sellers" className={buttonClass()}>
              <ButtonContent>Стать поставщиком</ButtonContent>
            </AppLink>
          </div>
        </div>
      </section>
    </>
  )
}
