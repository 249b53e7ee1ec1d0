import { eq } from 'drizzle-orm'
import { PRODUCT_IMPORT_MESSAGES as M } from '#common/product-import.ts'
import type { JobHandler } from '../../../jobs/runner.ts'
import { type ImportMapping, suggestCategoryMapping, suggestParamMapping } from '../../catalog/import/mapping.ts'
import { IMPORT_MESSAGES as PARSER_MESSAGES } from '../../catalog/import/messages.ts'
import { categoriesOf, evaluateImport, paramsOf } from './imports.preview.ts'
import { productImports, productImportUploads } from './imports.table.ts'
import { parseUpload } from './parse-off-thread.ts'

export const PARSE_JOB = 'products.import.parse'

/**
 * Reads an uploaded file (in a thread of the parsing pool) into its preview: the offers, the
 * file's categories and characteristics with the suggested mapping, the counts. A file refused as
 * a whole (hostile XML, not a catalogue, an unreadable encoding) ends `failed` with the reason;
 * either way the stored upload goes. Running again (a retry after a crash) parses again.
 */
export const runParse: JobHandler = async (run) => {
  const importId = String(run.job.payload.importId)
  const [row] = await run.db.select().from(productImports).where(eq(productImports.id, importId))
  if (!row || row.status !== 'parsing') return { skipped: true }
  const [upload] = await run.db.select().from(productImportUploads).where(eq(productImportUploads.importId, importId))
  if (!upload) return fail(run, importId, M.parseFailed)

  let reported = 0
  let parsed: Awaited<ReturnType<typeof parseUpload>>
  try {
    parsed = await parseUpload(upload.bytes, row.fileName, (done, total) => {
      // A write per tenth of the file at most, whatever its size.
      if (done < total && done - reported < total / 10) return
      reported = done
      void run.progress(done, total).catch(() => {})
    })
  } catch {
    // The thread ran out of its heap, or died: this file fails (a retry would fail the same
    // way), the process goes on. Shutting down, the job goes back to the queue instead.
    run.stopIfAsked()
    return fail(run, importId, M.parseFailed)
  }

  // Refused as a whole: a file-level problem, or not one offer could be read (a broken file).
  const refusal =
    parsed.errors.find((e) => e.line === 0) ??
    (parsed.offers.length ? undefined : (parsed.errors[0] ?? { line: 0, message: PARSER_MESSAGES.noOffers }))
  if (refusal) return fail(run, importId, refusal.message)

  const categories = categoriesOf(parsed.categories, parsed.offers)
  const params = paramsOf(parsed.offers)
  const mapping: ImportMapping = {
    categories: suggestCategoryMapping(categories),
    params: suggestParamMapping(params),
  }
  const { counts, rowErrors } = await evaluateImport(run.db, row.organizationId, parsed.offers, parsed.errors, mapping)
  await run.db.transaction(async (tx) => {
    await tx
      .update(productImports)
      .set({
        status: 'preview',
        categories,
        params,
        offers: parsed.offers,
        fileErrors: parsed.errors,
        rowErrors,
        mapping,
        counts,
        updatedAt: new Date(),
      })
      .where(eq(productImports.id, importId))
    await tx.delete(productImportUploads).where(eq(productImportUploads.importId, importId))
  })
  return { offers: parsed.offers.length, errors: parsed.errors.length }
}

async function fail(run: Parameters<JobHandler>[0], importId: string, message: string) {
  await run.db.transaction(async (tx) => {
    await tx
      .update(productImports)
      .set({ status: 'failed', fileErrors: [{ line: 0, message }], updatedAt: new Date() })
      .where(eq(productImports.id, importId))
    await tx.delete(productImportUploads).where(eq(productImportUploads.importId, importId))
  })
  return { refused: message }
}
