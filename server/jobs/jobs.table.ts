import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/** Where a job stands: waiting (maybe for a retry), being run, finished, or given up (dead letter). */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/**
 * The one queue of background work (decision 021). A worker claims a due row with
 * `FOR UPDATE SKIP LOCKED`, so any number of app instances run each job once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which handler runs it: `products.import`. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    /** A natural key: enqueuing the same key again finds the job already there. */
    key: text('key'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Not before: a retry waits here with its backoff. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who holds a running job and since when: a holder silent past the lease is presumed dead. */
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    result: jsonb('result').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // What a worker's claim reads: the due jobs of the queue, oldest first.
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_status_idx').on(t.status, t.updatedAt),
    uniqueIndex('jobs_key_idx')
      .on(t.kind, t.key)
      .where(sql`${t.key} is not null`),
  ],
)

export type JobRow = typeof jobs.$inferSelect
