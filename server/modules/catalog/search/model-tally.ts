import { type CatalogIndex, FLAG_MADE_IN_RUSSIA, FLAG_RTK } from './listing-index.ts'
import { AVAILABILITY_AT, COMBINATIONS, FLAGS_AT } from './model-summary.ts'
import type { FilterKey } from '../catalog.listing.ts'

/**
 * The terms facets of a listing grouped by model (decision 057), counted in models: a model
 * counts once for a value when any of its offers counts for that facet (passes every filter but
 * the facet's own) with that value.
 *
 * The index is loaded a model at a time, so a model's offers lie in one run of slots, and the
 * listing's pass, which goes up the slots, meets them one after another: what the run counts
 * for is gathered and added when the next model starts. Models whose offers are not in one run
 * (changed since the index was built, or an index not built in model order) are put aside and
 * read through their list of slots after the pass.
 */

/** The terms facets as bits: which of them an offer counts for. */
const FACET_AREAS = 1
const FACET_TYPE = 2
const FACET_AVAILABILITY = 4
const FACET_BRAND = 8
const FACET_VENDOR = 16
/** The flag facets sit at FLAGS_SHIFT, as the index's flags: shifted down they mask them. */
const FLAGS_SHIFT = 5
const FACET_MADE_IN_RUSSIA = FLAG_MADE_IN_RUSSIA << FLAGS_SHIFT
const FACET_RTK = FLAG_RTK << FLAGS_SHIFT
/** What an offer passing every filter counts for: every facet. */
export const ALL_FACETS =
  FACET_AREAS | FACET_TYPE | FACET_AVAILABILITY | FACET_BRAND | FACET_VENDOR | FACET_MADE_IN_RUSSIA | FACET_RTK

const FACET_BITS: Partial<Record<FilterKey, number>> = {
  areas_of_application: FACET_AREAS,
  type: FACET_TYPE,
  availability: FACET_AVAILABILITY,
  brand: FACET_BRAND,
  vendor: FACET_VENDOR,
  made_in_russia: FACET_MADE_IN_RUSSIA,
  rtk: FACET_RTK,
}

/** The parts of a combination (model-summary.ts) the facets in `bits` count. */
const TYPES_MASK = (1 << AVAILABILITY_AT) - 1
const AVAILABILITY_MASK = ((1 << FLAGS_AT) - 1) & ~TYPES_MASK
const combinationMask = (bits: number): number =>
  (bits & FACET_TYPE ? TYPES_MASK : 0) |
  (bits & FACET_AVAILABILITY ? AVAILABILITY_MASK : 0) |
  ((bits >> FLAGS_SHIFT) << FLAGS_AT)

/** The facet an offer failing only this filter counts for; 0 for ranges (bounds over offers). */
export const facetBit = (key: FilterKey): number => FACET_BITS[key] ?? 0

/** What the counts go into (FacetTally in select.ts). */
export interface TermsCounts {
  areaMasks: Int32Array
  types: Int32Array
  availability: Int32Array
  brands: Int32Array
  vendors: Int32Array
  madeInRussia: number
  rtk: number
}

export class ModelTally {
  private readonly index: CatalogIndex
  private readonly counts: TermsCounts
  /** The model whose run is being gathered, and what its offers count for so far. */
  private model = -1
  private areas = 0
  /** Its types, availabilities and flags as a combination (model-summary.ts). */
  private combination = 0
  /** Models per combination, spread over the values by `finish`. */
  private readonly combinations = new Int32Array(COMBINATIONS)
  /** The model a brand or seller was last counted for: once per model. */
  private readonly brandAt: Int32Array
  private readonly vendorAt: Int32Array
  /** Models put aside, with the bits their offers count for, by slot. */
  private readonly aside: number[] = []
  private readonly isAside: Int32Array
  private readonly asideBits = new Map<number, number>()

  constructor(index: CatalogIndex, counts: TermsCounts) {
    this.index = index
    this.counts = counts
    this.brandAt = new Int32Array(index.brands.values.length).fill(-1)
    this.vendorAt = new Int32Array(index.vendors.values.length).fill(-1)
    this.isAside = index.workPerModel('aside')
  }

  /** The offer in `slot` counts for the facets in `bits`; slots come in ascending order. */
  count(slot: number, bits: number): void {
    if (!bits) return
    const index = this.index
    const model = index.model[slot]!
    if (slot >= index.modelRunsEnd || index.scatteredModel[model]) {
      if (!this.isAside[model]) {
        this.isAside[model] = 1
        this.aside.push(model)
      }
      this.asideBits.set(slot, bits)
      return
    }
    if (model !== this.model) {
      this.close()
      this.model = model
    }
    this.gather(slot, bits)
  }

  /**
   * A sealed model whose run of offers, `start` to `end`, all count for the facets in `bits`
   * (all pass every filter, or all fail the same one alone): it counts for them with what its
   * summary says (model-summary.ts), its sellers (and brands, when they differ) read per offer.
   */
  countWhole(model: number, start: number, end: number, bits: number): void {
    const index = this.index
    const summaries = index.modelSummaries!
    this.close()
    if (bits & FACET_AREAS) this.counts.areaMasks[summaries.areas[model]!]!++
    this.combinations[summaries.bits[model]! & combinationMask(bits)]!++
    if (bits & FACET_BRAND) {
      const brand = summaries.brand[model]!
      if (brand >= 0) this.counts.brands[brand]!++
      else
        for (let slot = start; slot < end; slot++)
          if (this.brandAt[index.brand[slot]!] !== model) {
            this.brandAt[index.brand[slot]!] = model
            this.counts.brands[index.brand[slot]!]!++
          }
    }
    if (bits & FACET_VENDOR)
      for (let slot = start; slot < end; slot++) {
        const vendor = index.vendor[slot]!
        if (this.vendorAt[vendor] !== model) {
          this.vendorAt[vendor] = model
          this.counts.vendors[vendor]!++
        }
      }
  }

  /** Adds the last run and the models put aside. */
  finish(): void {
    this.close()
    for (const model of this.aside) {
      this.model = model
      for (const slot of this.index.slotsOf(model)) {
        const bits = this.asideBits.get(slot)
        if (bits) this.gather(slot, bits)
      }
      this.close()
    }
    const counts = this.counts
    this.combinations.forEach((models, combination) => {
      if (!models) return
      for (let t = 0; t < AVAILABILITY_AT; t++) if (combination & (1 << t)) counts.types[t]! += models
      for (let a = 0; a < FLAGS_AT - AVAILABILITY_AT; a++)
        if (combination & (1 << (AVAILABILITY_AT + a))) counts.availability[a]! += models
      if ((combination >> FLAGS_AT) & FLAG_MADE_IN_RUSSIA) counts.madeInRussia += models
      if ((combination >> FLAGS_AT) & FLAG_RTK) counts.rtk += models
    })
  }

  private gather(slot: number, bits: number): void {
    const index = this.index
    const model = this.model
    if (bits & FACET_AREAS) this.areas |= index.areas[slot]!
    if (bits & FACET_TYPE && index.droneType[slot]! >= 0) this.combination |= 1 << index.droneType[slot]!
    if (bits & FACET_AVAILABILITY && index.availability[slot]! >= 0)
      this.combination |= 1 << (AVAILABILITY_AT + index.availability[slot]!)
    this.combination |= (index.flags[slot]! & (bits >> FLAGS_SHIFT)) << FLAGS_AT
    if (bits & FACET_BRAND) {
      const brand = index.brand[slot]!
      if (this.brandAt[brand] !== model) {
        this.brandAt[brand] = model
        this.counts.brands[brand]!++
      }
    }
    if (bits & FACET_VENDOR) {
      const vendor = index.vendor[slot]!
      if (this.vendorAt[vendor] !== model) {
        this.vendorAt[vendor] = model
        this.counts.vendors[vendor]!++
      }
    }
  }

  /** Adds what the model gathered: its spheres' combination and the rest's, once each. */
  private close(): void {
    this.counts.areaMasks[this.areas]!++
    this.combinations[this.combination]!++
    this.areas = this.combination = 0
  }
}
