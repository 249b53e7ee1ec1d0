import { and, eq, getTableColumns } from 'drizzle-orm'
import { isLeafCategory } from '#common/catalog/categories.ts'
import { getAttribute } from '#common/catalog/attributes.ts'
import { RU } from '#common/messages.ts'
import {
  IMPORT_LIMITS,
  ImportMappingInput,
  ImportViewQuery,
  PRODUCT_IMPORT_MESSAGES as M,
} from '#common/product-import.ts'
import { type Ctx, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import type { JobsService } from '../../../jobs/jobs.service.ts'
import { parse, parseId } from '../../../parse.ts'
import { type ImportMapping, suggestCategoryMapping, suggestParamMapping } from '../../catalog/import/mapping.ts'
import { IMPORT_MESSAGES as PARSER_MESSAGES } from '../../catalog/import/messages.ts'
import { vendorScope } from '../products.access.ts'
import { IMPORT_JOB, runImport } from './imports.job.ts'
import { parseUpload } from './parse-off-thread.ts'
import { categoriesOf, evaluateImport, paramsOf } from './imports.preview.ts'
import { type ImportRow, productImports } from './imports.table.ts'

/** Skipped rows the page lists after an import; the count says how many there were in all. */
const SKIPPED_SHOWN = 200

// Everything but the offers: the page polls the import while it runs and needs none of them.
const { offers: _offers, ...viewColumns } = getTableColumns(productImports)
type ImportSummary = Omit<ImportRow, 'offers'>

/**
 * Loading a catalogue file into the seller cabinet: upload (parsed at once, nothing written but
 * the upload itself), a preview with the suggested mapping, the vendor's mapping, and the import
 * in the job queue. Everything is the selected organization's; another's import is not found.
 */
export function createImportsService(deps: { jobs: JobsService }) {
  deps.jobs.register(IMPORT_JOB, runImport)

  async function findOwn(ctx: Ctx, organizationId: string, id: string): Promise<ImportSummary> {
    const [row] = await ctx.db
      .select(viewColumns)
      .from(productImports)
      .where(and(eq(productImports.id, parseId(id, M.notFound)), eq(productImports.organizationId, organizationId)))
    if (!row) throw new AppError('not_found', M.notFound)
    return row
  }

  async function view(ctx: Ctx, row: ImportSummary, errorsPage = 1) {
    const job = row.jobId ? await deps.jobs.find(ctx.db, row.jobId) : null
    const failed = row.status === 'importing' && job?.status === 'failed'
    const errors = [...row.fileErrors, ...row.rowErrors].sort((a, b) => a.line - b.line)
    const pageSize = IMPORT_LIMITS.errorsPageSize
    const outcome = row.outcome
    return {
      id: row.id,
      fileName: row.fileName,
      fileSize: row.fileSize,
      status: failed ? ('failed' as const) : row.status,
      createdAt: row.createdAt,
      counts: row.counts,
      // A parent category without offers of its own needs no choice.
      categories: row.categories.filter((c) => c.offers > 0).map((c) => ({ id: c.id, name: c.name, offers: c.offers })),
      params: row.params,
      mapping: {
        categories: row.mapping.categories,
        params: row.mapping.params as Record<string, string | null>,
        defaultVatRate: row.mapping.defaultVatRate ?? null,
      },
      errors: {
        items: errors.slice((errorsPage - 1) * pageSize, errorsPage * pageSize),
        total: errors.length,
        page: errorsPage,
        pageSize,
      },
      progress: job ? { done: job.progressDone, total: job.progressTotal || row.counts.offers } : null,
      outcome: outcome && {
        created: outcome.created,
        updated: outcome.updated,
        skippedTotal: outcome.skipped.length,
        skipped: outcome.skipped.slice(0, SKIPPED_SHOWN),
      },
      failure: failed ? M.failed : null,
    }
  }

  /** The vendor's mapping, checked against the catalogue: only leaf categories, only our characteristics. */
  function toMapping(input: unknown, current: ImportMapping): ImportMapping {
    const parsed = parse(ImportMappingInput, input ?? {})
    const fields: Record<string, string> = {}
    for (const [id, slug] of Object.entries(parsed.categories))
      if (slug !== null && !isLeafCategory(slug)) fields[`categories.${id}`] = M.notLeaf
    for (const [name, code] of Object.entries(parsed.params))
      if (code !== null && !getAttribute(code)) fields[`params.${name}`] = M.unknownAttribute
    if (Object.keys(fields).length) throw new AppError('invalid', RU.invalidRequest, fields)
    return {
      categories: { ...current.categories, ...parsed.categories },
      params: { ...current.params, ...parsed.params } as ImportMapping['params'],
      defaultVatRate:
        parsed.defaultVatRate === undefined ? current.defaultVatRate : (parsed.defaultVatRate ?? undefined),
    }
  }

  /** The vendor changed the mapping: the counts and the rows' errors are worked out again. */
  async function saveMapping(ctx: Ctx, id: string, input: unknown) {
    const scope = vendorScope(ctx)
    const current = await findOwn(ctx, scope.organizationId, id)
    if (current.status !== 'preview') throw new AppError('conflict', M.alreadyStarted)
    const mapping = toMapping(input, current.mapping)
    const [{ offers, fileErrors }] = (await ctx.db
      .select({ offers: productImports.offers, fileErrors: productImports.fileErrors })
      .from(productImports)
      .where(eq(productImports.id, current.id))) as [Pick<ImportRow, 'offers' | 'fileErrors'>]
    const { counts, rowErrors } = await evaluateImport(ctx.db, scope.organizationId, offers, fileErrors, mapping)
    const [row] = await ctx.db
      .update(productImports)
      .set({ mapping, counts, rowErrors, updatedAt: new Date() })
      .where(and(eq(productImports.id, current.id), eq(productImports.status, 'preview')))
      .returning(viewColumns)
    if (!row) throw new AppError('conflict', M.alreadyStarted)
    return view(ctx, row)
  }

  return {
    /**
     * Reads an uploaded file and keeps what it holds for the preview. A file refused as a whole
     * (hostile XML, not a catalogue, an unreadable encoding, too big) is a 400 with the reason and
     * leaves nothing behind.
     */
    async upload(ctx: Ctx, file: { fileName: string; bytes: Uint8Array }) {
      const scope = vendorScope(ctx)
      const parsed = await parseUpload(file.bytes, file.fileName)
      // Refused as a whole: a file-level problem, or not one offer could be read (a broken file).
      const refusal =
        parsed.errors.find((e) => e.line === 0) ??
        (parsed.offers.length ? undefined : (parsed.errors[0] ?? { line: 0, message: PARSER_MESSAGES.noOffers }))
      if (refusal) {
        throw new AppError('invalid', refusal.message, { file: refusal.message })
      }
      const categories = categoriesOf(parsed.categories, parsed.offers)
      const params = paramsOf(parsed.offers)
      const mapping: ImportMapping = {
        categories: suggestCategoryMapping(categories),
        params: suggestParamMapping(params),
      }
      const { counts, rowErrors } = await evaluateImport(
        ctx.db,
        scope.organizationId,
        parsed.offers,
        parsed.errors,
        mapping,
      )
      const [row] = await ctx.db
        .insert(productImports)
        .values({
          organizationId: scope.organizationId,
          userId: ctx.user!.id,
          fileName: file.fileName.slice(0, 255),
          fileSize: file.bytes.length,
          categories,
          params,
          offers: parsed.offers,
          fileErrors: parsed.errors,
          rowErrors,
          mapping,
          counts,
        })
        .returning(viewColumns)
      return view(ctx, row!)
    },

    /** The preview, or the import's progress and outcome; errors a page at a time. */
    async get(ctx: Ctx, id: string, query: unknown = {}) {
      const scope = vendorScope(ctx)
      const { errorsPage } = parse(ImportViewQuery, query ?? {})
      return view(ctx, await findOwn(ctx, scope.organizationId, id), errorsPage)
    },

    setMapping: saveMapping,

    /**
     * Starts the import with the mapping as it stands (or as given). Confirming again, or twice
     * at once, finds it started: the status moves from `preview` once, and the job's key is the
     * import's id.
     */
    async confirm(ctx: Ctx, id: string, input?: unknown) {
      const scope = vendorScope(ctx)
      let current = await findOwn(ctx, scope.organizationId, id)
      if (current.status !== 'preview') return view(ctx, current)
      if (input !== undefined && input !== null && Object.keys(input as object).length)
        current = await findOwn(ctx, scope.organizationId, (await saveMapping(ctx, id, input)).id)
      const started = await ctx.db.transaction(async (tx) => {
        const [moved] = await tx
          .update(productImports)
          .set({ status: 'importing', updatedAt: new Date() })
          .where(and(eq(productImports.id, current.id), eq(productImports.status, 'preview')))
          .returning({ id: productImports.id })
        if (!moved) return false
        const job = await deps.jobs.enqueue(
          withDb(ctx, tx).db,
          IMPORT_JOB,
          { importId: current.id },
          { key: current.id, total: current.counts.offers, maxAttempts: 3 },
        )
        await tx.update(productImports).set({ jobId: job.id }).where(eq(productImports.id, current.id))
        return true
      })
      if (started) deps.jobs.wake()
      return view(ctx, await findOwn(ctx, scope.organizationId, id))
    },
  }
}

export type ImportsService = ReturnType<typeof createImportsService>
