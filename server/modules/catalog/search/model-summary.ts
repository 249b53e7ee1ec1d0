import { DRONE_TYPES } from '#common/catalog/attributes.ts'
import { AVAILABILITIES } from '#common/catalog/products.ts'
import type { CatalogIndex } from './listing-index.ts'

/**
 * A model's drone types, availabilities and flags as one small number: a bit per type from bit
 * 0, a bit per availability from AVAILABILITY_AT, the index's flags from FLAGS_AT. A listing
 * counts how many models have each combination and spreads them over the values once at its
 * end (model-tally.ts), instead of a loop over each model's bits.
 */
export const AVAILABILITY_AT = DRONE_TYPES.length
export const FLAGS_AT = AVAILABILITY_AT + AVAILABILITIES.length
/** How many combinations there are (two flags). */
export const COMBINATIONS = 1 << (FLAGS_AT + 2)

/**
 * What each model's run of offers (listing-index.ts `modelRunStart`) counts for in a grouped
 * listing's facets when every one of them passes its filters, worked out once when a load is
 * sealed: the spheres, types, availabilities and flags of its offers OR-ed together, its brand,
 * and how many of its offers state a price. A listing's pass then counts such a model once
 * instead of once per offer (select.ts `ModelGrouping.passRuns`); with a million offers in some
 * 300 000 models that is most of a pass's work. A run never changes once sealed (a changed offer
 * goes to a new slot and marks its model scattered), so neither does its summary.
 */
export class ModelSummaries {
  /** The spheres' bits of the run's offers, OR-ed. */
  readonly areas: Int32Array
  /** The types, availabilities and flags of its offers, as a combination (see FLAGS_AT). */
  readonly bits: Int32Array
  /** The brand code all the run's offers share; -1 when they differ. */
  readonly brand: Int32Array
  /** The run's offers with a price. */
  readonly priced: Int32Array

  constructor(index: CatalogIndex) {
    const models = index.models.length
    this.areas = new Int32Array(models)
    this.bits = new Int32Array(models)
    this.brand = new Int32Array(models)
    this.priced = new Int32Array(models)
    const { areas, droneType, availability, flags, brand, price, modelRunStart: start, modelRunEnd: end } = index
    for (let model = 0; model < models; model++) {
      let runAreas = 0
      let bits = 0
      let priced = 0
      let runBrand = start[model]! < end[model]! ? brand[start[model]!]! : -1
      for (let slot = start[model]!; slot < end[model]!; slot++) {
        runAreas |= areas[slot]!
        if (droneType[slot]! >= 0) bits |= 1 << droneType[slot]!
        if (availability[slot]! >= 0) bits |= 1 << (AVAILABILITY_AT + availability[slot]!)
        bits |= flags[slot]! << FLAGS_AT
        if (brand[slot] !== runBrand) runBrand = -1
        if (!Number.isNaN(price[slot]!)) priced++
      }
      this.areas[model] = runAreas
      this.bits[model] = bits
      this.brand[model] = runBrand
      this.priced[model] = priced
    }
  }

  get byteLength(): number {
    return this.areas.byteLength + this.bits.byteLength + this.brand.byteLength + this.priced.byteLength
  }
}
