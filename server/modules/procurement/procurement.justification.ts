import {
  type Justification,
  type JustifiedItem,
  PROCUREMENT_LIMITS,
  type ProcurementPurpose,
  type ProcurementUnit,
  type SupplierPrice,
} from '#common/procurement.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import { moscowToday } from '#common/moscow-days.ts'

/**
 * The justification of the initial maximum contract price by the method of comparable market
 * prices, as the Ministry of Economic Development recommends it (order No. 567 of 02.10.2013,
 * points 3.20–3.21): per item the mean of the suppliers' unit prices, the sample standard
 * deviation (n − 1), the coefficient of variation V = σ / mean × 100 % — a sample with V above
 * 33 % is not homogeneous and needs more offers — and НМЦК = quantity × mean, rounded to the
 * kopeck. A pure function of the request and its answers, for the page and both exports.
 */

export interface JustificationInput {
  purpose: ProcurementPurpose
  items: { id: string; position: number; name: string; unit: ProcurementUnit; quantity: number }[]
  /** The answers with prices, in the order they came: «Поставщик 1» answered first. */
  answers: {
    supplier: { name: string; inn: string }
    offerNumber: string
    answeredAt: Date
    lines: { itemId: string; unitPriceKopecks: number; vatRate: VatRate }[]
  }[]
  now: Date
}

/** V at the boundary (exactly 33 %) is homogeneous; floating point must not tip it over. */
const EPSILON = 1e-9

/** The moment `months` calendar months before `now`. */
function monthsBefore(now: Date, months: number): Date {
  const then = new Date(now)
  then.setUTCMonth(then.getUTCMonth() - months)
  return then
}

/** Mean, sample deviation and variation of the prices (kopecks), unrounded. */
export function sampleStatistics(prices: number[]): {
  mean: number | null
  deviation: number | null
  variation: number | null
} {
  const n = prices.length
  if (!n) return { mean: null, deviation: null, variation: null }
  const mean = prices.reduce((sum, p) => sum + p, 0) / n
  if (n < 2) return { mean, deviation: null, variation: null }
  const deviation = Math.sqrt(prices.reduce((sum, p) => sum + (p - mean) ** 2, 0) / (n - 1))
  return { mean, deviation, variation: (deviation / mean) * 100 }
}

export function justify(input: JustificationInput): Justification {
  const staleBefore = monthsBefore(input.now, PROCUREMENT_LIMITS.freshMonths)
  const answers = input.answers.map((answer, i) => ({ ...answer, supplier: i + 1, info: answer.supplier }))
  const items: JustifiedItem[] = [...input.items]
    .sort((a, b) => a.position - b.position)
    .map((item) => {
      const prices: SupplierPrice[] = answers.flatMap((answer) => {
        const line = answer.lines.find((l) => l.itemId === item.id)
        if (!line) return []
        return [
          {
            supplier: answer.supplier,
            unitPriceKopecks: line.unitPriceKopecks,
            vatRate: line.vatRate,
            offeredOn: moscowToday(answer.answeredAt),
            stale: answer.answeredAt < staleBefore,
          },
        ]
      })
      const { mean, deviation, variation } = sampleStatistics(prices.map((p) => p.unitPriceKopecks))
      return {
        itemId: item.id,
        position: item.position,
        name: item.name,
        unit: item.unit,
        quantity: item.quantity,
        prices,
        meanKopecks: mean === null ? null : Math.round(mean),
        deviationKopecks: deviation === null ? null : Math.round(deviation),
        variationPercent: variation === null ? null : Math.round(variation * 100) / 100,
        homogeneous: variation === null ? null : variation <= PROCUREMENT_LIMITS.homogeneousV + EPSILON,
        nmckKopecks: mean === null ? null : Math.round(item.quantity * mean),
      }
    })
  const priced = items.every((item) => item.nmckKopecks !== null)
  const wantsThree = input.purpose !== 'commercial'
  return {
    calculatedAt: input.now.toISOString(),
    items,
    totalKopecks: priced && items.length ? items.reduce((sum, item) => sum + item.nmckKopecks!, 0) : null,
    suppliers: answers.map((answer) => ({
      supplier: answer.supplier,
      name: answer.info.name,
      inn: answer.info.inn,
      offerNumber: answer.offerNumber,
      offeredOn: moscowToday(answer.answeredAt),
    })),
    heterogeneous: items.filter((item) => item.homogeneous === false).length,
    tooFewOffers: wantsThree && answers.length < PROCUREMENT_LIMITS.minimumOffers,
    stalePrices: items.some((item) => item.prices.some((p) => p.stale)),
  }
}
