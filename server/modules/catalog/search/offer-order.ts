import { AVAILABILITIES } from '#common/catalog/products.ts'
import type { CatalogIndex } from './listing-index.ts'

/**
 * How a model's offers rank against each other (issue 33): in stock before to order, then by
 * price with «по запросу» last, then the more popular, then the id so the order is stable. The
 * first is the model's default offer: the cheapest of those in stock.
 */
export function compareOffers(index: CatalogIndex, a: number, b: number): number {
  return (
    stockOrder(index.availability[a]!) - stockOrder(index.availability[b]!) ||
    priceOrder(index.price[a]!, index.price[b]!) ||
    index.popularity[b]! - index.popularity[a]! ||
    index.ids.compare(a, b)
  )
}

/** In stock (index 0 of AVAILABILITIES), to order, then anything the index does not know. */
const stockOrder = (code: number) => (code < 0 ? AVAILABILITIES.length : code)

/** Lower first; «по запросу» (NaN) after every price. */
const priceOrder = (a: number, b: number) =>
  Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : Number.isNaN(b) ? -1 : a - b

/** The lowest and highest stated price among the slots; null when every one is «по запросу». */
export function priceRangeOf(index: CatalogIndex, slots: readonly number[]): { low: number; high: number } | null {
  let low = Infinity
  let high = -Infinity
  for (const slot of slots) {
    const price = index.price[slot]!
    if (Number.isNaN(price)) continue
    low = Math.min(low, price)
    high = Math.max(high, price)
  }
  return low === Infinity ? null : { low, high }
}
