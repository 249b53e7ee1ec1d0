import { eq, sql } from 'drizzle-orm'
import { PRODUCT_IMPORT_MESSAGES as M } from '#common/product-import.ts'
import type { JobHandler } from '../../../jobs/runner.ts'
import { countImport } from './imports.preview.ts'
import type { UploadStore } from './imports.service.ts'
import { productImports } from './imports.table.ts'
import { parseUpload } from './parse-off-thread.ts'

export const PARSE_JOB = 'products.parse_import'

/**
 * Reads an uploaded file (in a thread of the parsing pool) into its preview: the offers, the
 * file's categories and characteristics with the suggested mapping, the counts (the catalogue's
 * products with the file's SKUs are looked up here). A file refused as a whole (hostile XML, not
 * a catalogue, an unreadable encoding) ends `failed` with the reason. Either way the stored upload
 * goes (a crash in between leaves it to the daily clean-up); a retry after a crash parses again.
 */
export const createParseJob =
  (uploads: UploadStore): JobHandler =>
  async (run) => {
    const importId = String(run.job.payload.importId)
    const [row] = await run.db.select().from(productImports).where(eq(productImports.id, importId))
    if (!row || row.status !== 'parsing') return { skipped: true }
    const bytes = await uploads.get('imports', importId).catch(() => null)
    if (!bytes) return fail(run, uploads, importId, M.parseFailed)

    let reported = 0
    let finished = false
    // The progress writes, one after another, so that an earlier one never lands last.
    let writes = Promise.resolve()
    let parsed: Awaited<ReturnType<typeof parseUpload>>
    try {
      parsed = await parseUpload(bytes, row.fileName, (done, total) => {
        // A write per tenth of the file at most, whatever its size; none once the result is in.
        if (finished || (done < total && done - reported < total / 10)) return
        reported = done
        writes = writes.then(() => run.progress(done, total)).catch(() => {})
      })
      // The whole file read, written before the preview. The thread's reports travel apart from
      // its result and may come after it: the result's own size is what is written last.
      finished = true
      await writes
      if (parsed.size > 0) await run.progress(parsed.size, parsed.size)
    } catch {
      // The thread ran out of its heap, or died: this file fails (a retry would fail the same
      // way), the process goes on. Shutting down, the job goes back to the queue instead.
      run.stopIfAsked()
      return fail(run, uploads, importId, M.parseFailed)
    }

    if (parsed.refusal !== undefined) return fail(run, uploads, importId, parsed.refusal)

    const { counts, rowErrors } = await countImport(run.db, row.organizationId, parsed.evaluation, parsed.fileErrors)
    await run.db
      .update(productImports)
      .set({
        status: 'preview',
        categories: parsed.categories,
        params: parsed.params,
        // The thread's JSON as it is: nothing the size of the file is written out on the event loop.
        offers: sql`${parsed.offersJson}::jsonb`,
        fileErrors: parsed.fileErrors,
        rowErrors,
        mapping: parsed.mapping,
        counts,
        updatedAt: new Date(),
      })
      .where(eq(productImports.id, importId))
    await uploads.delete('imports', importId)
    return { offers: counts.offers, errors: counts.withErrors }
  }

async function fail(run: Parameters<JobHandler>[0], uploads: UploadStore, importId: string, message: string) {
  await run.db
    .update(productImports)
    .set({ status: 'failed', fileErrors: [{ line: 0, message }], updatedAt: new Date() })
    .where(eq(productImports.id, importId))
  await uploads.delete('imports', importId)
  return { refused: message }
}
