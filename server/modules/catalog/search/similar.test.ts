import { modelKeyOf } from '../models/model-key.ts'
import { describe, expect, it } from 'vitest'
import { RANGE_ATTRIBUTE_CODES, type RangeAttributeCode } from '#common/catalog/attributes.ts'
import { SPHERE_SLUGS } from '#common/spheres.ts'
import { CatalogIndex, type IndexRow } from './listing-index.ts'
import { modelOfferSummary, otherOffers, SIMILAR_LIMIT, similarProducts } from './similar.ts'

/** The sphere bits as catalog.table.ts computes them: the sphere's place in SPHERE_SLUGS. */
const sphere = (slug: (typeof SPHERE_SLUGS)[number]) => 1 << SPHERE_SLUGS.indexOf(slug)
const [AGRO, SURVEY] = [SPHERE_SLUGS[0]!, SPHERE_SLUGS[1]!]

/**
 * Products and models are known by UUIDs in the index: the tests name them, and these give each
 * name its UUID (in the order of first use) and back.
 */
const uuids = new Map<string, string>()
const names = new Map<string, string>()
function uuidOf(name: string): string {
  let uuid = uuids.get(name)
  if (!uuid) {
    uuid = `00000000-0000-4000-8000-${uuids.size.toString(16).padStart(12, '0')}`
    uuids.set(name, uuid)
    names.set(uuid, name)
  }
  return uuid
}
const named = (ids: string[]) => ids.map((id) => names.get(id) ?? id)
const similar = (index: CatalogIndex, name: string) => named(similarProducts(index, uuidOf(name)))
const others = (index: CatalogIndex, name: string) => named(otherOffers(index, uuidOf(name)))
const summary = (index: CatalogIndex, name: string) => modelOfferSummary(index, uuidOf(name))

let serial = 0
function row(
  id: string,
  over: {
    model?: string
    vendor?: string
    price?: number | null
    availability?: string
    category?: string
    type?: string | null
    spheres?: number
    specs?: Partial<Record<RangeAttributeCode, number>>
    popularity?: number
  },
): IndexRow {
  const ranges = Object.fromEntries(
    RANGE_ATTRIBUTE_CODES.map((code) => [code, over.specs?.[code] ?? null]),
  ) as IndexRow['ranges']
  return {
    id: uuidOf(id),
    categorySlug: over.category ?? 'multirotornye',
    vendorOrganizationId: over.vendor ?? 'vendor',
    brand: 'DJI',
    model: over.model ?? id,
    // Offers of one model share its record; the rule that groups products into models is model-key's.
    modelId: uuidOf(modelKeyOf(id, 'DJI', over.model ?? id)),
    modelSlug: null,
    droneType: over.type === undefined ? 'multirotor' : over.type,
    availability: over.availability ?? 'in_stock',
    madeInRussia: false,
    rtk: false,
    areasMask: over.spheres ?? sphere(AGRO),
    priceKopecks: over.price === undefined ? 100_000_00 : over.price,
    popularity: over.popularity ?? 0,
    createdMicros: ++serial,
    ranges,
    searchText: id,
    vector: '',
  }
}

const sprayer = (payload: number, flight: number, mtow: number) => ({
  payload,
  flight_time: flight,
  range: 2,
  max_takeoff_weight: mtow,
})

describe('similar products', () => {
  it('ranks the same category and sphere by their main characteristics, never another category', () => {
    const index = new CatalogIndex()
    index.put(row('agras-t50', { specs: sprayer(40, 7, 92) }))
    index.put(row('agras-t40', { specs: sprayer(40, 7, 90) }))
    index.put(row('agras-t25', { specs: sprayer(20, 9, 52) }))
    index.put(row('small-sprayer', { specs: sprayer(5, 20, 15), popularity: 1000 }))
    // A popular surveying drone of the same brand and category, sharing no sphere with the sprayer.
    index.put(
      row('mavic-3e', { spheres: sphere(SURVEY), specs: { flight_time: 45, max_takeoff_weight: 1 }, popularity: 5000 }),
    )
    // A sprayer of the same numbers in another category.
    index.put(
      row('fixed-wing-sprayer', { category: 'samoletnogo-tipa', type: 'fixed_wing', specs: sprayer(40, 7, 92) }),
    )
    // The same numbers but another type: further than a near multirotor.
    index.put(row('vtol-sprayer', { type: 'vtol', specs: sprayer(40, 7, 92) }))
    // Says nothing of its payload or weight.
    index.put(row('unknown-sprayer', { specs: { flight_time: 7, range: 3 } }))
    index.put(row('withdrawn', { specs: sprayer(40, 7, 92) }))
    index.remove(uuidOf('withdrawn'))

    expect(similar(index, 'agras-t50')).toEqual([
      'agras-t40', // 0.02: 2 kg heavier
      'vtol-sprayer', // 1: the same numbers, another type
      'agras-t25', // 1.16: half the payload, a little longer in the air
      'unknown-sprayer', // 1.33: payload and weight unknown, a third further
      'small-sprayer', // 2.36, however popular
    ])
    expect(similar(index, 'mavic-3e')).toEqual([])
    expect(similar(index, 'fixed-wing-sprayer')).toEqual([])
    expect(similar(index, 'not-in-the-catalogue')).toEqual([])
  })

  it('gives at most eight, the nearer first, and a product without spheres is compared with its whole category', () => {
    const index = new CatalogIndex()
    index.put(row('target', { spheres: 0, specs: sprayer(30, 10, 60) }))
    for (let i = 1; i <= 12; i++)
      index.put(row(`other-${String(i).padStart(2, '0')}`, { spheres: sphere(SURVEY), specs: sprayer(30 + i, 10, 60) }))
    const found = similar(index, 'target')
    expect(found).toHaveLength(SIMILAR_LIMIT)
    expect(found).toEqual(Array.from({ length: SIMILAR_LIMIT }, (_, i) => `other-${String(i + 1).padStart(2, '0')}`))
  })

  it('leaves the listings of its own model out: they are its other offers, in stock first, then by price', () => {
    const index = new CatalogIndex()
    const t50 = { specs: sprayer(40, 7, 92) }
    index.put(row('t50-aerotech', { ...t50, model: 'Agras T50', vendor: 'aerotech', price: 2_371_000_00 }))
    index.put(
      row('t50-nebosvod', {
        ...t50,
        model: 'AGRAS T-50',
        vendor: 'nebosvod',
        price: 2_280_000_00,
        availability: 'to_order',
      }),
    )
    index.put(row('t50-agro', { ...t50, model: 'agras t50', vendor: 'agro', price: 2_292_000_00 }))
    index.put(row('t50-on-request', { ...t50, model: 'Agras T50', vendor: 'quiet', price: null }))
    index.put(row('t50-kit', { ...t50, model: 'Agras T50', vendor: 'aerotech', price: 2_881_000_00 }))
    index.put(row('t40', { specs: sprayer(40, 7, 90), model: 'Agras T40' }))

    expect(similar(index, 't50-aerotech')).toEqual(['t40'])
    expect(others(index, 't50-aerotech')).toEqual(['t50-agro', 't50-kit', 't50-on-request', 't50-nebosvod'])
    expect(others(index, 't40')).toEqual([])
    expect(others(index, 'unknown')).toEqual([])

    // The AggregateOffer's figures: every listing of the model, the range of the stated prices.
    expect(summary(index, 't50-nebosvod')).toEqual({
      offerCount: 5,
      lowKopecks: 2_280_000_00,
      highKopecks: 2_881_000_00,
    })
    expect(summary(index, 't40')).toMatchObject({ offerCount: 1 })
    expect(summary(index, 'unknown')).toBeNull()
    index.remove(uuidOf('t50-kit'))
    expect(summary(index, 't50-agro')).toMatchObject({ offerCount: 4, highKopecks: 2_371_000_00 })
  })
})
