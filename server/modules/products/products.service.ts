import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import { getCategory } from '#common/catalog/categories.ts'
import {
  AttachModelInput,
  BulkInput,
  CabinetListQuery,
  DraftInput,
  ModelSearchQuery,
  specProblems,
} from '#common/products.schemas.ts'
import { type BulkAction, PRODUCT_LIMITS, PRODUCT_MESSAGES, type ProductTab } from '#common/products.ts'
import { RU } from '#common/messages.ts'
import { type Ctx, withDb } from '../../context.ts'
import { countWhere, onPage } from '../../db/pages.ts'
import { AppError, isAppError } from '../../errors.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { createOnce, idempotencyKeyOf } from '../../idempotency.ts'
import { parse } from '../../parse.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import { cleanRichText } from '../../text/clean.ts'
import { moveProduct, productTransition, recordCreation } from './products.machine.ts'
import { type DraftRow, findOwnDraft, requireConfirmed, requireManager, vendorScope } from './products.access.ts'
import { createProductMedia, type ProductMediaDeps } from './products.media.ts'
import { modelColumns, refuseModelFieldEdits, setDraftColumns } from './products.models.ts'
import { productDrafts } from './products.table.ts'
import { problemsOf, toDetails, toListItem, toPublishedVersion } from './products.view.ts'

/** Creating is a click; hundreds an hour is a script (imports have their own way in). */
export const CREATE_RATE_LIMIT: RateLimitRule = { limit: 300, windowMs: 60 * 60_000 }
/** The form saves as the vendor types, every couple of seconds at most. */
export const SAVE_RATE_LIMIT: RateLimitRule = { limit: 1200, windowMs: 60 * 60_000 }

export interface ProductsDeps {
  catalog: Pick<
    CatalogService,
    | 'describeVersions'
    | 'publishVersion'
    | 'unpublishVersion'
    | 'removeVersion'
    | 'previewProduct'
    | 'findModels'
    | 'droneModelRefs'
    | 'describeModel'
  >
  limiter: RateLimiter
  /** Photos' bytes and documents' files (products.media.ts). */
  storage: ProductMediaDeps['storage']
  files: ProductMediaDeps['files']
}

/** The rows of a tab (see common/products.ts): on sale; with staff; everything else. */
function tabFilter(tab: ProductTab): SQL {
  switch (tab) {
    case 'published':
      return eq(productDrafts.published, true)
    case 'moderation':
      return eq(productDrafts.status, 'moderation')
    case 'non-published':
      return and(eq(productDrafts.published, false), ne(productDrafts.status, 'moderation'))!
  }
}

const SORTS = {
  updated: [desc(productDrafts.updatedAt), desc(productDrafts.id)],
  title: [asc(productDrafts.title), asc(productDrafts.id)],
  price_asc: [sql`${productDrafts.priceKopecks} asc nulls last`, asc(productDrafts.id)],
  price_desc: [sql`${productDrafts.priceKopecks} desc nulls last`, asc(productDrafts.id)],
} as const

/** LIKE's wildcards typed in a search are literal. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The draft an Idempotency-Key (or a new-product form's key) made, if it made one. */
async function draftOfKey(ctx: Ctx, organizationId: string, key: string | null): Promise<DraftRow | undefined> {
  if (!key) return undefined
  const [row] = await ctx.db
    .select()
    .from(productDrafts)
    .where(and(eq(productDrafts.organizationId, organizationId), eq(productDrafts.creationKey, key)))
  return row
}

/** A unique index refused the write: another product of the vendor has this SKU. */
const isSkuTaken = (error: unknown) => isUniqueViolation(error, 'product_drafts_sku_idx')

/**
 * The draft's columns from a form's input: the description sanitized, characteristics checked
 * against the category (those of another category dropped when the category changes).
 */
async function toColumns(input: DraftInput, current: Pick<DraftRow, 'categorySlug' | 'specs'> | null) {
  const categorySlug = input.categorySlug === undefined ? (current?.categorySlug ?? null) : input.categorySlug
  const columns: Partial<typeof productDrafts.$inferInsert> = { ...input, updatedAt: new Date() }
  delete (columns as { specs?: unknown }).specs
  if (input.description !== undefined) columns.description = await cleanRichText(input.description)
  if (input.specs !== undefined || categorySlug !== (current?.categorySlug ?? null)) {
    const merged: Record<string, unknown> = { ...(current?.specs ?? {}), ...(input.specs ?? {}) }
    const allowed = new Set<string>(categorySlug ? (getCategory(categorySlug)?.attributes ?? []) : [])
    const specs = Object.fromEntries(
      Object.entries(merged).filter(([code, value]) => value !== null && value !== '' && allowed.has(code)),
    )
    const problems = specProblems(categorySlug, input.specs ?? {})
    if (Object.keys(problems).length) throw new AppError('invalid', RU.invalidRequest, problems)
    columns.specs = specs
  }
  if (input.priceOnRequest) columns.priceKopecks = null
  return columns
}

/**
 * The seller cabinet's products: the selected organization's drafts, their moderation and
 * publication. Every function takes the caller's context first; another organization's product
 * is not found, a member who is not an owner or administrator may edit but not publish.
 */
export function createProductsService(deps: ProductsDeps) {
  async function details(ctx: Ctx, draft: DraftRow) {
    const [live, fits] = await Promise.all([
      deps.catalog.describeVersions(ctx, [draft.id]),
      deps.catalog.droneModelRefs(ctx, draft.fitsModelIds),
    ])
    return { ...(await toDetails(ctx, draft, live.get(draft.id))), fits }
  }

  async function submitOne(ctx: Ctx, draft: DraftRow): Promise<void> {
    // A second click on «Отправить на модерацию» finds it there already.
    if (draft.status === 'moderation') return
    const step = productTransition(draft.status, 'submit', 'vendor', draft.title || undefined)
    const problems = problemsOf(draft)
    if (Object.keys(problems).length) throw new AppError('invalid', PRODUCT_MESSAGES.incomplete, problems)
    await moveProduct(ctx, draft.id, step, {
      set: { submittedAt: new Date(), staffComment: null, updatedAt: new Date() },
    })
  }

  async function unpublishOne(ctx: Ctx, draft: DraftRow): Promise<void> {
    if (!draft.published) throw new AppError('conflict', PRODUCT_MESSAGES.notPublished)
    const step = productTransition(draft.status, 'unpublish', 'vendor', draft.title || undefined)
    await ctx.db.transaction(async (tx) => {
      const inTx = withDb(ctx, tx)
      await moveProduct(inTx, draft.id, step, { set: { published: false, updatedAt: new Date() } })
      await deps.catalog.unpublishVersion(inTx, draft.id)
    })
  }

  async function removeOne(ctx: Ctx, draft: DraftRow): Promise<void> {
    if (draft.published || draft.status === 'moderation') throw new AppError('conflict', PRODUCT_MESSAGES.notDeletable)
    await ctx.db.transaction(async (tx) => {
      const inTx = withDb(ctx, tx)
      await tx.delete(productDrafts).where(eq(productDrafts.id, draft.id))
      await deps.catalog.removeVersion(inTx, draft.id)
    })
  }

  const media = createProductMedia(deps)
  /** A change of photos or documents, answered with the product as the cabinet shows it. */
  const thenDetails =
    <A extends unknown[]>(change: (ctx: Ctx, id: string, ...rest: A) => Promise<void>) =>
    async (ctx: Ctx, id: string, ...rest: A) => {
      await change(ctx, id, ...rest)
      return details(ctx, await findOwnDraft(ctx, vendorScope(ctx), id))
    }

  const bulkActions: Record<BulkAction, (ctx: Ctx, draft: DraftRow) => Promise<void>> = {
    submit: submitOne,
    unpublish: unpublishOne,
    delete: removeOne,
  }

  return {
    addPhoto: thenDetails(media.addPhoto),
    removePhoto: thenDetails(media.removePhoto),
    orderPhotos: thenDetails(media.orderPhotos),
    setPhotoAlt: thenDetails(media.setPhotoAlt),
    addDocument: thenDetails(media.addDocument),
    removeDocument: thenDetails(media.removeDocument),
    renameDocument: thenDetails(media.renameDocument),
    readPhoto: media.readPhoto,
    downloadDocument: media.downloadDocument,

    /** What the caller may do in the cabinet (a buyer-only organization is refused, 403). */
    describeScope(ctx: Ctx) {
      const scope = vendorScope(ctx)
      return { manager: scope.manager, vendorConfirmed: scope.confirmed, canSubmit: scope.manager && scope.confirmed }
    },

    /** A page of a tab, with every tab's count: two statements. */
    async list(ctx: Ctx, query: unknown) {
      const scope = vendorScope(ctx)
      const { tab, q, sort, page } = parse(CabinetListQuery, query ?? {})
      const own = eq(productDrafts.organizationId, scope.organizationId)
      const search = q
        ? or(ilike(productDrafts.title, likePattern(q)), ilike(productDrafts.sku, likePattern(q)))
        : undefined
      const pageSize = PRODUCT_LIMITS.pageSize
      const [rows, [counts]] = await Promise.all([
        onPage(
          ctx.db
            .select()
            .from(productDrafts)
            .where(and(own, tabFilter(tab), search))
            .orderBy(...SORTS[sort])
            .$dynamic(),
          { page, pageSize },
        ),
        ctx.db
          .select({
            published: countWhere(tabFilter('published')),
            moderation: countWhere(tabFilter('moderation')),
            nonPublished: countWhere(tabFilter('non-published')),
            matching: countWhere(and(tabFilter(tab), search)!),
          })
          .from(productDrafts)
          .where(own),
      ])
      const live = await deps.catalog.describeVersions(
        ctx,
        rows.filter((r) => r.published || r.status === 'approved').map((r) => r.id),
      )
      return {
        items: rows.map((r) => toListItem(r, live.get(r.id))),
        page,
        pageSize,
        total: counts!.matching,
        tab,
        counts: { published: counts!.published, moderation: counts!.moderation, 'non-published': counts!.nonPublished },
        canSubmit: scope.manager && scope.confirmed,
        vendorConfirmed: scope.confirmed,
        manager: scope.manager,
      }
    },

    async get(ctx: Ctx, id: string) {
      const scope = vendorScope(ctx)
      return details(ctx, await findOwnDraft(ctx, scope, id))
    },

    /** The draft as its product page will show it, with where it stands. */
    async preview(ctx: Ctx, id: string) {
      const scope = vendorScope(ctx)
      const draft = await findOwnDraft(ctx, scope, id)
      const live = (await deps.catalog.describeVersions(ctx, [draft.id])).get(draft.id)
      const page = await deps.catalog.previewProduct(ctx, toPublishedVersion(draft), live?.slug ?? null)
      return { page, product: toListItem(draft, live), problems: problemsOf(draft) }
    },

    /**
     * The draft a new-product form's key made, or null: the form's later saves of the same new
     * product update it (its key names the product being made, not one request).
     */
    async findCreated(ctx: Ctx, creationKey: string) {
      const scope = vendorScope(ctx)
      const row = await draftOfKey(ctx, scope.organizationId, idempotencyKeyOf(creationKey))
      return row ? details(ctx, row) : null
    },

    /**
     * A new draft, possibly half-filled. With an `Idempotency-Key` a repeated request (a double
     * click, a retry) returns the draft the first one created; the key with another body is a 422.
     */
    async create(ctx: Ctx, input: unknown, idempotencyKey?: string) {
      const scope = vendorScope(ctx)
      const parsed = parse(DraftInput, input ?? {})
      const key = idempotencyKeyOf(idempotencyKey)
      const values = await toColumns(parsed, null)
      try {
        const row = await createOnce(
          ctx.db,
          { scope: `products.create:${scope.organizationId}`, key, input: parsed },
          () => draftOfKey(ctx, scope.organizationId, key),
          async () => {
            await deps.limiter.hit(`products:create:${scope.organizationId}`, CREATE_RATE_LIMIT)
            const step = productTransition(null, 'create', 'vendor')
            return ctx.db.transaction(async (tx) => {
              const [row] = await tx
                .insert(productDrafts)
                .values({
                  ...values,
                  organizationId: scope.organizationId,
                  status: step.to,
                  creationKey: key,
                  createdByUserId: ctx.user!.id,
                })
                .returning()
              await recordCreation(withDb(ctx, tx), row!.id, step)
              return row!
            })
          },
        )
        return details(ctx, row)
      } catch (error) {
        // Asked after the key's lookup: two requests with one key have the same SKU too, and
        // PostgreSQL may report that index instead of the key's.
        if (isSkuTaken(error))
          throw new AppError('invalid', RU.invalidRequest, { sku: PRODUCT_MESSAGES.skuTaken(values.sku ?? '') })
        throw error
      }
    },

    /**
     * Saves changes to a draft (the form saves as the vendor types). Changing an approved version
     * starts a new draft; the catalogue keeps showing the approved one. A draft with staff cannot
     * be changed until it is withdrawn.
     */
    async update(ctx: Ctx, id: string, input: unknown) {
      const scope = vendorScope(ctx)
      const parsed = parse(DraftInput, input ?? {})
      await deps.limiter.hit(`products:save:${ctx.user!.id}`, SAVE_RATE_LIMIT)
      const draft = await findOwnDraft(ctx, scope, id)
      if (draft.status === 'moderation') throw new AppError('conflict', PRODUCT_MESSAGES.notEditable)
      refuseModelFieldEdits(draft, parsed)
      const columns = await toColumns(parsed, draft)
      try {
        await setDraftColumns(ctx, draft, columns, 'vendor')
      } catch (error) {
        if (isSkuTaken(error))
          throw new AppError('invalid', RU.invalidRequest, { sku: PRODUCT_MESSAGES.skuTaken(parsed.sku ?? '') })
        throw error
      }
      return details(ctx, await findOwnDraft(ctx, scope, id))
    },

    /** Catalogue models a vendor may attach its product to, by name, part number or GTIN. */
    async findModels(ctx: Ctx, input: unknown) {
      vendorScope(ctx)
      const { q, kind } = parse(ModelSearchQuery, input ?? {})
      return deps.catalog.findModels(ctx, q, undefined, kind)
    },

    /**
     * Attaches the product to a catalogue model (its description, characteristics and pictures
     * become the model's) or, with `modelId: null`, detaches it: the vendor may then change them,
     * and staff approve them as a model it proposes.
     */
    async attachModel(ctx: Ctx, id: string, input: unknown) {
      const scope = vendorScope(ctx)
      const { modelId } = parse(AttachModelInput, input ?? {})
      await deps.limiter.hit(`products:save:${ctx.user!.id}`, SAVE_RATE_LIMIT)
      const draft = await findOwnDraft(ctx, scope, id)
      const set = modelId
        ? modelColumns(await deps.catalog.describeModel(ctx, modelId))
        : { modelId: null, updatedAt: new Date() }
      await setDraftColumns(ctx, draft, set, 'vendor')
      return details(ctx, await findOwnDraft(ctx, scope, id))
    },

    /** Sends a complete draft to staff; an incomplete one gets its missing fields (400). */
    async submit(ctx: Ctx, id: string) {
      const scope = vendorScope(ctx)
      requireManager(scope)
      requireConfirmed(scope)
      const draft = await findOwnDraft(ctx, scope, id)
      await submitOne(ctx, draft)
      return details(ctx, await findOwnDraft(ctx, scope, id))
    },

    /** Takes a draft back from moderation to change it. */
    async withdraw(ctx: Ctx, id: string) {
      const scope = vendorScope(ctx)
      const draft = await findOwnDraft(ctx, scope, id)
      if (draft.status !== 'draft') {
        await moveProduct(ctx, draft.id, productTransition(draft.status, 'withdraw', 'vendor', draft.title), {
          set: { updatedAt: new Date() },
        })
      }
      return details(ctx, await findOwnDraft(ctx, scope, id))
    },

    /** Takes a product off the catalogue; it comes back after moderation. */
    async unpublish(ctx: Ctx, id: string) {
      const scope = vendorScope(ctx)
      requireManager(scope)
      const draft = await findOwnDraft(ctx, scope, id)
      // Repeated: it is off the catalogue already.
      if (draft.published) await unpublishOne(ctx, draft)
      return details(ctx, await findOwnDraft(ctx, scope, id))
    },

    /** Deletes a draft that is neither on sale nor with staff; a deleted one is not found. */
    async remove(ctx: Ctx, id: string): Promise<void> {
      const scope = vendorScope(ctx)
      requireManager(scope)
      await removeOne(ctx, await findOwnDraft(ctx, scope, id))
    },

    /**
     * One action on several products of the organization: each succeeds or fails on its own, and
     * the answer says which failed and why.
     */
    async bulk(ctx: Ctx, input: unknown) {
      const scope = vendorScope(ctx)
      const { action, ids } = parse(BulkInput, input)
      requireManager(scope)
      if (action === 'submit') requireConfirmed(scope)
      const done: string[] = []
      const failed: { id: string; title: string; message: string }[] = []
      for (const id of new Set(ids.map((i) => i.toLowerCase()))) {
        let title = ''
        try {
          const draft = await findOwnDraft(ctx, scope, id)
          title = draft.title
          await bulkActions[action](ctx, draft)
          done.push(id)
        } catch (error) {
          if (!isAppError(error)) throw error
          failed.push({ id, title, message: error.message })
        }
      }
      return { done, failed }
    },
  }
}

export type CabinetProducts = ReturnType<typeof createProductsService>
