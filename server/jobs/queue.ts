import { and, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { type JobRow, jobs } from './jobs.table.ts'

/**
 * The queue's statements, each usable inside the caller's transaction (`db` may be one): a job
 * enqueued there exists only if the caller's writes commit.
 */

export interface EnqueueOptions {
  /** A natural key (an import's id): the same kind and key again returns the job already queued. */
  key?: string
  maxAttempts?: number
  runAt?: Date
  total?: number
}

/** A queued job's row: its options with their defaults. */
const jobRow = (kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}) => ({
  kind,
  payload,
  key: options.key ?? null,
  maxAttempts: options.maxAttempts ?? 5,
  runAt: options.runAt ?? new Date(),
  progressTotal: options.total ?? 0,
})

export async function enqueueJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<JobRow> {
  const [created] = await db
    .insert(jobs)
    .values(jobRow(kind, payload, options))
    .onConflictDoNothing()
    .returning()
  if (created) return created
  const [existing] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.key, options.key ?? '')))
  if (!existing) throw new Error(`job ${kind} was neither created nor found`)
  return existing
}

/**
 * Queues several jobs of one kind in one statement; a key already queued is passed over (its job
 * stays as it is). For callers that need no job back: a burst of messages scheduling digests.
 */
export async function enqueueJobs(
  db: Db,
  kind: string,
  items: { payload: Record<string, unknown>; options?: EnqueueOptions }[],
): Promise<void> {
  if (!items.length) return
  await db
    .insert(jobs)
    .values(items.map(({ payload, options }) => jobRow(kind, payload, options)))
    .onConflictDoNothing()
}

/**
 * Takes the oldest due job of the given kinds for this worker, or nothing. A running job whose
 * holder has not been heard of for `leaseMs` (its process died) is due again. `SKIP LOCKED`
 * lets every other worker pass over the row being claimed instead of waiting for it.
 */
export async function claimJob(db: Db, workerId: string, kinds: string[], leaseMs: number): Promise<JobRow | null> {
  if (!kinds.length) return null
  const due = or(
    and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
    and(eq(jobs.status, 'running'), sql`${jobs.lockedAt} < now() - ${leaseMs} * interval '1 millisecond'`),
  )
  const next = sql`(select ${jobs.id} from ${jobs} where ${and(inArray(jobs.kind, kinds), due)}
    order by ${jobs.runAt} limit 1 for update skip locked)`
  const [claimed] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: workerId,
      lockedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, next))
    .returning()
  return claimed ?? null
}

/** Only the worker that holds the job writes its outcome: one that lost its lease is ignored. */
const heldBy = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? ''))

/** Marks the job done; false when this worker no longer holds it. */
export async function completeJob(db: Db, job: JobRow, result: unknown): Promise<boolean> {
  const done = await db
    .update(jobs)
    .set({
      status: 'done',
      result: result ?? null,
      lockedBy: null,
      lockedAt: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(heldBy(job))
    .returning({ id: jobs.id })
  return done.length > 0
}

/** The wait before attempt n + 1: base, 2 × base, 4 × base… at most an hour. */
export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 60 * 60_000)
}

/**
 * An attempt failed: the job waits its backoff and is tried again, or after its last attempt (or
 * when `permanent`: retrying cannot help) it stays `failed` with the error for staff to see.
 */
export async function failJob(
  db: Db,
  job: JobRow,
  error: string,
  options: { baseBackoffMs: number; permanent?: boolean },
): Promise<'retry' | 'failed'> {
  const last = options.permanent || job.attempts >= job.maxAttempts
  await db
    .update(jobs)
    .set(
      last
        ? {
            status: 'failed',
            lastError: error,
            lockedBy: null,
            lockedAt: null,
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
          }
        : {
            status: 'queued',
            lastError: error,
            lockedBy: null,
            lockedAt: null,
            runAt: sql`now() + ${backoffMs(job.attempts, options.baseBackoffMs)} * interval '1 millisecond'`,
            updatedAt: sql`now()`,
          },
    )
    .where(heldBy(job))
  return last ? 'failed' : 'retry'
}

/** Gives a job back unfinished (the process is stopping): the attempt does not count. */
export async function releaseJob(db: Db, job: JobRow): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedBy: null,
      lockedAt: null,
      updatedAt: sql`now()`,
    })
    .where(heldBy(job))
}

/** Progress the UI polls; writing it also renews the holder's lease. */
export async function reportProgress(db: Db, job: JobRow, done: number, total: number): Promise<void> {
  await db
    .update(jobs)
    .set({ progressDone: done, progressTotal: total, lockedAt: sql`now()`, updatedAt: sql`now()` })
    .where(heldBy(job))
}

export async function findJob(db: Db, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id))
  return row ?? null
}
