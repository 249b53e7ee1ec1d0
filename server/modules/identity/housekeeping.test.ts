import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { addDays, moscowToday } from '#common/moscow-days.ts'
import type { Database } from '../../db/client.ts'
import { jobs } from '../../jobs/jobs.table.ts'
import { useTestApp } from '../../testing/app.ts'
import { createTestUser } from '../../testing/auth.ts'
import { BACKENDS } from '../../testing/database.ts'
import { HOUSEKEEPING_JOB } from './housekeeping.ts'
import { emailLinks, knownDevices, passwordResets, sessions } from './identity.table.ts'

const DAY = 24 * 60 * 60_000

describe.each(BACKENDS)('identity housekeeping on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  useTestApp(backend, (started) => {
    database = started.database
    app = started.app
  })

  it('removes expired sessions, devices, resets and week-old links, keeps the rest, and runs again the next day', async () => {
    const db = database.db
    const user = await createTestUser(db)
    const now = Date.now()
    const ago = (ms: number) => new Date(now - ms)
    const later = (ms: number) => new Date(now + ms)
    const tag = randomUUID().slice(0, 8)

    await db.insert(sessions).values([
      { id: `expired-${tag}`, userId: user.id, expiresAt: ago(1000) },
      // Idle far longer than any policy allows.
      { id: `idle-${tag}`, userId: user.id, expiresAt: later(DAY), lastSeenAt: ago(60 * DAY) },
    ])
    await db.insert(knownDevices).values([
      { tokenHash: `old-device-${tag}`, userId: user.id, expiresAt: ago(1000) },
      { tokenHash: `device-${tag}`, userId: user.id, expiresAt: later(DAY) },
    ])
    await db.insert(passwordResets).values([
      { tokenHash: `old-reset-${tag}`, userId: user.id, expiresAt: ago(1000) },
      { tokenHash: `reset-${tag}`, userId: user.id, expiresAt: later(DAY) },
    ])
    const link = (hash: string, createdAt: Date) => ({
      tokenHash: hash,
      purpose: 'register' as const,
      email: `${hash}@example.test`,
      name: 'Никто Не Открыл',
      passwordHash: 'x',
      createdAt,
      expiresAt: new Date(createdAt.getTime() + DAY),
    })
    // A change may be undone for a week: a six-day-old link stays.
    await db.insert(emailLinks).values([link(`old-link-${tag}`, ago(8 * DAY)), link(`link-${tag}`, ago(6 * DAY))])

    // Yesterday's run, as the end of that Moscow day would start it.
    const yesterday = addDays(moscowToday(), -1)
    await app.services.jobs.enqueue(db, HOUSEKEEPING_JOB, { date: yesterday }, { key: yesterday })
    await app.services.jobs.runUntilIdle()

    const hashes = (rows: { tokenHash: string }[]) => rows.map((r) => r.tokenHash).sort()
    const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))
    expect(left.map((s) => s.id)).not.toContain(`expired-${tag}`)
    expect(left.map((s) => s.id)).not.toContain(`idle-${tag}`)
    expect(left).toHaveLength(1) // the live one createTestUser made
    expect(hashes(await db.select().from(knownDevices).where(eq(knownDevices.userId, user.id)))).toEqual([
      `device-${tag}`,
    ])
    expect(hashes(await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id)))).toEqual([
      `reset-${tag}`,
    ])
    const links = await db
      .select()
      .from(emailLinks)
      .where(inArray(emailLinks.tokenHash, [`old-link-${tag}`, `link-${tag}`]))
    expect(hashes(links)).toEqual([`link-${tag}`])

    // The run queued today's; the server starting (once or twice) queues the same one.
    await app.services.identity.scheduleHousekeeping(db)
    await app.services.identity.scheduleHousekeeping(db)
    const queued = await db.select().from(jobs).where(eq(jobs.kind, HOUSEKEEPING_JOB))
    expect(queued.filter((j) => j.key === moscowToday())).toHaveLength(1)
    expect(queued.find((j) => j.key === yesterday)?.status).toBe('done')
  })
})
