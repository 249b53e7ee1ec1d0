import { WriteToSeller } from '#app/components/chat/WriteToSeller.tsx'
import classes from '#app/components/exchange/listing/exchange.module.css'
import { regionsLine, sphereName } from '#app/components/exchange/listing/labels.ts'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { Breadcrumbs } from '#app/components/product/Breadcrumbs.tsx'
import { ReviewSummaryLine, Stars } from '#app/components/reviews/ReviewList.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { SellerLogo } from '#app/components/sellers/SellerLogo.tsx'
import { formatDate } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { LISTING_MESSAGES, type OfferDetails, type SellerServices } from '#common/exchange/listing.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { formatServicePrice, SERVICE_TYPE_LABELS } from '#common/exchange/services.ts'
import { PLATFORM } from '#content/company.ts'
import type { Route } from './+types/services-seller'
import { StoredHtml } from '#app/components/StoredHtml.tsx'

/**
 * /services/seller/{slug}: one vendor's services in full, its profile and its rating as a
 * contractor. A vendor with nothing on the exchange (no offer, no review) is the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, ctx, publicConfig } = getAppContext(context)
  const page = await loadOrFail(request, () => services.exchange.listing.sellerServices(ctx, params.slug))
  const path = exchangeLinks.sellerServices(page.seller.slug)
  const types = [...new Set(page.offers.map((o) => SERVICE_TYPE_LABELS[o.type].toLowerCase()))]
  return {
    ...page,
    seo: buildSeo(publicConfig.publicUrl, {
      title: `Услуги ${page.seller.name} — биржа услуг | ${PLATFORM.brand}`,
      description: types.length
        ? `${page.seller.name}: ${types.slice(0, 4).join(', ')}. Цены, регионы работ, лицензии и отзывы заказчиков.`
        : `${page.seller.name}: отзывы заказчиков о работах с беспилотниками.`,
      path,
    }),
    jsonLd: organizationLd(publicConfig.publicUrl, page),
  }
}

/** The vendor as an Organization (rated once it has reviews), each offer a Service with an Offer. */
function organizationLd(publicUrl: string, page: SellerServices): Record<string, unknown> {
  const url = `${publicUrl}${exchangeLinks.sellerServices(page.seller.slug)}`
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: page.seller.name,
    url,
    ...(page.seller.logo && { logo: `${publicUrl}/marketplace-frontend-assets/${page.seller.logo}` }),
    ...(page.rating.count > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: page.rating.average,
        reviewCount: page.rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
    makesOffer: page.offers.map((offer) => ({
      '@type': 'Offer',
      url: `${url}#offer-${offer.id}`,
      priceCurrency: 'RUB',
      ...(offer.priceFromKopecks !== null && {
        price: offer.priceFromKopecks / 100,
        priceSpecification: {
          '@type': 'PriceSpecification',
          minPrice: offer.priceFromKopecks / 100,
          priceCurrency: 'RUB',
        },
      }),
      itemOffered: {
        '@type': 'Service',
        name: offer.title,
        serviceType: SERVICE_TYPE_LABELS[offer.type],
        areaServed: regionsLine(offer.regions, offer.nationwide),
      },
    })),
  }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) =>
  loaderData ? [...seoMeta(loaderData.seo), { 'script:ld+json': loaderData.jsonLd }] : [],
)

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

function Offer({ offer }: { offer: OfferDetails }) {
  const headingId = `offer-${offer.id}-title`
  return (
    <article id={`offer-${offer.id}`} className={classes.offer} aria-labelledby={headingId}>
      <p className={classes.kind}>{SERVICE_TYPE_LABELS[offer.type]}</p>
      <h3 id={headingId}>{offer.title}</h3>
      <p className={classes.price}>{formatServicePrice(offer.priceFromKopecks, offer.priceUnit)}</p>
      <dl className={classes.facts}>
        <div>
          <dt>Регионы</dt>
          <dd>{regionsLine(offer.regions, offer.nationwide)}</dd>
        </div>
        {offer.spheres.length > 0 && (
          <div>
            <dt>Сферы</dt>
            <dd>{offer.spheres.map(sphereName).join(', ')}</dd>
          </div>
        )}
      </dl>
      {offer.description && <StoredHtml className={classes.description} html={offer.description} />}
      {offer.photos.length > 0 && (
        <ul className={classes.gallery} aria-label="Фотографии работ">
          {offer.photos.map((photo) => (
            <li key={photo.src}>
              <AppImage src={photo.src} alt={photo.alt || offer.title} size="sellerOffer" />
            </li>
          ))}
        </ul>
      )}
      {offer.equipment.length > 0 && (
        <>
          <h4>Техника</h4>
          <ul className={classes.plainList}>
            {offer.equipment.map((product) => (
              <li key={product.id}>
                <AppLink to={`/product/${product.slug}`}>{product.title}</AppLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {offer.licences.length > 0 && (
        <>
          <h4>Лицензии и допуски</h4>
          <ul className={classes.plainList}>
            {offer.licences.map((licence) => (
              <li key={`${licence.title}-${licence.number}`}>
                {licence.title}, № {licence.number}
                {licence.validUntil ? `, действует до ${formatDate(licence.validUntil)}` : ', бессрочно'}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  )
}

export default function SellerServicesRoute({ loaderData }: Route.ComponentProps) {
  const { seller, offers, rating, reviews } = loaderData
  return (
    <>
      <Breadcrumbs crumbs={[{ label: 'Биржа услуг', to: exchangeLinks.exchange() }, { label: seller.name }]} />
      <header className={classes.profile}>
        <SellerLogo name={seller.name} logo={seller.logo} size={96} eager />
        <div className={classes.profileBody}>
          <h1 className={classes.title}>
            Услуги {seller.name}
            {seller.verified && <span className={classes.badge}>Проверенный исполнитель</span>}
          </h1>
          {rating.count > 0 && (
            <a href="#reviews">
              <ReviewSummaryLine average={rating.average} count={rating.count} />
            </a>
          )}
          <dl className={classes.facts}>
            {seller.region && (
              <div>
                <dt>Регион</dt>
                <dd>{seller.region}</dd>
              </div>
            )}
            <div>
              <dt>На платформе</dt>
              <dd>с {new Date(seller.createdAt).getUTCFullYear()} года</dd>
            </div>
          </dl>
          <p>
            <AppLink to={`/sellers/${seller.slug}`}>Страница продавца и товары</AppLink>
          </p>
          <WriteToSeller input={{ sellerSlug: seller.slug }} sellerOrganizationId={seller.id} label="Написать" />
        </div>
      </header>

      <section aria-labelledby="offers-title">
        <h2 id="offers-title">Услуги</h2>
        {offers.length ? (
          offers.map((offer) => <Offer key={offer.id} offer={offer} />)
        ) : (
          <p className={classes.empty}>Сейчас у исполнителя нет опубликованных услуг.</p>
        )}
      </section>

      <section id="reviews" aria-labelledby="reviews-title">
        <h2 id="reviews-title">Отзывы заказчиков</h2>
        {reviews.length === 0 ? (
          <p className={classes.empty}>{LISTING_MESSAGES.noReviews}</p>
        ) : (
          <ul className={classes.plainList} style={{ listStyle: 'none', paddingLeft: 0 }}>
            {reviews.map((review) => (
              <li key={review.id} className={classes.review}>
                <Stars value={review.rating} />
                <p>
                  <strong>{review.authorOrganizationName}</strong>
                  {' · '}
                  {SERVICE_TYPE_LABELS[review.serviceType]} · {formatDate(review.createdAt)}
                </p>
                <p>{review.text}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
