import { eq, sql } from 'drizzle-orm'
import { pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './db/client.ts'
import { BACKENDS, openTestDatabase } from './testing/database.ts'
import { createOnce, findOrCreate } from './idempotency.ts'

/** A table of this test's own, keyed like every keyed create: a unique index on the key. */
const notes = pgTable('keyed_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key'),
  body: text('body'),
})

describe.each(BACKENDS)('createOnce on %s', (backend) => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    await database.db.execute(
      sql`create table keyed_notes (id uuid primary key default gen_random_uuid(), key text unique, body text)`,
    )
  })
  afterAll(() => database.close())

  const create = (key: string | null, body: string, made: string[] = []) =>
    createOnce(
      database.db,
      { scope: 'test.notes', key, input: { body } },
      async () => (key ? (await database.db.select().from(notes).where(eq(notes.key, key)))[0] : undefined),
      async () => {
        made.push(body)
        const [row] = await database.db.insert(notes).values({ key, body }).returning()
        return row!
      },
    )

  it('makes one row for a key, answering a repeat with the first one without running create again', async () => {
    const made: string[] = []
    const first = await create('k-1', 'первая', made)
    const again = await create('k-1', 'первая', made)
    expect(again.id).toBe(first.id)
    expect(made).toEqual(['первая'])
  })

  it('refuses the same key with another body, as the idempotency-key draft asks', async () => {
    await create('k-2', 'одна')
    await expect(create('k-2', 'другая')).rejects.toMatchObject({ kind: 'unprocessable' })
  })

  it('gives two requests with one key at once the same row', async () => {
    const [a, b] = await Promise.all([create('k-3', 'разом'), create('k-3', 'разом')])
    expect(a.id).toBe(b.id)
    const rows = await database.db.select().from(notes).where(eq(notes.key, 'k-3'))
    expect(rows).toHaveLength(1)
  })

  it('creates every time without a key, and lets other errors through', async () => {
    const a = await create(null, 'без ключа')
    const b = await create(null, 'без ключа')
    expect(a.id).not.toBe(b.id)
    const failing = createOnce(
      database.db,
      { scope: 'test.notes', key: 'k-4', input: {} },
      async () => undefined,
      async () => {
        throw new Error('лимит')
      },
    )
    await expect(failing).rejects.toThrow('лимит')
  })

  it("findOrCreate says whether it made the row; a twin's unique violation finds the first one's", async () => {
    const find = async () => (await database.db.select().from(notes).where(eq(notes.key, 'k-5')))[0]
    const insert = async () => (await database.db.insert(notes).values({ key: 'k-5', body: 'клиент' }).returning())[0]!
    const first = await findOrCreate(find, insert)
    expect(first.created).toBe(true)
    // A twin that looked before the first one's insert: its own insert fails on the unique index.
    let looked = false
    const twin = await findOrCreate(async () => (looked ? find() : ((looked = true), undefined)), insert)
    expect(twin).toEqual({ row: first.row, created: false })
  })
})
