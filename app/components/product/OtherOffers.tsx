import { AppLink } from '#app/components/AppLink.tsx'
import { AddToCartButton } from '#app/components/cart/AddToCartButton.tsx'
import type { Availability } from '#common/catalog/products.ts'
import { OFFER_PARAM } from '#common/catalog/product-href.ts'
import page from './product.module.css'
import classes from './OtherOffers.module.css'

/** The orders a buyer can put the offers in: cheaper, sooner, better rated first. */
export const OFFER_SORTS = ['price', 'lead', 'rating'] as const
export type OfferSort = (typeof OFFER_SORTS)[number]

const SORT_LABELS: Record<OfferSort, string> = {
  price: 'дешевле',
  lead: 'быстрее',
  rating: 'с лучшим рейтингом',
}

/** One listing of the same model, formatted by the loader (toOfferRows in other-offers.server.ts). */
export interface OfferRow {
  id: string
  slug: string
  /** The model's page with this offer chosen. */
  href: string
  title: string
  vendorName: string
  vendorSlug: string
  /** «★ 4,8 · 23 отзыва» from the seller's reviews; null without any. */
  rating: string | null
  price: string
  /** Null when the price is on request. */
  vat: string | null
  availability: Availability
  availabilityLabel: string
  /** «Гарантия: 1 год · Доставка: по всей России · Минимальный заказ: 2 шт.» */
  terms: string
}

/**
 * «Другие предложения»: the same model from other sellers (and the seller's other kits of it),
 * in stock and cheaper first, each row with «В корзину» and a link to that listing. Plain
 * elements and the page's own cart button: the product page has a first-load budget.
 */
export function OtherOffers({
  offers,
  sort,
  chosen,
}: {
  offers: OfferRow[]
  sort: OfferSort
  /** The offer the page's address names (`?offer=`), kept when the order changes. */
  chosen: string | null
}) {
  if (!offers.length) return null
  const searchOf = (option: OfferSort) => {
    const search = new URLSearchParams()
    if (chosen) search.set(OFFER_PARAM, chosen)
    if (option !== 'price') search.set('offers', option)
    return search.size ? `?${search}` : ''
  }
  return (
    <section id="offers" className={page.related} aria-labelledby="offers-title">
      <h2 id="offers-title" className={page.sectionTitle}>
        Другие предложения этой модели
      </h2>
      {offers.length > 1 && (
        <nav className={classes.sorts} aria-label="Порядок предложений">
          Сначала:
          {OFFER_SORTS.map((option) => (
            <AppLink
              key={option}
              to={{ search: searchOf(option) }}
              preventScrollReset
              replace
              aria-current={option === sort ? 'true' : undefined}
            >
              {SORT_LABELS[option]}
            </AppLink>
          ))}
        </nav>
      )}
      <ul className={classes.list}>
        {offers.map((offer) => (
          <li key={offer.id} className={classes.row}>
            <span className={classes.seller}>
              <AppLink to={`/sellers/${offer.vendorSlug}`}>{offer.vendorName}</AppLink>
              {/* Only vendors whose role staff confirmed against their documents sell here. */}
              <span className={classes.verified}>Проверен платформой</span>
              {offer.rating && <span className={classes.rating}>{offer.rating}</span>}
              <span className={classes.title}>{offer.title}</span>
            </span>
            <span className={classes.price}>
              <strong>{offer.price}</strong>
              {offer.vat && <span className={page.vendorMeta}>{offer.vat}</span>}
            </span>
            <span className={classes.stockAndTerms}>
              <span className={classes.stock} data-availability={offer.availability}>
                {offer.availabilityLabel}
              </span>
              <span className={classes.terms}>{offer.terms}</span>
            </span>
            <span className={classes.cart}>
              {/* The seller in the name: the same title is often offered by several. */}
              <AddToCartButton productId={offer.id} productTitle={`${offer.title} — ${offer.vendorName}`} />
            </span>
            <AppLink
              to={offer.href}
              className={classes.link}
              aria-label={`Предложение ${offer.vendorName}: ${offer.title}`}
            >
              Открыть
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
