import {
  AREA_OPTIONS,
  DRONE_TYPES,
  RANGE_ATTRIBUTE_CODES,
  type RangeAttributeCode,
} from '#common/catalog/attributes.ts'
import type { ListingQuery, Range } from '#common/catalog/listing.ts'
import { AVAILABILITIES } from '#common/catalog/products.ts'
import { type CatalogIndex, FLAG_MADE_IN_RUSSIA, FLAG_RTK, type IndexOrder, type SortOrder } from './listing-index.ts'
import { type FilterKey, type ListingStats, statAlias } from '../catalog.listing.ts'
import { ALL_FACETS, facetBit, ModelTally } from './model-tally.ts'
import { compareOffers, priceRangeOf } from './offer-order.ts'
import type { SearchMatch } from './postings.ts'

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
  /**
   * One card per model (issue 33): the page holds each model once, as its default offer among
   * those passing the filters, and `total` counts models. A seller's page lists its own offers.
   */
  groupByModel?: boolean
  /** Only offers of these models (ids): the accessories that fit a drone, «совместимо с …». */
  modelScope?: ReadonlySet<string>
}

/** A model's offers that pass the listing's filters, as its card sums them up. */
export interface ModelOffers {
  count: number
  /** The lowest stated price among them; null when every one is «по запросу». */
  lowKopecks: number | null
  sellerCount: number
}

export interface SelectedListing {
  /** Product ids of the page, in order. */
  pageIds: string[]
  /** Their sellers' organization ids. */
  pageVendorIds: string[]
  /** With `groupByModel`: each page entry's model offers (in the order of `pageIds`). */
  pageOffers?: ModelOffers[]
  /** Products passing every filter (with `groupByModel`, `stats.values.total` counts models). */
  offerTotal: number
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

/** The range facets with the index order that sorts each ascending, nulls last. */
const RANGE_FACETS: readonly { key: FilterKey; order: IndexOrder }[] = [
  { key: 'price', order: 'price_asc' },
  ...RANGE_ATTRIBUTE_CODES.map((code) => ({ key: code, order: code })),
]

/** `status` of a product in scope that passes every filter; 2 + k: it fails only filters[k]. */
const PASSES = 1

/**
 * Counters of the terms facets. `addAll` counts a product passing every filter for every facet;
 * `addTo` counts one failing a single filter for that filter's facet only. Straight-line code
 * over typed arrays: this runs once per product in scope.
 */
class FacetTally {
  total = 0
  /** Products per combination of spheres; spread over the spheres once, in `stats`. */
  readonly areaMasks = new Int32Array(1 << AREA_OPTIONS.length)
  readonly types = new Int32Array(DRONE_TYPES.length)
  readonly availability = new Int32Array(AVAILABILITIES.length)
  readonly brands: Int32Array
  readonly vendors: Int32Array
  madeInRussia = 0
  rtk = 0
  private readonly index: CatalogIndex

  constructor(index: CatalogIndex) {
    this.index = index
    this.brands = new Int32Array(index.brands.values.length)
    this.vendors = new Int32Array(index.vendors.values.length)
  }

  addAll(slot: number): void {
    const index = this.index
    this.areaMasks[index.areas[slot]!]!++
    const type = index.droneType[slot]!
    if (type >= 0) this.types[type]!++
    this.brands[index.brand[slot]!]!++
    this.vendors[index.vendor[slot]!]!++
    const availability = index.availability[slot]!
    if (availability >= 0) this.availability[availability]!++
    const flags = index.flags[slot]!
    if (flags & FLAG_MADE_IN_RUSSIA) this.madeInRussia++
    if (flags & FLAG_RTK) this.rtk++
  }

  /** Range facets are not counted here: their bounds come from their orders (`rangeBounds`). */
  addTo(slot: number, key: FilterKey): void {
    const index = this.index
    switch (key) {
      case 'areas_of_application':
        this.areaMasks[index.areas[slot]!]!++
        return
      case 'type':
        if (index.droneType[slot]! >= 0) this.types[index.droneType[slot]!]!++
        return
      case 'brand':
        this.brands[index.brand[slot]!]!++
        return
      case 'vendor':
        this.vendors[index.vendor[slot]!]!++
        return
      case 'availability':
        if (index.availability[slot]! >= 0) this.availability[index.availability[slot]!]!++
        return
      case 'made_in_russia':
        if (index.flags[slot]! & FLAG_MADE_IN_RUSSIA) this.madeInRussia++
        return
      case 'rtk':
        if (index.flags[slot]! & FLAG_RTK) this.rtk++
    }
  }

  stats(bounds: Record<string, number | null>): ListingStats {
    const values: Record<string, number | null> = { total: this.total, ...bounds }
    const areas = new Array<number>(AREA_OPTIONS.length).fill(0)
    this.areaMasks.forEach((n, mask) => {
      if (n) for (let bit = 0; bit < areas.length; bit++) if (mask & (1 << bit)) areas[bit]! += n
    })
    areas.forEach((n, i) => (values[statAlias.area(i)] = n))
    this.types.forEach((n, i) => (values[statAlias.type(i)] = n))
    this.availability.forEach((n, i) => (values[statAlias.availability(i)] = n))
    values.made_in_russia = this.madeInRussia
    values.rtk = this.rtk
    const nonZero = (counts: Int32Array, names: string[]): [string, number][] =>
      names.flatMap((name, code) => (counts[code] ? [[name, counts[code]!] as [string, number]] : []))
    return {
      values,
      brands: nonZero(this.brands, this.index.brands.values),
      vendors: nonZero(this.vendors, this.index.vendors.values),
    }
  }
}

/**
 * The lowest and highest value of each range facet among the products it counts (those passing
 * every filter but its own): the first and the last such product of its ascending order. For
 * a broad listing that is a step or two from either end, not a pass over every product.
 */
function rangeBounds(index: CatalogIndex, status: Uint8Array, filters: Filter[]): Record<string, number | null> {
  const bounds: Record<string, number | null> = {}
  for (const { key, order } of RANGE_FACETS) {
    const own = filters.findIndex((f) => f.key === key)
    const counted = (slot: number) => status[slot] === PASSES || (own >= 0 && status[slot] === 2 + own)
    const column = key === 'price' ? index.price : index.ranges[key as RangeAttributeCode]
    const { slots, length } = index.orders[order]
    // Nulls sort last: find where they start, then look in from both ends of the rest.
    let stated = 0
    for (let hi = length; stated < hi;) {
      const mid = (stated + hi) >>> 1
      if (Number.isNaN(column[slots[mid]!]!)) hi = mid
      else stated = mid + 1
    }
    let lo: number | null = null
    let hi: number | null = null
    for (let i = 0; i < stated; i++)
      if (counted(slots[i]!)) {
        lo = column[slots[i]!]!
        break
      }
    for (let i = stated - 1; lo !== null && i >= 0; i--)
      if (counted(slots[i]!)) {
        hi = column[slots[i]!]!
        break
      }
    bounds[statAlias.min(key)] = lo
    bounds[statAlias.max(key)] = hi
  }
  return bounds
}

function keepFacets(index: CatalogIndex, key: string | null, stats: ListingStats): ListingStats {
  if (key !== null) index.knownFacets.set(index.revision, key, Object.freeze(stats))
  return stats
}

/** What a listing's facets depend on: its scope and filters, not its order or page. */
function facetsKeyOf({ categories, vendorScopeId, vendorIds, query, groupByModel, modelScope }: Selection): string {
  const { sort: _sort, page: _page, pageSize: _pageSize, q: _q, ...filters } = query
  return JSON.stringify([
    categories,
    vendorScopeId ?? null,
    vendorIds,
    groupByModel ?? false,
    modelScope ? [...modelScope].sort() : null,
    filters,
  ])
}

export function selectListing(index: CatalogIndex, selection: Selection): SelectedListing {
  const { query, search } = selection
  const filters = filtersOf(index, selection)
  const inCategories = new Uint8Array(index.categories.values.length)
  for (const slug of selection.categories) {
    const code = index.categories.find(slug)
    if (code !== undefined) inCategories[code] = 1
  }
  const vendorScope = selection.vendorScopeId === undefined ? -1 : (index.vendors.find(selection.vendorScopeId) ?? -2)
  const inModels = selection.modelScope && new Uint8Array(index.models.values.length)
  for (const id of selection.modelScope ?? []) {
    const code = index.models.find(id)
    if (code !== undefined) inModels![code] = 1
  }

  // The facets do not depend on the order or the page: a listing asked again at the same
  // revision (the catalogue's first page and its next ones, a category) reuses them.
  const facetsKey = search ? null : facetsKeyOf(selection)
  const known = facetsKey === null ? undefined : index.knownFacets.get(index.revision, facetsKey)
  const tally = new FacetTally(index)
  // Per slot: 0 counts for nothing (dead, out of scope, or failing two filters or more).
  const status = index.work('status')
  const grouping = selection.groupByModel ? new ModelGrouping(index, tally) : null
  const facetBits = filters.map((f) => facetBit(f.key))
  const visit = (slot: number) => {
    if (!index.alive[slot] || !inCategories[index.category[slot]!]) return
    if (vendorScope !== -1 && index.vendor[slot] !== vendorScope) return
    if (inModels && !inModels[index.model[slot]!]) return
    let failed = -1
    for (let k = 0; k < filters.length; k++) {
      if (filters[k]!.test(slot)) continue
      if (failed >= 0) return
      failed = k
    }
    // Grouped, the facets count models (model-tally.ts).
    if (failed < 0) {
      status[slot] = PASSES
      tally.total++
      if (grouping) grouping.passes(slot, !known)
      else if (!known) tally.addAll(slot)
    } else {
      status[slot] = 2 + failed
      if (known) return
      if (grouping) grouping.facets.count(slot, facetBits[failed]!)
      else tally.addTo(slot, filters[failed]!.key)
    }
  }
  if (search) for (let i = 0; i < search.slots.length; i++) visit(search.slots[i]!)
  else for (let slot = 0; slot < index.size; slot++) visit(slot)

  const offset = (query.page - 1) * query.pageSize
  const offerTotal = tally.total
  if (grouping) {
    if (!known) grouping.facets.finish()
    tally.total = grouping.models
    const models =
      search && query.sort === 'relevance'
        ? pageByRelevance(index, status, search, offset, query.pageSize, grouping.firstOfModel())
        : grouping.inOrder(status, sortOrder(query.sort), offset, query.pageSize)
    const defaults = models.map((slot) => grouping.defaultOffer(status, slot))
    return {
      pageIds: defaults.map(({ slot }) => index.ids[slot]!),
      pageVendorIds: defaults.map(({ slot }) => index.vendors.values[index.vendor[slot]!]!),
      pageOffers: defaults.map(({ offers }) => offers),
      offerTotal,
      stats: known ?? keepFacets(index, facetsKey, tally.stats(rangeBounds(index, status, filters))),
    }
  }
  const pageSlots =
    search && query.sort === 'relevance'
      ? pageByRelevance(index, status, search, offset, query.pageSize)
      : index.takeInOrder(sortOrder(query.sort), query.pageSize, (slot) => status[slot] === PASSES, offset)
  return {
    pageIds: pageSlots.map((slot) => index.ids[slot]!),
    pageVendorIds: pageSlots.map((slot) => index.vendors.values[index.vendor[slot]!]!),
    offerTotal,
    stats: known ?? keepFacets(index, facetsKey, tally.stats(rangeBounds(index, status, filters))),
  }
}

/**
 * The listing's models: how many offers of each pass (counted as the pass finds them), the
 * facets in models (model-tally.ts), the page in model order, and each page model's default
 * offer. Work arrays per model code, so a listing of 100 000 offers allocates nothing per request.
 */
class ModelGrouping {
  models = 0
  readonly facets: ModelTally
  private readonly index: CatalogIndex
  /** Passing offers per model code, and those of them with a price. */
  private readonly passing: Int32Array
  private readonly priced: Int32Array

  constructor(index: CatalogIndex, tally: FacetTally) {
    this.index = index
    this.facets = new ModelTally(index, tally)
    this.passing = index.workPerModel('passing')
    this.priced = index.workPerModel('priced')
  }

  /** An offer passing every filter: its model's counts, and every facet unless they are known. */
  passes(slot: number, countFacets: boolean): void {
    const model = this.index.model[slot]!
    if (this.passing[model]!++ === 0) this.models++
    if (!Number.isNaN(this.index.price[slot]!)) this.priced[model]!++
    if (countFacets) this.facets.count(slot, ALL_FACETS)
  }

  /**
   * The page's models in a sort order, each at one of its passing offers. A model sorts where its
   * first offer in the order stands (its most popular, newest or cheapest), except by price
   * descending, where it stands at its cheapest priced offer: cards sort by the price they
   * start from.
   */
  inOrder(status: Uint8Array, order: SortOrder, skip: number, limit: number): number[] {
    const index = this.index
    const seen = index.workPerModel('taken')
    const { priced } = this
    const atModel =
      order === 'price_desc'
        ? (model: number) => {
            const n = ++seen[model]!
            return priced[model] ? n === priced[model] : n === 1
          }
        : (model: number) => ++seen[model]! === 1
    return index.takeInOrder(order, limit, (slot) => status[slot] === PASSES && atModel(index.model[slot]!), skip)
  }

  /** Says yes to the first slot of each model it is asked about, in the order asked. */
  firstOfModel(): (slot: number) => boolean {
    const seen = this.index.workPerModel('taken')
    return (slot) => ++seen[this.index.model[slot]!]! === 1
  }

  /** The model's passing offers summed up, and the best of them (offer-order.ts). */
  defaultOffer(status: Uint8Array, slot: number): { slot: number; offers: ModelOffers } {
    const index = this.index
    const offers = index.liveSlotsOf(index.model[slot]!).filter((s) => status[s] === PASSES)
    const best = offers.reduce((a, b) => (compareOffers(index, b, a) < 0 ? b : a), slot)
    const sellers = new Set(offers.map((offer) => index.vendor[offer]!))
    return {
      slot: best,
      offers: {
        count: offers.length,
        lowKopecks: priceRangeOf(index, offers)?.low ?? null,
        sellerCount: sellers.size,
      },
    }
  }
}

function sortOrder(sort: ListingQuery['sort']): SortOrder {
  return sort === 'relevance' ? 'popular' : sort
}

/**
 * A page of the passing matches, best rank first, then the most popular, then the id (the
 * popularity order's tie-break), among those `admit` lets in (asked in that order). Ranks are
 * sums of a few weights, so they take few values: for each, from the best, the popularity order
 * is walked for its matches until the page is full, so a search matching most of the catalogue
 * reads no further than its page, and a deep page one walk per rank at most.
 */
function pageByRelevance(
  index: CatalogIndex,
  status: Uint8Array,
  search: SearchMatch,
  skip: number,
  limit: number,
  admit: (slot: number) => boolean = () => true,
): number[] {
  const ranks = new Set<number>()
  for (let i = 0; i < search.slots.length; i++) {
    const slot = search.slots[i]!
    if (status[slot] === PASSES) ranks.add(search.rank[slot]!)
  }
  const page: number[] = []
  if (limit <= 0) return page
  let skipped = 0
  const { slots, length } = index.orders.popular
  for (const rank of [...ranks].sort((a, b) => b - a)) {
    for (let i = 0; i < length; i++) {
      const slot = slots[i]!
      if (status[slot] !== PASSES || search.rank[slot] !== rank || !admit(slot)) continue
      if (skipped < skip) skipped++
      else if (page.push(slot) === limit) return page
    }
  }
  return page
}
