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
