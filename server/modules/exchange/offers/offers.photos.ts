import { and, eq, sql } from 'drizzle-orm'
import { OFFER_LIMITS, OFFER_MESSAGES, type OfferDetails } from '#common/exchange/offers.ts'
import { PhotoAltInput, PhotoOrderInput } from '#common/product-media.schemas.ts'
import { type Ctx } from '../../../context.ts'
import { photoList } from '../../../moderation/photos.ts'
import { AppError } from '../../../errors.ts'
import { parse } from '../../../parse.ts'
import { deleteUploadedPhoto, storeUploadedPhoto } from '../../products/index.ts'
import { moveOffer, offerTransition } from './offers.machine.ts'
import { publishedServiceOffers, serviceOffers } from './offers.table.ts'
import {
  type OfferParts,
  type OffersDeps,
  type OfferRow,
  OFFER_PHOTO_RATE_LIMIT,
  OFFER_SAVE_RATE_LIMIT,
  vendorScope,
  offerId,
  findOwnOffer,
} from './offers.parts.ts'

/** An offer's photos: added at the end, removed, ordered, captioned; the bytes go when nothing shows them. */
export function createOfferPhotos(deps: OffersDeps, { details }: OfferParts) {
  const { limiter, storage } = deps

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

  return {
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
  }
}
