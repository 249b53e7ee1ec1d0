import { formatCount, formatMoney, formatNumber, type PluralForms } from '../format.ts'
import { type AttributeDef, getAttribute, type SpecValue } from './attributes.ts'
import { PRICE_ON_REQUEST } from './products.ts'
import type { SuggestionOffer } from './types.ts'

/** «1 250 000 ₽»; kopecks shown only when there are any; null is «Цена по запросу». */
export function formatPrice(kopecks: number | null): string {
  return kopecks === null ? PRICE_ON_REQUEST : formatMoney(kopecks)
}

/** «ООО «Геодрон», 450 000 ₽»: what tells apart offers of one title (search suggestions). */
export function formatOffer(offer: SuggestionOffer): string {
  const price = formatPrice(offer.priceKopecks)
  return offer.vendorName ? `${offer.vendorName}, ${price}` : price
}

export const PRODUCT_FORMS: PluralForms = ['товар', 'товара', 'товаров']
export const OFFER_FORMS: PluralForms = ['предложение', 'предложения', 'предложений']
/** After «от»: «от 1 продавца», «от 3 продавцов». */
const SELLERS_GENITIVE: PluralForms = ['продавца', 'продавцов', 'продавцов']

/** «от 1 985 000 ₽» for a model card; the plain price when every offer is on request. */
export function formatPriceFrom(kopecks: number | null): string {
  return kopecks === null ? formatPrice(null) : `от ${formatPrice(kopecks)}`
}

/** «4 предложения от 3 продавцов», or «2 предложения» when one seller makes them all. */
export function formatOfferCount(count: number, sellerCount: number): string {
  const offers = formatCount(count, OFFER_FORMS)
  return sellerCount > 1 ? `${offers} от ${formatCount(sellerCount, SELLERS_GENITIVE)}` : offers
}

/** «Под заказ, 14 дней» / «В наличии». */
export function formatLeadTime(days: number | null): string {
  return days ? `срок поставки ${formatCount(days, ['день', 'дня', 'дней'])}` : ''
}

/** A characteristic value in Russian with its unit: «42 мин», «Да», «GPS, ГЛОНАСС, RTK». */
export function formatSpecValue(attr: AttributeDef, value: SpecValue): string {
  switch (attr.kind) {
    case 'number':
      return typeof value === 'number' ? `${formatNumber(value, attr.precision)} ${attr.unit}` : String(value)
    case 'boolean':
      return value === true ? 'Да' : 'Нет'
    case 'enum': {
      const values = Array.isArray(value) ? value : [String(value)]
      return values.map((v) => attr.options.find((o) => o.value === v)?.label ?? v).join(', ')
    }
    case 'text':
      return String(value)
  }
}

/** The same by attribute code; unknown codes show the raw value. */
export function formatSpec(code: string, value: SpecValue): string {
  const attr = getAttribute(code)
  return attr ? formatSpecValue(attr, value) : String(value)
}
