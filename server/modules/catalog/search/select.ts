import {
  AREA_OPTIONS,
  DRONE_TYPES,
  RANGE_ATTRIBUTE_CODES,
  type RangeAttributeCode,
} from '#common/catalog/attributes.ts'
import type { ListingQuery } from '#common/catalog/listing.ts'
import { AVAILABILITIES } from '#common/catalog/products.ts'
import {
  type CatalogIndex,
  FLAG_MADE_IN_RUSSIA,
  FLAG_RTK,
  type IndexOrder,
  type KeptPage,
  type KnownListing,
  type SortOrder,
} from './listing-index.ts'
import { type FilterKey, type ListingStats, statAlias } from '../catalog.listing.ts'
import { ALL_FACETS, facetBit, ModelTally } from './model-tally.ts'
import { compareOffers, priceRangeOf } from './offer-order.ts'
import {
  type Filter,
  filtersOf,
  keepMatches,
  markFailures,
  markScope,
  PASSES,
  scopeOf,
  type Selection,
} from './filters.ts'
import type { SearchMatch } from './postings.ts'

/**
 * A listing over the in-memory index: which products pass, every facet's counts, and the ids of
 * the page. Facets are disjunctive: a facet counts the products passing every filter but its
 * own. The filters mark each product's status (filters.ts), then one pass up the slots counts: a
 * product failing no filter counts for every facet, one failing exactly one counts for that
 * filter's facet only, the rest count for nothing.
 */

/** A model's offers that pass the listing's filters, as its card sums them up. */
export interface ModelOffers {
  count: number
  /** The lowest stated price among them; null when every one is «по запросу». */
  lowKopecks: number | null
  sellerCount: number
}

export interface SelectedListing extends KeptPage {
  /** Products passing every filter (with `groupByModel`, `stats.values.total` counts models). */
  offerTotal: number
  stats: ListingStats
}

/** The range facets with the index order that sorts each ascending, nulls last. */
const RANGE_FACETS: readonly { key: FilterKey; order: IndexOrder }[] = [
  { key: 'price', order: 'price_asc' },
  ...RANGE_ATTRIBUTE_CODES.map((code) => ({ key: code, order: code })),
]

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
 * How far a range facet's bounds are looked for from either end of its order, at most: a
 * sixteenth of the catalogue. A listing whose products lie far from an end there (a leaf
 * category, where the order's ends are another category's products) would read most of the
 * order one product at a time: its bounds are gathered with the narrow facets' instead.
 */
const ENDS_WALK = 2048

/**
 * The lowest and highest value of each range facet among the products it counts (those passing
 * every filter but its own). For a facet counting many products, the first and the last such
 * product of its ascending order, a few steps from either end. For one counting few (at most a
 * sixteenth of the catalogue), or whose ends hold none within ENDS_WALK steps, the slots it
 * counts are gathered in one pass over the statuses and it reads its column at those.
 * `passing` is how many pass every filter, `onlyFailing[k]` how many fail filters[k] alone;
 * `within`, when given, holds every slot whose status is not 0, ascending (a search's matches):
 * only those are gathered.
 */
function rangeBounds(
  index: CatalogIndex,
  status: Uint8Array,
  filters: Filter[],
  passing: number,
  onlyFailing: Int32Array,
  within?: Int32Array,
): Record<string, number | null> {
  const bounds: Record<string, number | null> = {}
  const facets = RANGE_FACETS.map(({ key, order }) => {
    const own = filters.findIndex((f) => f.key === key)
    const column = key === 'price' ? index.price : index.ranges[key as RangeAttributeCode]
    return { key, order, own, column, few: passing + (own >= 0 ? onlyFailing[own]! : 0) <= index.size / 16 }
  })
  const gathered = facets.filter((f) => f.few)
  for (const facet of facets.filter((f) => !f.few)) {
    const found = boundsAtEnds(index, status, facet)
    if (!found) {
      gathered.push(facet)
      continue
    }
    bounds[statAlias.min(facet.key)] = found[0]
    bounds[statAlias.max(facet.key)] = found[1]
  }
  if (gathered.length) {
    // The slots these facets count, gathered in one pass over the statuses into one array: those
    // passing, then those failing each gathered facet's own filter alone. Every slot is written
    // (the others to a last place written over and over) and only those gathered move their
    // status's place on: no branch, which would go either way at random.
    const wanted = new Uint8Array(2 + filters.length)
    wanted[PASSES] = 1
    for (const { own } of gathered) if (own >= 0) wanted[2 + own] = 1
    const from = new Int32Array(wanted.length)
    let size = 0
    wanted.forEach((want, s) => {
      if (!want) return
      from[s] = size
      size += s === PASSES ? passing : onlyFailing[s - 2]!
    })
    const slots = new Int32Array(size + 1)
    const at = from.map((start, s) => (wanted[s] ? start : size))
    if (within)
      for (let i = 0; i < within.length; i++) {
        const slot = within[i]!
        const s = status[slot]!
        slots[at[s]!] = slot
        at[s]! += wanted[s]!
      }
    else
      for (let slot = 0; slot < index.size; slot++) {
        const s = status[slot]!
        slots[at[s]!] = slot
        at[s]! += wanted[s]!
      }
    const list = (s: number) => slots.subarray(from[s]!, from[s]! + (s === PASSES ? passing : onlyFailing[s - 2]!))
    for (const { key, own, column } of gathered) {
      const [lo, hi] = boundsAmong(column, list(PASSES), own >= 0 ? list(2 + own) : undefined)
      bounds[statAlias.min(key)] = lo
      bounds[statAlias.max(key)] = hi
    }
  }
  return bounds
}

/**
 * A range facet's bounds from the ends of its ascending order: the first and the last product
 * it counts; undefined when an end holds none within ENDS_WALK steps (rangeBounds gathers it).
 */
function boundsAtEnds(
  index: CatalogIndex,
  status: Uint8Array,
  { order, own, column }: { order: IndexOrder; own: number; column: Float64Array },
): [number | null, number | null] | undefined {
  const counted = (slot: number) => status[slot] === PASSES || (own >= 0 && status[slot] === 2 + own)
  const { slots, length } = index.orders[order]
  const walk = Math.min(ENDS_WALK, index.size >> 4)
  // Nulls sort last: find where they start, then look in from both ends of the rest.
  let stated = 0
  for (let hi = length; stated < hi;) {
    const mid = (stated + hi) >>> 1
    if (Number.isNaN(column[slots[mid]!]!)) hi = mid
    else stated = mid + 1
  }
  let low = -1
  for (let i = 0; i < Math.min(stated, walk); i++)
    if (counted(slots[i]!)) {
      low = i
      break
    }
  // Nothing counted near the low end: either none is stated at all, or the walk is too short.
  if (low < 0) return stated <= walk ? [null, null] : undefined
  for (let i = stated - 1; i >= Math.max(low, stated - walk); i--)
    if (counted(slots[i]!)) return [column[slots[low]!]!, column[slots[i]!]!]
  return undefined
}

/** The lowest and highest stated value of a column among some slots; NaN (not stated) widens nothing. */
function boundsAmong(column: Float64Array, slots: Int32Array, more?: Int32Array): [number | null, number | null] {
  let lo = Infinity
  let hi = -Infinity
  for (const list of more ? [slots, more] : [slots])
    for (let i = 0; i < list.length; i++) {
      const v = column[list[i]!]!
      if (v < lo) lo = v
      if (v > hi) hi = v
    }
  return [lo === Infinity ? null : lo, hi === -Infinity ? null : hi]
}

/**
 * A search matching more than this part of the catalogue (an eighth) has its statuses marked as
 * a listing's are, every slot in a few loops without a branch, and then only its matches kept
 * (filters.ts `keepMatches`): testing each of half a million matches against the scope and the
 * filters one by one took 15 ms at a million offers, the loops about 3.
 */
const MARK_MATCHES_ABOVE = 8

/** How a listing's full pass treats a status (selectListing). */
const COUNT = 1
const ONLY_NUMBER = 2

/** The selection without the filter of one terms facet. */
function without(selection: Selection, key: FilterKey): Selection {
  const query = { ...selection.query }
  switch (key) {
    case 'vendor':
      return { ...selection, vendorIds: [], query: { ...query, vendors: [] } }
    case 'areas_of_application':
      query.areas = []
      break
    case 'type':
      query.types = []
      break
    case 'brand':
      query.brands = []
      break
    case 'availability':
      query.availability = []
      break
    case 'made_in_russia':
      query.madeInRussia = false
      break
    case 'rtk':
      query.rtk = false
  }
  return { ...selection, query }
}

/** Puts the counts of facet `key` in `from` into `stats`. */
function takeFacet(stats: ListingStats, from: ListingStats, key: FilterKey): void {
  const copy = (alias: (i: number) => string, n: number) => {
    for (let i = 0; i < n; i++) stats.values[alias(i)] = from.values[alias(i)] ?? null
  }
  switch (key) {
    case 'brand':
      stats.brands = from.brands
      return
    case 'vendor':
      stats.vendors = from.vendors
      return
    case 'areas_of_application':
      return copy(statAlias.area, AREA_OPTIONS.length)
    case 'type':
      return copy(statAlias.type, DRONE_TYPES.length)
    case 'availability':
      return copy(statAlias.availability, AVAILABILITIES.length)
    case 'made_in_russia':
    case 'rtk':
      stats.values[key] = from.values[key] ?? null
  }
}

/** What a listing's facets depend on: its scope, filters and search, not its order or page. */
function facetsKeyOf({
  categories,
  vendorScopeId,
  vendorIds,
  query,
  search,
  groupByModel,
  modelScope,
}: Selection): string {
  const { sort: _sort, page: _page, pageSize: _pageSize, q: _q, ...filters } = query
  return JSON.stringify([
    // A search by the lexemes it matched: other words for the same ones find the same products.
    search ? search.lexemes : null,
    categories,
    vendorScopeId ?? null,
    vendorIds,
    groupByModel ?? false,
    modelScope ? [...modelScope].sort() : null,
    filters,
  ])
}

/** What picks a page out of a known listing. */
const pageKeyOf = ({ sort, page, pageSize }: ListingQuery) => `${sort}:${page}:${pageSize}`

/** Pages a known listing keeps (the latest worked out): a few orders' first pages and a few pages on. */
const KEPT_PAGES = 12

/** The page, kept with its listing's facets for when it is asked again at the revision. */
function keepPage(known: KnownListing, query: ListingQuery, page: KeptPage): KeptPage {
  if (known.pages.size >= KEPT_PAGES) known.pages.delete(known.pages.keys().next().value!)
  known.pages.set(pageKeyOf(query), page)
  return page
}

/**
 * A listing passing at most a sixteenth of the catalogue (and no more than this many offers)
 * keeps them with its facets (KnownListing.passing): walking the index's order for its page
 * would read most of it. A broader one finds its page within about 16 × the page's end.
 */
const KEEP_PASSING = 4096
export const keepsPassing = (index: CatalogIndex, offerTotal: number) =>
  offerTotal <= Math.min(KEEP_PASSING, index.size / 16)

/** The slots a page is taken from, in order: `limit` that `accept` keeps, after skipping `skip` of those. */
type Walk = (accept: (slot: number) => boolean, skip: number, limit: number) => number[]

const walkOrder =
  (index: CatalogIndex, order: SortOrder): Walk =>
  (accept, skip, limit) =>
    index.takeInOrder(order, limit, accept, skip)

function walkList(slots: Int32Array): Walk {
  return (accept, skip, limit) => {
    const taken: number[] = []
    for (let i = 0, skipped = 0; i < slots.length && taken.length < limit; i++) {
      if (!accept(slots[i]!)) continue
      if (skipped < skip) skipped++
      else taken.push(slots[i]!)
    }
    return taken
  }
}

export function selectListing(index: CatalogIndex, selection: Selection): SelectedListing {
  const { query, search } = selection
  const filters = filtersOf(index, selection)
  // The facets and totals do not depend on the order or the page: a listing asked again at the
  // same revision reuses them and looks only at the products its page walk reaches.
  const key = facetsKeyOf(selection)
  const known = index.knownFacets.get(index.revision, key)
  if (known) {
    // A page asked before at the revision is taken as it was: nothing is marked, matched or walked.
    const page =
      known.pages.get(pageKeyOf(query)) ?? keepPage(known, query, selectKnown(index, selection, known, filters))
    return { ...page, ...totalsOf(known) }
  }

  // Per slot: 0 counts for nothing (dead, out of scope, or failing two filters or more), PASSES,
  // or 2 + k when it fails filters[k] only (filters.ts).
  const status = index.work('status')
  if (search && search.slots.length <= index.size / MARK_MATCHES_ABOVE) {
    const inScope = scopeOf(index, selection)
    const { slots } = search
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!
      status[slot] = inScope(slot) ? statusOf(slot, filters) : 0
    }
  } else {
    markScope(index, selection, status)
    markFailures(status, filters)
    if (search) keepMatches(index, status, search.slots)
  }

  const tally = new FacetTally(index)
  const grouping = selection.groupByModel ? new ModelGrouping(index, tally) : null
  const facetBits = filters.map((f) => facetBit(f.key))
  const onlyFailing = new Int32Array(filters.length)
  // A facet counts what passes every filter but its own, which is what the same listing without
  // that filter passes: when that listing is known (a brand's, after the category's), its counts
  // are taken and the products failing this filter alone are not counted again. Only the terms
  // facets (those with a facet bit); a range facet's bounds come from the statuses.
  const borrowed = filters.map((f, k) =>
    facetBits[k] !== 0
      ? index.knownFacets.get(index.revision, facetsKeyOf(without(selection, f.key)))?.stats
      : undefined,
  )
  // Up the slots, as the model tally needs (model-tally.ts); grouped, the facets count models.
  const count = (slot: number) => {
    const s = status[slot]!
    if (s === PASSES) {
      tally.total++
      if (grouping) grouping.passes(slot)
      else tally.addAll(slot)
    } else {
      onlyFailing[s - 2]!++
      if (grouping) grouping.facets.count(slot, facetBits[s - 2]!)
      else tally.addTo(slot, filters[s - 2]!.key)
    }
  }
  // What each status counts for: COUNT passing and failing a terms filter whose facet is not
  // taken; ONLY_NUMBER failing a range filter alone (its bounds need how many); nothing else.
  const counted = new Uint8Array(2 + filters.length)
  counted[PASSES] = COUNT
  filters.forEach((f, k) => (counted[2 + k] = borrowed[k] ? 0 : facetBits[k] ? COUNT : ONLY_NUMBER))
  const visit = (slot: number) => {
    const c = counted[status[slot]!]
    if (c === COUNT) count(slot)
    else if (c === ONLY_NUMBER) onlyFailing[status[slot]! - 2]!++
  }
  // Grouped, a model's run whose offers all pass counts at once. A search matching less than half
  // the catalogue visits its matches alone: the runs' pass reads every slot's status, and saves
  // work only on the models whose offers all pass.
  if (grouping && index.modelRunsEnd > 0 && (!search || search.slots.length > index.size / 2))
    grouping.passRuns(status, counted, visit, (model, start, end, s) => {
      onlyFailing[s - 2]! += end - start
      if (counted[s] === COUNT) grouping.facets.countWhole(model, start, end, facetBits[s - 2]!)
    })
  else if (search) {
    const { slots } = search
    for (let i = 0; i < slots.length; i++) visit(slots[i]!)
  } else for (let slot = 0; slot < index.size; slot++) visit(slot)

  const offset = (query.page - 1) * query.pageSize
  const offerTotal = tally.total
  const passes = (slot: number) => status[slot] === PASSES
  const keep = (stats: ListingStats): KnownListing => {
    borrowed.forEach((from, k) => from && takeFacet(stats, from, filters[k]!.key))
    const passing = keepsPassing(index, offerTotal) ? new Int32Array(offerTotal) : undefined
    if (passing) for (let slot = 0, n = 0; n < offerTotal; slot++) if (status[slot] === PASSES) passing[n++] = slot
    const listing: KnownListing = {
      stats: Object.freeze(stats),
      offerTotal,
      passing,
      inOrder: new Map(),
      pages: new Map(),
    }
    index.knownFacets.set(index.revision, key, listing)
    return listing
  }
  const walk =
    search && query.sort === 'relevance'
      ? walkByRelevance(index, status, search)
      : walkOrder(index, sortOrder(query.sort))
  if (grouping) {
    grouping.facets.finish()
    tally.total = grouping.models
    const listing = keep(tally.stats(rangeBounds(index, status, filters, offerTotal, onlyFailing, search?.slots)))
    const page = new ModelPage(index, passes, (model) => grouping.priced[model]!)
    const models = page.inOrder(walk, query.sort === 'price_desc', offset, query.pageSize)
    return { ...keepPage(listing, query, page.defaults(models)), ...totalsOf(listing) }
  }
  const listing = keep(tally.stats(rangeBounds(index, status, filters, offerTotal, onlyFailing, search?.slots)))
  const pageSlots = walk(passes, offset, query.pageSize)
  return { ...keepPage(listing, query, slotsPage(index, pageSlots)), ...totalsOf(listing) }
}

const totalsOf = ({ offerTotal, stats }: KnownListing) => ({ offerTotal, stats })

/** A page of offers, not grouped by model. */
const slotsPage = (index: CatalogIndex, slots: number[]): KeptPage => ({
  pageIds: slots.map((slot) => index.idOf(slot)),
  pageVendorIds: slots.map((slot) => index.vendors.values[index.vendor[slot]!]!),
})

/** The status of one slot in scope (see markFailures), by testing it against each filter. */
function statusOf(slot: number, filters: readonly Filter[]): number {
  let failed = -1
  for (let k = 0; k < filters.length; k++) {
    if (filters[k]!.test(slot)) continue
    if (failed >= 0) return 0
    failed = k
  }
  return failed < 0 ? PASSES : 2 + failed
}

/**
 * A listing whose facets and totals are known. A narrow one walks its kept offers, sorted once
 * per order; a broad one walks the index's order, testing each product it reaches, and finds its
 * page within a few hundred of them. A broad search marks its matches again (a test each, no
 * counting) and walks them by relevance as its full pass does.
 */
function selectKnown(
  index: CatalogIndex,
  selection: Selection,
  known: KnownListing,
  filters: readonly Filter[],
): KeptPage {
  const { query, search } = selection
  const offset = (query.page - 1) * query.pageSize
  const order = sortOrder(query.sort)
  const byRelevance = search !== undefined && query.sort === 'relevance'
  let passes: (slot: number) => boolean
  let walk: Walk
  if (known.passing) {
    const status = index.work('status')
    for (const slot of known.passing) status[slot] = PASSES
    passes = (slot) => status[slot] === PASSES
    const sortedBy = byRelevance ? 'relevance' : order
    let sorted = known.inOrder.get(sortedBy)
    if (!sorted) {
      const compare = byRelevance ? relevanceComparator(index, search) : index.comparator(order)
      known.inOrder.set(sortedBy, (sorted = known.passing.slice().sort(compare)))
    }
    walk = walkList(sorted)
  } else if (search) {
    const status = index.work('status')
    const inScope = scopeOf(index, selection)
    const { slots } = search
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!
      if (inScope(slot) && statusOf(slot, filters) === PASSES) status[slot] = PASSES
    }
    passes = (slot) => status[slot] === PASSES
    walk = byRelevance ? walkByRelevance(index, status, search) : walkOrder(index, order)
  } else {
    const inScope = scopeOf(index, selection)
    passes = (slot) => inScope(slot) && filters.every((f) => f.test(slot))
    walk = walkOrder(index, order)
  }
  if (!selection.groupByModel) return slotsPage(index, walk(passes, offset, query.pageSize))
  // A model's priced passing offers, counted when the price-descending walk first asks (+1: 0 is
  // «not yet»).
  const priced = index.workPerModel('priced')
  const pricedOf = (model: number) => {
    if (priced[model] === 0)
      priced[model] =
        1 + index.liveSlotsOf(model).filter((slot) => passes(slot) && !Number.isNaN(index.price[slot]!)).length
    return priced[model]! - 1
  }
  const page = new ModelPage(index, passes, pricedOf)
  return page.defaults(page.inOrder(walk, order === 'price_desc', offset, query.pageSize))
}

/**
 * The listing's models as its full pass finds them: how many offers of each pass, how many of
 * those have a price, and the facets in models (model-tally.ts). Work arrays per model code, so
 * a listing of 100 000 offers allocates nothing per request.
 */
class ModelGrouping {
  models = 0
  readonly facets: ModelTally
  /** Passing offers per model code, and those of them with a price. */
  readonly priced: Int32Array
  private readonly passing: Int32Array
  private readonly index: CatalogIndex
  private readonly tally: FacetTally

  constructor(index: CatalogIndex, tally: FacetTally) {
    this.index = index
    this.tally = tally
    this.facets = new ModelTally(index, tally)
    this.passing = index.workPerModel('passing')
    this.priced = index.workPerModel('priced')
  }

  /**
   * The listing's pass a sealed model's run at a time (listing-index.ts `modelRunStart`): a run
   * whose offers all pass counts from its summary, once (`passesWhole`); one whose offers all
   * fail the same filter alone, as most do (a model's offers share its brand, type and
   * category), goes to `failsWhole` once; any other run, a scattered model's, and the slots put
   * since the seal are visited one by one. `counted` says what each status counts for
   * (selectListing).
   */
  passRuns(
    status: Uint8Array,
    counted: Uint8Array,
    visit: (slot: number) => void,
    failsWhole: (model: number, start: number, end: number, status: number) => void,
  ): void {
    const index = this.index
    const { modelRunStart, modelRunEnd, scatteredModel, modelRunsEnd, model: modelOf } = index
    // The statuses each model's offers have, a bit each: one loop up the slots without a branch,
    // then a model's run is read again only when its statuses differ.
    const seen = index.workPerModel('statuses')
    for (let slot = 0; slot < modelRunsEnd; slot++) seen[modelOf[slot]!]! |= 1 << status[slot]!
    let counting = 0
    counted.forEach((c, s) => (counting |= c ? 1 << s : 0))
    for (let model = 0; model < index.sealedModels; model++) {
      const statuses = seen[model]!
      if ((statuses & counting) === 0) continue
      const start = modelRunStart[model]!
      const end = modelRunEnd[model]!
      if (scatteredModel[model]) {
        // Its slots before the seal, wherever they lie (model-tally.ts puts the model aside).
        for (const slot of index.slotsOf(model)) if (slot < modelRunsEnd) visit(slot)
      } else if (statuses === 1 << PASSES) this.passesWhole(model, start, end)
      else if ((statuses & (statuses - 1)) === 0) failsWhole(model, start, end, 31 - Math.clz32(statuses))
      else for (let slot = start; slot < end; slot++) if (counted[status[slot]!] !== 0) visit(slot)
    }
    for (let slot = modelRunsEnd; slot < index.size; slot++) visit(slot)
  }

  /** A sealed model whose run's offers all pass: as `passes` for each, at once. */
  private passesWhole(model: number, start: number, end: number): void {
    this.models++
    this.tally.total += end - start
    this.passing[model] = end - start
    this.priced[model] = this.index.modelSummaries!.priced[model]!
    this.facets.countWhole(model, start, end, ALL_FACETS)
  }

  /** An offer passing every filter: its model's counts and every facet. */
  passes(slot: number): void {
    const model = this.index.model[slot]!
    if (this.passing[model]!++ === 0) this.models++
    if (!Number.isNaN(this.index.price[slot]!)) this.priced[model]!++
    this.facets.count(slot, ALL_FACETS)
  }
}

/** The page of a listing grouped by model, from which offers pass and how many of a model's have a price. */
class ModelPage {
  private readonly index: CatalogIndex
  private readonly passes: (slot: number) => boolean
  private readonly priced: (model: number) => number

  constructor(index: CatalogIndex, passes: (slot: number) => boolean, priced: (model: number) => number) {
    this.index = index
    this.passes = passes
    this.priced = priced
  }

  /**
   * The page's models in a sort order, each at one of its passing offers. A model sorts where its
   * first offer in the order stands (its most popular, newest or cheapest), except by price
   * descending, where it stands at its cheapest priced offer: cards sort by the price they
   * start from.
   */
  inOrder(walk: Walk, priceDescending: boolean, skip: number, limit: number): number[] {
    const { index, passes, priced } = this
    const seen = index.workPerModel('taken')
    const atModel = priceDescending
      ? (model: number) => {
          const n = ++seen[model]!
          const withPrice = priced(model)
          return withPrice ? n === withPrice : n === 1
        }
      : (model: number) => ++seen[model]! === 1
    return walk((slot) => passes(slot) && atModel(index.model[slot]!), skip, limit)
  }

  /** The page's ids: each model's best passing offer (offer-order.ts), with the model's passing offers summed up. */
  defaults(models: number[]): KeptPage {
    const { index } = this
    const defaults = models.map((slot) => this.defaultOffer(slot))
    return {
      pageIds: defaults.map(({ slot }) => index.idOf(slot)),
      pageVendorIds: defaults.map(({ slot }) => index.vendors.values[index.vendor[slot]!]!),
      pageOffers: defaults.map(({ offers }) => offers),
    }
  }

  private defaultOffer(slot: number): { slot: number; offers: ModelOffers } {
    const index = this.index
    const offers = index.liveSlotsOf(index.model[slot]!).filter(this.passes)
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

/** Search matches best rank first, then the most popular, then the id (the popularity order's tie-break). */
function relevanceComparator(index: CatalogIndex, search: SearchMatch): (a: number, b: number) => number {
  const popular = index.comparator('popular')
  const { rank } = search
  return (a, b) => rank[b]! - rank[a]! || popular(a, b)
}

/**
 * The passing matches (`status`) best rank first, then the most popular, then the id. Ranks are
 * sums of a few weights, so they take few values: for each, from the best, the popularity order
 * is walked for its matches until the page is full, so a search matching most of the catalogue
 * reads no further than its page, and a deep page one walk per rank at most.
 */
function walkByRelevance(index: CatalogIndex, status: Uint8Array, search: SearchMatch): Walk {
  const ranks = new Set<number>()
  const { slots: matched, rank: rankOf } = search
  // A model's offers, which lie side by side, mostly share a rank: the set is asked only when it
  // changes (a broad word's half a million adds to a set took 8 ms).
  let last = Number.NaN
  for (let i = 0; i < matched.length; i++) {
    const slot = matched[i]!
    const rank = rankOf[slot]!
    if (rank !== last && status[slot] === PASSES) ranks.add((last = rank))
  }
  const best = [...ranks].sort((a, b) => b - a)
  return (accept, skip, limit) => {
    const page: number[] = []
    if (limit <= 0) return page
    let skipped = 0
    const { slots, length } = index.orders.popular
    for (const rank of best) {
      for (let i = 0; i < length; i++) {
        const slot = slots[i]!
        if (rankOf[slot] !== rank || !accept(slot)) continue
        if (skipped < skip) skipped++
        else if (page.push(slot) === limit) return page
      }
    }
    return page
  }
}
