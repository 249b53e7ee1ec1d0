import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { BACKENDS, openTestDatabase } from '../testing/database.ts'
import { createTestVendor } from '../modules/organizations/vendors.testing.ts'
import { createContentVersionReader, nextMoscowMidnight } from './content-version.ts'

describe('the next Moscow midnight', () => {
  it('is 21:00 UTC of the same or the next day', () => {
    expect(new Date(nextMoscowMidnight(Date.UTC(2026, 10, 27, 10, 0))).toISOString()).toBe('2026-11-27T21:00:00.000Z')
    expect(new Date(nextMoscowMidnight(Date.UTC(2026, 10, 27, 21, 0))).toISOString()).toBe('2026-11-28T21:00:00.000Z')
    expect(new Date(nextMoscowMidnight(Date.UTC(2026, 10, 27, 22, 30))).toISOString()).toBe('2026-11-28T21:00:00.000Z')
  })
})

describe.each(BACKENDS)('the content version on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(() => database?.close())

  it('moves once per transaction, however many public tables and rows it wrote', async () => {
    const read = createContentVersionReader(database)
    const vendor = await createTestVendor(database.db, { name: 'Сразу', slug: 'srazu' })
    const before = Number((await read()).version)
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update organizations set description = 'Первое' where id = ${vendor.id}`)
      await tx.execute(sql`update organization_roles set updated_at = now() where organization_id = ${vendor.id}`)
      await tx.execute(sql`update organizations set description = 'Второе' where id = ${vendor.id}`)
    })
    expect(Number((await read()).version)).toBe(before + 1)
    // A statement that changes no row moves nothing.
    await database.db.execute(sql`update organizations set description = 'Никто' where slug = 'net-takoi'`)
    expect(Number((await read()).version)).toBe(before + 1)
  })

  it('moves with every write to a table public pages show, and only then', async () => {
    const read = createContentVersionReader(database)
    const start = (await read()).version
    expect((await read()).version).toBe(start)
    const vendor = await createTestVendor(database.db, { name: 'Версия', slug: 'versiya' })
    const afterVendor = (await read()).version
    expect(afterVendor).not.toBe(start)
    await database.db.execute(sql`update organizations set description = 'Новое описание' where id = ${vendor.id}`)
    const afterUpdate = (await read()).version
    expect(afterUpdate).not.toBe(afterVendor)
    // A private table (sessions, chat, jobs...) leaves it alone.
    await database.db.execute(sql`delete from sessions`)
    expect((await read()).version).toBe(afterUpdate)
  })

  it('ends at the next scheduled publication, which needs no write to happen', async () => {
    const read = createContentVersionReader(database)
    const now = Date.now()
    expect((await read(now)).changesAt).toBe(nextMoscowMidnight(now))
    const at = new Date(Math.min(now + 60 * 60 * 1000, nextMoscowMidnight(now) - 1000))
    await database.db.execute(sql`
      insert into articles (slug, title, rubric, status, publish_at)
      values ('zaplanirovana', 'Запланированная статья', 'news', 'scheduled', ${at.toISOString()})
    `)
    expect((await read(now)).changesAt).toBe(at.getTime())
    // Once that moment has passed, the next boundary is midnight again.
    expect((await read(at.getTime() + 1)).changesAt).toBe(nextMoscowMidnight(at.getTime() + 1))
  })

  it.runIf(backend === 'postgres')('is not seen moved before the write commits', async () => {
    const read = createContentVersionReader(database)
    const before = (await read()).version
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update organizations set description = 'В транзакции'`)
      expect((await read()).version).toBe(before) // another connection: the bump is not visible yet
    })
    expect((await read()).version).not.toBe(before)
  })
})
