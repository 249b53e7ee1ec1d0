import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemCtx } from '../context.ts'
import type { Database } from '../db/client.ts'
import { createTestVendor } from '../modules/organizations/vendors.testing.ts'
import { productDrafts } from '../modules/products/products.table.ts'
import { BACKENDS, openTestDatabase } from '../testing/database.ts'
import { nextWaiting, waitingForStaff } from './queue.ts'

describe.each(BACKENDS)('what waits for staff on %s', (backend) => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('is the listings in moderation, longest-waiting first, a page at a time, with their count', async () => {
    const db = database.db
    const [a, b] = [
      await createTestVendor(db, { name: 'Очередь А', slug: 'queue-a' }),
      await createTestVendor(db, { name: 'Очередь Б', slug: 'queue-b' }),
    ]
    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9))
    await db.insert(productDrafts).values([
      { organizationId: a.id, title: 'третий', status: 'moderation', submittedAt: at(3) },
      { organizationId: a.id, title: 'первый у А', status: 'moderation', submittedAt: at(1) },
      { organizationId: a.id, title: 'второй у А', status: 'moderation', submittedAt: at(2) },
      { organizationId: a.id, title: 'черновик', status: 'draft', submittedAt: null },
      { organizationId: b.id, title: 'самый давний', status: 'moderation', submittedAt: at(0) },
    ])
    const ctx = systemCtx(db, { requestId: 'test' })

    const first = await waitingForStaff(ctx, productDrafts, { page: 1, pageSize: 2 })
    expect(first.rows.map((r) => r.title)).toEqual(['самый давний', 'первый у А'])
    expect(first.total).toBe(4)

    const ofA = await waitingForStaff(ctx, productDrafts, {
      where: eq(productDrafts.organizationId, a.id),
      page: 2,
      pageSize: 2,
    })
    expect(ofA.rows.map((r) => r.title)).toEqual(['третий'])
    expect(ofA.total).toBe(3)

    // Staff's next one after a decision: the longest-waiting other row.
    const oldest = first.rows[0]!
    expect(await nextWaiting(ctx, productDrafts, first.rows[1]!.id)).toBe(oldest.id)
    expect(await nextWaiting(ctx, productDrafts, oldest.id)).toBe(first.rows[1]!.id)
  })
})
