import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Ctx, ctxForUser, systemCtx, withDb } from '../context.ts'
import type { Database, Db } from '../db/client.ts'
import { BACKENDS, openTestDatabase } from '../testing/database.ts'
import {
  actorOf,
  findTransition,
  historyColumns,
  type Lifecycle,
  moveStatus,
  NOT_YOUR_MOVE,
  recordMove,
  targetOf,
} from './index.ts'

/** A lifecycle of its own for these tests: an item that its owner drafts and staff publish. */
const STATUSES = ['draft', 'review', 'published', 'archived'] as const
type Status = (typeof STATUSES)[number]

const items = pgTable('lifecycle_test_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  status: text('status', { enum: STATUSES }).notNull(),
  note: text('note'),
})
const itemEvents = pgTable('lifecycle_test_item_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  itemId: uuid('item_id').notNull(),
  ...historyColumns(STATUSES),
})

const itemLifecycle: Lifecycle<Status, 'create' | 'submit' | 'publish' | 'archive', 'owner' | 'staff' | 'system'> = {
  transitions: [
    { from: null, event: 'create', to: 'draft', who: 'owner' },
    { from: 'draft', event: 'submit', to: 'review', who: 'owner' },
    { from: 'review', event: 'publish', to: 'published', who: 'staff' },
    { from: 'published', event: 'archive', to: 'archived', who: 'staff' },
    { from: 'published', event: 'archive', to: 'archived', who: 'system' },
  ],
  refusals: {
    create: 'Такое изделие уже есть',
    submit: 'Отправить на проверку можно только черновик',
    publish: 'Опубликовать можно только изделие на проверке',
    archive: 'Снять с публикации можно только опубликованное изделие',
  },
  labels: { draft: 'Черновик', review: 'На проверке', published: 'Опубликовано', archived: 'В архиве' },
  subject: { table: items, id: items.id, status: items.status },
  history: { table: itemEvents, subjectId: itemEvents.itemId },
  stale: 'Статус изделия только что изменился. Обновите страницу.',
}

describe('a lifecycle’s transition table', () => {
  it('returns the allowed move, for each kind of actor that may make it', () => {
    expect(findTransition(itemLifecycle, 'draft', 'submit', 'owner')).toEqual({
      from: 'draft',
      event: 'submit',
      to: 'review',
      who: 'owner',
    })
    expect(findTransition(itemLifecycle, 'published', 'archive', 'system').who).toBe('system')
    expect(findTransition(itemLifecycle, 'published', 'archive', 'staff').who).toBe('staff')
    expect(targetOf(itemLifecycle, 'publish')).toBe('published')
    expect(actorOf(itemLifecycle, 'review', 'published')).toBe('staff')
    expect(actorOf(itemLifecycle, 'draft', 'archived')).toBeUndefined()
  })

  it('refuses a move from the wrong status with a Russian 409 saying where the subject stands', () => {
    expect(() => findTransition(itemLifecycle, 'draft', 'publish', 'staff', 'Изделие «Рама»')).toThrow(
      expect.objectContaining({
        kind: 'conflict',
        message: 'Изделие «Рама»: опубликовать можно только изделие на проверке. Сейчас статус «Черновик».',
      }),
    )
    expect(() => findTransition(itemLifecycle, 'draft', 'create', 'owner')).toThrow(
      expect.objectContaining({ kind: 'conflict', message: 'Такое изделие уже есть. Сейчас статус «Черновик».' }),
    )
  })

  it('refuses a move to an actor who never makes it with a 403, whatever the status', () => {
    for (const from of [null, ...STATUSES]) {
      expect(() => findTransition(itemLifecycle, from, 'publish', 'owner')).toThrow(
        expect.objectContaining({ kind: 'forbidden', message: NOT_YOUR_MOVE }),
      )
    }
    expect(() => findTransition(itemLifecycle, 'published', 'archive', 'owner')).toThrow(
      expect.objectContaining({ kind: 'forbidden' }),
    )
  })
})

describe.each(BACKENDS)('the guarded move on %s', (backend) => {
  let database: Database
  const userId = randomUUID()

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    await database.db.execute(
      sql.raw(`create table lifecycle_test_items (
        id uuid primary key default gen_random_uuid(), status text not null, note text)`),
    )
    // The check lets a test make the history insert fail after the status has moved.
    await database.db.execute(
      sql.raw(`create table lifecycle_test_item_events (
        id uuid primary key default gen_random_uuid(), item_id uuid not null,
        from_status text, to_status text not null, by_user_id uuid,
        comment text check (comment is distinct from 'сбой'),
        created_at timestamptz not null default now())`),
    )
  })
  afterAll(() => database.close())

  let itemId: string
  beforeEach(async () => {
    const [item] = await database.db.insert(items).values({ status: 'draft' }).returning({ id: items.id })
    itemId = item!.id
  })

  /** The owner as a request of theirs would see it, or the system (a job) with no user. */
  const ctxOf = (db: Db, user: string | null): Promise<Ctx> =>
    user
      ? ctxForUser(db, {
          id: user,
          email: 'owner@example.ru',
          name: 'Ольга',
          isStaff: false,
          selectedOrganizationId: null,
        })
      : Promise.resolve(systemCtx(db, { requestId: 'test' }))
  const statusOf = async (id: string) =>
    (await database.db.select({ status: items.status }).from(items).where(eq(items.id, id)))[0]!.status
  const historyOf = (id: string) =>
    database.db
      .select({
        from: itemEvents.fromStatus,
        to: itemEvents.toStatus,
        by: itemEvents.byUserId,
        comment: itemEvents.comment,
      })
      .from(itemEvents)
      .where(eq(itemEvents.itemId, id))
      .orderBy(itemEvents.createdAt)

  it('moves the status, writes the other columns given and appends who, from, to and why', async () => {
    const ctx = await ctxOf(database.db, userId)
    await recordMove(ctx, itemLifecycle, itemId, findTransition(itemLifecycle, null, 'create', 'owner'))
    const submit = findTransition(itemLifecycle, 'draft', 'submit', 'owner')
    await moveStatus(ctx, itemLifecycle, itemId, submit, { comment: 'Готово', set: { note: 'отправлено' } })
    // The system (a job) has no user: its history rows name nobody.
    await database.db.update(items).set({ status: 'published' }).where(eq(items.id, itemId))
    const archive = findTransition(itemLifecycle, 'published', 'archive', 'system')
    await moveStatus(await ctxOf(database.db, null), itemLifecycle, itemId, archive)

    const [item] = await database.db.select().from(items).where(eq(items.id, itemId))
    expect(item).toMatchObject({ status: 'archived', note: 'отправлено' })
    expect(await historyOf(itemId)).toEqual([
      { from: null, to: 'draft', by: userId, comment: null },
      { from: 'draft', to: 'review', by: userId, comment: 'Готово' },
      { from: 'published', to: 'archived', by: null, comment: null },
    ])
  })

  it('refuses with a 409 when the status is no longer the expected one, and writes nothing', async () => {
    await database.db.update(items).set({ status: 'review' }).where(eq(items.id, itemId))
    const submit = findTransition(itemLifecycle, 'draft', 'submit', 'owner') // read before the change
    await expect(moveStatus(await ctxOf(database.db, userId), itemLifecycle, itemId, submit)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Статус изделия только что изменился. Обновите страницу.',
    })
    expect(await statusOf(itemId)).toBe('review')
    expect(await historyOf(itemId)).toEqual([])
  })

  it('lets only one of two simultaneous moves through', async () => {
    const submit = findTransition(itemLifecycle, 'draft', 'submit', 'owner')
    const ctx = await ctxOf(database.db, userId)
    const results = await Promise.allSettled([
      moveStatus(ctx, itemLifecycle, itemId, submit),
      moveStatus(ctx, itemLifecycle, itemId, submit),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(await historyOf(itemId)).toHaveLength(1)
  })

  it('belongs to the caller’s transaction: rolled back with it, history and status together', async () => {
    const submit = findTransition(itemLifecycle, 'draft', 'submit', 'owner')
    const ctx = await ctxOf(database.db, userId)
    await expect(
      database.db.transaction(async (tx) => {
        await moveStatus(withDb(ctx, tx), itemLifecycle, itemId, submit)
        expect(await tx.select().from(itemEvents).where(eq(itemEvents.itemId, itemId))).toHaveLength(1)
        throw new Error('a later step of the same action failed')
      }),
    ).rejects.toThrow('a later step')
    expect(await statusOf(itemId)).toBe('draft')
    expect(await historyOf(itemId)).toEqual([])
  })

  it('keeps the status where it was when the history row cannot be written', async () => {
    const submit = findTransition(itemLifecycle, 'draft', 'submit', 'owner')
    await expect(
      moveStatus(await ctxOf(database.db, userId), itemLifecycle, itemId, submit, { comment: 'сбой' }),
    ).rejects.toThrow()
    expect(await statusOf(itemId)).toBe('draft')
    expect(await historyOf(itemId)).toEqual([])
  })
})
