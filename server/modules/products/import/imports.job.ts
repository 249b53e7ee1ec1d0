import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { PRODUCT_MESSAGES } from '#common/products.ts'
import { type Ctx, ctxForUser, withDb } from '../../../context.ts'
import type { Db } from '../../../db/client.ts'
import { AppError } from '../../../errors.ts'
import type { JobHandler } from '../../../jobs/runner.ts'
import { loadSelectedOrganization } from '../../organizations/index.ts'
import { vendorScope } from '../products.access.ts'
import { PRODUCT_IMPORT_MESSAGES } from '#common/product-import.ts'
import { queuePictures, startPictures } from './imports.pictures.ts'
import type { JobsService } from '../../../jobs/jobs.service.ts'
import { type ImportOutcome, type ImportRow, productImports } from './imports.table.ts'
import { writeBatch } from './imports.write.ts'

export const IMPORT_JOB = 'products.run_import'
/**
 * Offers per transaction: requests get their turn between batches. On PGlite a batch holds the
 * one connection (and, its queries answering at once, the event loop) for its whole duration:
 * 100 updates take 40–90 ms on the benchmark's machine.
 */
export const IMPORT_BATCH_SIZE = 100

/**
 * The import acts for the vendor who started it, as their request in the organization they
 * imported into would: if they have left it or it is no longer a vendor, the job fails.
 */
async function ctxOfImport(db: Db, row: ImportRow): Promise<Ctx> {
  const ctx = await ctxForUser(db, row.userId, { requestId: `job:${IMPORT_JOB}:${row.id}` })
  const organization = await loadSelectedOrganization(db, row.userId, row.organizationId)
  if (!organization) throw new AppError('forbidden', PRODUCT_MESSAGES.noOrganization)
  return { ...ctx, organization }
}

/**
 * Writes an import's offers as drafts in batches, each batch in its own transaction together with
 * how far it got, so a job resumed after a restart or a failed attempt goes on where it stopped;
 * then queues the job that fetches the pictures of the drafts that have none (imports.pictures.ts).
 */
export const createImportJob =
  (jobs: Pick<JobsService, 'enqueue'>): JobHandler =>
  async (run) => {
    const importId = String(run.job.payload.importId)
    const [row] = await run.db.select().from(productImports).where(eq(productImports.id, importId))
    if (!row) throw new AppError('not_found', PRODUCT_IMPORT_MESSAGES.notFound)
    const ctx = await ctxOfImport(run.db, row)
    const scope = vendorScope(ctx)
    const offers = row.offers
    const outcome: ImportOutcome = row.outcome ?? { processed: 0, created: 0, updated: 0, skipped: [] }
    await run.progress(outcome.processed, offers.length)
    while (outcome.processed < offers.length) {
      run.stopIfAsked()
      const batch = offers.slice(outcome.processed, outcome.processed + IMPORT_BATCH_SIZE)
      const next = structuredClone(outcome)
      await ctx.db.transaction(async (tx) => {
        const wanting = await writeBatch(withDb(ctx, tx), scope.organizationId, batch, row.mapping, next)
        await queuePictures(tx, row.id, next, wanting)
        next.processed += batch.length
        await tx
          .update(productImports)
          .set({ outcome: next, updatedAt: new Date() })
          .where(eq(productImports.id, row.id))
      })
      Object.assign(outcome, next)
      await run.progress(outcome.processed, offers.length)
      await yieldToRequests()
    }
    // The pictures' step is a job of its own, queued behind what else is due.
    if (outcome.pictures?.total) {
      await run.commit((tx) => startPictures(tx, jobs, row.id, outcome))
      return { created: outcome.created, updated: outcome.updated, skipped: outcome.skipped.length, pictures: true }
    }
    await run.db
      .update(productImports)
      .set({ status: 'done', outcome, updatedAt: new Date() })
      .where(eq(productImports.id, row.id))
    return { created: outcome.created, updated: outcome.updated, skipped: outcome.skipped.length }
  }
