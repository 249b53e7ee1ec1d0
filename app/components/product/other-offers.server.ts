import { formatLeadTime, formatPrice } from '#common/catalog/format.ts'
import { AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import type { ProductCard } from '#common/catalog/types.ts'
import { vatNoteOf } from '#common/catalog/vat.ts'
import type { OfferRow } from './OtherOffers.tsx'

/** A row of «Другие предложения», formatted in the loader (the product page's first-load budget). */
export function toOfferRow(card: ProductCard): OfferRow {
  const leadTime = card.availability === 'to_order' ? formatLeadTime(card.leadTimeDays) : ''
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    vendorName: card.vendor.name,
    vendorSlug: card.vendor.slug,
    price: formatPrice(card.priceKopecks),
    vat: card.priceKopecks === null ? null : vatNoteOf(card.vatRate),
    availability: card.availability,
    availabilityLabel: AVAILABILITY_LABELS[card.availability] + (leadTime ? `, ${leadTime}` : ''),
  }
}
