import type { RangeAttributeCode } from '#common/catalog/attributes.ts'
import type { CatalogIndex } from './listing-index.ts'
import { compareOffers, priceRangeOf } from './offer-order.ts'

/** «Похожие товары» on a product page: no more than this. */
export const SIMILAR_LIMIT = 8

/**
 * What a buyer compares drones by first: what it carries, how long and how far it flies, and its
 * weight class (the takeoff mass). The type (multirotor, fixed wing, VTOL…) is compared apart.
 */
export const SIMILAR_SPECS = [
  'payload',
  'flight_time',
  'range',
  'max_takeoff_weight',
] as const satisfies readonly RangeAttributeCode[]

/** A characteristic one product states and the other does not: half as far as the farthest. */
const UNKNOWN = 0.5
/** Another type of drone weighs as much as one characteristic at its farthest. */
const OTHER_TYPE = 1

/**
 * The products most like this one (its id): of its category only, sharing at least one of its
 * spheres when it names any, ranked by how far their main characteristics are from its own
 * (each the difference relative to the larger value, 0 to 1), then by popularity. Listings of
 * its own model are other offers of it, not similar products (`otherOffers`). An empty list for
 * a product the catalogue does not hold. One pass over the index's columns.
 */
export function similarProducts(index: CatalogIndex, id: string, limit = SIMILAR_LIMIT): string[] {
  const self = index.slotOf(id)
  if (self === undefined || !index.alive[self]) return []
  const category = index.category[self]
  const model = index.model[self]
  const spheres = index.areas[self]!
  const found: { slot: number; distance: number }[] = []
  for (let slot = 0; slot < index.size; slot++) {
    if (!index.alive[slot] || index.category[slot] !== category || index.model[slot] === model) continue
    if (spheres && !(index.areas[slot]! & spheres)) continue
    found.push({ slot, distance: distanceBetween(index, self, slot) })
  }
  found.sort(
    (a, b) =>
      a.distance - b.distance ||
      index.popularity[b.slot]! - index.popularity[a.slot]! ||
      index.ids.compare(a.slot, b.slot),
  )
  return found.slice(0, limit).map(({ slot }) => index.idOf(slot))
}

function distanceBetween(index: CatalogIndex, a: number, b: number): number {
  let distance = index.droneType[a] === index.droneType[b] ? 0 : OTHER_TYPE
  for (const code of SIMILAR_SPECS) {
    const x = index.ranges[code][a]!
    const y = index.ranges[code][b]!
    if (Number.isNaN(x) && Number.isNaN(y)) continue
    if (Number.isNaN(x) || Number.isNaN(y)) {
      distance += UNKNOWN
      continue
    }
    const larger = Math.max(Math.abs(x), Math.abs(y))
    if (larger > 0) distance += Math.abs(x - y) / larger
  }
  return distance
}

/** «Другие предложения»: no more listings of one model than this on its page. */
export const OTHER_OFFERS_LIMIT = 20

/**
 * The other sellers' listings of this product's model (and the seller's own other listings of
 * it, such as kits), for its page: in stock before to order, then by price (a price on request
 * last), then by popularity.
 */
export function otherOffers(index: CatalogIndex, id: string, limit = OTHER_OFFERS_LIMIT): string[] {
  const self = index.slotOf(id)
  if (self === undefined || !index.alive[self]) return []
  const found = slotsOfModel(index, self).filter((slot) => slot !== self)
  found.sort((a, b) => compareOffers(index, a, b))
  return found.slice(0, limit).map((slot) => index.idOf(slot))
}

/** Every offer on sale of the product's model, itself first; just the product when it is not on sale. */
export function modelOfferIds(index: CatalogIndex, id: string): string[] {
  const self = index.slotOf(id)
  if (self === undefined || !index.alive[self]) return [id]
  return [id, ...slotsOfModel(index, self).flatMap((slot) => (slot === self ? [] : [index.idOf(slot)]))]
}

/** The live listings of the model of the listing in `self`, itself included. */
const slotsOfModel = (index: CatalogIndex, self: number): number[] => index.liveSlotsOf(index.model[self]!)

/** How many listings the product's model has (itself included) and their price range. */
export interface ModelOfferSummary {
  offerCount: number
  /** The lowest and highest stated price among them; null when every one is «по запросу». */
  lowKopecks: number | null
  highKopecks: number | null
}

/** The product's model across every seller: what the page's AggregateOffer says (schema.org). */
export function modelOfferSummary(index: CatalogIndex, id: string): ModelOfferSummary | null {
  const self = index.slotOf(id)
  if (self === undefined || !index.alive[self]) return null
  const slots = slotsOfModel(index, self)
  const range = priceRangeOf(index, slots)
  return { offerCount: slots.length, lowKopecks: range?.low ?? null, highKopecks: range?.high ?? null }
}
