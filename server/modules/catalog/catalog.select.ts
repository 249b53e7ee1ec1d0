import { AREA_OPTIONS, DRONE_TYPES, RANGE_ATTRIBUTE_CODES } from '#common/catalog/attributes.ts'
import type { ListingQuery, Range } from '#common/catalog/listing.ts'
import { AVAILABILITIES } from '#common/catalog/products.ts'
import { type CatalogIndex, FLAG_MADE_IN_RUSSIA, FLAG_RTK, type SortOrder } from './catalog.index.ts'
import { type FilterKey, type ListingStats, statAlias } from './catalog.listing.ts'
import type { SearchMatch } from './catalog.postings.ts'

/**
 * A listing over the in-memory index: which products pass, every facet's counts, and the ids of
 * the page. Facets are disjunctive: a facet counts the products passing every filter but its
 * own. One pass over the scope does it all: a product failing no filter counts for every facet,
 * one failing exactly one counts for that filter's facet only, the rest count for nothing.
 */
export interface Selection {
  categories: readonly string[]
  /** A seller page: only this vendor's products. */
  vendorScopeId?: string
  /** Vendor ids the vendor filter keeps. */
  vendorIds: readonly string[]
  query: ListingQuery
  /** The search's matches; absent when there is no search. */
  search?: SearchMatch
}

export interface SelectedListing {
  /** Product ids of the page, in order. */
  pageIds: string[]
  stats: ListingStats
}

interface Filter {
  key: FilterKey
  test: (slot: number) => boolean
}

/** A range test on a float4 column, compared as PostgreSQL compares `real`s. */
function rangeTest(column: Float64Array, range: Range): ((slot: number) => boolean) | null {
  const min = range.min === undefined ? undefined : Math.fround(range.min)
  const max = range.max === undefined ? undefined : Math.fround(range.max)
  if (min === undefined && max === undefined) return null
  // NaN (not stated) fails both comparisons, as NULL fails a filter in SQL.
  return (slot) => {
    const v = Math.fround(column[slot]!)
    return (min === undefined || v >= min) && (max === undefined || v <= max)
  }
}

function filtersOf(index: CatalogIndex, selection: Selection): Filter[] {
  const { query } = selection
  const filters: Filter[] = []
  const add = (key: FilterKey, test: (slot: number) => boolean) => filters.push({ key, test })
  const codes = (values: readonly string[], find: (v: string) => number | undefined) => {
    const set = new Set<number>()
    for (const v of values) {
      const code = find(v)
      if (code !== undefined && code >= 0) set.add(code)
    }
    return set
  }
  if (query.areas.length) {
    const mask = query.areas.reduce((m, slug) => m | areaBit(slug), 0)
    add('areas_of_application', (slot) => (index.areas[slot]! & mask) !== 0)
  }
  const price = {
    ...(query.price.min === undefined ? {} : { min: Math.round(query.price.min * 100) }),
    ...(query.price.max === undefined ? {} : { max: Math.round(query.price.max * 100) }),
  }
  if (price.min !== undefined || price.max !== undefined)
    add('price', (slot) => {
      const v = index.price[slot]!
      return (price.min === undefined || v >= price.min) && (price.max === undefined || v <= price.max)
    })
  if (query.types.length) {
    const types = codes(query.types, (v) => DRONE_TYPES.findIndex((t) => t.value === v))
    add('type', (slot) => types.has(index.droneType[slot]!))
  }
  if (query.brands.length) {
    const brands = codes(query.brands, (v) => index.brands.find(v))
    add('brand', (slot) => brands.has(index.brand[slot]!))
  }
  if (selection.vendorIds.length) {
    const vendors = codes(selection.vendorIds, (v) => index.vendors.find(v))
    add('vendor', (slot) => vendors.has(index.vendor[slot]!))
  }
  if (query.availability.length) {
    const availability = codes(query.availability, (v) => (AVAILABILITIES as readonly string[]).indexOf(v))
    add('availability', (slot) => availability.has(index.availability[slot]!))
  }
  if (query.madeInRussia) add('made_in_russia', (slot) => (index.flags[slot]! & FLAG_MADE_IN_RUSSIA) !== 0)
  if (query.rtk) add('rtk', (slot) => (index.flags[slot]! & FLAG_RTK) !== 0)
  for (const code of RANGE_ATTRIBUTE_CODES) {
    const range = query.ranges[code]
    const test = range && rangeTest(index.ranges[code], range)
    if (test) add(code, test)
  }
  return filters
}

/** The bit of a sphere in `areas_mask` (catalog.table.ts). */
function areaBit(slug: string): number {
  const i = AREA_OPTIONS.findIndex((o) => o.value === slug)
  return i < 0 ? 0 : 1 << i
}

/** Counters of every facet; `add(slot, key)` counts a product for one facet, or all of them. */
class FacetTally {
  total = 0
  readonly areas = new Float64Array(AREA_OPTIONS.length)
  readonly types = new Float64Array(DRONE_TYPES.length)
  readonly availability = new Float64Array(AVAILABILITIES.length)
  readonly brands: Int32Array
  readonly vendors: Int32Array
  madeInRussia = 0
  rtk = 0
  /** Lowest and highest value per range facet (price and the characteristics). */
  readonly bounds = new Map<string, { lo: number; hi: number }>()
  private readonly index: CatalogIndex

  constructor(index: CatalogIndex) {
    this.index = index
    this.brands = new Int32Array(index.brands.values.length)
    this.vendors = new Int32Array(index.vendors.values.length)
    for (const key of ['price', ...RANGE_ATTRIBUTE_CODES]) this.bounds.set(key, { lo: Infinity, hi: -Infinity })
  }

  add(slot: number, only: FilterKey | null): void {
    const index = this.index
    const all = only === null
    if (all || only === 'areas_of_application') {
      let mask = index.areas[slot]!
      for (let bit = 0; mask !== 0; bit++, mask >>>= 1) if (mask & 1) this.areas[bit]!++
    }
    if ((all || only === 'type') && index.droneType[slot]! >= 0) this.types[index.droneType[slot]!]!++
    if (all || only === 'brand') this.brands[index.brand[slot]!]!++
    if (all || only === 'vendor') this.vendors[index.vendor[slot]!]!++
    if ((all || only === 'availability') && index.availability[slot]! >= 0)
      this.availability[index.availability[slot]!]!++
    if ((all || only === 'made_in_russia') && index.flags[slot]! & FLAG_MADE_IN_RUSSIA) this.madeInRussia++
    if ((all || only === 'rtk') && index.flags[slot]! & FLAG_RTK) this.rtk++
    if (all || only === 'price') this.bound('price', index.price[slot]!)
    for (const code of RANGE_ATTRIBUTE_CODES) if (all || only === code) this.bound(code, index.ranges[code][slot]!)
  }

  private bound(key: string, value: number): void {
    if (Number.isNaN(value)) return
    const b = this.bounds.get(key)!
    if (value < b.lo) b.lo = value
    if (value > b.hi) b.hi = value
  }

  stats(): ListingStats {
    const values: Record<string, number | null> = { total: this.total }
    this.areas.forEach((n, i) => (values[statAlias.area(i)] = n))
    this.types.forEach((n, i) => (values[statAlias.type(i)] = n))
    this.availability.forEach((n, i) => (values[statAlias.availability(i)] = n))
    values.made_in_russia = this.madeInRussia
    values.rtk = this.rtk
    for (const [key, { lo, hi }] of this.bounds) {
      values[statAlias.min(key)] = lo === Infinity ? null : lo
      values[statAlias.max(key)] = hi === -Infinity ? null : hi
    }
    const nonZero = (counts: Int32Array, names: string[]): [string, number][] =>
      names.flatMap((name, code) => (counts[code] ? [[name, counts[code]!] as [string, number]] : []))
    return {
      values,
      brands: nonZero(this.brands, this.index.brands.values),
      vendors: nonZero(this.vendors, this.index.vendors.values),
    }
  }
}

export function selectListing(index: CatalogIndex, selection: Selection): SelectedListing {
  const { query, search } = selection
  const filters = filtersOf(index, selection)
  const categories = new Set<number>()
  for (const slug of selection.categories) {
    const code = index.categories.find(slug)
    if (code !== undefined) categories.add(code)
  }
  const vendorScope = selection.vendorScopeId === undefined ? -1 : (index.vendors.find(selection.vendorScopeId) ?? -2)

  const tally = new FacetTally(index)
  const passes = new Uint8Array(index.size)
  const visit = (slot: number) => {
    if (!index.alive[slot] || !categories.has(index.category[slot]!)) return
    if (vendorScope !== -1 && index.vendor[slot] !== vendorScope) return
    let failed: FilterKey | null = null
    for (const filter of filters) {
      if (filter.test(slot)) continue
      if (failed !== null) return
      failed = filter.key
    }
    if (failed === null) {
      passes[slot] = 1
      tally.total++
    }
    tally.add(slot, failed)
  }
  if (search) for (const slot of search.slots) visit(slot)
  else for (let slot = 0; slot < index.size; slot++) visit(slot)

  const offset = (query.page - 1) * query.pageSize
  const pageSlots =
    search && query.sort === 'relevance'
      ? byRelevance(index, passes, search, offset, query.pageSize)
      : inOrder(index, passes, sortOrder(query.sort), offset, query.pageSize)
  return { pageIds: pageSlots.map((slot) => index.ids[slot]!), stats: tally.stats() }
}

function sortOrder(sort: ListingQuery['sort']): SortOrder {
  return sort === 'relevance' ? 'popular' : sort
}

/** Walks a sort order, keeping the passing products from `offset` on. */
function inOrder(index: CatalogIndex, passes: Uint8Array, order: SortOrder, offset: number, limit: number): number[] {
  const { slots, length } = index.orders[order]
  const page: number[] = []
  let skipped = 0
  for (let i = 0; i < length && page.length < limit; i++) {
    const slot = slots[i]!
    if (!passes[slot]) continue
    if (skipped < offset) skipped++
    else page.push(slot)
  }
  return page
}

/**
 * Best rank first, then the most popular, then the id. Ranks are sums of a few weights, so they
 * take few values: the passing matches are bucketed by rank in popularity order and read off.
 */
function byRelevance(
  index: CatalogIndex,
  passes: Uint8Array,
  search: SearchMatch,
  offset: number,
  limit: number,
): number[] {
  const buckets = new Map<number, number[]>()
  const { slots, length } = index.orders.popular
  for (let i = 0; i < length; i++) {
    const slot = slots[i]!
    if (!passes[slot]) continue
    const rank = search.rank[slot]!
    let bucket = buckets.get(rank)
    if (!bucket) buckets.set(rank, (bucket = []))
    bucket.push(slot)
  }
  const ranked = [...buckets.keys()].sort((a, b) => b - a).flatMap((rank) => buckets.get(rank)!)
  return ranked.slice(offset, offset + limit)
}
