import { formatLeadTime, formatPrice } from '#common/catalog/format.ts'
import { AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import { describeTerms } from '#common/catalog/offer-terms.ts'
import type { OfferCard } from '#common/catalog/types.ts'
import { vatNoteOf } from '#common/catalog/vat.ts'
import { formatCount, formatNumber } from '#common/format.ts'
import { REVIEW_FORMS } from '#common/reviews.ts'
import { OFFER_SORTS, type OfferRow, type OfferSort } from './OtherOffers.tsx'

type Rating = { average: number; count: number }

/** The order the buyer chose for «Другие предложения» (`?offers=`); the price by default. */
export function offerSortOf(url: string): OfferSort {
  const asked = new URL(url).searchParams.get('offers')
  return OFFER_SORTS.find((sort) => sort === asked) ?? 'price'
}

/**
 * The rows of «Другие предложения», formatted in the loader (the product page's first-load
 * budget), in the chosen order. The listings come in stock first and cheaper first; «быстрее»
 * puts what is in stock, then the shortest lead time first; «рейтинг» the sellers with the best
 * rating from their reviews first, those without reviews last. Ties keep the cheaper first.
 */
export function toOfferRows(
  cards: OfferCard[],
  ratings: Map<string, Rating>,
  sort: OfferSort,
  buyerRegion: string | null = null,
): OfferRow[] {
  const days = (card: OfferCard) => (card.availability === 'in_stock' ? 0 : (card.leadTimeDays ?? Infinity))
  const stars = (card: OfferCard) => ratings.get(card.vendor.id)?.average ?? -1
  const ordered = cards
    .map((card, at) => ({ card, at }))
    .sort((a, b) => {
      if (sort === 'lead') return days(a.card) - days(b.card) || a.at - b.at
      if (sort === 'rating') return stars(b.card) - stars(a.card) || a.at - b.at
      return a.at - b.at
    })
  return ordered.map(({ card }) => toOfferRow(card, ratings.get(card.vendor.id), buyerRegion))
}

function toOfferRow(card: OfferCard, rating: Rating | undefined, buyerRegion: string | null): OfferRow {
  const leadTime = card.availability === 'to_order' ? formatLeadTime(card.leadTimeDays) : ''
  return {
    id: card.id,
    slug: card.slug,
    href: card.href,
    title: card.title,
    vendorName: card.vendor.name,
    vendorSlug: card.vendor.slug,
    rating: rating ? `★ ${formatNumber(rating.average, 1)} · ${formatCount(rating.count, REVIEW_FORMS)}` : null,
    price: formatPrice(card.priceKopecks),
    vat: card.priceKopecks === null ? null : vatNoteOf(card.vatRate),
    availability: card.availability,
    availabilityLabel: AVAILABILITY_LABELS[card.availability] + (leadTime ? `, ${leadTime}` : ''),
    terms: describeTerms(card.terms, buyerRegion)
      .map((term) => `${term.label}: ${term.value.charAt(0).toLowerCase()}${term.value.slice(1)}`)
      .join(' · '),
  }
}
