import { and, count, eq, ne } from 'drizzle-orm'
import {
  type EquipmentOption,
  OFFER_LIMITS,
  OFFER_MESSAGES,
  type OfferDetails,
  OfferInput,
} from '#common/exchange/offers.ts'
import { type Ctx, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { createOnce, idempotencyKeyOf } from '../../../idempotency.ts'
import { parse } from '../../../parse.ts'
import { deleteUploadedPhoto } from '../../products/index.ts'
import { moveOffer, offerTransition, recordOfferCreation } from './offers.machine.ts'
import { publishedServiceOffers, serviceOffers } from './offers.table.ts'
import {
  createOfferParts,
  type OffersDeps,
  OFFER_CREATE_RATE_LIMIT,
  OFFER_SAVE_RATE_LIMIT,
  vendorScope,
  requireManager,
  requireConfirmed,
  findOwnOffer,
  offerOfKey,
  offerProblems,
} from './offers.parts.ts'
import { createOfferPhotos } from './offers.photos.ts'
import { createStaffOffers } from './offers.staff.ts'

/**
 * Service offers (point 1 of the exchange): the selected organization's working copies in the
 * cabinet, their photos and equipment, and their moderation by staff on the products' lifecycle
 * (offers.machine.ts). Approval copies the version into `published_service_offers`, which the
 * exchange reads; editing an approved offer starts a new draft while that version stays. The
 * photos (offers.photos.ts) and staff's side (offers.staff.ts) are files of their own.
 */
export function createOffersService(deps: OffersDeps) {
  const { limiter, storage } = deps
  const parts = createOfferParts(deps)
  const { details, toColumns, change } = parts

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
    ...createOfferPhotos(deps, parts),
    ...createStaffOffers(deps, parts),
  }
}

export type OffersService = ReturnType<typeof createOffersService>
