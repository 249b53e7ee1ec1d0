import { setTimeout as sleep } from 'node:timers/promises'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { useTestApp } from '../testing/app.ts'
import { createTestUser } from '../testing/auth.ts'
import { BACKENDS, openTestDatabase } from '../testing/database.ts'
import { jobs } from './jobs.table.ts'
import { backoffMs, claimJob, enqueueJob, findJob } from './queue.ts'
import { createJobRunner, type JobHandler } from './runner.ts'

const quiet = () => {}

describe.each(BACKENDS)('the job queue on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(async () => {
    await database?.close()
  })

  const runner = (handlers: Record<string, JobHandler>, options: { baseBackoffMs?: number; leaseMs?: number } = {}) => {
    const r = createJobRunner({ db: database.db, log: quiet, pollMs: 20, ...options })
    for (const [kind, handler] of Object.entries(handlers)) r.register(kind, handler)
    return r
  }

  it('enqueues in the caller’s transaction: rolled back with it, nothing is left to run', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test.rollback', { n: 1 })
        throw new Error('the caller’s write failed')
      }),
    ).rejects.toThrow('the caller’s write failed')
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'test.rollback'))).toEqual([])

    await database.db.transaction((tx) => enqueueJob(tx, 'test.rollback', { n: 2 }))
    const kept = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.rollback'))
    expect(kept.map((j) => j.payload)).toEqual([{ n: 2 }])
  })

  it('returns the job already queued for the same key instead of a second one', async () => {
    const first = await enqueueJob(database.db, 'test.keyed', {}, { key: 'import-1' })
    const again = await enqueueJob(database.db, 'test.keyed', {}, { key: 'import-1' })
    expect(again.id).toBe(first.id)
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'test.keyed'))).toHaveLength(1)
  })

  it('runs each job once when two workers race for them', async () => {
    const runs = new Map<string, number>()
    const handler: JobHandler = async ({ job }) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1)
      await sleep(5) // long enough for the other worker to try the same row
    }
    const ids: string[] = []
    for (let i = 0; i < 12; i++) ids.push((await enqueueJob(database.db, 'test.race', { i })).id)
    const a = runner({ 'test.race': handler })
    const b = runner({ 'test.race': handler })
    const [byA, byB] = await Promise.all([a.runUntilIdle(), b.runUntilIdle()])
    expect(byA + byB).toBe(12)
    expect([...runs.keys()].sort()).toEqual([...ids].sort())
    expect([...runs.values()].every((n) => n === 1)).toBe(true)
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.race'))
    expect(rows.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true)
    if (backend === 'postgres') expect(byA).toBeGreaterThan(0) // both really worked: a real pool
  })

  it('retries with a doubling backoff, then keeps the job as failed with its last error', async () => {
    let calls = 0
    const r = runner(
      {
        'test.flaky': async () => {
          calls++
          throw new Error(`сбой ${calls}`)
        },
      },
      { baseBackoffMs: 300 },
    )
    const { id } = await enqueueJob(database.db, 'test.flaky', {}, { maxAttempts: 3 })
    const waitOf = async () => {
      const [row] = await database.db
        .select({ ms: sql<number>`(extract(epoch from ${jobs.runAt} - ${jobs.updatedAt}) * 1000)::int` })
        .from(jobs)
        .where(eq(jobs.id, id))
      return row!.ms
    }

    expect(await r.runOnce()).toBe(true)
    expect(await findJob(database.db, id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'сбой 1' })
    expect(await waitOf()).toBe(300)
    // Not due yet: nothing is claimed before the backoff is over.
    expect(await r.runOnce()).toBe(false)
    await sleep(320)
    expect(await r.runOnce()).toBe(true)
    expect(await findJob(database.db, id)).toMatchObject({ status: 'queued', attempts: 2, lastError: 'сбой 2' })
    expect(await waitOf()).toBe(600)
    await sleep(620)
    expect(await r.runOnce()).toBe(true)
    const dead = await findJob(database.db, id)
    expect(dead).toMatchObject({ status: 'failed', attempts: 3, lastError: 'сбой 3' })
    expect(dead!.finishedAt).toBeInstanceOf(Date)
    // The dead letter stays there: no worker takes it again.
    expect(await r.runOnce()).toBe(false)
    expect(calls).toBe(3)
    expect([1, 2, 3, 20].map((n) => backoffMs(n, 1000))).toEqual([1000, 2000, 4000, 3_600_000])
  })

  it('shows progress while the job runs and keeps the final figures', async () => {
    const seen: unknown[] = []
    const r = runner({
      'test.progress': async ({ job, progress, db }) => {
        await progress(4, 10)
        const now = await findJob(db, job.id)
        seen.push({ status: now!.status, done: now!.progressDone, total: now!.progressTotal })
        await progress(10, 10)
        return { written: 10 }
      },
    })
    const { id } = await enqueueJob(database.db, 'test.progress', {}, { total: 10 })
    await r.runUntilIdle()
    expect(seen).toEqual([{ status: 'running', done: 4, total: 10 }])
    expect(await findJob(database.db, id)).toMatchObject({
      status: 'done',
      progressDone: 10,
      progressTotal: 10,
      result: { written: 10 },
    })
  })

  it('claims again a job whose worker went silent past its lease', async () => {
    const { id } = await enqueueJob(database.db, 'test.orphan', {})
    const dead = await claimJob(database.db, 'worker:gone', ['test.orphan'], 60_000)
    expect(dead?.id).toBe(id)
    // Within the lease nobody else takes it…
    expect(await claimJob(database.db, 'worker:other', ['test.orphan'], 60_000)).toBeNull()
    await sleep(30)
    // …after it, another worker does.
    const again = await claimJob(database.db, 'worker:other', ['test.orphan'], 10)
    expect(again).toMatchObject({ id, attempts: 2, lockedBy: 'worker:other' })
  })

  it('writes a job’s effects with its completion: a worker that lost its lease changes nothing', async () => {
    const effects = () => database.db.select().from(jobs).where(eq(jobs.kind, 'test.effect'))
    let letGo!: () => void
    const stalled = new Promise<void>((resolve) => (letGo = resolve))
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    const handler =
      (stall: boolean): JobHandler =>
      async (run) => {
        if (stall) {
          started()
          await stalled // a long pause: the lease runs out and another worker takes the job over
        }
        return run.commit(async (tx) => {
          await enqueueJob(tx, 'test.effect', { by: stall ? 'first' : 'second' })
          return { sent: 1 }
        })
      }
    const job = await enqueueJob(database.db, 'test.effectful', {})
    const first = runner({ 'test.effectful': handler(true) }, { leaseMs: 60_000 })
    const firstRun = first.runOnce()
    await running
    await database.db
      .update(jobs)
      .set({ lockedAt: sql`now() - interval '2 minutes'` })
      .where(eq(jobs.id, job.id))
    const second = runner({ 'test.effectful': handler(false) }, { leaseMs: 60_000 })
    expect(await second.runOnce()).toBe(true)
    letGo()
    expect(await firstRun).toBe(true)

    expect((await effects()).map((row) => row.payload)).toEqual([{ by: 'second' }])
    const done = await findJob(database.db, job.id)
    expect(done).toMatchObject({ status: 'done', result: { sent: 1 }, attempts: 2 })
  })

  it('on stop, gives the running job back to the queue without counting the attempt', async () => {
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    const r = runner({
      'test.long': async ({ stopIfAsked }) => {
        started()
        for (;;) {
          stopIfAsked()
          await sleep(5)
        }
      },
    })
    const { id } = await enqueueJob(database.db, 'test.long', {})
    r.start()
    await running
    await r.stop()
    expect(await findJob(database.db, id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null })
  })
})

describe.each(BACKENDS)('failed jobs for staff on %s', (backend) => {
  let app: FastifyInstance
  let database: Database
  useTestApp(backend, (started) => {
    app = started.app
    database = started.database
  })

  it('lists the dead letter to staff only', async () => {
    const staff = await createTestUser(database.db, { isStaff: true })
    const user = await createTestUser(database.db)
    const { id } = await enqueueJob(database.db, 'test.staff', {})
    await database.db.update(jobs).set({ status: 'failed', lastError: 'нет связи', attempts: 5 }).where(eq(jobs.id, id))
    const get = (cookie?: string) =>
      app.inject({ method: 'GET', url: '/api/v1/staff/jobs?status=failed', headers: cookie ? { cookie } : {} })
    expect((await get()).statusCode).toBe(401)
    expect((await get(user.cookie)).statusCode).toBe(403)
    const res = await get(staff.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toContainEqual(expect.objectContaining({ id, status: 'failed', lastError: 'нет связи' }))
    expect(res.json().meta.total).toBe(1)
  })
})
