import { CATEGORIES } from '#common/catalog/categories.ts'
import { MAX_QUERY_LENGTH } from '#common/catalog/listing.ts'
import type { Suggestion } from '#common/catalog/types.ts'
import { isSingleLineText } from '#common/text.ts'
import { CATALOG_PATH } from '#common/spheres.ts'
import type { Ctx } from '../../../context.ts'
import { highlightTerms } from '../catalog.cards.ts'
import type { CatalogIndex } from './listing-index.ts'
import type { IndexKeeper } from './index-sync.ts'
import { readCatalogState } from '../catalog.listing.ts'
import { wordsOf } from './title-words.ts'

export const MIN_SUGGEST_LENGTH = 2
export const MAX_SUGGESTIONS = 8
const MAX_CATEGORIES = 2
const MAX_BRANDS = 3

/**
 * Suggestions while typing: categories (from the tree in code), brands and product titles (from
 * the in-memory index). A product matches when every typed word begins a word of its title,
 * brand or model («dji mav» → «DJI Mavic 3»); when too few do, the typed words are replaced by
 * their closest catalogue words (pg_trgm, in the one statement, which also reads the catalogue
 * revision) and those are looked for too («квадракоптер» → «квадрокоптер»).
 */
export async function suggest(ctx: Ctx, input: string, indexKeeper: IndexKeeper): Promise<Suggestion[]> {
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
  const state = await readCatalogState(ctx.db, words)
  const index = await indexKeeper.at(ctx.db, state)
  const found = productsMatching(index, words, MAX_SUGGESTIONS)
  const corrected = state.words.map((w) => w.closest ?? w.word)
  if (found.length < MAX_SUGGESTIONS && corrected.join(' ') !== words.join(' '))
    for (const slot of productsMatching(index, corrected, MAX_SUGGESTIONS - found.length))
      if (!found.includes(slot)) found.push(slot)

  const brands: Suggestion[] = index.brands.values
    .flatMap((name, code) => {
      const n = index.brandCounts[code]!
      return n > 0 && name.toLowerCase().includes(q) ? [{ name, n }] : []
    })
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name, 'ru'))
    .slice(0, MAX_BRANDS)
    .map(({ name }) => ({
      kind: 'brand',
      labelHighlighted: highlightTerms(name, terms),
      href: `${CATALOG_PATH}?brand=${encodeURIComponent(name)}`,
    }))
  const products: Suggestion[] = found.map((slot) => ({
    kind: 'product',
    labelHighlighted: highlightTerms(index.titles[slot]!, terms),
    href: `/product/${index.slugs[slot]}`,
  }))
  return [...categories, ...brands, ...products].slice(0, MAX_SUGGESTIONS)
}

/** The most popular live products with a title, brand or model word beginning with each prefix. */
function productsMatching(index: CatalogIndex, prefixes: string[], limit: number): number[] {
  const hits = index.work('hits')
  if (!prefixes.length || !index.titleWords.match(prefixes, hits)) return []
  return index.takeInOrder('popular', limit, (slot) => hits[slot] === prefixes.length)
}
