import { describe, expect, it } from 'vitest'
import { indexRow } from './index-row.testing.ts'
import { CatalogIndex, type IndexRow } from './listing-index.ts'

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const MODEL_A = '10000000-0000-4000-8000-00000000000a'
const MODEL_B = '10000000-0000-4000-8000-00000000000b'

function offer(n: number, modelId: string | null, modelSlug: string | null = null): IndexRow {
  return indexRow({
    id: id(n),
    modelId,
    modelSlug,
    priceKopecks: 100,
    popularity: n,
    createdMicros: n,
    searchText: 'dji agras t50',
  })
}

describe('the index’s models', () => {
  it('knows each model’s offers, those put later and replaced ones too, and finds a model by its slug', () => {
    const index = new CatalogIndex()
    // A whole load puts a model at a time.
    index.put(offer(1, MODEL_A, 'dji-agras-t50'))
    index.put(offer(2, MODEL_A, 'dji-agras-t50'))
    index.put(offer(3, MODEL_B, 'dji-agras-t40'))
    index.put(offer(4, null))
    index.sealModelRuns()
    // Later: a new offer of A, an offer of A changed (a new slot), an offer of B withdrawn.
    index.put(offer(5, MODEL_A, 'dji-agras-t50'))
    index.put(offer(1, MODEL_A, 'dji-agras-t50'))
    index.remove(id(3))

    const a = index.models.find(MODEL_A)
    expect(index.slotsOf(a)).toEqual([0, 1, 4, 5])
    expect(index.liveSlotsOfModel(MODEL_A).map((slot) => index.idOf(slot))).toEqual([id(2), id(5), id(1)])
    expect(index.liveSlotsOfModel(MODEL_B)).toEqual([])
    expect(index.scatteredModel[a]).toBe(1)
    // A product without a model is a model of its own.
    expect(index.liveSlotsOf(index.model[index.slotOf(id(4))!]!)).toEqual([3])
    expect(index.modelSlugOf(index.model[3]!)).toBeUndefined()

    expect(index.modelBySlug('dji-agras-t50')).toBe(a)
    expect(index.modelSlugOf(a)).toBe('dji-agras-t50')
    // A model given a new slug is found by it.
    index.put(offer(2, MODEL_A, 'dji-agras-t50-2026'))
    expect(index.modelSlugOf(a)).toBe('dji-agras-t50-2026')
    expect(index.modelBySlug('dji-agras-t50-2026')).toBe(a)
    expect(index.modelBySlug('nothing')).toBeUndefined()
    expect(index.has(id(2))).toBe(true)
    expect(index.has(id(3))).toBe(false)
  })
})

describe('the index’s orders', () => {
  it('sorts a whole load as the comparators that insert later products do: nulls last, ties by id', () => {
    const index = new CatalogIndex()
    // Few distinct values, so most neighbours tie; some prices and popularities missing.
    for (let n = 0; n < 400; n++) {
      const row = offer((n * 7919) % 1000, null)
      row.priceKopecks = n % 5 === 0 ? null : (n % 7) * 100
      row.popularity = n % 3
      row.createdMicros = n % 4
      row.ranges.payload = n % 6 === 0 ? null : n % 2
      index.put(row)
    }
    index.sortAll()
    const expectSorted = (count: number) => {
      for (const order of ['popular', 'price_asc', 'price_desc', 'new', 'payload'] as const) {
        const { slots, length } = index.orders[order]
        const compare = index.comparator(order)
        expect(length).toBe(count)
        expect(new Set(slots.subarray(0, length)).size).toBe(count)
        for (let i = 1; i < length; i++) {
          const [a, b] = [slots[i - 1]!, slots[i]!]
          // A product's old version (dead) and its new one may tie: the same values, the same id.
          const tieAllowed = !index.alive[a] || !index.alive[b]
          expect(compare(a, b), `${order} at ${i}`).toBeLessThan(tieAllowed ? 1 : 0)
        }
      }
    }
    expectSorted(400)

    // A change of many products merges them in: new ones, and new versions of some (new slots).
    const added: number[] = []
    for (let n = 0; n < 300; n++) {
      const row = offer(n < 100 ? (n * 7919) % 1000 : 1000 + n, null)
      row.priceKopecks = n % 4 === 0 ? null : (n % 9) * 100
      row.popularity = n % 5
      row.ranges.payload = n % 2
      added.push(index.put(row))
    }
    index.insertIntoOrders(added)
    expectSorted(700)
    index.insertIntoOrders([index.put(offer(5000, null))])
    expectSorted(701)
  })
})
