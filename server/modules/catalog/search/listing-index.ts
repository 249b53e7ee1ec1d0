import { DRONE_TYPES, RANGE_ATTRIBUTE_CODES, type RangeAttributeCode } from '#common/catalog/attributes.ts'
import { AVAILABILITIES } from '#common/catalog/products.ts'
import type { ListingStats } from '../catalog.listing.ts'
import { ModelSummaries } from './model-summary.ts'
import { eachLexeme, PostingList, type Postings } from './postings.ts'
import type { ModelOffers } from './select.ts'
import { RevisionCache } from './revision-cache.ts'
import { StringColumn } from './string-column.ts'
import { TitleWords } from './title-words.ts'
import { UuidColumn } from './uuid-column.ts'

/**
 * The published catalogue in memory, one typed array per column (decision 011). A listing's
 * filters, facet counts, sort and page are a pass over these arrays, a few milliseconds for
 * 100 000 products, where the same work in SQL took hundreds. The rows themselves (titles,
 * slugs, pictures, specs) stay in the database; a page fetches its 24 by id. Nothing is kept a
 * string per product (decision 074): a million products' index fits in some 330 MB.
 *
 * Products live in slots. A change appends the new version in a fresh slot and marks the old
 * one dead, so every array only grows; once dead slots pile up, the loader builds a fresh index.
 */

/** What the index keeps of a product: the columns the listing filters, sorts and counts on. */
export interface IndexRow {
  id: string
  categorySlug: string
  vendorOrganizationId: string
  brand: string
  model: string
  /** The model record (catalog_models); null only for a product not yet given one. */
  modelId: string | null
  /** Its slug, for the model page's address; null with `modelId`. */
  modelSlug: string | null
  droneType: string | null
  availability: string
  madeInRussia: boolean
  rtk: boolean
  areasMask: number
  priceKopecks: number | null
  popularity: number
  /** created_at in microseconds since the epoch (the database's precision, for the sort). */
  createdMicros: number
  ranges: Record<RangeAttributeCode, number | null>
  /** Lower-cased title, brand and model, for suggestions. */
  searchText: string
  /** The weighted search vector in PostgreSQL's text form. */
  vector: string
}

export const SORT_ORDERS = ['popular', 'price_asc', 'price_desc', 'new'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]
/**
 * Every order the index keeps: the listing's sorts, and each range characteristic ascending
 * (a facet's bounds are the first and last products of its order that count for it).
 */
const ORDERS = [...SORT_ORDERS, ...RANGE_ATTRIBUTE_CODES] as const
export type IndexOrder = (typeof ORDERS)[number]

/** A listing's work arrays (search/select.ts): a byte per slot (`work`), a counter per model (`workPerModel`). */
type SlotWork = 'status' | 'hits' | 'matched'
type ModelWork = 'passing' | 'priced' | 'taken' | 'aside' | 'statuses'

export const FLAG_MADE_IN_RUSSIA = 1
export const FLAG_RTK = 2

/** Strings to small numbers, so columns hold numbers and a filter compares integers. */
class Dictionary {
  readonly values: string[] = []
  private readonly codes = new Map<string, number>()
  code(value: string): number {
    let code = this.codes.get(value)
    if (code === undefined) {
      code = this.values.push(value) - 1
      this.codes.set(value, code)
    }
    return code
  }
  find(value: string): number | undefined {
    return this.codes.get(value)
  }
}

const DRONE_TYPE_CODES = new Map<string, number>(DRONE_TYPES.map((t, i) => [t.value, i]))
const AVAILABILITY_CODES = new Map<string, number>(AVAILABILITIES.map((a, i) => [a, i]))

/**
 * `array`, or a copy with room for `size` and some more: half as much again, so a million slots'
 * columns grow by tens of megabytes at a time rather than double.
 */
function grow<T extends Uint8Array | Int32Array | Float64Array>(array: T, size: number): T {
  if (array.length >= size) return array
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(size, Math.ceil(array.length * 1.5), 1024))
  bigger.set(array)
  return bigger
}

/**
 * What a listing's full pass found that its other orders and pages do not change: the facets
 * and the totals (select.ts). Kept per index revision, so the same filters asked again (the
 * catalogue's next pages, another sort, the popular categories) only walk their order to the page.
 */
export interface KnownListing {
  stats: ListingStats
  offerTotal: number
  /** The passing offers, when few enough to keep; their page walks go through them alone. */
  passing?: Int32Array
  /** `passing` sorted in each order asked so far (a search's also by relevance). */
  inOrder: Map<SortOrder | 'relevance', Int32Array>
  /** Pages worked out so far, by order, page and size (select.ts `pageKeyOf`); the latest few. */
  pages: Map<string, KeptPage>
}

/** A page of a known listing: its offers' ids and sellers, and with models their offers summed up. */
export interface KeptPage {
  pageIds: string[]
  pageVendorIds: string[]
  pageOffers?: ModelOffers[]
}

export class CatalogIndex {
  /** The catalogue revision (catalog_state) this index reflects. */
  revision = 0
  /** Slots in use, dead ones included. */
  size = 0
  dead = 0

  /** Each slot's product id. */
  readonly ids = new UuidColumn()
  /** The title words serve the suggestions, which must not wait for a query to find products. */
  readonly titleWords = new TitleWords()
  alive = new Uint8Array(0)
  category = new Int32Array(0)
  vendor = new Int32Array(0)
  brand = new Int32Array(0)
  /** The model the listing is of (model-key.ts): listings of one model by several sellers share it. */
  model = new Int32Array(0)
  // The coded and masked columns are all Int32Array, so the loops over them (filters.ts) see one
  // array type: mixed with Int8Array and Uint8Array ones they ran a third slower.
  /** Index in DRONE_TYPES, -1 when the product has no type. */
  droneType = new Int32Array(0)
  /** Index in AVAILABILITIES. */
  availability = new Int32Array(0)
  /** FLAG_MADE_IN_RUSSIA | FLAG_RTK. */
  flags = new Int32Array(0)
  areas = new Int32Array(0)
  /** NaN: «по запросу». */
  price = new Float64Array(0)
  popularity = new Float64Array(0)
  created = new Float64Array(0)
  /** One column per range characteristic; NaN where the product does not state it. */
  readonly ranges = {} as Record<RangeAttributeCode, Float64Array>

  readonly categories = new Dictionary()
  readonly vendors = new Dictionary()
  readonly brands = new Dictionary()
  /** The model (catalog_models id) of each model code; a product without one is a model of its own. */
  readonly models = new UuidColumn()
  /**
   * The slots of each model code, dead ones included (readers check `alive`): a model's offers
   * without a pass over the whole index. A model's first slots in a row (a whole load puts a
   * model at a time) are a range, `modelRunStart` to `modelRunEnd`; slots put later go to
   * `modelLaterSlots`.
   */
  modelRunStart = new Int32Array(0)
  modelRunEnd = new Int32Array(0)
  private readonly modelLaterSlots = new Map<number, number[]>()
  /** Each model code's slug (its page's address) as an entry of `modelSlugs`; -1 without one. */
  private modelSlugEntry = new Int32Array(0)
  private readonly modelSlugs = new StringColumn()
  /** The model code of each entry of `modelSlugs`. */
  private modelOfSlugEntry = new Int32Array(0)
  /**
   * Slots below this were loaded a model at a time (`sealModelRuns`): each model's offers there
   * lie in one run, unless the model is marked in `scatteredModel` because an offer of it was
   * put since. A grouped listing counts runs as it meets them (search/model-tally.ts).
   */
  modelRunsEnd = 0
  scatteredModel = new Uint8Array(0)
  /** The models sealed with `modelRunsEnd`, and what each one's run counts for (model-summary.ts). */
  sealedModels = 0
  modelSummaries?: ModelSummaries
  /** Live products per category, vendor and brand code. */
  categoryCounts = new Int32Array(0)
  vendorCounts = new Int32Array(0)
  brandCounts = new Int32Array(0)

  readonly postings: Postings = new Map()
  /** Slots in each order, nulls last (dead ones are skipped by readers until the next rebuild). */
  readonly orders = {} as Record<IndexOrder, { slots: Int32Array; length: number }>

  /**
   * The facets of listings worked out at this index's revision, by their scope and filters
   * (search/select.ts): a listing's other pages and orders, asked again, do not count them again.
   */
  readonly knownFacets = new RevisionCache<KnownListing>(500)
  private readonly workBytes = new Map<SlotWork, Uint8Array>()
  private readonly workModelCounts = new Map<ModelWork, Int32Array>()
  private workRanks = new Float64Array(0)
  private workDecoded = new Int32Array(0)

  constructor() {
    for (const code of RANGE_ATTRIBUTE_CODES) this.ranges[code] = new Float64Array(0)
    for (const order of ORDERS) this.orders[order] = { slots: new Int32Array(0), length: 0 }
  }

  get liveCount(): number {
    return this.size - this.dead
  }

  /** Whether enough slots are dead that a fresh index is worth building. */
  get needsRebuild(): boolean {
    return this.dead > 1000 && this.dead > this.liveCount / 4
  }

  /** Bytes held in typed arrays: columns, ids, orders, postings, title words (the JS heap holds the rest). */
  get arrayBytes(): number {
    const columns = [this.alive, this.category, this.vendor, this.brand, this.droneType, this.availability, this.flags]
    let bytes = [
      ...columns,
      this.model,
      this.areas,
      this.price,
      this.popularity,
      this.created,
      ...Object.values(this.ranges),
      this.modelRunStart,
      this.modelRunEnd,
      this.modelSlugEntry,
      this.modelOfSlugEntry,
    ].reduce((sum, a) => sum + a.byteLength, 0)
    bytes += this.ids.byteLength + this.models.byteLength + this.modelSlugs.byteLength + this.titleWords.byteLength
    bytes += this.modelSummaries?.byteLength ?? 0
    for (const order of Object.values(this.orders)) bytes += order.slots.byteLength
    for (const list of this.postings.values()) bytes += list.bytes.byteLength
    return bytes
  }

  /**
   * A zeroed work array with a byte per slot. Listings and suggestions reuse these instead of
   * allocating a catalogue-sized array per request: that garbage, outside the JS heap, made V8
   * run full collections every few dozen requests. Safe because a caller finishes with it before
   * it awaits anything, and a name is never used twice at once.
   */
  work(name: SlotWork): Uint8Array {
    let buffer = this.workBytes.get(name)
    if (!buffer || buffer.length < this.size) this.workBytes.set(name, (buffer = new Uint8Array(this.size * 2)))
    const view = buffer.subarray(0, this.size)
    view.fill(0)
    return view
  }

  /** As `work`, a zeroed number per slot (search ranks). */
  workNumbers(): Float64Array {
    if (this.workRanks.length < this.size) this.workRanks = new Float64Array(this.size * 2)
    const view = this.workRanks.subarray(0, this.size)
    view.fill(0)
    return view
  }

  /** As `work`, room for a posting list decoded (postings.ts); not zeroed, a decode writes it. */
  workPostings(): Int32Array {
    if (this.workDecoded.length < this.size) this.workDecoded = new Int32Array(this.size * 2)
    return this.workDecoded
  }

  /** As `work`, a zeroed counter per model code (a grouped listing's, search/select.ts). */
  workPerModel(name: ModelWork): Int32Array {
    const count = this.models.length
    let buffer = this.workModelCounts.get(name)
    if (!buffer || buffer.length < count) this.workModelCounts.set(name, (buffer = new Int32Array(count * 2)))
    const view = buffer.subarray(0, count)
    view.fill(0)
    return view
  }

  /**
   * Says that every slot so far was put a model at a time (index-sync.ts loads so), and sums up
   * each model's run. A model whose slots were not put in one run is scattered from the start.
   */
  sealModelRuns(): void {
    this.modelRunsEnd = this.size
    this.sealedModels = this.models.length
    this.scatteredModel = new Uint8Array(this.models.length)
    for (const model of this.modelLaterSlots.keys()) this.scatteredModel[model] = 1
    this.modelSummaries = new ModelSummaries(this)
  }

  /** The slots of a model code, dead ones included, in slot order. */
  slotsOf(model: number): number[] {
    const slots: number[] = []
    for (let slot = this.modelRunStart[model]!; slot < this.modelRunEnd[model]!; slot++) slots.push(slot)
    const later = this.modelLaterSlots.get(model)
    return later ? slots.concat(later) : slots
  }

  /** The live slots of a model code. */
  liveSlotsOf(model: number): number[] {
    return this.slotsOf(model).filter((slot) => this.alive[slot])
  }

  /** The live slots of a model by its id (catalog_models); none for a model the index does not hold. */
  liveSlotsOfModel(modelId: string): number[] {
    const code = this.models.find(modelId)
    return code < 0 ? [] : this.liveSlotsOf(code)
  }

  /** A model code's slug, the address of its page; undefined for a product without a model. */
  modelSlugOf(model: number): string | undefined {
    const entry = this.modelSlugEntry[model]!
    return entry < 0 ? undefined : this.modelSlugs.at(entry)
  }

  /** The code of the model at `slug`: a model's page finds its offers without a statement. */
  modelBySlug(slug: string): number | undefined {
    const entry = this.modelSlugs.find(slug)
    return entry < 0 ? undefined : this.modelOfSlugEntry[entry]
  }

  /** A slot's product id. */
  idOf(slot: number): string {
    return this.ids.at(slot)
  }

  has(id: string): boolean {
    return this.slotOf(id) !== undefined
  }

  /** Adds a published product, or replaces the version of it the index holds. */
  put(row: IndexRow): number {
    this.remove(row.id)
    const slot = this.size++
    this.reserve(this.size)
    this.ids.push(row.id)
    this.titleWords.add(slot, row.searchText)
    this.alive[slot] = 1
    this.category[slot] = this.categories.code(row.categorySlug)
    this.vendor[slot] = this.vendors.code(row.vendorOrganizationId)
    this.brand[slot] = this.brands.code(row.brand)
    this.model[slot] = this.modelCodeOf(row, slot)
    this.droneType[slot] = row.droneType === null ? -1 : (DRONE_TYPE_CODES.get(row.droneType) ?? -1)
    this.availability[slot] = AVAILABILITY_CODES.get(row.availability) ?? -1
    this.flags[slot] = (row.madeInRussia ? FLAG_MADE_IN_RUSSIA : 0) | (row.rtk ? FLAG_RTK : 0)
    this.areas[slot] = row.areasMask
    this.price[slot] = row.priceKopecks ?? Number.NaN
    this.popularity[slot] = row.popularity
    this.created[slot] = row.createdMicros
    for (const code of RANGE_ATTRIBUTE_CODES) this.ranges[code][slot] = row.ranges[code] ?? Number.NaN
    this.count(slot, 1)
    eachLexeme(row.vector, (lexeme, weights) => {
      let list = this.postings.get(lexeme)
      if (!list) this.postings.set(lexeme, (list = new PostingList()))
      // Slots only grow, so every list stays in slot order.
      list.push(slot * 16 + weights)
    })
    return slot
  }

  /**
   * The model code of a product put in `slot`, its slots and slug noted: a model's first slots in
   * a row make its run, later ones are listed apart, and a model put since the load was sealed
   * is marked scattered.
   */
  private modelCodeOf(row: IndexRow, slot: number): number {
    // A product without a model is a model of its own, known by the product's id.
    const key = row.modelId ?? row.id
    let model = this.models.find(key)
    if (model < 0) {
      model = this.models.push(key)
      this.modelRunStart = grow(this.modelRunStart, model + 1)
      this.modelRunEnd = grow(this.modelRunEnd, model + 1)
      this.modelSlugEntry = grow(this.modelSlugEntry, model + 1)
      this.modelRunStart[model] = this.modelRunEnd[model] = slot
      this.modelSlugEntry[model] = -1
    }
    if (this.modelRunEnd[model] === slot && !this.modelLaterSlots.has(model)) this.modelRunEnd[model] = slot + 1
    else {
      let later = this.modelLaterSlots.get(model)
      if (!later) this.modelLaterSlots.set(model, (later = []))
      later.push(slot)
    }
    if (row.modelSlug && this.modelSlugOf(model) !== row.modelSlug) {
      const entry = this.modelSlugs.push(row.modelSlug)
      this.modelOfSlugEntry = grow(this.modelOfSlugEntry, entry + 1)
      this.modelOfSlugEntry[entry] = model
      this.modelSlugEntry[model] = entry
    }
    if (this.modelRunsEnd > 0) {
      this.scatteredModel = grow(this.scatteredModel, model + 1)
      this.scatteredModel[model] = 1
    }
    return model
  }

  /** The slot of a published product, or undefined. */
  slotOf(id: string): number | undefined {
    const slot = this.ids.find(id)
    return slot >= 0 && this.alive[slot] ? slot : undefined
  }

  /** Takes a product out (unpublished, deleted or replaced); unknown ids are ignored. */
  remove(id: string): void {
    const slot = this.slotOf(id)
    if (slot === undefined) return
    this.alive[slot] = 0
    this.dead++
    this.count(slot, -1)
  }

  /**
   * Puts new slots into every sort order, as a merge from the end: the new slots sorted, each
   * one's place found by a binary search in what is left of the order, and the run after it moved
   * up at once. Every slot of the order moves once at most, so a change of a thousand products
   * costs about what a change of one does: a copy of each order, not a sort of it (a million
   * products' orders sort in seconds).
   */
  insertIntoOrders(slots: number[]): void {
    if (!slots.length) return
    for (const name of ORDERS) {
      const order = this.orders[name]
      const compare = this.comparator(name)
      const added = Int32Array.from(slots).sort(compare)
      const held = (order.slots = grow(order.slots, order.length + added.length))
      // The order's slots still to place are [0, end); the merged order fills down from `write`.
      let end = order.length
      let write = order.length + added.length
      for (let j = added.length - 1; j >= 0; j--) {
        const slot = added[j]!
        let lo = 0
        for (let hi = end; lo < hi;) {
          const mid = (lo + hi) >>> 1
          if (compare(held[mid]!, slot) <= 0) lo = mid + 1
          else hi = mid
        }
        held.copyWithin(write - (end - lo), lo, end)
        write -= end - lo
        held[--write] = slot
        end = lo
      }
      order.length += added.length
    }
  }

  /**
   * The first `limit` live slots of an order that `accept` keeps, after passing over the first
   * `skip` of them: a page of a listing, the newest products, the suggestions.
   */
  takeInOrder(order: IndexOrder, limit: number, accept: (slot: number) => boolean = () => true, skip = 0): number[] {
    const { slots, length } = this.orders[order]
    const taken: number[] = []
    let skipped = 0
    for (let i = 0; i < length && taken.length < limit; i++) {
      const slot = slots[i]!
      if (!this.alive[slot] || !accept(slot)) continue
      if (skipped < skip) skipped++
      else taken.push(slot)
    }
    return taken
  }

  /** Sorts every order afresh and gives the posting lists' spare room back. */
  sortAll(): void {
    for (const list of this.postings.values()) list.trim()
    this.titleWords.trim()
    const live: number[] = []
    for (let slot = 0; slot < this.size; slot++) if (this.alive[slot]) live.push(slot)
    // Ties go by id in every order: the ids' ranks, found by one sort, compare as numbers, and
    // each order compares one number per slot (nulls as Infinity). A million products sort in
    // a third of the time the comparators below take.
    const idRank = new Int32Array(this.size)
    Int32Array.from(live)
      .sort((a, b) => this.ids.compare(a, b))
      .forEach((slot, rank) => (idRank[slot] = rank))
    const key = new Float64Array(this.size)
    for (const name of ORDERS) {
      const { column, direction } = this.sortKey(name)
      for (const slot of live) {
        const value = column[slot]!
        key[slot] = Number.isNaN(value) ? Infinity : value * direction
      }
      // Two nulls give NaN, which is falsy: they go by id too.
      const sorted = Int32Array.from(live).sort((a, b) => key[a]! - key[b]! || idRank[a]! - idRank[b]!)
      // With an eighth more room, for the changes that follow (`insertIntoOrders`).
      const slots = new Int32Array(sorted.length + (sorted.length >> 3))
      slots.set(sorted)
      this.orders[name] = { slots, length: sorted.length }
    }
  }

  /** The SQL orders of the listing, each ending on the id so equal products keep their places. */
  comparator(order: IndexOrder): (a: number, b: number) => number {
    const { column, direction } = this.sortKey(order)
    return (a, b) => {
      const x = column[a]!
      const y = column[b]!
      if (Number.isNaN(x) || Number.isNaN(y))
        return Number.isNaN(x) ? (Number.isNaN(y) ? this.ids.compare(a, b) : 1) : -1
      return x === y ? this.ids.compare(a, b) : (x < y ? -1 : 1) * direction
    }
  }

  /** The column an order sorts by, and which way; nulls (NaN) last either way. */
  private sortKey(order: IndexOrder): { column: Float64Array; direction: 1 | -1 } {
    switch (order) {
      case 'price_asc':
        return { column: this.price, direction: 1 }
      case 'price_desc':
        return { column: this.price, direction: -1 }
      case 'new':
        return { column: this.created, direction: -1 }
      case 'popular':
        return { column: this.popularity, direction: -1 }
      default:
        return { column: this.ranges[order], direction: 1 }
    }
  }

  private count(slot: number, delta: 1 | -1): void {
    this.categoryCounts = grow(this.categoryCounts, this.categories.values.length)
    this.vendorCounts = grow(this.vendorCounts, this.vendors.values.length)
    this.brandCounts = grow(this.brandCounts, this.brands.values.length)
    this.categoryCounts[this.category[slot]!]! += delta
    this.vendorCounts[this.vendor[slot]!]! += delta
    this.brandCounts[this.brand[slot]!]! += delta
  }

  /**
   * Makes room for `count` more slots at once: a whole load knows how many products it puts, and
   * its columns are allocated once instead of copied at every growth.
   */
  reserveMore(count: number): void {
    this.reserve(this.size + count)
  }

  private reserve(size: number): void {
    this.alive = grow(this.alive, size)
    this.category = grow(this.category, size)
    this.vendor = grow(this.vendor, size)
    this.brand = grow(this.brand, size)
    this.model = grow(this.model, size)
    this.droneType = grow(this.droneType, size)
    this.availability = grow(this.availability, size)
    this.flags = grow(this.flags, size)
    this.areas = grow(this.areas, size)
    this.price = grow(this.price, size)
    this.popularity = grow(this.popularity, size)
    this.created = grow(this.created, size)
    for (const code of RANGE_ATTRIBUTE_CODES) this.ranges[code] = grow(this.ranges[code], size)
  }
}
