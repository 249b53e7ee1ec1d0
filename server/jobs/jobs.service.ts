import { desc, eq } from 'drizzle-orm'
import { RU } from '#common/messages.ts'
import { STAFF_PAGE_SIZE } from '#common/staff.ts'
import { type Ctx, requireStaff } from '../context.ts'
import type { Db } from '../db/client.ts'
import { countRows, pageQuery } from '../db/pages.ts'
import { AppError } from '../errors.ts'
import { JOB_STATUSES, type JobRow, type JobStatus, jobs } from './jobs.table.ts'
import { type EnqueueOptions, enqueueJob, enqueueJobs, findJob } from './queue.ts'
import { createJobRunner, type JobHandler, type RunnerOptions } from './runner.ts'

/** A job as its starter's page and staff see it. */
export function toJobView(job: JobRow) {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    progress: { done: job.progressDone, total: job.progressTotal },
    lastError: job.lastError,
    runAt: job.runAt,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    finishedAt: job.finishedAt,
  }
}
export type JobView = ReturnType<typeof toJobView>

/**
 * The app's one background queue (decision 021). Modules register a handler per kind when their
 * service is built and enqueue inside their own transactions; `start` runs this process's workers.
 */
export function createJobsService(options: RunnerOptions & { workers: number }) {
  const runner = createJobRunner({ ...options, concurrency: Math.max(1, options.workers) })
  return {
    register(kind: string, handler: JobHandler) {
      runner.register(kind, handler)
    },
    /** In the caller's transaction when `db` is one: the job exists only if that commits. */
    enqueue(db: Db, kind: string, payload: Record<string, unknown>, opts?: EnqueueOptions) {
      return enqueueJob(db, kind, payload, opts)
    },
    /** Several of one kind in one statement, nothing answered; keys already queued are passed over. */
    enqueueMany(db: Db, kind: string, items: { payload: Record<string, unknown>; options?: EnqueueOptions }[]) {
      return enqueueJobs(db, kind, items)
    },
    /** After the enqueuing transaction committed: a worker of this process looks at once. */
    wake: runner.wake,
    find: (db: Db, id: string) => findJob(db, id),
    start() {
      if (options.workers > 0) runner.start()
    },
    stop: runner.stop,
    runOnce: runner.runOnce,
    runUntilIdle: runner.runUntilIdle,

    /** Staff: jobs by status, newest first; `failed` is the dead letter to look into. */
    async listForStaff(ctx: Ctx, query: { status?: string; page?: number }) {
      requireStaff(ctx)
      const status = (query.status ?? 'failed') as JobStatus
      if (!JOB_STATUSES.includes(status))
        throw new AppError('invalid', RU.invalidRequest, { status: `Одно из: ${JOB_STATUSES.join(', ')}` })
      const page = Math.min(10_000, Math.max(1, Math.floor(Number(query.page ?? 1)) || 1))
      const where = eq(jobs.status, status)
      const { rows, ...counted } = await pageQuery(
        ctx.db.select().from(jobs).where(where).orderBy(desc(jobs.updatedAt), desc(jobs.id)).$dynamic(),
        { page, pageSize: STAFF_PAGE_SIZE },
        countRows(ctx.db, jobs, where),
      )
      return { items: rows.map(toJobView), ...counted }
    },
  }
}

export type JobsService = ReturnType<typeof createJobsService>
