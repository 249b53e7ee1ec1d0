import { type SQL, sql } from 'drizzle-orm'
import { AREA_OPTIONS, ATTRIBUTES, DRONE_TYPES, RANGE_ATTRIBUTE_CODES } from '#common/catalog/attributes.ts'
import type { RangeAttributeCode } from '#common/catalog/attributes.ts'
import type { ListingQuery, Range, Sort } from '#common/catalog/listing.ts'
import { AVAILABILITIES } from '#common/catalog/products.ts'
import type { Db } from '../../db/client.ts'
import type { CardRow } from './catalog.cards.ts'

/**
 * The one statement behind a listing page: the page of items, the total and every facet's
 * counts. Facets are disjunctive: a facet counts the products that pass every filter except
 * its own. The scope is read once (an index-only scan of catalog_products_facets_idx, or the
 * search matches) and grouped by the facet values with conditional counts; the page is a
 * separate top-N, an index walk in the sort's order for broad listings.
 */

/** Rows of a raw statement; both drivers (pg, PGlite) answer `{ rows }`. */
export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] }
  return result.rows
}

/** The generated column of each range attribute (catalog.table.ts). */
export const RANGE_COLUMNS: Record<RangeAttributeCode, string> = {
  max_takeoff_weight: 'max_takeoff_weight',
  flight_time: 'flight_time',
  range: 'range_km',
  max_speed: 'max_speed',
  payload: 'payload',
  wind_resistance: 'wind_resistance',
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

export interface ListingPlan {
  categories: string[]
  vendorScopeId?: string
  /** Search words as typed (lower-case), when there is a search. */
  words: string[]
  query: ListingQuery
  /** Vendor ids the vendor filter keeps. */
  vendorIds: string[]
}

/** Below this trigram similarity a dictionary word is not offered as a correction. */
export const CORRECTION_THRESHOLD = 0.4
/** Weights of D, C, B, A (description, characteristics, brand and model, title). */
const RANK_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}'

const escapeHtmlSql = (expr: SQL) =>
  sql`replace(replace(replace(replace(replace(${expr}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`

/**
 * The active filters over catalog_products `p`, in facet order: `cond` narrows the page (and may
 * use an index), `check` is the same test made cheap for counting every row of the scope.
 */
function activeFilters(plan: ListingPlan): { key: FilterKey; cond: SQL; check: SQL }[] {
  const { query } = plan
  const out: { key: FilterKey; cond: SQL; check: SQL }[] = []
  const add = (key: FilterKey, cond: SQL, check = cond) => out.push({ key, cond, check })
  const texts = (values: string[]) => sql`${sql.param(values)}::text[]`
  if (query.areas.length) {
    const mask = query.areas.reduce((m, slug) => m | areaBit(slug), 0)
    add('areas_of_application', sql`p.areas && ${texts(query.areas)}`, sql`p.areas_mask & ${mask}::int <> 0`)
  }
  const price = rangeCond(sql`p.price_kopecks`, query.price, 100, 'bigint')
  if (price) add('price', price)
  if (query.types.length) add('type', sql`p.drone_type = any(${texts(query.types)})`)
  if (query.brands.length) add('brand', sql`p.brand = any(${texts(query.brands)})`)
  if (plan.vendorIds.length) add('vendor', sql`p.vendor_organization_id = any(${sql.param(plan.vendorIds)}::uuid[])`)
  if (query.availability.length) add('availability', sql`p.availability = any(${texts(query.availability)})`)
  if (query.madeInRussia) add('made_in_russia', sql`p.made_in_russia`)
  if (query.rtk) add('rtk', sql`p.rtk`)
  for (const code of RANGE_ATTRIBUTE_CODES) {
    const cond = query.ranges[code] && rangeCond(sql.raw(`p.${RANGE_COLUMNS[code]}`), query.ranges[code], 1, 'real')
    if (cond) add(code, cond)
  }
  return out
}

/** The bit of a sphere in `areas_mask` (catalog.table.ts). */
function areaBit(slug: string): number {
  const i = AREA_OPTIONS.findIndex((o) => o.value === slug)
  return i < 0 ? 0 : 1 << i
}

function rangeCond(column: SQL, range: Range, scale: number, type: 'bigint' | 'real'): SQL | null {
  const parts: SQL[] = []
  const value = (v: number) => (type === 'bigint' ? Math.round(v * scale) : v * scale)
  if (range.min !== undefined) parts.push(sql`${column} >= ${value(range.min)}::${sql.raw(type)}`)
  if (range.max !== undefined) parts.push(sql`${column} <= ${value(range.max)}::${sql.raw(type)}`)
  return parts.length ? sql.join(parts, sql` and `) : null
}

/** Every order ends with the id, so equal products keep their places from page to page. */
function orderBy(sort: Sort): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`p.price_kopecks asc nulls last, p.id`
    case 'price_desc':
      return sql`p.price_kopecks desc nulls last, p.id`
    case 'new':
      return sql`p.created_at desc nulls last, p.id`
    case 'relevance':
      return sql`p.rank desc, p.popularity desc nulls last, p.id`
    default:
      return sql`p.popularity desc nulls last, p.id`
  }
}

/** Column aliases of the facet statistics row. */
export const statAlias = {
  area: (i: number) => `area_${i}`,
  type: (i: number) => `type_${i}`,
  availability: (i: number) => `avail_${i}`,
  min: (key: string) => `${key}_lo`,
  max: (key: string) => `${key}_hi`,
}

const FACET_COLUMNS = sql.raw(
  [
    'p.id',
    'p.brand',
    'p.vendor_organization_id',
    'p.drone_type',
    'p.availability',
    'p.made_in_russia',
    'p.rtk',
    'p.areas_mask',
    'p.price_kopecks',
    'p.popularity',
    'p.created_at',
    ...RANGE_ATTRIBUTE_CODES.map((c) => `p.${RANGE_COLUMNS[c]}`),
  ].join(', '),
)

function searchCtes(words: string[], ranked: boolean, scope: SQL): SQL {
  return sql`
    terms as materialized (
      select w.ord, w.word,
        case
          when char_length(w.word) < 3
            or numnode(plainto_tsquery('russian', w.word)) = 0
            or exists (
              select 1 from catalog_products k
              where k.status = 'published' and k.search_vector @@ plainto_tsquery('russian', w.word)
            )
          then null
          else (
            select s.word from catalog_search_words s
            where s.word % w.word and similarity(s.word, w.word) >= ${CORRECTION_THRESHOLD}
            order by similarity(s.word, w.word) desc, s.frequency desc, s.word
            limit 1
          )
        end as fixed
      from unnest(${sql.param(words)}::text[]) with ordinality as w(word, ord)
    ),
    search as materialized (
      select plainto_tsquery('russian', string_agg(coalesce(fixed, word), ' ' order by ord)) as query,
        json_agg(fixed order by ord) as fixes
      from terms
    ),
    matched as materialized (
      select ${FACET_COLUMNS}
        ${ranked ? sql`, ts_rank_cd(${RANK_WEIGHTS}::float4[], p.search_vector, s.query) as rank` : sql``}
      from catalog_products p cross join search s
      where ${scope} and p.search_vector @@ s.query
    ),`
}

export function buildListingStatement(plan: ListingPlan): SQL {
  const { query } = plan
  const filters = activeFilters(plan)
  const searching = plan.words.length > 0
  const ranked = searching && query.sort === 'relevance'
  const offset = (query.page - 1) * query.pageSize

  const scope = sql`p.status = 'published'
    and p.category_slug = any(${sql.param(plan.categories)}::text[])
    ${plan.vendorScopeId ? sql`and p.vendor_organization_id = ${plan.vendorScopeId}::uuid` : sql``}`
  // Searches read the matching products once; listings read the table (its indexes) directly.
  const source = searching ? sql`matched p` : sql`catalog_products p`
  const sourceScope = searching ? sql`true` : scope

  // A facet counts the rows passing every filter but its own. Rows failing two or more filters
  // count for no facet and are dropped first; the rest are grouped by the facet values (few
  // groups, estimated well by catalog_products_facet_stats) and every count is a sum of groups.
  const passing = (except?: FilterKey): SQL | null => {
    const checks = filters.filter((f) => f.key !== except).map((f) => sql`coalesce(${f.check}, false)`)
    return checks.length ? sql`(${sql.join(checks, sql` and `)})` : null
  }
  const only = (cond: SQL | null, extra?: SQL) => {
    const all = [cond, extra].filter((c) => c != null)
    return all.length ? sql`filter (where ${sql.join(all, sql` and `)})` : sql``
  }
  const atMostOneFailure = filters.length
    ? sql`and (${sql.join(
        filters.map((f) => sql`(not coalesce(${f.check}, false))::int`),
        sql` + `,
      )}) <= 1`
    : sql``
  const isActive = (key: FilterKey) => filters.some((f) => f.key === key)
  // The count column a terms facet sums: its own when its filter is active, else the plain one.
  const countOf = (key: FilterKey) => sql.raw(isActive(key) ? `n_${key}` : 'n')

  const groupCols: SQL[] = [sql`count(*) ${only(passing())} as n`]
  for (const key of ['type', 'brand', 'vendor', 'availability', 'made_in_russia', 'rtk'] as const)
    if (isActive(key)) groupCols.push(sql`count(*) ${only(passing(key))} as ${sql.raw(`n_${key}`)}`)
  AREA_OPTIONS.forEach((_, i) =>
    groupCols.push(
      sql`count(*) ${only(passing('areas_of_application'), sql`p.areas_mask & ${sql.raw(String(1 << i))} <> 0`)} as ${sql.raw(statAlias.area(i))}`,
    ),
  )
  const statCols: SQL[] = [sql`sum(g.n) as total`]
  AREA_OPTIONS.forEach((_, i) => {
    const alias = sql.raw(statAlias.area(i))
    statCols.push(sql`sum(g.${alias}) as ${alias}`)
  })
  DRONE_TYPES.forEach((t, i) =>
    statCols.push(
      sql`sum(g.${countOf('type')}) filter (where g.drone_type = ${t.value}) as ${sql.raw(statAlias.type(i))}`,
    ),
  )
  AVAILABILITIES.forEach((a, i) =>
    statCols.push(
      sql`sum(g.${countOf('availability')}) filter (where g.availability = ${a}) as ${sql.raw(statAlias.availability(i))}`,
    ),
  )
  statCols.push(sql`sum(g.${countOf('made_in_russia')}) filter (where g.made_in_russia) as made_in_russia`)
  statCols.push(sql`sum(g.${countOf('rtk')}) filter (where g.rtk) as rtk`)
  const bounds = (key: FilterKey, column: string) => {
    const lo = sql.raw(statAlias.min(key))
    const hi = sql.raw(statAlias.max(key))
    const cond = only(passing(key))
    groupCols.push(sql`min(p.${sql.raw(column)}) ${cond} as ${lo}`, sql`max(p.${sql.raw(column)}) ${cond} as ${hi}`)
    statCols.push(sql`min(g.${lo}) as ${lo}`, sql`max(g.${hi}) as ${hi}`)
  }
  bounds('price', 'price_kopecks')
  for (const code of RANGE_ATTRIBUTE_CODES) bounds(code, RANGE_COLUMNS[code])

  const highlights = searching
    ? sql`,
        ts_headline('russian', ${escapeHtmlSql(sql`p.title`)}, s.query,
          'StartSel=<mark>, StopSel=</mark>, HighlightAll=true') as "titleHighlighted",
        ts_headline('russian', ${escapeHtmlSql(sql`p.description`)}, s.query,
          'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "') as "snippetHighlighted"`
    : sql``

  return sql`
    with ${searching ? searchCtes(plan.words, ranked, scope) : sql``}
    groups as materialized (
      select p.brand, p.vendor_organization_id, p.drone_type, p.availability, p.made_in_russia, p.rtk,
        ${sql.join(groupCols, sql`, `)}
      from ${source}
      where ${sourceScope} ${atMostOneFailure}
      group by 1, 2, 3, 4, 5, 6
    ),
    page as (
      -- Numbered after the limit, so the sort is a top-N one (or an index walk).
      select top.id, row_number() over () as pos from (
        select p.id from ${source}
        where ${sourceScope} ${
          filters.length
            ? sql`and ${sql.join(
                filters.map((f) => (searching ? f.check : f.cond)),
                sql` and `,
              )}`
            : sql``
        }
        order by ${orderBy(query.sort)}
        limit ${query.pageSize} offset ${offset}
      ) top
    )
    select
      (select json_agg(row_to_json(i) order by i.pos) from (
        select page.pos, p.id, p.slug, p.title, p.brand, p.model, p.category_slug as "categorySlug",
          p.vendor_organization_id as "vendorOrganizationId", p.price_kopecks as "priceKopecks",
          p.vat_note as "vatNote", p.availability, p.lead_time_days as "leadTimeDays", p.images, p.specs
          ${highlights}
        from page join catalog_products p on p.id = page.id ${searching ? sql`cross join search s` : sql``}
      ) i) as items,
      (select row_to_json(f) from (select ${sql.join(statCols, sql`, `)} from groups g) f) as stats,
      (select json_agg(json_build_array(b.brand, b.n)) from (
        select g.brand, sum(g.${countOf('brand')}) as n from groups g group by g.brand
      ) b) as brands,
      (select json_agg(json_build_array(v.vendor_organization_id, v.n)) from (
        select g.vendor_organization_id, sum(g.${countOf('vendor')}) as n from groups g
        group by g.vendor_organization_id
      ) v) as vendors,
      ${searching ? sql`(select fixes from search)` : sql`null::json`} as fixes
  `
}

export interface ListingResult {
  items: (CardRow & { pos: number })[] | null
  stats: Record<string, number | null>
  brands: [string, number][] | null
  vendors: [string, number][] | null
  fixes: (string | null)[] | null
}

/** Titles of the facets that are not characteristics. */
export const FACET_TITLES = {
  price: 'Цена',
  brand: 'Бренд',
  vendor: 'Поставщик',
  availability: 'Наличие',
  made_in_russia: 'Сделано в России',
} as const

export function attributeTitle(code: string): string {
  return ATTRIBUTES.find((a) => a.code === code)?.title ?? code
}
