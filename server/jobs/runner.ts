import { randomUUID } from 'node:crypto'
import { isAppError } from '../errors.ts'
import type { Db } from '../db/client.ts'
import type { JobRow } from './jobs.table.ts'
import { claimJob, completeJob, failJob, releaseJob, reportProgress } from './queue.ts'

/** What a handler gets: its job, the database, a signal that the process is stopping, progress. */
export interface JobRun {
  job: JobRow
  db: Db
  /** Aborted on shutdown: a handler checks it between batches and calls `stopIfAsked()`. */
  signal: AbortSignal
  progress(done: number, total: number): Promise<void>
  /** Throws when shutting down, so the job goes back to the queue and resumes on the next start. */
  stopIfAsked(): void
  /**
   * The job's writes (e-mails into the outbox, the next job queued, marks) and its completion in
   * one transaction, which commits only while this worker still holds the job. A worker that lost
   * its lease (it stalled, another took the job over) has its writes rolled back, and a job re-run
   * after a crash finds nothing half done: its effects happen once. Returns what `work` returned.
   */
  commit<T>(work: (tx: Db) => Promise<T>): Promise<T>
}

export type JobHandler = (run: JobRun) => Promise<unknown>

class JobInterrupted extends Error {}

/** The job was taken over by another worker while this one ran it: its result is not this one's to write. */
class LeaseLost extends Error {}

export interface RunnerOptions {
  db: Db
  log: (msg: string, err?: unknown) => void
  /** Jobs run at once by this process. */
  concurrency?: number
  /** How often an idle worker looks for due jobs (other instances' jobs, retries coming due). */
  pollMs?: number
  /** A running job not heard of for this long is presumed orphaned and claimed again. */
  leaseMs?: number
  /** The first retry's wait; it doubles with each attempt. */
  baseBackoffMs?: number
}

/**
 * Workers of this process over the shared queue. Handlers are registered by kind; only jobs of
 * registered kinds are claimed, so instances with different handler sets share one table.
 */
export function createJobRunner(options: RunnerOptions) {
  const { db, log } = options
  const concurrency = options.concurrency ?? 1
  const pollMs = options.pollMs ?? 1000
  const leaseMs = options.leaseMs ?? 5 * 60_000
  const baseBackoffMs = options.baseBackoffMs ?? 5_000
  const workerId = `worker:${randomUUID()}`
  const handlers = new Map<string, JobHandler>()
  let stopping = new AbortController()
  let loops: Promise<void>[] = []
  const sleepers = new Set<() => void>()

  function wake() {
    for (const resolve of sleepers) resolve()
    sleepers.clear()
  }

  function nap(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, pollMs)
      function done() {
        clearTimeout(timer)
        sleepers.delete(done)
        resolve()
      }
      sleepers.add(done)
    })
  }

  /** Claims one due job and runs it; false when there was none. */
  async function runOnce(): Promise<boolean> {
    const job = await claimJob(db, workerId, [...handlers.keys()], leaseMs)
    if (!job) return false
    const signal = stopping.signal
    let committed = false
    const run: JobRun = {
      job,
      db,
      signal,
      progress: (done, total) => reportProgress(db, job, done, total),
      stopIfAsked() {
        if (signal.aborted) throw new JobInterrupted('stopping')
      },
      commit(work) {
        return db.transaction(async (tx) => {
          const result = await work(tx)
          if (!(await completeJob(tx, job, result))) throw new LeaseLost(`job ${job.id} is held by another worker`)
          committed = true
          return result
        })
      },
    }
    try {
      const result = await handlers.get(job.kind)!(run)
      if (!committed) await completeJob(db, job, result)
    } catch (error) {
      if (error instanceof JobInterrupted) {
        await releaseJob(db, job)
        return true
      }
      if (error instanceof LeaseLost) {
        log(`job ${job.kind} ${job.id}: its lease was lost, its writes were rolled back`)
        return true
      }
      // A refusal by the rules (the user left the organization) will not change on a retry.
      const permanent = isAppError(error) && error.kind !== 'rate_limited'
      const message = error instanceof Error ? error.message : String(error)
      const outcome = await failJob(db, job, message, { baseBackoffMs, permanent })
      log(`job ${job.kind} ${job.id} failed (attempt ${job.attempts}, ${outcome})`, error)
    }
    return true
  }

  async function loop(signal: AbortSignal) {
    while (!signal.aborted) {
      let ran = false
      try {
        ran = await runOnce()
      } catch (error) {
        log('job queue unreachable', error)
      }
      if (!ran && !signal.aborted) await nap()
    }
  }

  return {
    workerId,
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler)
    },
    runOnce,
    /** Runs due jobs until none is left (tests, scripts, the benchmark). */
    async runUntilIdle(): Promise<number> {
      let count = 0
      while (await runOnce()) count++
      return count
    },
    /** Look now rather than at the next poll: a job was just committed by this process. */
    wake,
    start() {
      if (loops.length) return
      stopping = new AbortController()
      loops = Array.from({ length: concurrency }, () => loop(stopping.signal))
    },
    /** Stops claiming; a running job finishes its batch and goes back to the queue. */
    async stop() {
      stopping.abort()
      wake()
      await Promise.all(loops)
      loops = []
    },
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>
