import { formatCount } from '../format.ts'
import { regionName } from '../regions.ts'

/**
 * A seller's terms for a model beyond price and stock (issue «one product, many offers»): the
 * warranty, where it delivers and the fewest units it sells at once. The cabinet's form, the
 * import, the product page's offer list and the cart read these.
 */

/** Up to ten years; 0 months is «без гарантии». */
export const MAX_WARRANTY_MONTHS = 120
export const MAX_MIN_ORDER = 10_000

/** «1 год», «18 месяцев», «Без гарантии», «—» when the seller does not say. */
export function warrantyLabel(months: number | null): string {
  if (months === null) return '—'
  if (months === 0) return 'Без гарантии'
  if (months % 12 === 0) {
    return formatCount(months / 12, ['год', 'года', 'лет'])
  }
  return formatCount(months, ['месяц', 'месяца', 'месяцев'])
}

/** «По всей России» for an empty list, the region for one, «N регионов» otherwise. */
export function deliveryLabel(regions: readonly string[]): string {
  if (!regions.length) return 'По всей России'
  if (regions.length === 1) return regionName(regions[0]!)
  return formatCount(regions.length, ['регион', 'региона', 'регионов'])
}

/** Whether an offer delivers to a region (a buyer's); an unknown region is not ruled out. */
export function deliversTo(regions: readonly string[], region: string | null): boolean {
  return !regions.length || region === null || regions.includes(region)
}

/**
 * The terms as label and value, for the product page's offer and its list of offers. With the
 * region of a signed-in buyer, whether the seller delivers there too.
 */
export function describeTerms(
  terms: { warrantyMonths: number | null; deliveryRegions: readonly string[]; minOrderQuantity: number },
  buyerRegion: string | null = null,
): { label: string; value: string }[] {
  const lines = [
    { label: 'Гарантия', value: warrantyLabel(terms.warrantyMonths) },
    { label: 'Доставка', value: deliveryLabel(terms.deliveryRegions) },
  ]
  if (terms.minOrderQuantity > 1) lines.push({ label: 'Минимальный заказ', value: `${terms.minOrderQuantity} шт.` })
  if (buyerRegion !== null)
    lines.push({
      label: 'Доставка в ваш регион',
      value: deliversTo(terms.deliveryRegions, buyerRegion) ? 'Есть' : 'Нет',
    })
  return lines
}
