/**
 * `npm run bench:listing-pass`: what a listing's first ask at a catalogue revision costs the
 * server's thread, the in-memory index's full pass alone (search/select.ts `selectListing`), at
 * BENCH_PRODUCTS (1 000 000) offers, without a database.
 *
 * The offers are `bench:catalog`'s (`generateBulkProducts`, seed 1, 40 sellers), those it
 * publishes, grouped into models by brand and model name as `assignModels` groups them, and put
 * into an index a model at a time as the loader puts them. Each class of `bench:catalog`'s
 * listings without a search is asked BENCH_ROUNDS (10) times, its terms rotating as in that
 * bench, each ask at a new revision: a full pass, with no facet taken from a known listing.
 * Timed with the wall clock (the thread's CPU clock here ticks in 4 ms); the machine's other work
 * shows in the figures, so compare runs side by side.
 *
 * BENCH_COMPARE=<a checkout of this repository> asks that checkout's `selectListing` too,
 * alternating with this one's on the same index, and prints both: a change's effect without the
 * machine's drift between runs (that checkout's index must read the same columns).
 *
 * About 1.5 GB of memory and a minute to build at a million offers; exits 0 (1 if the two
 * checkouts disagree on a listing's totals). A watchdog ends it after 15 minutes.
 */
import { availableParallelism, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { RANGE_ATTRIBUTE_CODES } from '#common/catalog/attributes.ts'
import { categorySubtree } from '#common/catalog/categories.ts'
import { parseListingQuery } from '#common/catalog/listing.ts'
import { SPHERE_SLUGS } from '#common/spheres.ts'
import { modelKeyOf } from '#server/modules/catalog/models/model-key.ts'
import { CatalogIndex, type IndexRow } from '#server/modules/catalog/search/listing-index.ts'
import { selectListing, type SelectedListing } from '#server/modules/catalog/search/select.ts'
import type { Selection } from '#server/modules/catalog/search/filters.ts'
import { generateBulkProducts } from '#server/seed/catalog/bulk.ts'
import { at, CATEGORIES, PRICE_RANGES } from './catalog-requests.ts'
import { envNumber } from './setup.ts'

const PRODUCTS = Math.round(envNumber('BENCH_PRODUCTS', 1_000_000))
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 10))
const COMPARE = process.env.BENCH_COMPARE
const SPHERES: readonly string[] = SPHERE_SLUGS

setTimeout(() => {
  console.error('bench:listing-pass did not finish within 15 minutes, giving up')
  process.exit(2)
}, 15 * 60_000).unref()

type Select = (index: CatalogIndex, selection: Selection) => SelectedListing
const other: Select | undefined = COMPARE
  ? ((await import(resolve(COMPARE, 'server/modules/catalog/search/select.ts'))) as { selectListing: Select })
      .selectListing
  : undefined

/** A UUID from a number and a tag: products, models and sellers each get their own run of them. */
const uuid = (n: number, tag: number) =>
  `${tag.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`

function buildIndex(): CatalogIndex {
  const vendorIds = Array.from({ length: 40 }, (_, i) => uuid(i, 0xeeee))
  const modelIds = new Map<string, string>()
  const rows: IndexRow[] = []
  let n = 0
  for (const product of generateBulkProducts(PRODUCTS, vendorIds, 1)) {
    n++
    if (product.status !== 'published') continue
    const id = uuid(n, 0x1111)
    const key = modelKeyOf(id, product.brand, product.model)
    let modelId = modelIds.get(key)
    if (!modelId) modelIds.set(key, (modelId = uuid(modelIds.size, 0xaaaa)))
    const specs = product.specs as Record<string, unknown>
    const number = (code: string) => (typeof specs[code] === 'number' ? (specs[code] as number) : null)
    rows.push({
      id,
      categorySlug: product.categorySlug,
      vendorOrganizationId: product.vendorOrganizationId,
      brand: product.brand,
      model: product.model,
      modelId,
      modelSlug: `model-${modelIds.size}`,
      droneType: typeof specs.type === 'string' ? specs.type : null,
      availability: product.availability,
      madeInRussia: specs.country === 'RU',
      rtk: specs.rtk === true,
      areasMask: (product.areas ?? []).reduce((mask, slug) => mask | (1 << SPHERES.indexOf(slug)), 0),
      priceKopecks: product.priceKopecks ?? null,
      popularity: product.popularity ?? 0,
      createdMicros: product.createdAt!.getTime() * 1000,
      ranges: Object.fromEntries(RANGE_ATTRIBUTE_CODES.map((code) => [code, number(code)])) as IndexRow['ranges'],
      searchText: '',
      vector: '',
    })
  }
  // A model at a time, as the loader reads them (index-sync.ts: by model id, then id).
  rows.sort((a, b) => (a.modelId! < b.modelId! ? -1 : a.modelId! > b.modelId! ? 1 : a.id < b.id ? -1 : 1))
  const index = new CatalogIndex()
  index.reserveMore(rows.length)
  for (const row of rows) index.put(row)
  index.sealModelRuns()
  index.sortAll()
  return index
}

const started = performance.now()
const index = buildIndex()
console.log(`# bench:listing-pass — ${new Date().toISOString()}`)
console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, ${index.liveCount.toLocaleString('en')} offers of ` +
    `${index.models.length.toLocaleString('en')} models, built in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `${ROUNDS} rounds${COMPARE ? `, against ${COMPARE}` : ''}`,
)

const byCount = (counts: Int32Array, values: string[]) =>
  values.map((value, code) => ({ value, n: counts[code]! })).sort((a, b) => b.n - a.n)
const brands = byCount(index.brandCounts, index.brands.values)
  .slice(0, 16)
  .map((b) => encodeURIComponent(b.value))
const vendors = index.vendors.values
/** `bench:catalog`'s listings without a search (bench/catalog-requests.ts), as query strings. */
const CLASSES: [name: string, query: (i: number) => string, vendor?: (i: number) => string][] = [
  ['root', () => ''],
  ['sphere', (i) => `areas_of_application=${at(SPHERE_SLUGS, i)}`],
  ['sphere + type', (i) => `areas_of_application=${at(SPHERE_SLUGS, i + 3)}&type=multirotor`],
  ['category leaf', (i) => `category=${at(CATEGORIES, i)}`],
  ['brand', (i) => `brand=${at(brands, i)}`],
  ['two brands + sort price', (i) => `brand=${at(brands, i)}&brand=${at(brands, i + 1)}&sort=price_asc`],
  ['vendor', () => '', (i) => at(vendors, i)],
  ['price range', (i) => `price_min=${at(PRICE_RANGES, i)[0]}&price_max=${at(PRICE_RANGES, i)[1]}`],
  ['flight time ≥', (i) => `flight_time_min=${20 + (i % 8) * 10}`],
  [
    'made in Russia, cheapest',
    (i) => `category=${at(['bespilotniki', ...CATEGORIES], i)}&made_in_russia=1&sort=price_asc`,
  ],
  ['in stock, newest', (i) => `availability=in_stock&sort=new&page=${1 + (i % 3)}`],
  ['RTK + payload ≥', (i) => `rtk=1&payload_min=${(i % 5) * 2}`],
  ['wind + speed ≥', (i) => `wind_resistance_min=${8 + (i % 6)}&max_speed_min=${40 + (i % 5) * 10}`],
  [
    'five filters',
    (i) =>
      `areas_of_application=${at(SPHERE_SLUGS, i)}&brand=${at(brands, i)}&price_max=${at(PRICE_RANGES, i + 2)[1]}` +
      `&flight_time_min=${15 + (i % 4) * 5}&availability=in_stock`,
  ],
]

function selectionOf(query: string, vendor: string | undefined): Selection {
  const params = new URLSearchParams(query)
  return {
    categories: categorySubtree(params.get('category') ?? 'bespilotniki'),
    vendorIds: vendor ? [vendor] : [],
    query: parseListingQuery(params).query,
    groupByModel: true,
  }
}

/** Times one full pass: a new revision, so nothing known is reused. */
function timed(select: Select, selection: Selection): { ms: number; totals: string } {
  index.revision++
  const start = performance.now()
  const listing = select(index, selection)
  const ms = performance.now() - start
  return { ms, totals: `${listing.stats.values.total}/${listing.offerTotal}/${listing.pageIds.join()}` }
}

const load = loadavg()[0]!.toFixed(2)
const times = new Map(CLASSES.map(([name]) => [name, { own: [] as number[], other: [] as number[] }]))
let disagreed = false
for (let round = 0; round < ROUNDS; round++)
  for (const [name, query, vendor] of CLASSES) {
    const selection = selectionOf(query(round), vendor?.(round))
    const sample = times.get(name)!
    if (!other) {
      sample.own.push(timed(selectListing, selection).ms)
      continue
    }
    // Taking turns at going first, so neither always meets the caches the other warmed.
    const mine = round % 2 === 0 ? timed(selectListing, selection) : undefined
    const theirs = timed(other, selection)
    const own = mine ?? timed(selectListing, selection)
    sample.own.push(own.ms)
    sample.other.push(theirs.ms)
    if (own.totals !== theirs.totals) {
      console.error(`${name}, round ${round}: the two checkouts disagree`)
      disagreed = true
    }
  }

const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!
const p95 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.ceil(list.length * 0.95) - 1]!
console.log(`\nload average ${load} → ${loadavg()[0]!.toFixed(2)}; ms of the pass per ask`)
console.log(other ? '\n| class | median | p95 | compared, median | compared, p95 |' : '\n| class | median | p95 |')
console.log(other ? '| ----- | -----: | --: | ---------------: | ------------: |' : '| ----- | -----: | --: |')
let sum = 0
let sumOther = 0
for (const [name, { own, other: theirs }] of times) {
  sum += median(own)
  const cells = [name, median(own).toFixed(1), p95(own).toFixed(1)]
  if (other) {
    sumOther += median(theirs)
    cells.push(median(theirs).toFixed(1), p95(theirs).toFixed(1))
  }
  console.log(`| ${cells.join(' | ')} |`)
}
console.log(`| **sum of medians** | **${sum.toFixed(1)}** | |${other ? ` **${sumOther.toFixed(1)}** | |` : ''}`)
process.exit(disagreed ? 1 : 0)
