import { AREA_OPTIONS, DRONE_TYPES, RANGE_ATTRIBUTE_CODES } from '#common/catalog/attributes.ts'
import type { ListingQuery, Range } from '#common/catalog/listing.ts'
import { AVAILABILITIES } from '#common/catalog/products.ts'
import type { FilterKey } from '../catalog.listing.ts'
import { type CatalogIndex, FLAG_MADE_IN_RUSSIA, FLAG_RTK } from './listing-index.ts'
import type { SearchMatch } from './postings.ts'

/** What a listing lists: its scope, its filters and how it groups them. */
export interface Selection {
  categories: readonly string[]
  /** A seller page: only this vendor's products. */
  vendorScopeId?: string
  /** Vendor ids the vendor filter keeps. */
  vendorIds: readonly string[]
  query: ListingQuery
  /** The search's matches; absent when there is no search. */
  search?: SearchMatch
  /**
   * One card per model (issue 33): the page holds each model once, as its default offer among
   * those passing the filters, and `total` counts models. A seller's page lists its own offers.
   */
  groupByModel?: boolean
  /** Only offers of these models (ids): the accessories that fit a drone, «совместимо с …». */
  modelScope?: ReadonlySet<string>
}

/**
 * A listing's filters over the in-memory index, each in two forms: a test of one slot (for the
 * matches of a search, and for a page walk once the facets are known), and a pass over every
 * slot that marks those failing it. The pass is a loop of its own per kind of column, so a
 * listing over 100 000 products runs a few tight loops over typed arrays instead of calling a
 * different test per filter per product.
 */
export interface Filter {
  key: FilterKey
  test: (slot: number) => boolean
  /** Marks in `status` the slots still counted that fail: see `markFailures`. */
  mark: (status: Uint8Array, failed: number) => void
}

/** `status` of a product in scope that passes every filter so far; 2 + k: it fails only filters[k]. */
export const PASSES = 1

/**
 * Statuses of a listing's products: 0 counts for nothing (out of scope, or failing two filters
 * or more), PASSES, or 2 + k when filters[k] is the only one it fails. `status` holds the scope
 * (PASSES or 0); each filter's pass moves a passing slot it fails to its own code, and one that
 * failed another filter already to 0.
 */
export function markFailures(status: Uint8Array, filters: readonly Filter[]): void {
  filters.forEach((filter, k) => filter.mark(status, 2 + k))
}

/**
 * The live slots of the selection's categories, vendor and models as PASSES, the rest 0: a loop
 * per condition, as the filters' (PASSES is 1, so `alive & inCategories` is the status).
 */
export function markScope(index: CatalogIndex, selection: Selection, status: Uint8Array): void {
  const { alive, category, vendor, model } = index
  const inCategories = categoryCodes(index, selection)
  for (let slot = 0; slot < status.length; slot++) status[slot] = alive[slot]! & inCategories[category[slot]!]!
  if (selection.vendorScopeId !== undefined) {
    const only = index.vendors.find(selection.vendorScopeId) ?? -1
    for (let slot = 0; slot < status.length; slot++) status[slot] = status[slot]! & Number(vendor[slot] === only)
  }
  const inModels = modelCodes(index, selection)
  if (inModels) for (let slot = 0; slot < status.length; slot++) status[slot] = status[slot]! & inModels[model[slot]!]!
}

/**
 * Keeps the statuses of a search's matches and sets every other slot's to 0: for a search matching
 * much of the catalogue, marked as a listing is (markScope, markFailures: a few loops over the
 * slots without a branch) rather than testing each match against the scope and every filter.
 */
export function keepMatches(index: CatalogIndex, status: Uint8Array, slots: Int32Array): void {
  const matched = index.work('matched')
  for (let i = 0; i < slots.length; i++) matched[slots[i]!] = 1
  for (let slot = 0; slot < status.length; slot++) status[slot] = status[slot]! * matched[slot]!
}

/** 1 for each category code of the selection's categories. */
function categoryCodes(index: CatalogIndex, selection: Selection): Uint8Array {
  const codes = new Uint8Array(index.categories.values.length)
  for (const slug of selection.categories) {
    const code = index.categories.find(slug)
    if (code !== undefined) codes[code] = 1
  }
  return codes
}

/** 1 for each model code of the selection's models; undefined when it is not limited to some. */
function modelCodes(index: CatalogIndex, selection: Selection): Uint8Array | undefined {
  if (!selection.modelScope) return undefined
  const codes = new Uint8Array(index.models.length)
  for (const id of selection.modelScope) {
    const code = index.models.find(id)
    if (code >= 0) codes[code] = 1
  }
  return codes
}

/** Whether a slot is a live product in the selection's categories, vendor and models. */
export function scopeOf(index: CatalogIndex, selection: Selection): (slot: number) => boolean {
  const inCategories = categoryCodes(index, selection)
  const vendorScope = selection.vendorScopeId === undefined ? -1 : (index.vendors.find(selection.vendorScopeId) ?? -2)
  const inModels = modelCodes(index, selection)
  return (slot) =>
    index.alive[slot] === 1 &&
    inCategories[index.category[slot]!] === 1 &&
    (vendorScope === -1 || index.vendor[slot] === vendorScope) &&
    (!inModels || inModels[index.model[slot]!] === 1)
}

// One loop per kind of column. A slot failing moves from PASSES to `failed`, from any other
// code to 0; 0 stays. Each loop computes whether a slot fails as a number and looks its new
// status up (`moves`) instead of branching: whether a product passes is as good as random from
// one slot to the next, and the mispredicted branches made these loops six times slower.

/** Where a failing slot's row of `moves` starts: statuses are below it (2 + at most 14 filters). */
const FAILS = 32

/** The status after a filter, at `status + FAILS × fails`. */
function moves(failed: number): Uint8Array {
  const table = new Uint8Array(2 * FAILS)
  for (let s = 0; s < FAILS; s++) {
    table[s] = s
    table[FAILS + s] = s === PASSES ? failed : 0
  }
  return table
}

/** `allowed` has a place for every code + 1: -1 (no value) reads its first place, 0. */
function markCodes(column: Int32Array, allowed: Uint8Array, status: Uint8Array, failed: number): void {
  const next = moves(failed)
  for (let slot = 0; slot < status.length; slot++) {
    const fails = allowed[column[slot]! + 1]! ^ 1
    status[slot] = next[status[slot]! + fails * FAILS]!
  }
}

/** A mask below 2^31: `(x & mask) - 1` is negative exactly when no bit is shared. */
function markMask(column: Int32Array, mask: number, status: Uint8Array, failed: number): void {
  const next = moves(failed)
  for (let slot = 0; slot < status.length; slot++) {
    const fails = ((column[slot]! & mask) - 1) >>> 31
    status[slot] = next[status[slot]! + fails * FAILS]!
  }
}

/** Whether `v` is within [min, max], as 1 or 0; NaN (not stated) is not, as NULL fails a filter in SQL. */
const within = (v: number, min: number, max: number): number => Number(v >= min) & Number(v <= max)

function markBetween(column: Float64Array, min: number, max: number, status: Uint8Array, failed: number): void {
  const next = moves(failed)
  for (let slot = 0; slot < status.length; slot++) {
    const fails = within(column[slot]!, min, max) ^ 1
    status[slot] = next[status[slot]! + fails * FAILS]!
  }
}

/** As markBetween, on a float4 column compared as PostgreSQL compares `real`s. */
function markBetweenReal(column: Float64Array, min: number, max: number, status: Uint8Array, failed: number): void {
  const next = moves(failed)
  for (let slot = 0; slot < status.length; slot++) {
    const fails = within(Math.fround(column[slot]!), min, max) ^ 1
    status[slot] = next[status[slot]! + fails * FAILS]!
  }
}

/** The bounds of a range filter as numbers (±Infinity where open), or null when it has none. */
function bounds(range: Range | undefined, scale: (n: number) => number): { min: number; max: number } | null {
  if (!range || (range.min === undefined && range.max === undefined)) return null
  return {
    min: range.min === undefined ? -Infinity : scale(range.min),
    max: range.max === undefined ? Infinity : scale(range.max),
  }
}

export function filtersOf(index: CatalogIndex, selection: Selection): Filter[] {
  const { query } = selection
  const filters: Filter[] = []
  const add = (key: FilterKey, test: Filter['test'], mark: Filter['mark']) => filters.push({ key, test, mark })
  /**
   * A filter on a dictionary-coded column: the codes of the values asked for, each at code + 1.
   * `allowed` has a place for every code and for -1 (no value), so no read falls outside it:
   * out-of-bounds reads of a typed array make V8 take a slow path, tripling the cost of the pass.
   */
  const oneOf = (
    key: FilterKey,
    column: Int32Array,
    codes: number,
    values: readonly string[],
    find: (v: string) => number,
  ) => {
    const allowed = new Uint8Array(codes + 1)
    for (const v of values) if (find(v) >= 0) allowed[find(v) + 1] = 1
    add(
      key,
      (slot) => allowed[column[slot]! + 1] === 1,
      (status, failed) => markCodes(column, allowed, status, failed),
    )
  }
  const withMask = (key: FilterKey, column: Int32Array, mask: number) =>
    add(
      key,
      (slot) => (column[slot]! & mask) !== 0,
      (status, failed) => markMask(column, mask, status, failed),
    )

  if (query.areas.length)
    withMask(
      'areas_of_application',
      index.areas,
      query.areas.reduce((m, slug) => m | areaBit(slug), 0),
    )
  const price = bounds(query.price, (rubles) => Math.round(rubles * 100))
  if (price)
    add(
      'price',
      (slot) => index.price[slot]! >= price.min && index.price[slot]! <= price.max,
      (status, failed) => markBetween(index.price, price.min, price.max, status, failed),
    )
  if (query.types.length)
    oneOf('type', index.droneType, DRONE_TYPES.length, query.types, (v) => DRONE_TYPES.findIndex((t) => t.value === v))
  if (query.brands.length)
    oneOf('brand', index.brand, index.brands.values.length, query.brands, (v) => index.brands.find(v) ?? -1)
  if (selection.vendorIds.length)
    oneOf('vendor', index.vendor, index.vendors.values.length, selection.vendorIds, (v) => index.vendors.find(v) ?? -1)
  if (query.availability.length)
    oneOf('availability', index.availability, AVAILABILITIES.length, query.availability, (v) =>
      (AVAILABILITIES as readonly string[]).indexOf(v),
    )
  if (query.madeInRussia) withMask('made_in_russia', index.flags, FLAG_MADE_IN_RUSSIA)
  if (query.rtk) withMask('rtk', index.flags, FLAG_RTK)
  for (const code of RANGE_ATTRIBUTE_CODES) {
    const range = bounds(query.ranges[code], Math.fround)
    const column = index.ranges[code]
    if (range)
      add(
        code,
        (slot) => {
          const v = Math.fround(column[slot]!)
          return v >= range.min && v <= range.max
        },
        (status, failed) => markBetweenReal(column, range.min, range.max, status, failed),
      )
  }
  return filters
}

/** The bit of a sphere in `areas_mask` (catalog.table.ts). */
function areaBit(slug: string): number {
  const i = AREA_OPTIONS.findIndex((o) => o.value === slug)
  return i < 0 ? 0 : 1 << i
}
