import { formatLeadTime, formatPrice, PRODUCT_FORMS } from '#common/catalog/format.ts'
import { describeTerms } from '#common/catalog/offer-terms.ts'
import { regionName } from '#common/regions.ts'
import { AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import { vatNoteOf } from '#common/catalog/vat.ts'
import { REGISTRATION_NOTICES } from '#common/catalog/registration.ts'
import type { ProductDetails } from '#common/catalog/types.ts'
import { formatCount } from '#app/lib/format.ts'

/**
 * The product page's texts that need formatting code, made by the loader: the page then ships
 * neither the formatters nor the characteristic registry they import (its first-load budget).
 */
export interface ProductDisplay {
  price: string
  /** Null when the price is on request. */
  vat: string | null
  availability: string
  /** The seller's warranty, delivery and minimum order (common/catalog/offer-terms.ts). */
  terms: { label: string; value: string }[]
  /** The regions the seller delivers to, named, when it names them. */
  deliveryRegions: string[]
  registration: { heading: string; notice: string } | null
  vendorProducts: string
}

export function describeProduct(product: ProductDetails, buyerRegion: string | null = null): ProductDisplay {
  const leadTime = product.availability === 'to_order' ? formatLeadTime(product.leadTimeDays) : ''
  return {
    price: formatPrice(product.priceKopecks),
    vat: product.priceKopecks === null ? null : vatNoteOf(product.vatRate),
    availability: AVAILABILITY_LABELS[product.availability] + (leadTime ? `, ${leadTime}` : ''),
    terms: describeTerms(product.terms, buyerRegion),
    deliveryRegions: product.terms.deliveryRegions.map(regionName),
    registration:
      product.registration === 'none'
        ? null
        : {
            heading:
              product.registration === 'state' ? 'Нужна государственная регистрация' : 'Нужна постановка на учёт',
            notice: REGISTRATION_NOTICES[product.registration],
          },
    vendorProducts: formatCount(product.vendorCard.productCount, PRODUCT_FORMS),
  }
}
