import { sql } from 'drizzle-orm'
import { CATEGORIES } from '#common/catalog/categories.ts'
import { MAX_QUERY_LENGTH } from '#common/catalog/listing.ts'
import type { Suggestion } from '#common/catalog/types.ts'
import { CATALOG_PATH } from '#common/spheres.ts'
import type { Ctx } from '../../context.ts'
import { highlightTerms } from './catalog.cards.ts'
import { queryRows } from './catalog.listing.ts'

export const MIN_SUGGEST_LENGTH = 2
export const MAX_SUGGESTIONS = 8
const MAX_CATEGORIES = 2
const MAX_BRANDS = 3
const SUGGEST_CANDIDATES = 200

/**
 * Suggestions while typing: categories (from the tree in code), brands and product titles
 * (one statement over the trigram index of `search_text`). A product matches when its title,
 * brand or model contains what was typed, or when a word of it is close to it (a typo).
 */
export async function suggest(ctx: Ctx, input: string): Promise<Suggestion[]> {
  const q = input.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_QUERY_LENGTH)
  if (q.length < MIN_SUGGEST_LENGTH) return []
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

  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  // The trigram index finds candidates (a bounded number, in no particular order, so a common
  // prefix costs no more than a rare one); the best of them are picked from those.
  const found = await queryRows<{ kind: 'brand' | 'product'; label: string; slug: string | null }>(
    ctx.db,
    sql`
      with candidates as materialized (
        select p.slug, p.title, p.brand, p.popularity, p.id,
          p.search_text like ${pattern} as contains,
          word_similarity(${q}, p.search_text) as closeness
        from catalog_products p
        where p.status = 'published' and (p.search_text like ${pattern} or ${q} <% p.search_text)
        limit ${SUGGEST_CANDIDATES}
      )
      (
        select 'brand' as kind, c.brand as label, null as slug
        from candidates c
        where lower(c.brand) like ${pattern}
        group by c.brand
        order by count(*) desc, c.brand
        limit ${MAX_BRANDS}
      )
      union all
      (
        select 'product', c.title, c.slug
        from candidates c
        order by c.contains desc, c.closeness desc, c.popularity desc, c.id
        limit ${MAX_SUGGESTIONS}
      )
    `,
  )
  const brands: Suggestion[] = found
    .filter((r) => r.kind === 'brand')
    .map((r) => ({
      kind: 'brand',
      labelHighlighted: highlightTerms(r.label, terms),
      href: `${CATALOG_PATH}?brand=${encodeURIComponent(r.label)}`,
    }))
  const products: Suggestion[] = found
    .filter((r) => r.kind === 'product')
    .map((r) => ({ kind: 'product', labelHighlighted: highlightTerms(r.label, terms), href: `/product/${r.slug}` }))
  return [...categories, ...brands, ...products].slice(0, MAX_SUGGESTIONS)
}
