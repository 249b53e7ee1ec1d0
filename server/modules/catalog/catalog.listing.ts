import { type SQL, sql } from 'drizzle-orm'
import type { RangeAttributeCode } from '#common/catalog/attributes.ts'
import type { Db } from '../../db/client.ts'
import type { CardRow } from './catalog.cards.ts'
import type { OtherAlphabet } from './search/title-words.ts'

/**
 * The two statements of a listing besides the sellers': the catalogue's revision with the
 * search's words as PostgreSQL's `russian` configuration reads them, before the in-memory index
 * picks the page (search/select.ts); then the page's cards by id.
 */

/** Rows of a raw statement; both drivers (pg, PGlite) answer `{ rows }`. */
export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] }
  return result.rows
}

/** Facet keys, which are also the URL parameter names (ranges: `{key}_min` / `{key}_max`). */
export type FilterKey =
  | 'areas_of_application'
  | 'price'
  | 'type'
  | 'brand'
  | 'vendor'
  | 'availability'
  | 'made_in_russia'
  | 'rtk'
  | RangeAttributeCode

/** A listing's total and facet counts, as catalog.facets.ts turns them into facets. */
export interface ListingStats {
  /** Keyed by `statAlias`, plus `total`, `made_in_russia` and `rtk`. */
  values: Record<string, number | null>
  /** Brand name and count, for brands with products. */
  brands: [string, number][]
  /** Vendor organization id and count. */
  vendors: [string, number][]
}

/** Keys of the facet counts in `ListingStats.values`. */
export const statAlias = {
  area: (i: number) => `area_${i}`,
  type: (i: number) => `type_${i}`,
  availability: (i: number) => `avail_${i}`,
  min: (key: string) => `${key}_lo`,
  max: (key: string) => `${key}_hi`,
}

/** Below this trigram similarity a dictionary word is not offered as a correction. */
export const CORRECTION_THRESHOLD = 0.4

export interface CatalogState {
  revision: number
  /** The revision of the last TRUNCATE: an index older than it must be built anew. */
  resetRevision: number
}

/** A catalogue word with its lexemes. */
export interface WordForms {
  word: string
  lexemes: string[]
}

/** The catalogue's revision alone: what every look at the index starts with. */
export async function readCatalogRevision(db: Db): Promise<CatalogState> {
  const [row] = await queryRows<{ revision: string; resetRevision: string }>(
    db,
    sql`select revision, reset_revision as "resetRevision" from catalog_state`,
  )
  if (!row) throw new Error('catalog_state has no row')
  return { revision: Number(row.revision), resetRevision: Number(row.resetRevision) }
}

/**
 * A word of a search: its lexemes; its spellings in the other alphabet that the catalogue has,
 * with their lexemes; and the closest catalogue word with its lexemes.
 */
export interface SearchWord {
  word: string
  lexemes: string[]
  /**
   * Catalogue words of the other alphabet that sound like it («мавик» → mavic), most used first,
   * as the caller found them in the index (TitleWords.otherSpellings).
   */
  spellings: WordForms[]
  /**
   * The closest word of catalog_search_words by trigram similarity, if close enough, to the word
   * or to its spelling in the other alphabet («матрикс» → matriks → matrice).
   */
  closest: string | null
  closestLexemes: string[]
}

/**
 * The closest catalogue word to `w.word` or its respelling `w.other` by trigram similarity (a
 * lateral subquery over `unnest(…) as w(word, other, …)`): pg_trgm over the small word list.
 */
const closestWord = sql`
  select sw.word from catalog_search_words sw
  where char_length(w.word) >= 3 and (sw.word % w.word or sw.word % w.other)
    and greatest(similarity(sw.word, w.word), similarity(sw.word, w.other)) >= ${CORRECTION_THRESHOLD}
  order by greatest(similarity(sw.word, w.word), similarity(sw.word, w.other)) desc, sw.frequency desc, sw.word
  limit 1`

/**
 * The closest catalogue word of each word (also compared with its respelling in the other
 * alphabet), with its lexemes: one statement. For the words of a search no product contains.
 */
export async function readCorrections(
  db: Db,
  words: readonly { word: string; respelled: string | null }[],
): Promise<(WordForms | null)[]> {
  const rows = await queryRows<{ closest: string | null; lexemes: string[] | null }>(
    db,
    sql`
      select c.word as closest, tsvector_to_array(to_tsvector('russian', c.word)) as lexemes
      from unnest(${sql.param(words.map((w) => w.word))}::text[], ${sql.param(words.map((w) => w.respelled))}::text[])
        with ordinality as w(word, other, ord)
      left join lateral (${closestWord}) c on true
      order by w.ord
    `,
  )
  return rows.map((row) => (row.closest === null ? null : { word: row.closest, lexemes: row.lexemes ?? [] }))
}

/**
 * The catalogue's revision, and for each search word its lexemes, the lexemes of its spellings
 * in the other alphabet and its closest catalogue word (pg_trgm over the small word list, also
 * compared with the word's `respelled` form): one statement, whatever the words. `alphabets[i]`
 * (TitleWords.otherAlphabet) is for `words[i]`; without it, neither is looked for. Whether a word
 * needs a spelling or the correction depends on the index, which answers that in memory.
 */
export async function readCatalogState(
  db: Db,
  words: string[],
  alphabets: readonly OtherAlphabet[] = [],
): Promise<CatalogState & { words: SearchWord[] }> {
  const respelled = words.map((_, i) => alphabets[i]?.respelled ?? null)
  const spelled = words.flatMap((_, i) => alphabets[i]?.spellings ?? [])
  const spelledFor = words.flatMap((_, i) => (alphabets[i]?.spellings ?? []).map(() => i + 1))
  const [row] = await queryRows<{ revision: string; resetRevision: string; words: SearchWord[] | null }>(
    db,
    sql`
      select s.revision, s.reset_revision as "resetRevision", (
        select json_agg(json_build_object(
          'word', w.word,
          'lexemes', tsvector_to_array(to_tsvector('russian', w.word)),
          'spellings', (
            select coalesce(json_agg(json_build_object(
              'word', o.word,
              'lexemes', tsvector_to_array(to_tsvector('russian', o.word))
            ) order by o.pos), '[]')
            from unnest(${sql.param(spelled)}::text[], ${sql.param(spelledFor)}::int[])
              with ordinality as o(word, of, pos)
            where o.of = w.ord
          ),
          'closest', c.word,
          'closestLexemes', coalesce(tsvector_to_array(to_tsvector('russian', c.word)), '{}')
        ) order by w.ord)
        from unnest(${sql.param(words)}::text[], ${sql.param(respelled)}::text[])
          with ordinality as w(word, other, ord)
        left join lateral (${closestWord}) c on true
      ) as words
      from catalog_state s
    `,
  )
  if (!row) throw new Error('catalog_state has no row')
  return { revision: Number(row.revision), resetRevision: Number(row.resetRevision), words: row.words ?? [] }
}

/**
 * Cards of the published products among the ids, in the order given: one statement. With
 * `withDescription` (a search) the description comes too, for the snippet (search/highlight.ts).
 */
export async function fetchCards(db: Db, ids: string[], withDescription = false): Promise<CardRow[]> {
  return queryRows<CardRow>(
    db,
    sql`
      select p.id, p.slug, p.title, p.brand, p.model, p.category_slug as "categorySlug",
        p.vendor_organization_id as "vendorOrganizationId", p.price_kopecks as "priceKopecks",
        p.vat_rate as "vatRate", p.availability, p.lead_time_days as "leadTimeDays", p.images, p.specs,
        p.model_id as "modelId", p.warranty_months as "warrantyMonths", p.delivery_regions as "deliveryRegions",
        p.min_order_quantity as "minOrderQuantity", m.slug as "modelSlug"
        ${withDescription ? sql`, p.description` : sql``}
      from unnest(${sql.param(ids)}::uuid[]) with ordinality as page(id, pos)
      join catalog_products p on p.id = page.id and p.status = 'published'
      left join catalog_models m on m.id = p.model_id
      order by page.pos
    `,
  )
}
