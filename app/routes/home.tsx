import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core'
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
import { toTileProduct } from '#app/components/product/product-tile.server.ts'
import { ProductTiles } from '#app/components/product/ProductTile.tsx'
import { SearchForm } from '#app/components/site/SearchForm.tsx'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { isLeafCategory } from '#common/catalog/categories.ts'
import { formatCount, PRODUCT_FORMS } from '#common/catalog/format.ts'
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

/** Product pictures are 4:3; the category tiles show one of the category's products. */
const CATEGORY_IMAGE = { width: 380, height: 285 } as const
const NEW_PRODUCTS = 8

export async function loader({ context }: Route.LoaderArgs) {
  const { publicConfig, services, ctx } = getAppContext(context)
  const [categories, newProducts] = await Promise.all([
    services.catalog.listCategorySummaries(ctx),
    services.catalog.listNewProducts(ctx, NEW_PRODUCTS),
  ])
  return {
    // The kinds of drones a buyer picks from: the leaves of the tree, not its root. Counts and
    // prices are formatted here, so the page ships no formatting code.
    categories: categories
      .filter((c) => isLeafCategory(c.slug) && c.productCount > 0)
      .map(({ slug, heading, productCount, image }) => ({
        slug,
        heading,
        image,
        count: formatCount(productCount, PRODUCT_FORMS),
      })),
    newProducts: newProducts.map(toTileProduct),
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

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

export default function Home({ loaderData }: Route.ComponentProps) {
  const { spheres, services, categories, newProducts } = loaderData
  return (
    <>
      <Box className={classes.hero}>
        <Container size="xl" py={{ base: 40, sm: 72 }}>
          <Stack gap="lg" maw={760}>
            <span className={classes.badge}>B2B-маркетплейс</span>
            <Title order={1} className={classes.heroTitle}>
              {PLATFORM.tagline}
            </Title>
            <Text size="lg" className={classes.heroLead}>
              Дроны, полезная нагрузка, комплектующие и услуги от проверенных поставщиков — для агрохолдингов,
              энергетиков, строителей, служб безопасности и науки.
            </Text>
            <SearchForm id="hero-search" />
            <Group>
              <Button component={AppLink} to={CATALOG_PATH} color="accent" size="md">
                Открыть каталог
              </Button>
              <Button component={AppLink} to="/platforms" variant="white" color="navy" size="md">
                Сервисы платформы
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      {categories.length > 0 && (
        <Container size="xl" pt={56} component="section" aria-labelledby="categories-title">
          <Title order={2} id="categories-title" mb="lg">
            Популярные категории
          </Title>
          <div className={`${classes.grid} ${classes.grid4}`}>
            {categories.map((category) => (
              <AppLink
                key={category.slug}
                to={`/catalog/${category.slug}`}
                className={`${classes.tile} ${classes.sphereTile}`}
              >
                {category.image ? (
                  <AppImage src={category.image.src} alt="" {...CATEGORY_IMAGE} />
                ) : (
                  <span className={classes.noImage} aria-hidden="true" />
                )}
                <span className={classes.tileBody}>
                  <Text component="span" fw={700} display="block">
                    {category.heading}
                  </Text>
                  <Text component="span" size="sm" c="dimmed">
                    {category.count}
                  </Text>
                </span>
              </AppLink>
            ))}
          </div>
        </Container>
      )}

      {newProducts.length > 0 && (
        <Container size="xl" pt={56} component="section" aria-labelledby="new-products-title">
          <Group justify="space-between" align="baseline" mb="lg">
            <Title order={2} id="new-products-title">
              Новые товары
            </Title>
            <AppLink to={`${CATALOG_PATH}?sort=new`} className={classes.moreLink}>
              Все новинки
            </AppLink>
          </Group>
          <ProductTiles products={newProducts} />
        </Container>
      )}

      <Container size="xl" py={56} component="section" aria-labelledby="spheres-title">
        <Title order={2} id="spheres-title" mb="xs">
          Беспилотники для вашей отрасли
        </Title>
        <Text c="dimmed" mb="lg">
          Задачи, подходящие типы дронов и полезной нагрузки, требования регулирования — по сферам применения.
        </Text>
        <div className={`${classes.grid} ${classes.grid4}`}>
          {spheres.map((sphere) => (
            <AppLink
              key={sphere.slug}
              to={`/spheres/${sphere.slug}`}
              className={`${classes.tile} ${classes.sphereTile}`}
            >
              <AppImage src={sphere.image} alt="" width={380} height={200} />
              <span className={classes.tileBody}>
                <Text component="span" fw={700} display="block">
                  {sphere.shortTitle}
                </Text>
                <Text component="span" size="sm" c="dimmed" lineClamp={3}>
                  {sphere.summary}
                </Text>
              </span>
            </AppLink>
          ))}
        </div>
      </Container>

      <Box bg="gray.0" component="section" aria-labelledby="services-title">
        <Container size="xl" py={56}>
          <Title order={2} id="services-title" mb="lg">
            Сервисы платформы
          </Title>
          <div className={`${classes.grid} ${classes.grid3}`}>
            {services.map((service) => {
              const Icon = SERVICE_ICONS[service.icon]
              return (
                <AppLink key={service.path} to={service.path} className={`${classes.tile} ${classes.serviceTile}`}>
                  <span className={classes.icon} aria-hidden="true">
                    <Icon size={24} />
                  </span>
                  <span>
                    <Text component="span" fw={700} display="block">
                      {service.title}
                    </Text>
                    <Text component="span" size="sm" c="dimmed">
                      {service.summary}
                    </Text>
                  </span>
                </AppLink>
              )
            })}
          </div>
        </Container>
      </Box>

      <Container size="xl" py={56} component="section" aria-label="Покупателям и продавцам">
        <div className={`${classes.grid} ${classes.grid2}`}>
          <div className={`${classes.cta} ${classes.ctaDark}`}>
            <span className={`${classes.icon} ${classes.iconAccent}`} aria-hidden="true">
              <IconCertificate size={26} />
            </span>
            <Title order={2} size="h3" c="white">
              Покупателям
            </Title>
            <Text mt="xs" mb="lg">
              Сравнивайте характеристики, задавайте вопросы продавцам в чате, оформляйте заказы от имени организации и
              размещайте заявки на услуги.
            </Text>
            <Button component={AppLink} to="/for-customers" color="accent" w="fit-content">
              Как покупать
            </Button>
          </div>
          <div className={classes.cta}>
            <span className={classes.icon} aria-hidden="true">
              <IconHeartHandshake size={26} />
            </span>
            <Title order={2} size="h3">
              Продавцам
            </Title>
            <Text mt="xs" mb="lg" c="dimmed">
              Производители, дистрибьюторы и сервисные компании получают заказы от предприятий и госзаказчиков.
              Подключение и размещение товаров на старте — бесплатно.
            </Text>
            <Button component={AppLink} to="/for-sellers" w="fit-content">
              Стать поставщиком
            </Button>
          </div>
        </div>
      </Container>
    </>
  )
}
