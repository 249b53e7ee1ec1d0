import { redirect } from 'react-router'
import { Pagination } from '#app/components/catalog/Pagination.tsx'
import { withoutEmptyFields } from '#app/components/catalog/listing-url.ts'
import { ExchangeFilters } from '#app/components/exchange/listing/ExchangeFilters.tsx'
import classes from '#app/components/exchange/listing/exchange.module.css'
import { OfferCard } from '#app/components/exchange/listing/OfferCard.tsx'
import { RequestCard } from '#app/components/exchange/listing/RequestCard.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { Breadcrumbs } from '#app/components/product/Breadcrumbs.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import cards from '#app/components/ui/card-grid.module.css'
import { formatCount } from '#app/lib/format.ts'
import { notFound } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import {
  type ExchangeQuery,
  exchangeHref,
  hasExchangeFilters,
  LISTING_MESSAGES,
  type OfferCard as Offer,
  type RequestCard as Request,
} from '#common/exchange/listing.ts'
import { parseExchangeQuery } from '#common/exchange/listing-query.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { SERVICE_TYPE_LABELS } from '#common/exchange/services.ts'
import { regionName } from '#common/regions.ts'
import { PLATFORM } from '#content/company.ts'
import type { Route } from './+types/services'

const OFFER_FORMS = ['услуга', 'услуги', 'услуг'] as const
const REQUEST_FORMS = ['заявка', 'заявки', 'заявок'] as const

/**
 * /services: the exchange, for guests too. Offers and open public requests in two tabs
 * (`?tab=requests`), every filter, the search, the sort and the page in the URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A GET form sends its empty fields: the address keeps only what was chosen.
  const clean = withoutEmptyFields(request)
  if (clean) throw redirect(clean)
  const { services, ctx, publicConfig, viewport } = getAppContext(context)
  const { query } = parseExchangeQuery(new URL(request.url).searchParams)
  const { listing } = services.exchange
  const page =
    query.tab === 'requests'
      ? { tab: 'requests' as const, ...(await listing.listRequests(ctx, query)) }
      : { tab: 'offers' as const, ...(await listing.listOffers(ctx, query)) }
  // A page past the end (an old link after items left) is not a page.
  if (query.page > 1 && query.page > page.pageCount) notFound(request)
  const isVendor = Boolean(ctx.organization?.roles.some((r) => r.type === 'vendor' && r.status === 'confirmed'))
  const requests = query.tab === 'requests'
  const narrowed = [query.type && SERVICE_TYPE_LABELS[query.type], query.region && regionName(query.region)].filter(
    Boolean,
  )
  const pageNote = query.page > 1 ? `, страница ${query.page}` : ''
  return {
    query,
    page,
    isVendor,
    filtersOpen: viewport === 'desktop',
    // Searches and narrowed lists are for people; crawlers get the plain tabs and their pages.
    noindex: hasExchangeFilters(query),
    seo: buildSeo(publicConfig.publicUrl, {
      title: `${requests ? 'Заявки на работы с дронами' : 'Услуги дронов'}${narrowed.length ? `: ${narrowed.join(', ')}` : ''}${pageNote} — биржа услуг | ${PLATFORM.brand}`,
      description: requests
        ? 'Открытые заявки заказчиков на аэрофотосъёмку, агрохимическую обработку, инспекцию ЛЭП и трубопроводов и другие работы с беспилотниками: место, сроки, бюджет, разрешения на полёты.'
        : 'Исполнители работ с беспилотниками: аэрофотосъёмка и картография, опрыскивание полей, инспекция, мониторинг, обучение пилотов и ремонт. Цены, регионы, лицензии и отзывы.',
      // Tracking parameters, the sort and unknown keys never make another page.
      path: exchangeHref({ ...query, sort: undefined }),
    }),
    jsonLd: itemListLd(publicConfig.publicUrl, page),
  }
}

/**
 * The page's list as schema.org ItemList. An offer is a `Service` (what the vendor does, with its
 * provider, area and an `Offer` whose `priceSpecification.minPrice` is the «от» price). A request
 * is a `Demand`: schema.org's type for a public announcement that someone seeks goods or services
 * (from GoodRelations), with the work as `itemOffered`, the budget as `maxPrice` and the proposals
 * deadline as `availabilityEnds`.
 */
function itemListLd(
  publicUrl: string,
  page: { tab: 'offers'; items: Offer[] } | { tab: 'requests'; items: Request[] },
): Record<string, unknown> {
  const elements =
    page.tab === 'offers'
      ? page.items.map((offer) => ({
          '@type': 'Service',
          name: offer.title,
          serviceType: SERVICE_TYPE_LABELS[offer.type],
          url: `${publicUrl}${exchangeLinks.sellerServices(offer.seller.slug)}#offer-${offer.id}`,
          provider: { '@type': 'Organization', name: offer.seller.name },
          areaServed: offer.nationwide ? 'Россия' : offer.regions.map(regionName),
          ...(offer.priceFromKopecks !== null && {
            offers: {
              '@type': 'Offer',
              priceCurrency: 'RUB',
              priceSpecification: {
                '@type': 'PriceSpecification',
                minPrice: offer.priceFromKopecks / 100,
                priceCurrency: 'RUB',
              },
            },
          }),
        }))
      : page.items.map((request) => ({
          '@type': 'Demand',
          name: request.title,
          url: `${publicUrl}${exchangeLinks.request(request.number)}`,
          itemOffered: { '@type': 'Service', serviceType: SERVICE_TYPE_LABELS[request.type] },
          ...(request.region && { areaServed: regionName(request.region) }),
          ...(request.proposalsDeadline && { availabilityEnds: request.proposalsDeadline }),
          ...(request.budgetKopecks !== null && {
            priceSpecification: {
              '@type': 'PriceSpecification',
              maxPrice: request.budgetKopecks / 100,
              priceCurrency: 'RUB',
            },
          }),
        }))
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: elements.map((item, i) => ({ '@type': 'ListItem', position: i + 1, item })),
  }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => {
  if (!loaderData) return []
  const tags = seoMeta(loaderData.seo)
  if (loaderData.noindex) tags.push({ name: 'robots', content: 'noindex, follow' })
  if (loaderData.page.items.length) tags.push({ 'script:ld+json': loaderData.jsonLd })
  return tags
})

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

function EmptyState({ query }: { query: ExchangeQuery }) {
  const requests = query.tab === 'requests'
  return (
    <div className={classes.empty}>
      <p>{requests ? LISTING_MESSAGES.noRequests : LISTING_MESSAGES.noOffers}</p>
      <div className={classes.ctas}>
        {hasExchangeFilters(query) && (
          <a className={classes.secondary} href={exchangeHref({ tab: query.tab })}>
            Сбросить фильтры
          </a>
        )}
        <AppLink className={classes.primary} to={exchangeLinks.newRequest()}>
          Разместить заявку
        </AppLink>
      </div>
    </div>
  )
}

export default function ServicesRoute({ loaderData }: Route.ComponentProps) {
  const { query, page, isVendor, filtersOpen } = loaderData
  const requests = query.tab === 'requests'
  return (
    <>
      <Breadcrumbs crumbs={[{ label: 'Биржа услуг' }]} />
      <div className={classes.head}>
        <h1 className={classes.title}>Биржа услуг</h1>
        <div className={classes.ctas}>
          <AppLink className={classes.primary} to={exchangeLinks.newRequest()}>
            Разместить заявку
          </AppLink>
          {isVendor && (
            <AppLink className={classes.secondary} to={exchangeLinks.offer('new')}>
              Предложить услугу
            </AppLink>
          )}
        </div>
      </div>
      <p className={classes.lead}>
        Работы с беспилотниками: заказчики размещают заявки, исполнители с нужными дронами и допусками предлагают цену и
        сроки.
      </p>
      <nav aria-label="Разделы биржи">
        <ul className={classes.tabs}>
          <li>
            <AppLink
              className={classes.tab}
              to={exchangeLinks.exchange('offers')}
              aria-current={requests ? undefined : 'page'}
            >
              Услуги
            </AppLink>
          </li>
          <li>
            <AppLink
              className={classes.tab}
              to={exchangeLinks.exchange('requests')}
              aria-current={requests ? 'page' : undefined}
            >
              Заявки
            </AppLink>
          </li>
        </ul>
      </nav>
      <ExchangeFilters key={exchangeHref(query)} query={query} open={filtersOpen} />
      <p className={classes.count} role="status">
        Найдено: {formatCount(page.total, requests ? REQUEST_FORMS : OFFER_FORMS)}
      </p>
      {page.items.length === 0 ? (
        <EmptyState query={query} />
      ) : page.tab === 'offers' ? (
        <ul className={`${cards.grid} ${cards.three}`} aria-label="Услуги">
          {/* Open filters (the desktop layout) push the cards below the first screen; closed (on a
              phone), the first card's photo is the page's largest paint. */}
          {page.items.map((offer, i) => (
            <OfferCard key={offer.id} offer={offer} priority={!filtersOpen && i === 0} />
          ))}
        </ul>
      ) : (
        <ul className={`${cards.grid} ${cards.three}`} aria-label="Заявки">
          {page.items.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} hrefFor={(p) => exchangeHref({ ...query, page: p })} />
    </>
  )
}
