import { describe, expect, it } from 'vitest'
import { justify, type JustificationInput, sampleStatistics } from './procurement.justification.ts'

const NOW = new Date('2026-12-02T09:00:00Z')
const item = (id: string, quantity: number, position = 1) => ({
  id,
  position,
  name: `Позиция ${id}`,
  unit: 'piece' as const,
  quantity,
})
const answer = (name: string, prices: Record<string, number>, answeredAt = new Date('2026-11-20T10:00:00Z')) => ({
  supplier: { name, inn: '7701234567' },
  offerNumber: `КП-${name}`,
  answeredAt,
  lines: Object.entries(prices).map(([itemId, unitPriceKopecks]) => ({
    itemId,
    unitPriceKopecks,
    vatRate: '22' as const,
  })),
})
const input = (overrides: Partial<JustificationInput>): JustificationInput => ({
  purpose: '44fz',
  items: [item('a', 10)],
  answers: [],
  now: NOW,
  ...overrides,
})

describe('sampleStatistics', () => {
  it('computes the mean, the sample deviation (n − 1) and V as worked by hand', () => {
    // 100, 110, 120 ₽: mean 110; deviations −10, 0, 10; σ = √(200 / 2) = 10; V = 10 / 110 = 9.0909… %.
    const { mean, deviation, variation } = sampleStatistics([100_00, 110_00, 120_00])
    expect(mean).toBe(110_00)
    expect(deviation).toBe(10_00)
    expect(variation).toBeCloseTo(9.090909, 5)
  })

  it('has a mean but no deviation for a single price, and nothing for none', () => {
    expect(sampleStatistics([250_00])).toEqual({ mean: 250_00, deviation: null, variation: null })
    expect(sampleStatistics([])).toEqual({ mean: null, deviation: null, variation: null })
  })
})

describe('justify', () => {
  it('takes V of exactly 33 % as homogeneous and 34 % as not', () => {
    // 67, 100, 133 ₽: mean 100, σ = √((33² + 0 + 33²) / 2) = 33, V = 33 %.
    const boundary = justify(
      input({ answers: [answer('А', { a: 67_00 }), answer('Б', { a: 100_00 }), answer('В', { a: 133_00 })] }),
    )
    expect(boundary.items[0]).toMatchObject({
      meanKopecks: 100_00,
      deviationKopecks: 33_00,
      variationPercent: 33,
      homogeneous: true,
      nmckKopecks: 1000_00,
    })
    expect(boundary.heterogeneous).toBe(0)
    // 66, 100, 134 ₽: σ = 34, V = 34 %.
    const above = justify(
      input({ answers: [answer('А', { a: 66_00 }), answer('Б', { a: 100_00 }), answer('В', { a: 134_00 })] }),
    )
    expect(above.items[0]).toMatchObject({ variationPercent: 34, homogeneous: false })
    expect(above.heterogeneous).toBe(1)
  })

  it('rounds НМЦК = quantity × mean to the kopeck and sums the items', () => {
    // 1 000,00; 1 000,01; 1 000,01 ₽ → mean 1 000,006667 ₽; × 3 = 3 000,02 ₽ (not 3 × 1 000,01).
    const result = justify(
      input({
        items: [item('a', 3), item('b', 2, 2)],
        answers: [
          answer('А', { a: 1000_00, b: 500_00 }),
          answer('Б', { a: 1000_01, b: 520_00 }),
          answer('В', { a: 1000_01, b: 540_00 }),
        ],
      }),
    )
    expect(result.items.map((i) => i.nmckKopecks)).toEqual([3000_02, 1040_00])
    expect(result.items[0]!.meanKopecks).toBe(1000_01)
    expect(result.totalKopecks).toBe(4040_02)
    expect(result.suppliers.map((s) => s.supplier)).toEqual([1, 2, 3])
    expect(result.tooFewOffers).toBe(false)
  })

  it('justifies a one-answer request by its price, without V, and says three are wanted under 44-ФЗ', () => {
    const result = justify(input({ answers: [answer('А', { a: 1234_56 })] }))
    expect(result.items[0]).toMatchObject({
      meanKopecks: 1234_56,
      deviationKopecks: null,
      variationPercent: null,
      homogeneous: null,
      nmckKopecks: 12345_60,
    })
    expect(result.tooFewOffers).toBe(true)
    expect(justify(input({ purpose: 'commercial', answers: [answer('А', { a: 1_00 })] })).tooFewOffers).toBe(false)
  })

  it('leaves the total open while an item has no price, and flags prices older than six months', () => {
    const result = justify(
      input({
        items: [item('a', 1), item('b', 1, 2)],
        answers: [answer('А', { a: 100_00 }, new Date('2026-05-01T10:00:00Z')), answer('Б', { a: 110_00 })],
      }),
    )
    expect(result.items[1]!.nmckKopecks).toBeNull()
    expect(result.totalKopecks).toBeNull()
    expect(result.items[0]!.prices.map((p) => p.stale)).toEqual([true, false])
    expect(result.stalePrices).toBe(true)
  })
})
