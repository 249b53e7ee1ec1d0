import { and, eq, sql } from 'drizzle-orm'
import { AttachModelInput, FixesInput, StaffQueueQuery } from '#common/products.schemas.ts'
import { RU } from '#common/messages.ts'
import { recordAudit } from '../audit/index.ts'
import { modelColumns, setDraftColumns } from './products.models.ts'
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '#common/products.ts'
import { getCategory } from '#common/catalog/categories.ts'
import type { VendorRef } from '#common/catalog/types.ts'
import { type Ctx, requireStaff, withDb } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { Events } from '../notifications/index.ts'
import type { OrganizationsService } from '../organizations/index.ts'
import { productMachine } from './products.machine.ts'
import { type DraftRow, productId } from './products.access.ts'
import { productDrafts } from './products.table.ts'
import { problemsOf, toDetails, toPublishedVersion } from './products.view.ts'
import { staffDecisions } from '../../moderation/decisions.ts'
import { nextWaiting, waitingForStaff } from '../../moderation/queue.ts'

export interface ModerationDeps {
  catalog: Pick<
    CatalogService,
    'describeVersions' | 'publishVersion' | 'similarModels' | 'describeModel' | 'droneModelRefs'
  >
  organizations: Pick<OrganizationsService, 'nameOf'>
  vendors: { describeVendors(ctx: Ctx, ids: string[]): Promise<Map<string, VendorRef>> }
  events: Events
  /** Names of who moved a product, for its history. */
  describeUsers(ctx: Ctx, ids: string[]): Promise<{ id: string; name: string }[]>
}

/**
 * The staff side of product moderation: the queue (oldest first), a product beside the version
 * on sale, approval (the catalogue shows it at once) and sending back with a comment. Each
 * decision is audited and told to the vendor's owners and administrators.
 */
export function createProductModeration(deps: ModerationDeps) {
  async function findDraft(ctx: Ctx, id: string): Promise<DraftRow> {
    const [draft] = await ctx.db
      .select()
      .from(productDrafts)
      .where(eq(productDrafts.id, productId(id)))
    if (!draft) throw new AppError('not_found', PRODUCT_MESSAGES.notFound)
    return draft
  }

  async function review(ctx: Ctx, draft: DraftRow) {
    const [live, vendors, fits] = await Promise.all([
      deps.catalog.describeVersions(ctx, [draft.id]),
      deps.vendors.describeVendors(ctx, [draft.organizationId]),
      // What the vendor says an accessory fits: staff check it with the rest.
      deps.catalog.droneModelRefs(ctx, draft.fitsModelIds),
    ])
    const details = { ...(await toDetails(ctx, draft, live.get(draft.id))), fits }
    const authors = [...new Set(details.history.flatMap((h) => (h.byUserId ? [h.byUserId] : [])))]
    const names = new Map((await deps.describeUsers(ctx, authors)).map((p) => [p.id, p.name]))
    return {
      ...details,
      // Staff see who moved it: the vendor's member or a colleague.
      history: details.history.map((h) => ({ ...h, by: h.byUserId ? (names.get(h.byUserId) ?? null) : null })),
      vendor: vendors.get(draft.organizationId) ?? null,
    }
  }

  /** Tells of the decision (the vendor's managers hear of it), in the caller's transaction. */
  async function tell(
    ctx: Ctx,
    type: 'products.approved' | 'products.fixes_requested',
    draft: DraftRow,
    slug: string | null,
    comment: string | null,
  ) {
    await deps.events.emit(ctx, {
      type,
      organization: await deps.organizations.nameOf(ctx, draft.organizationId),
      product: { id: draft.id, title: draft.title, slug },
      comment,
    })
  }

  const decisions = staffDecisions({
    moderation: productMachine,
    auditName: 'product',
    find: findDraft,
    problemsOf,
    incomplete: PRODUCT_MESSAGES.incomplete,
    publish: (tx, draft) => deps.catalog.publishVersion(tx, toPublishedVersion(draft)),
    async tell(tx, decision, draft, comment, published) {
      const slug = published?.slug ?? (await deps.catalog.describeVersions(tx, [draft.id])).get(draft.id)?.slug ?? null
      await tell(tx, decision === 'approved' ? 'products.approved' : 'products.fixes_requested', draft, slug, comment)
    },
  })

  return {
    /** The next product for staff after this one: the longest-waiting other one, or null. */
    async nextInQueue(ctx: Ctx, id: string): Promise<string | null> {
      requireStaff(ctx)
      return nextWaiting(ctx, productDrafts, productId(id))
    },

    /** Products waiting for a decision, the longest-waiting first, by vendor and category. */
    async queue(ctx: Ctx, query: unknown) {
      requireStaff(ctx)
      const { vendor, category, page } = parse(StaffQueueQuery, query ?? {})
      const pageSize = PRODUCT_LIMITS.pageSize
      const { rows, total } = await waitingForStaff(ctx, productDrafts, {
        where: and(
          vendor ? eq(productDrafts.organizationId, vendor) : undefined,
          category ? eq(productDrafts.categorySlug, category) : undefined,
        ),
        page,
        pageSize,
      })
      const vendors = await deps.vendors.describeVendors(
        ctx,
        rows.map((r) => r.organizationId),
      )
      return {
        items: rows.map((r) => ({
          id: r.id,
          title: r.title,
          sku: r.sku,
          brand: r.brand,
          model: r.model,
          categorySlug: r.categorySlug,
          priceKopecks: r.priceKopecks,
          image: r.images[0] ?? null,
          vendor: vendors.get(r.organizationId) ?? null,
          /** A new version of a product on sale, rather than a new product. */
          isUpdate: r.published,
          submittedAt: r.submittedAt,
        })),
        page,
        pageSize,
        total,
      }
    },

    /**
     * What the queue's filters offer: the vendors and the categories that have products waiting,
     * with how many each, so staff never pick a filter that shows nothing.
     */
    async queueFilters(ctx: Ctx) {
      requireStaff(ctx)
      const waiting = eq(productDrafts.status, 'moderation')
      const n = sql<number>`count(*)::int`
      const [byVendor, byCategory] = await Promise.all([
        ctx.db
          .select({ id: productDrafts.organizationId, n })
          .from(productDrafts)
          .where(waiting)
          .groupBy(productDrafts.organizationId),
        ctx.db
          .select({ slug: productDrafts.categorySlug, n })
          .from(productDrafts)
          .where(waiting)
          .groupBy(productDrafts.categorySlug),
      ])
      const vendors = await deps.vendors.describeVendors(
        ctx,
        byVendor.map((r) => r.id),
      )
      return {
        vendors: byVendor
          .flatMap((r) => {
            const vendor = vendors.get(r.id)
            return vendor ? [{ ...vendor, count: r.n }] : []
          })
          .sort((a, b) => a.name.localeCompare(b.name, 'ru')),
        categories: byCategory
          .flatMap((r) => {
            const category = r.slug ? getCategory(r.slug) : undefined
            return category ? [{ slug: category.slug, title: category.title, count: r.n }] : []
          })
          .sort((a, b) => a.title.localeCompare(b.title, 'ru')),
      }
    },

    /** A product with staff, with the version on sale (when there is one) to compare with. */
    async get(ctx: Ctx, id: string) {
      requireStaff(ctx)
      return review(ctx, await findDraft(ctx, id))
    },

    /**
     * The catalogue's models that may be the one a product on moderation proposes (the duplicate
     * check before approving it as a new model); none for a product attached to a model.
     */
    async similarModels(ctx: Ctx, id: string) {
      requireStaff(ctx)
      const draft = await findDraft(ctx, id)
      if (draft.modelId) return []
      const similar = await deps.catalog.similarModels(ctx, {
        id: draft.id,
        brand: draft.brand,
        model: draft.model,
        partNumber: draft.partNumber,
        gtin: draft.gtin,
      })
      // A product on sale is an offer of a model already: that one is not a duplicate of it.
      const live = draft.published ? (await deps.catalog.describeVersions(ctx, [draft.id])).get(draft.id) : undefined
      return similar.filter((model) => model.id !== live?.modelId)
    },

    /**
     * Staff attach a product on moderation to an existing model instead of approving its own as
     * a new one: the draft takes the model's description, characteristics and pictures. Audited.
     */
    async attachModel(ctx: Ctx, id: string, input: unknown) {
      requireStaff(ctx)
      const { modelId } = parse(AttachModelInput, input ?? {})
      if (!modelId) throw new AppError('invalid', RU.invalidRequest, { modelId: 'Выберите модель из найденных' })
      const draft = await findDraft(ctx, id)
      if (draft.status !== 'moderation') throw new AppError('conflict', PRODUCT_MESSAGES.notOnModeration)
      const model = await deps.catalog.describeModel(ctx, modelId)
      await ctx.db.transaction(async (tx) => {
        await setDraftColumns(withDb(ctx, tx), draft, modelColumns(model), 'staff')
        await recordAudit(withDb(ctx, tx), {
          action: 'product.attach_model',
          targetType: 'product',
          targetId: draft.id,
          details: { modelId: model.id, model: model.title },
        })
      })
      return review(ctx, await findDraft(ctx, id))
    },

    /** Approves the draft: the catalogue shows this version from now on. */
    async approve(ctx: Ctx, id: string) {
      return review(ctx, await decisions.approve(ctx, id))
    },

    /** Sends the draft back to the vendor with what to fix; the version on sale stays. */
    async requestFixes(ctx: Ctx, id: string, input: unknown) {
      requireStaff(ctx)
      const { comment } = parse(FixesInput, input ?? {})
      return review(ctx, await decisions.requestFixes(ctx, id, comment))
    },
  }
}

export type ProductModeration = ReturnType<typeof createProductModeration>
