import { asc, desc, eq, sql } from 'drizzle-orm'
import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS, openTestDatabase } from '../testing/database.ts'
import type { Database } from './client.ts'
import { countRows, onPage, pageQuery } from './pages.ts'

/** A table of this test's own: 23 rows, «a» for the even ones. */
const numbers = pgTable('paging_numbers', { id: integer('id').primaryKey(), kind: text('kind').notNull() })

describe.each(BACKENDS)('paged lists on %s', (backend) => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    await database.db.execute(sql`create table paging_numbers (id integer primary key, kind text not null)`)
    await database.db
      .insert(numbers)
      .values(Array.from({ length: 23 }, (_, i) => ({ id: i + 1, kind: (i + 1) % 2 === 0 ? 'a' : 'b' })))
  })
  afterAll(() => database.close())

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id)
  const ordered = () => database.db.select().from(numbers).orderBy(asc(numbers.id)).$dynamic()

  it('cuts pages numbered from 1 that neither repeat nor skip a row, the last one short', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => onPage(ordered(), { page, pageSize: 10 })))
    expect(pages.map(ids)).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      [21, 22, 23],
      [],
    ])
  })

  it('leaves out the rows before the first page that no page lists', async () => {
    expect(ids(await onPage(ordered(), { page: 1, pageSize: 5, skip: 1 }))).toEqual([2, 3, 4, 5, 6])
    expect(ids(await onPage(ordered(), { page: 2, pageSize: 5, skip: 1 }))).toEqual([7, 8, 9, 10, 11])
  })

  it('answers a page with the count of every matching row, and the page it is', async () => {
    const even = eq(numbers.kind, 'a')
    const result = await pageQuery(
      database.db.select().from(numbers).where(even).orderBy(desc(numbers.id)).$dynamic(),
      { page: 2, pageSize: 4 },
      countRows(database.db, numbers, even),
    )
    expect(ids(result.rows)).toEqual([14, 12, 10, 8])
    expect(result).toMatchObject({ total: 11, page: 2, pageSize: 4 })
    expect(await countRows(database.db, numbers)).toBe(23)
  })
})
