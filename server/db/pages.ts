import { type SQL, sql } from 'drizzle-orm'
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'

/** Which page of a list (numbered from 1), and how many rows a page holds. */
export interface PageAt {
  page: number
  pageSize: number
  /** Rows before the first page that no page lists (the media's featured article). */
  skip?: number
}

/**
 * The rows of one page of an ordered query. The query must be dynamic (`.$dynamic()`), and
 * ordered by something unique at the end (`id`), so that pages neither repeat nor skip a row.
 */
export function onPage<T extends PgSelect>(query: T, { page, pageSize, skip = 0 }: PageAt): T {
  return query.limit(pageSize).offset((page - 1) * pageSize + skip)
}

/** How many rows of `table` match `where`: one statement. */
export async function countRows(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where)
  return row?.n ?? 0
}

/**
 * One page of a list and how many rows it has in all, read at once: what every offset-paged list
 * answers (the items are the caller's view of `rows`). `total` is the count's statement, usually
 * `countRows` with the list's condition.
 */
export async function pageQuery<T extends PgSelect>(
  query: T,
  at: PageAt,
  total: Promise<number>,
): Promise<{ rows: Awaited<T>; total: number; page: number; pageSize: number }> {
  const [rows, count] = await Promise.all([onPage(query, at), total])
  return { rows: rows as Awaited<T>, total: count, page: at.page, pageSize: at.pageSize }
}

/** `count(*)` of the rows meeting `condition` (all rows without one), as an int. */
export const countWhere = (condition: SQL | undefined) =>
  condition ? sql<number>`(count(*) filter (where ${condition}))::int` : sql<number>`count(*)::int`

/**
 * A filtered list's page with its counts, two statements run together: `rows` (the owner's rows
 * the filter and the search leave, in the list's order) cut to the page, and `counted` (a select
 * over all the owner's rows) counting `all` and each named condition; `matching` is the filter and
 * the search, the page's total. The exchange cabinet's tabs and the procurement lists are this shape.
 */
export async function countedPage<Q extends PgSelect, K extends string>(
  at: PageAt,
  rows: Q,
  counted: (fields: Record<string, SQL<number>>) => PromiseLike<Record<string, number>[]>,
  conditions: Record<K | 'matching', SQL | undefined>,
): Promise<{
  rows: Awaited<Q>
  page: number
  pageSize: number
  total: number
  all: number
  counts: Record<K, number>
}> {
  const fields: Record<string, SQL<number>> = { all: countWhere(undefined) }
  for (const [name, condition] of Object.entries<SQL | undefined>(conditions)) fields[name] = countWhere(condition)
  const [items, [counts]] = await Promise.all([onPage(rows, at), counted(fields)])
  return {
    rows: (await items) as Awaited<Q>,
    page: at.page,
    pageSize: at.pageSize,
    total: counts?.matching ?? 0,
    all: counts?.all ?? 0,
    counts: counts as Record<K, number>,
  }
}
