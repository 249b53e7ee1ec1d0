import { sql } from 'drizzle-orm'
import { CATEGORIES } from '#common/catalog/categories.ts'
import { offerHref } from '#common/catalog/product-href.ts'
import { MAX_QUERY_LENGTH } from '#common/catalog/listing.ts'
import type { Suggestion } from '#common/catalog/types.ts'
import { isSingleLineText } from '#common/text.ts'
import { CATALOG_PATH } from '#common/spheres.ts'
import type { Ctx } from '../../../context.ts'
import { highlightTerms } from '../catalog.cards.ts'
import type { VendorDirectory } from '../../organizations/index.ts'
import type { CatalogIndex } from './listing-index.ts'
import type { IndexKeeper } from './index-sync.ts'
import { queryRows, readCatalogState } from '../catalog.listing.ts'
import { MIN_ACROSS_SCRIPTS, wordsOf } from './title-words.ts'

export const MIN_SUGGEST_LENGTH = 2
export const MAX_SUGGESTIONS = 8
const MAX_CATEGORIES = 2
const MAX_BRANDS = 3

/**
 * Suggestions while typing: categories (from the tree in code), brands and product titles (from
 * the in-memory index). A product matches when every typed word begins a word of its title,
 * brand or model («dji mav» → «DJI Mavic 3»), or sounds like the beginning of one in the other
 * alphabet («мавик» → «DJI Mavic 3», «geoskan» → «Геоскан 201»); when too few do, the typed
 * words are replaced by their closest catalogue words (pg_trgm, in the one statement, which also
 * reads the catalogue revision) and those are looked for too («квадракоптер» → «квадрокоптер»).
 * Products of the same title (several sellers of one model) come with their seller and price.
 */
export async function suggest(
  ctx: Ctx,
  input: string,
  indexKeeper: IndexKeeper,
  vendors: Pick<VendorDirectory, 'describeVendors'>,
): Promise<Suggestion[]> {
  const q = input.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_QUERY_LENGTH)
  // Text nobody can type suggests nothing, as a query too short does.
  if (q.length < MIN_SUGGEST_LENGTH || !isSingleLineText(q)) return []
  const terms = q.split(' ')

  const categories: Suggestion[] = CATEGORIES.filter((c) =>
    terms.every((t) => c.title.toLowerCase().includes(t) || c.heading.toLowerCase().includes(t)),
  )
    .slice(0, MAX_CATEGORIES)
    .map((c) => ({
      kind: 'category',
      labelHighlighted: highlightTerms(c.heading, terms),
      href: `/catalog/${c.slug}`,
    }))

  const words = wordsOf(q)
  // A typed word no title word begins, in either alphabet, is also corrected as written in the
  // other one («матрикс» → matriks → Matrice): the index as held tells which (no statement).
  const held = await indexKeeper.held(ctx.db)
  const state = await readCatalogState(
    ctx.db,
    words,
    words.map((w) => held.titleWords.otherAlphabet(w, 'prefix')),
  )
  const index = await indexKeeper.at(ctx.db, state)
  // Per typed word, the catalogue words of the other alphabet it sounds like the beginning of.
  const across = words.map(
    (w) => new Set(w.length >= MIN_ACROSS_SCRIPTS ? index.titleWords.acrossScripts(w, 'prefix') : []),
  )
  // Those are highlighted as the typed words are: «мавик» marks «Mavic».
  const marked = [...terms, ...across.flatMap((set) => [...set])]

  const brands: Suggestion[] = index.brands.values
    .flatMap((name, code) => {
      const n = index.brandCounts[code]!
      return n > 0 && brandMatches(name, q, words, across) ? [{ name, n }] : []
    })
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name, 'ru'))
    .slice(0, MAX_BRANDS)
    .map(({ name }) => ({
      kind: 'brand',
      labelHighlighted: highlightTerms(name, marked),
      href: `${CATALOG_PATH}?brand=${encodeURIComponent(name)}`,
    }))

  // Room for the products, and twice that to choose from when some offers are the same.
  const room = MAX_SUGGESTIONS - categories.length - brands.length
  const found = productsMatching(index, words, room * 2)
  const corrected = state.words.map((w) => w.closest ?? w.word)
  if (found.length < room && corrected.join(' ') !== words.join(' '))
    for (const slot of productsMatching(index, corrected, room * 2 - found.length))
      if (!found.includes(slot)) found.push(slot)

  const products = await productSuggestions(ctx, index, found, room, marked, vendors)
  return [...categories, ...brands, ...products]
}

/** A brand whose name holds the text typed, or each of whose typed words begins (or sounds like) a word of the name. */
function brandMatches(name: string, q: string, words: string[], across: Set<string>[]): boolean {
  if (name.toLowerCase().includes(q)) return true
  const own = wordsOf(name)
  return words.length > 0 && words.every((w, i) => own.some((o) => o.startsWith(w) || across[i]!.has(o)))
}

/** The most popular live products with a title, brand or model word beginning with each prefix. */
function productsMatching(index: CatalogIndex, prefixes: string[], limit: number): number[] {
  const hits = index.work('hits')
  if (!prefixes.length || !index.titleWords.match(prefixes, hits, index.workPostings())) return []
  return index.takeInOrder('popular', limit, (slot) => hits[slot] === prefixes.length)
}

/**
 * The first `room` products as suggestions, their titles and addresses read by id (one
 * statement: the index keeps no strings per product). Where two share a title, each says whose
 * offer it is and its price (the sellers' names: one statement, only then); of offers that would
 * still read the same (one seller listing a model twice at one price) the more popular one is kept.
 */
async function productSuggestions(
  ctx: Ctx,
  index: CatalogIndex,
  slots: number[],
  room: number,
  marked: string[],
  vendors: Pick<VendorDirectory, 'describeVendors'>,
): Promise<Suggestion[]> {
  if (!slots.length) return []
  const ids = slots.map((slot) => index.idOf(slot))
  const rows = await queryRows<{ id: string; title: string; slug: string }>(
    ctx.db,
    sql`select id, title, slug from catalog_products where id = any(${sql.param(ids)}::uuid[])`,
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  const bySlot = new Map(slots.map((slot, i) => [slot, byId.get(ids[i]!)]))
  const rowOf = (slot: number) => bySlot.get(slot)
  const titleOf = (slot: number) => rowOf(slot)!.title
  const vendorOf = (slot: number) => index.vendors.values[index.vendor[slot]!]!
  const priceOf = (slot: number) => (Number.isNaN(index.price[slot]!) ? null : index.price[slot]!)
  const offerKey = (slot: number) => JSON.stringify([titleOf(slot), vendorOf(slot), priceOf(slot)])

  const seen = new Set<string>()
  const shown: number[] = []
  for (const slot of slots) {
    if (shown.length === room) break
    // A product changed since the index read it may be gone: it is left out.
    if (!rowOf(slot) || seen.has(offerKey(slot))) continue
    seen.add(offerKey(slot))
    shown.push(slot)
  }
  const perTitle = new Map<string, number>()
  for (const slot of shown) perTitle.set(titleOf(slot), (perTitle.get(titleOf(slot)) ?? 0) + 1)
  const shared = shown.filter((slot) => perTitle.get(titleOf(slot))! > 1)
  const names = shared.length
    ? await vendors.describeVendors(ctx, [...new Set(shared.map(vendorOf))])
    : new Map<string, { name: string }>()

  const lines = new Set<string>()
  return shown.flatMap((slot): Suggestion[] => {
    const suggestion: Suggestion = {
      kind: 'product',
      labelHighlighted: highlightTerms(titleOf(slot), marked),
      href: offerHref({ slug: rowOf(slot)!.slug, modelSlug: index.modelSlugOf(index.model[slot]!) ?? null }),
    }
    if (perTitle.get(titleOf(slot))! > 1)
      suggestion.offer = { vendorName: names.get(vendorOf(slot))?.name ?? '', priceKopecks: priceOf(slot) }
    // Two sellers of one name asking one price would still read the same: the first stays.
    const line = JSON.stringify([titleOf(slot), suggestion.offer])
    if (lines.has(line)) return []
    lines.add(line)
    return [suggestion]
  })
}
