import { and, inArray, lt } from 'drizzle-orm'
import { endOfMoscowDay, moscowToday } from '#common/moscow-days.ts'
import type { Db } from '../../../db/client.ts'
import type { JobsService } from '../../../jobs/jobs.service.ts'
import type { UploadStore } from './imports.service.ts'
import { productImports } from './imports.table.ts'

/**
 * Uploads and previews are kept for a day: a preview holds the whole parsed file (up to 10 000
 * offers), and one left unconfirmed is of no use the next day. Imports that ran keep their row
 * (the outcome), without the offers. Recurring like identity's housekeeping: one run at the end of
 * each Moscow day, keyed by the date, each queueing the next; the server queues today's at start.
 */
export const IMPORT_CLEANUP_JOB = 'products.clean_imports'

/** What is older than this is removed; a `parsing` import older than it is stuck, not running. */
export const STALE_AFTER_MS = 24 * 60 * 60_000

export async function removeStaleImports(db: Db, uploads: UploadStore, now: Date = new Date()) {
  const before = new Date(now.getTime() - STALE_AFTER_MS)
  const removed = await db
    .delete(productImports)
    .where(and(inArray(productImports.status, ['parsing', 'preview', 'failed']), lt(productImports.createdAt, before)))
    .returning({ id: productImports.id })
  // An upload whose job never finished (a crash between parsing and removing it) goes with its row.
  for (const { id } of removed) await uploads.delete('imports', id)
  // A finished import's outcome stays; the offers it was made from go.
  const spent = await db
    .update(productImports)
    .set({ offers: [] })
    .where(and(inArray(productImports.status, ['done']), lt(productImports.updatedAt, before)))
    .returning({ id: productImports.id })
  return { previews: removed.length, offersDropped: spent.length }
}

export function createImportCleanup(deps: { jobs: Pick<JobsService, 'register' | 'enqueue'>; uploads: UploadStore }) {
  const schedule = (db: Db, date: string) =>
    deps.jobs.enqueue(db, IMPORT_CLEANUP_JOB, { date }, { key: date, runAt: endOfMoscowDay(date), maxAttempts: 3 })

  deps.jobs.register(IMPORT_CLEANUP_JOB, async (run) => {
    const removed = await removeStaleImports(run.db, deps.uploads)
    await schedule(run.db, moscowToday())
    return removed
  })

  return {
    scheduleToday: (db: Db) => schedule(db, moscowToday()).then(() => undefined),
  }
}
