import { cleanFileName } from '#common/files.ts'
import { and, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm'
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
import type { ImportMapping } from './file/mapping.ts'
import type { RateLimiter, RateLimitRule } from '../../rate-limit/index.ts'
import { requireConfirmed, vendorScope } from '../products.access.ts'
import { createImportCleanup, STALE_AFTER_MS } from './imports.cleanup.ts'
import { createImportJob, IMPORT_JOB } from './imports.job.ts'
import { createPicturesJob, type PicturesDeps, PICTURES_JOB } from './imports.pictures.ts'
import type { FilesService } from '../../files/index.ts'
import { createParseJob, PARSE_JOB } from './imports.parse-job.ts'
import { countImport } from './imports.preview.ts'
import {
  type ExchangeGood,
  type ExchangeOfferUpdate,
  type PictureSource,
  takeOffSale,
  fileWaitingDrafts,
  writeExchangeGoods,
  writeExchangeOffers,
} from './imports.exchange.ts'
import type { CatalogService } from '../../catalog/index.ts'
import { evaluateStoredOffers } from './parse-off-thread.ts'
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
/** Uploads per organization: a vendor reloading its catalogue now and then, not a script. */
export const UPLOAD_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 }

/** Where uploads wait for their parsing job: the files' storage (files module). */
export type UploadStore = FilesService['blobs']

export function createImportsService(deps: {
  jobs: JobsService
  limiter: RateLimiter
  uploads: UploadStore
  /** Where the pictures of the files' rows are fetched from and stored. */
  pictures: PicturesDeps
  /** Prices and stock on sale, and taking off sale, for the 1С exchange's goods. */
  catalog: Pick<CatalogService, 'updateOffers' | 'unpublishVersion'>
}) {
  deps.jobs.register(IMPORT_JOB, createImportJob(deps.jobs))
  deps.jobs.register(PICTURES_JOB, createPicturesJob({ ...deps.pictures, jobs: deps.jobs }))
  deps.jobs.register(PARSE_JOB, createParseJob(deps.uploads))
  const cleanup = createImportCleanup(deps)

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
    const failed = (row.status === 'importing' || row.status === 'parsing') && job?.status === 'failed'
    const refusal = row.status === 'failed' ? (row.fileErrors[0]?.message ?? M.parseFailed) : null
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
      // Parsing counts characters of the file, importing counts offers.
      // Then the pictures' job counts products.
      progress: job
        ? {
            done: job.progressDone,
            total: job.progressTotal || row.counts.offers,
            stage: job.kind === PICTURES_JOB ? ('pictures' as const) : ('offers' as const),
          }
        : null,
      outcome: outcome && {
        created: outcome.created,
        updated: outcome.updated,
        skippedTotal: outcome.skipped.length,
        skipped: outcome.skipped.slice(0, SKIPPED_SHOWN),
        photosAdded: outcome.pictures?.added ?? 0,
        pictureWarningsTotal: outcome.pictures?.warningsTotal ?? 0,
        pictureWarnings: outcome.pictures?.warnings ?? [],
      },
      failure: refusal ?? (failed ? (row.status === 'parsing' ? M.parseFailed : M.failed) : null),
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
    if (current.status === 'parsing') throw new AppError('conflict', M.stillParsing)
    if (current.status !== 'preview') throw new AppError('conflict', M.alreadyStarted)
    const mapping = toMapping(input, current.mapping)
    // The offers as JSON text, checked in a parsing thread: a file of 10 000 rows is neither parsed
    // nor walked on the event loop.
    const [{ offersJson, fileErrors }] = (await ctx.db
      .select({ offersJson: sql<string>`${productImports.offers}::text`, fileErrors: productImports.fileErrors })
      .from(productImports)
      .where(eq(productImports.id, current.id))) as [{ offersJson: string; fileErrors: ImportRow['fileErrors'] }]
    const evaluation = await evaluateStoredOffers(offersJson, mapping)
    const { counts, rowErrors } = await countImport(ctx.db, scope.organizationId, evaluation, fileErrors)
    const [row] = await ctx.db
      .update(productImports)
      .set({ mapping, counts, rowErrors, updatedAt: new Date() })
      .where(and(eq(productImports.id, current.id), eq(productImports.status, 'preview')))
      .returning(viewColumns)
    if (!row) throw new AppError('conflict', M.alreadyStarted)
    return view(ctx, row)
  }

  return {
    /** Goods from the vendor's accounting system (the 1С exchange), a batch in one transaction. */
    writeExchangeGoods: (
      ctx: Ctx,
      pictures: PictureSource,
      organizationId: string,
      goods: ExchangeGood[],
      mapping: ImportMapping,
    ) => writeExchangeGoods(ctx, { storage: deps.pictures.storage, source: pictures }, organizationId, goods, mapping),
    writeExchangeOffers: (ctx: Ctx, organizationId: string, updates: ExchangeOfferUpdate[]) =>
      writeExchangeOffers(ctx, deps.catalog, organizationId, updates),
    takeOffSale: (ctx: Ctx, productIds: string[]) => takeOffSale(ctx, deps.catalog, productIds),
    fileWaitingDrafts,

    /**
     * Keeps an uploaded file and queues its parsing: the answer (202) is the import in `parsing`,
     * which the page follows to its preview, or to `failed` with the reason the file was refused.
     * Only a confirmed vendor imports, one file at a time per organization, a few an hour.
     */
    async upload(ctx: Ctx, file: { fileName: string; bytes: Uint8Array }) {
      const scope = vendorScope(ctx)
      requireConfirmed(scope)
      await deps.limiter.hit(`imports:upload:${scope.organizationId}`, UPLOAD_RATE_LIMIT)
      // The bytes are stored inside the transaction (the row must not exist without them); if it
      // rolls back after that, they go too instead of waiting for a row that never was.
      let stored: string | null = null
      const created = await ctx.db
        .transaction(async (tx) => {
          // One upload or import of an organization at a time: the check and the insert under one lock.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`imports:${scope.organizationId}`}))`)
          const [running] = await tx
            .select({ id: productImports.id })
            .from(productImports)
            .where(
              and(
                eq(productImports.organizationId, scope.organizationId),
                inArray(productImports.status, ['parsing', 'importing']),
                gt(productImports.createdAt, new Date(Date.now() - STALE_AFTER_MS)),
              ),
            )
            .limit(1)
          if (running) throw new AppError('conflict', M.busy)
          const [row] = await tx
            .insert(productImports)
            .values({
              organizationId: scope.organizationId,
              userId: ctx.user!.id,
              // As the browser sent it, control characters and all: cleaned like any upload's name.
              fileName: cleanFileName(file.fileName).slice(0, 255),
              fileSize: file.bytes.length,
              status: 'parsing',
              mapping: { categories: {}, params: {} },
              counts: { offers: 0, new: 0, updates: 0, onModeration: 0, withErrors: 0, withoutVat: 0 },
            })
            .returning(viewColumns)
          // The bytes go to the files' storage, not through the database: written as they are, by
          // whichever instance runs the job read back. The row commits only once they are there.
          await deps.uploads.put('imports', row!.id, file.bytes)
          stored = row!.id
          const job = await deps.jobs.enqueue(
            tx,
            PARSE_JOB,
            { importId: row!.id },
            { key: row!.id, total: file.bytes.length, maxAttempts: 3 },
          )
          const [withJob] = await tx
            .update(productImports)
            .set({ jobId: job.id })
            .where(eq(productImports.id, row!.id))
            .returning(viewColumns)
          return withJob!
        })
        .catch(async (error: unknown) => {
          if (stored) await deps.uploads.delete('imports', stored).catch(() => {})
          throw error
        })
      deps.jobs.wake()
      return view(ctx, created)
    },

    /** Queues the daily removal of previews and uploads older than a day (once per date). */
    scheduleCleanup: cleanup.scheduleToday,

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
      if (current.status === 'parsing') throw new AppError('conflict', M.stillParsing)
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
