import { and, count, eq, ne, sql } from 'drizzle-orm'
import {
  type EquipmentOption,
  OFFER_LIMITS,
  OFFER_MESSAGES,
  type OfferDetails,
  OfferFixesInput,
  OfferInput,
  OfferQueueQuery,
} from '#common/exchange/offers.ts'
import { PhotoAltInput, PhotoOrderInput, photoIdOf } from '#common/product-media.ts'
import type { VendorRef } from '#common/catalog/types.ts'
import { type Ctx, requireStaff, requireUser, withDb } from '../../../context.ts'
import { staffDecisions } from '../../../moderation/decisions.ts'
import { photoList } from '../../../moderation/photos.ts'
import { AppError } from '../../../errors.ts'
import { createOnce, idempotencyKeyOf } from '../../../idempotency.ts'
import { parse, parseId } from '../../../parse.ts'
import { cleanRichText } from '../../../text/clean.ts'
import { richTextToPlain, storedHtml } from '../../../text/sanitize.ts'
import type { CatalogService } from '../../catalog/index.ts'
import type { FileStorage } from '../../files/index.ts'
import type { Events } from '../../notifications/index.ts'
import type { OrganizationsService } from '../../organizations/index.ts'
import { type CabinetProducts, deleteUploadedPhoto, storeUploadedPhoto } from '../../products/index.ts'
import type { RateLimiter, RateLimitRule } from '../../rate-limit/index.ts'
import { moveOffer, offerMachine, offerTransition, recordOfferCreation } from './offers.machine.ts'
import { publishedServiceOffers, serviceOffers } from './offers.table.ts'
import { waitingForStaff } from '../../../moderation/queue.ts'

/** Creating is a click; hundreds an hour is a script. */
export const OFFER_CREATE_RATE_LIMIT: RateLimitRule = { limit: 100, windowMs: 60 * 60_000 }
/** Saves, moves and captions: as often as a vendor works the form. */
export const OFFER_SAVE_RATE_LIMIT: RateLimitRule = { limit: 1200, windowMs: 60 * 60_000 }
/** Uploads are heavier than typing. */
export const OFFER_PHOTO_RATE_LIMIT: RateLimitRule = { limit: 200, windowMs: 60 * 60_000 }

export interface OffersDeps {
  /** Equipment: the vendor's own products on sale, as the catalogue knows them. */
  catalog: Pick<CatalogService, 'describeVersions'>
  /** The editor's list of equipment to pick from: the vendor's products on sale. */
  products: Pick<CabinetProducts, 'list'>
  /** The seller's current name and slug, copied into the published version. */
  vendors: { describeVendors(ctx: Ctx, ids: string[]): Promise<Map<string, VendorRef>> }
  organizations: Pick<OrganizationsService, 'nameOf'>
  events: Events
  limiter: RateLimiter
  /** Photos' bytes, beside the products' ones (products/uploaded-photos.ts). */
  storage: FileStorage
}

export type OfferRow = typeof serviceOffers.$inferSelect

interface VendorScope {
  organizationId: string
  /** Owners and administrators submit, unpublish and delete; every member edits. */
  manager: boolean
  /** Only a confirmed vendor's offers go to moderation. */
  confirmed: boolean
}

/** The selected organization when it is a vendor (confirmed or not); a buyer-only one is 403. */
function vendorScope(ctx: Ctx): VendorScope {
  requireUser(ctx)
  const org = ctx.organization
  if (!org) throw new AppError('forbidden', OFFER_MESSAGES.noOrganization)
  const vendor = org.roles.find((r) => r.type === 'vendor')
  if (!vendor) throw new AppError('forbidden', OFFER_MESSAGES.buyerOnly)
  return { organizationId: org.id, manager: org.memberRole !== 'member', confirmed: vendor.status === 'confirmed' }
}

function requireManager(scope: VendorScope): void {
  if (!scope.manager) throw new AppError('forbidden', OFFER_MESSAGES.managersOnly)
}

function requireConfirmed(scope: VendorScope): void {
  if (!scope.confirmed) throw new AppError('conflict', OFFER_MESSAGES.notVendor)
}

const offerId = (id: string) => parseId(id, OFFER_MESSAGES.notFound)

/** The organization's offer; another organization's offer is not found, like a missing one. */
async function findOwnOffer(ctx: Ctx, scope: VendorScope, id: string): Promise<OfferRow> {
  const [row] = await ctx.db
    .select()
    .from(serviceOffers)
    .where(and(eq(serviceOffers.id, offerId(id)), eq(serviceOffers.organizationId, scope.organizationId)))
  if (!row) throw new AppError('not_found', OFFER_MESSAGES.notFound)
  return row
}

/** What submission still refuses, field by field, in Russian; empty when the offer is complete. */
/** The offer an Idempotency-Key (or a new-offer form's key) made, if it made one. */
async function offerOfKey(ctx: Ctx, organizationId: string, key: string | null): Promise<OfferRow | undefined> {
  if (!key) return undefined
  const [row] = await ctx.db
    .select()
    .from(serviceOffers)
    .where(and(eq(serviceOffers.organizationId, organizationId), eq(serviceOffers.creationKey, key)))
  return row
}

export function offerProblems(row: OfferRow): Record<string, string> {
  const problems: Record<string, string> = {}
  if (!row.title.trim()) problems.title = OFFER_MESSAGES.title
  if (!row.type) problems.type = OFFER_MESSAGES.type
  if (!row.spheres.length) problems.spheres = OFFER_MESSAGES.spheres
  if (!row.nationwide && !row.regions.length) problems.regions = OFFER_MESSAGES.regions
  if (!richTextToPlain(row.description).trim()) problems.description = OFFER_MESSAGES.description
  if (row.priceFromKopecks !== null && row.priceFromKopecks <= 0) problems.priceFromKopecks = OFFER_MESSAGES.price
  return problems
}

/** The content columns an offer's version carries, from the working copy. */
function contentOf(row: Omit<OfferRow, 'id' | 'status'> | typeof publishedServiceOffers.$inferSelect) {
  return {
    title: row.title,
    type: row.type,
    // Stored as text[]; written only through OfferInput, so they hold known slugs and codes.
    spheres: row.spheres as OfferDetails['spheres'],
    regions: row.regions as OfferDetails['regions'],
    nationwide: row.nationwide,
    priceFromKopecks: row.priceFromKopecks,
    priceUnit: row.priceUnit,
    description: storedHtml(row.description),
    photos: row.photos,
    equipmentProductIds: row.equipmentProductIds,
    licences: row.licences,
  }
}

const sameContent = (a: ReturnType<typeof contentOf>, b: ReturnType<typeof contentOf>) =>
  JSON.stringify(a) === JSON.stringify(b)

/**
 * Service offers (point 1 of the exchange): the selected organization's working copies in the
 * cabinet, their photos and equipment, and their moderation by staff on the products' lifecycle
 * (offers.machine.ts). Approval copies the version into `published_service_offers`, which the
 * exchange reads; editing an approved offer starts a new draft while that version stays.
 */
export function createOffersService(deps: OffersDeps) {
  const { limiter, storage } = deps

  async function details(ctx: Ctx, row: OfferRow): Promise<OfferDetails> {
    const [[live], equipment] = await Promise.all([
      ctx.db.select().from(publishedServiceOffers).where(eq(publishedServiceOffers.id, row.id)),
      describeEquipment(ctx, row.equipmentProductIds),
    ])
    const { photos, ...content } = contentOf(row)
    return {
      id: row.id,
      organizationId: row.organizationId,
      status: row.status,
      published: row.published,
      hasPendingChanges: !!live && row.published && !sameContent(contentOf(row), contentOf(live)),
      ...content,
      photos: photos.map((p) => ({ id: photoIdOf(p.src), src: p.src, alt: p.alt })),
      equipment,
      staffComment: row.staffComment,
      sellerSlug: live?.sellerSlug ?? null,
      problems: offerProblems(row),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      submittedAt: row.submittedAt,
    }
  }

  /** Titles and addresses of the equipment (products off sale are left out of the answer). */
  async function describeEquipment(ctx: Ctx, ids: string[]): Promise<EquipmentOption[]> {
    const versions = await deps.catalog.describeVersions(ctx, ids)
    return ids.flatMap((id) => {
      const v = versions.get(id)
      return v && v.status === 'published' ? [{ id, title: v.title, slug: v.slug }] : []
    })
  }

  /** Every equipment id must be the vendor's own product on sale in the catalogue. */
  async function checkEquipment(ctx: Ctx, scope: VendorScope, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids.map((i) => i.toLowerCase()))]
    if (!unique.length) return []
    const versions = await deps.catalog.describeVersions(ctx, unique)
    const foreign = unique.some((id) => {
      const v = versions.get(id)
      return !v || v.status !== 'published' || v.vendorOrganizationId !== scope.organizationId
    })
    if (foreign)
      throw new AppError('invalid', OFFER_MESSAGES.equipment, { equipmentProductIds: OFFER_MESSAGES.equipment })
    return unique
  }

  async function toColumns(ctx: Ctx, scope: VendorScope, input: unknown) {
    const parsed = parse(OfferInput, input ?? {})
    return {
      ...parsed,
      regions: parsed.nationwide ? [] : [...new Set(parsed.regions)],
      spheres: [...new Set(parsed.spheres)],
      description: await cleanRichText(parsed.description),
      equipmentProductIds: await checkEquipment(ctx, scope, parsed.equipmentProductIds),
      updatedAt: new Date(),
    }
  }

  /**
   * Writes `set` on the working copy unless it is with staff; an approved one becomes a new draft
   * (the `edit` move) and the exchange keeps the approved version. The write lands only if the
   * status is still the one read.
   */
  async function change(ctx: Ctx, row: OfferRow, set: Partial<typeof serviceOffers.$inferInsert>): Promise<void> {
    if (row.status === 'moderation') throw new AppError('conflict', OFFER_MESSAGES.notEditable)
    if (row.status === 'approved') {
      await moveOffer(ctx, row.id, offerTransition(row.status, 'edit', 'vendor'), { set })
      return
    }
    const [saved] = await ctx.db
      .update(serviceOffers)
      .set(set)
      .where(and(eq(serviceOffers.id, row.id), eq(serviceOffers.status, row.status)))
      .returning({ id: serviceOffers.id })
    if (!saved) throw new AppError('conflict', OFFER_MESSAGES.stale)
  }

  /** Changes the photos as they are now; the write lands only if nobody changed them in between. */
  async function changePhotos(
    ctx: Ctx,
    id: string,
    next: (row: OfferRow) => OfferRow['photos'],
  ): Promise<OfferRow['photos']> {
    const scope = vendorScope(ctx)
    const row = await findOwnOffer(ctx, scope, id)
    if (row.status === 'moderation') throw new AppError('conflict', OFFER_MESSAGES.notEditable)
    const photos = next(row)
    const set = { photos, updatedAt: new Date() }
    if (row.status === 'approved') {
      await moveOffer(ctx, row.id, offerTransition(row.status, 'edit', 'vendor'), { set })
      return row.photos
    }
    const [saved] = await ctx.db
      .update(serviceOffers)
      .set(set)
      .where(
        and(
          eq(serviceOffers.id, row.id),
          eq(serviceOffers.status, row.status),
          sql`${serviceOffers.photos} = ${JSON.stringify(row.photos)}::jsonb`,
        ),
      )
      .returning({ id: serviceOffers.id })
    if (!saved) throw new AppError('conflict', OFFER_MESSAGES.stale)
    return row.photos
  }

  /** A photo's bytes go when neither the working copy nor the published version shows it. */
  async function dropUnusedPhoto(ctx: Ctx, id: string, src: string): Promise<void> {
    const [live] = await ctx.db
      .select({ photos: publishedServiceOffers.photos })
      .from(publishedServiceOffers)
      .where(eq(publishedServiceOffers.id, id))
    if (!live?.photos.some((p) => p.src === src)) await deleteUploadedPhoto(storage, src)
  }

  async function findAny(ctx: Ctx, id: string): Promise<OfferRow> {
    const [row] = await ctx.db
      .select()
      .from(serviceOffers)
      .where(eq(serviceOffers.id, offerId(id)))
    if (!row) throw new AppError('not_found', OFFER_MESSAGES.notFound)
    return row
  }

  /** Tells of a staff decision (the vendor's managers hear of it), in the caller's transaction. */
  async function tell(ctx: Ctx, decision: 'approved' | 'fixes_requested', row: OfferRow, comment: string | null) {
    const organization = await deps.organizations.nameOf(ctx, row.organizationId)
    const [live] = await ctx.db
      .select({ sellerSlug: publishedServiceOffers.sellerSlug })
      .from(publishedServiceOffers)
      .where(eq(publishedServiceOffers.id, row.id))
    await deps.events.emit(ctx, {
      type: 'exchange.offer_moderated',
      decision,
      organization,
      offer: { id: row.id, title: row.title },
      sellerSlug: live?.sellerSlug ?? null,
      comment,
    })
  }

  async function review(ctx: Ctx, id: string) {
    requireStaff(ctx)
    const row = await findAny(ctx, id)
    const vendors = await deps.vendors.describeVendors(ctx, [row.organizationId])
    return { ...(await details(ctx, row)), vendor: vendors.get(row.organizationId) ?? null }
  }

  const decisions = staffDecisions({
    moderation: offerMachine,
    auditName: 'service_offer',
    find: findAny,
    problemsOf: offerProblems,
    incomplete: OFFER_MESSAGES.incomplete,
    // The exchange's copy of the approved revision, with the seller's name and page of today.
    async publish(tx, row) {
      const seller = (await deps.vendors.describeVendors(tx, [row.organizationId])).get(row.organizationId)
      if (!seller) throw new AppError('not_found', OFFER_MESSAGES.notFound)
      const version = {
        organizationId: row.organizationId,
        sellerName: seller.name,
        sellerSlug: seller.slug,
        ...contentOf(row),
        publishedAt: new Date(),
      }
      await tx.db
        .insert(publishedServiceOffers)
        .values({ id: row.id, ...version })
        .onConflictDoUpdate({ target: publishedServiceOffers.id, set: version })
    },
    tell: (tx, decision, row, comment) => tell(tx, decision, row, comment),
  })

  return {
    /** What the caller may do (a buyer-only organization is refused, 403). */
    describeScope(ctx: Ctx) {
      const scope = vendorScope(ctx)
      return { manager: scope.manager, vendorConfirmed: scope.confirmed, canSubmit: scope.manager && scope.confirmed }
    },

    async get(ctx: Ctx, id: string): Promise<OfferDetails> {
      return details(ctx, await findOwnOffer(ctx, vendorScope(ctx), id))
    },

    /** The vendor's products on sale, to name as equipment (the editor's searchable list). */
    async equipmentOptions(ctx: Ctx): Promise<EquipmentOption[]> {
      vendorScope(ctx)
      const options: EquipmentOption[] = []
      for (let page = 1; page <= 10; page++) {
        const list = await deps.products.list(ctx, { tab: 'published', sort: 'title', page })
        options.push(...list.items.map((p) => ({ id: p.id, title: p.title, slug: p.slug })))
        if (page * list.pageSize >= list.total) break
      }
      return options
    },

    /** The offer a new-offer form's key made, or null: the form's later saves update it. */
    async findCreated(ctx: Ctx, creationKey: string): Promise<OfferDetails | null> {
      const scope = vendorScope(ctx)
      const row = await offerOfKey(ctx, scope.organizationId, idempotencyKeyOf(creationKey))
      return row ? details(ctx, row) : null
    },

    /**
     * A new offer, possibly half-filled. With an `Idempotency-Key` a repeated request (a double
     * click, a retry) returns the offer the first one created; the key with another body is a 422.
     */
    async create(ctx: Ctx, input: unknown, idempotencyKey?: string): Promise<OfferDetails> {
      const scope = vendorScope(ctx)
      requireConfirmed(scope)
      const key = idempotencyKeyOf(idempotencyKey)
      const row = await createOnce(
        ctx.db,
        { scope: `offers.create:${scope.organizationId}`, key, input: parse(OfferInput, input ?? {}) },
        () => offerOfKey(ctx, scope.organizationId, key),
        async () => {
          const values = await toColumns(ctx, scope, input)
          await limiter.hit(`exchange:offers:create:${scope.organizationId}`, OFFER_CREATE_RATE_LIMIT)
          const [{ n }] = (await ctx.db
            .select({ n: count() })
            .from(serviceOffers)
            .where(eq(serviceOffers.organizationId, scope.organizationId))) as [{ n: number }]
          if (n >= OFFER_LIMITS.perVendor) throw new AppError('conflict', OFFER_MESSAGES.tooMany)
          const step = offerTransition(null, 'create', 'vendor')
          return ctx.db.transaction(async (tx) => {
            const [row] = await tx
              .insert(serviceOffers)
              .values({
                ...values,
                organizationId: scope.organizationId,
                status: step.to,
                creationKey: key,
                createdByUserId: ctx.user!.id,
              })
              .returning()
            await recordOfferCreation(withDb(ctx, tx), row!.id, step)
            return row!
          })
        },
      )
      return details(ctx, row)
    },

    /**
     * Saves the offer as the form has it. Changing an approved offer starts a new draft; the
     * exchange keeps showing the approved version. An offer with staff cannot be changed until it
     * is withdrawn.
     */
    async update(ctx: Ctx, id: string, input: unknown): Promise<OfferDetails> {
      const scope = vendorScope(ctx)
      const row = await findOwnOffer(ctx, scope, id)
      const columns = await toColumns(ctx, scope, input)
      await limiter.hit(`exchange:offers:save:${ctx.user!.id}`, OFFER_SAVE_RATE_LIMIT)
      await change(ctx, row, columns)
      return details(ctx, await findOwnOffer(ctx, scope, id))
    },

    /** Sends a complete offer to staff; an incomplete one gets its missing fields (400). */
    async submit(ctx: Ctx, id: string): Promise<OfferDetails> {
      const scope = vendorScope(ctx)
      requireConfirmed(scope)
      requireManager(scope)
      const row = await findOwnOffer(ctx, scope, id)
      // A second click on «Отправить на модерацию» finds it there already.
      if (row.status !== 'moderation') {
        const step = offerTransition(row.status, 'submit', 'vendor', row.title || undefined)
        const problems = offerProblems(row)
        if (Object.keys(problems).length) throw new AppError('invalid', OFFER_MESSAGES.incomplete, problems)
        await limiter.hit(`exchange:offers:save:${ctx.user!.id}`, OFFER_SAVE_RATE_LIMIT)
        await moveOffer(ctx, row.id, step, {
          set: { submittedAt: new Date(), staffComment: null, updatedAt: new Date() },
        })
      }
      return details(ctx, await findOwnOffer(ctx, scope, id))
    },

    /** Takes an offer back from moderation to change it. */
    async withdraw(ctx: Ctx, id: string): Promise<OfferDetails> {
      const scope = vendorScope(ctx)
      const row = await findOwnOffer(ctx, scope, id)
      if (row.status !== 'draft') {
        await limiter.hit(`exchange:offers:save:${ctx.user!.id}`, OFFER_SAVE_RATE_LIMIT)
        await moveOffer(ctx, row.id, offerTransition(row.status, 'withdraw', 'vendor', row.title), {
          set: { updatedAt: new Date() },
        })
      }
      return details(ctx, await findOwnOffer(ctx, scope, id))
    },

    /** Takes an offer off the exchange; it comes back after moderation. */
    async unpublish(ctx: Ctx, id: string): Promise<OfferDetails> {
      const scope = vendorScope(ctx)
      requireManager(scope)
      const row = await findOwnOffer(ctx, scope, id)
      // Repeated: it is off the exchange already.
      if (row.published) {
        const step = offerTransition(row.status, 'unpublish', 'vendor', row.title || undefined)
        await limiter.hit(`exchange:offers:save:${ctx.user!.id}`, OFFER_SAVE_RATE_LIMIT)
        await ctx.db.transaction(async (tx) => {
          const inTx = withDb(ctx, tx)
          await moveOffer(inTx, row.id, step, { set: { published: false, updatedAt: new Date() } })
          await tx.delete(publishedServiceOffers).where(eq(publishedServiceOffers.id, row.id))
        })
      }
      return details(ctx, await findOwnOffer(ctx, scope, id))
    },

    /** Deletes an offer that is neither on the exchange nor with staff; a deleted one is not found. */
    async remove(ctx: Ctx, id: string): Promise<void> {
      const scope = vendorScope(ctx)
      requireManager(scope)
      const row = await findOwnOffer(ctx, scope, id)
      if (row.published || row.status === 'moderation' || row.status === 'approved')
        throw new AppError('conflict', OFFER_MESSAGES.notDeletable)
      await limiter.hit(`exchange:offers:save:${ctx.user!.id}`, OFFER_SAVE_RATE_LIMIT)
      const [gone] = await ctx.db
        .delete(serviceOffers)
        .where(
          and(eq(serviceOffers.id, row.id), eq(serviceOffers.published, false), ne(serviceOffers.status, 'moderation')),
        )
        .returning({ id: serviceOffers.id })
      if (!gone) throw new AppError('conflict', OFFER_MESSAGES.notDeletable)
      for (const photo of row.photos) await deleteUploadedPhoto(storage, photo.src)
    },

    /** Adds a photo at the end (the first one is the main picture); its caption is the title. */
    async addPhoto(ctx: Ctx, id: string, data: Buffer): Promise<OfferDetails> {
      const scope = vendorScope(ctx)
      await limiter.hit(`exchange:offers:photos:${ctx.user!.id}`, OFFER_PHOTO_RATE_LIMIT)
      const before = await findOwnOffer(ctx, scope, id)
      if (before.status === 'moderation') throw new AppError('conflict', OFFER_MESSAGES.notEditable)
      const full = () => new AppError('invalid', OFFER_MESSAGES.photosLimit, { file: OFFER_MESSAGES.photosLimit })
      photoList.checkRoom(before.photos, OFFER_LIMITS.photos, full)
      const { src } = await storeUploadedPhoto(storage, data)
      try {
        await changePhotos(ctx, id, (row) =>
          photoList.add(row.photos, { src, alt: row.title.trim() }, OFFER_LIMITS.photos, full),
        )
      } catch (error) {
        await deleteUploadedPhoto(storage, src) // no bytes without an offer
        throw error
      }
      return details(ctx, await findOwnOffer(ctx, scope, id))
    },

    async removePhoto(ctx: Ctx, id: string, photoId: string): Promise<OfferDetails> {
      await limiter.hit(`exchange:offers:save:${ctx.user?.id}`, OFFER_SAVE_RATE_LIMIT)
      let removed: string | undefined
      await changePhotos(ctx, id, (row) => {
        const { photos, removed: photo } = photoList.remove(row.photos, photoId)
        removed = photo.src
        return photos
      })
      if (removed) await dropUnusedPhoto(ctx, offerId(id), removed)
      return details(ctx, await findOwnOffer(ctx, vendorScope(ctx), id))
    },

    /** Puts the photos in the given order: every photo of the offer, each once. */
    async orderPhotos(ctx: Ctx, id: string, input: unknown): Promise<OfferDetails> {
      const { ids } = parse(PhotoOrderInput, input ?? {})
      await limiter.hit(`exchange:offers:save:${ctx.user?.id}`, OFFER_SAVE_RATE_LIMIT)
      await changePhotos(ctx, id, (row) => photoList.order(row.photos, ids))
      return details(ctx, await findOwnOffer(ctx, vendorScope(ctx), id))
    },

    async setPhotoAlt(ctx: Ctx, id: string, photoId: string, input: unknown): Promise<OfferDetails> {
      const { alt } = parse(PhotoAltInput, input ?? {})
      await limiter.hit(`exchange:offers:save:${ctx.user?.id}`, OFFER_SAVE_RATE_LIMIT)
      await changePhotos(ctx, id, (row) => photoList.caption(row.photos, photoId, alt))
      return details(ctx, await findOwnOffer(ctx, vendorScope(ctx), id))
    },

    /** Offers waiting for a decision, the longest-waiting first. */
    async queue(ctx: Ctx, query: unknown) {
      requireStaff(ctx)
      const { page } = parse(OfferQueueQuery, query ?? {})
      const pageSize = 20
      const { rows, total } = await waitingForStaff(ctx, serviceOffers, { page, pageSize })
      const vendors = await deps.vendors.describeVendors(
        ctx,
        rows.map((r) => r.organizationId),
      )
      return {
        items: rows.map((r) => ({
          id: r.id,
          title: r.title,
          type: r.type,
          priceFromKopecks: r.priceFromKopecks,
          priceUnit: r.priceUnit,
          regions: r.regions,
          nationwide: r.nationwide,
          photo: r.photos[0] ?? null,
          vendor: vendors.get(r.organizationId) ?? null,
          /** A new version of an offer on the exchange, rather than a new offer. */
          isUpdate: r.published,
          submittedAt: r.submittedAt,
        })),
        page,
        pageSize,
        total,
      }
    },

    /** An offer as staff review it, with its vendor. */
    review,

    /**
     * Approves the offer: its version goes into `published_service_offers` with the seller's
     * current name and slug, and the exchange shows it from now on.
     */
    async approve(ctx: Ctx, id: string) {
      await decisions.approve(ctx, id)
      return review(ctx, id)
    },

    /** Sends the offer back with what to fix; a published version stays on the exchange. */
    async requestFixes(ctx: Ctx, id: string, input: unknown) {
      requireStaff(ctx)
      const { comment } = parse(OfferFixesInput, input ?? {})
      await decisions.requestFixes(ctx, id, comment)
      return review(ctx, id)
    },
  }
}

export type OffersService = ReturnType<typeof createOffersService>
