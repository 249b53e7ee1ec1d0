import { and, eq, sql } from 'drizzle-orm'
import type { ProductImage } from '#common/catalog/products.ts'
import { cleanFileName, typeByContent } from '#common/files.ts'
import { MEDIA_MESSAGES, uploadedPhotoKey } from '#common/product-media.ts'
import { DocumentNameInput, PhotoAltInput, PhotoOrderInput } from '#common/product-media.schemas.ts'
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '#common/products.ts'
import { isUuid } from '#common/validators.ts'
import type { Ctx } from '../../context.ts'
import { photoList } from '../../moderation/photos.ts'
import { AppError, isAppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { FilesService, FileStorage, StoreFileInput } from '../files/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import { moveProduct, productTransition } from './products.machine.ts'
import { type DraftRow, findOwnDraft, productId, vendorScope } from './products.access.ts'
import { type ProductDocument, productDrafts } from './products.table.ts'
import { deleteUploadedPhoto, readUploadedPhoto, storeUploadedPhoto } from './uploaded-photos.ts'

/** Uploading is heavier than typing: a product's fifteen photos, many times over, but not a script's thousands. */
export const PHOTO_RATE_LIMIT: RateLimitRule = { limit: 300, windowMs: 60 * 60_000 }
/** Reordering, captions and deletions: as often as the form saves. */
export const MEDIA_EDIT_RATE_LIMIT: RateLimitRule = { limit: 1200, windowMs: 60 * 60_000 }

/** Two uploads of the same product at once both land: a write that lost the race reads again. */
const ATTEMPTS = 5

export interface ProductMediaDeps {
  storage: FileStorage
  files: Pick<FilesService, 'store' | 'readAttached'>
  catalog: Pick<CatalogService, 'describeVersions'>
  limiter: RateLimiter
}

type MediaColumns = { images?: ProductImage[]; documents?: ProductDocument[] }

const notFound = (message: string) => new AppError('not_found', message)

/**
 * Photos and documents of a vendor's draft. Authorized like every edit of the products module:
 * another organization's product is not found, any member may change them, a product with
 * staff cannot be changed (409), and the first change to an approved version starts a new
 * draft while the catalogue keeps showing the approved photos.
 */
export function createProductMedia(deps: ProductMediaDeps) {
  const { storage, limiter } = deps

  /**
   * Applies `change` to the draft's photos or documents as they are now. The write only lands
   * if nobody changed them in between; otherwise it reads again and retries.
   */
  async function changeMedia(ctx: Ctx, id: string, change: (draft: DraftRow) => MediaColumns): Promise<void> {
    const scope = vendorScope(ctx)
    for (let attempt = 1; ; attempt++) {
      const draft = await findOwnDraft(ctx, scope, id)
      if (draft.status === 'moderation') throw new AppError('conflict', PRODUCT_MESSAGES.notEditable)
      const set = { ...change(draft), updatedAt: new Date() }
      try {
        if (draft.status === 'approved') {
          await moveProduct(ctx, draft.id, productTransition(draft.status, 'edit', 'vendor'), { set })
          return
        }
        const [saved] = await ctx.db
          .update(productDrafts)
          .set(set)
          .where(
            and(
              eq(productDrafts.id, draft.id),
              eq(productDrafts.status, draft.status),
              sql`${productDrafts.images} = ${JSON.stringify(draft.images)}::jsonb`,
              sql`${productDrafts.documents} = ${JSON.stringify(draft.documents)}::jsonb`,
            ),
          )
          .returning({ id: productDrafts.id })
        if (saved) return
      } catch (error) {
        if (!isAppError(error) || error.kind !== 'conflict' || attempt >= ATTEMPTS) throw error
        continue
      }
      if (attempt >= ATTEMPTS) throw new AppError('conflict', PRODUCT_MESSAGES.stale)
    }
  }

  function findDocument(draft: DraftRow, fileId: string): number {
    const index = draft.documents.findIndex((d) => d.fileId === fileId.toLowerCase())
    if (index < 0) throw notFound(MEDIA_MESSAGES.documentNotFound)
    return index
  }

  const refuse = (message: string) => new AppError('invalid', message, { file: message })

  /** Photos the catalogue shows now: their bytes stay until a later approval replaces them. */
  async function livePhotoKeys(ctx: Ctx, id: string): Promise<Set<string>> {
    const live = (await deps.catalog.describeVersions(ctx, [id])).get(id)
    return new Set((live?.images ?? []).flatMap((image) => uploadedPhotoKey(image.src) ?? []))
  }

  return {
    /** Adds a photo at the end (the first one becomes the main picture); its alt is the title. */
    async addPhoto(ctx: Ctx, id: string, data: Buffer): Promise<void> {
      const scope = vendorScope(ctx)
      await limiter.hit(`products:photos:${ctx.user!.id}`, PHOTO_RATE_LIMIT)
      const before = await findOwnDraft(ctx, scope, id)
      if (before.status === 'moderation') throw new AppError('conflict', PRODUCT_MESSAGES.notEditable)
      const full = () => refuse(MEDIA_MESSAGES.photosLimit)
      photoList.checkRoom(before.images, PRODUCT_LIMITS.photos, full)
      const { src } = await storeUploadedPhoto(storage, data)
      try {
        await changeMedia(ctx, id, (draft) => ({
          images: photoList.add(draft.images, { src, alt: draft.title.trim() }, PRODUCT_LIMITS.photos, full),
        }))
      } catch (error) {
        await deleteUploadedPhoto(storage, src) // no bytes without a product
        throw error
      }
    },

    async removePhoto(ctx: Ctx, id: string, photoId: string): Promise<void> {
      await limiter.hit(`products:save:${ctx.user?.id}`, MEDIA_EDIT_RATE_LIMIT)
      let removed: ProductImage | undefined
      await changeMedia(ctx, id, (draft) => {
        const { photos, removed: photo } = photoList.remove(draft.images, photoId)
        removed = photo
        return { images: photos }
      })
      const key = removed && uploadedPhotoKey(removed.src)
      if (key && !(await livePhotoKeys(ctx, productId(id))).has(key)) await deleteUploadedPhoto(storage, removed!.src)
    },

    /** Puts the photos in the given order: every photo of the product, each once. */
    async orderPhotos(ctx: Ctx, id: string, input: unknown): Promise<void> {
      const { ids } = parse(PhotoOrderInput, input ?? {})
      await limiter.hit(`products:save:${ctx.user?.id}`, MEDIA_EDIT_RATE_LIMIT)
      await changeMedia(ctx, id, (draft) => ({ images: photoList.order(draft.images, ids) }))
    },

    async setPhotoAlt(ctx: Ctx, id: string, photoId: string, input: unknown): Promise<void> {
      const { alt } = parse(PhotoAltInput, input ?? {})
      await limiter.hit(`products:save:${ctx.user?.id}`, MEDIA_EDIT_RATE_LIMIT)
      await changeMedia(ctx, id, (draft) => ({ images: photoList.caption(draft.images, photoId, alt) }))
    },

    /** The bytes of an uploaded photo by its path below the image service, or null. */
    readPhoto: (path: string): Promise<Buffer | null> => readUploadedPhoto(storage, path),

    /**
     * Attaches a PDF through the files module (which checks name, declared type and first bytes
     * again) as a document of the vendor's organization; its title is the file's name.
     */
    async addDocument(ctx: Ctx, id: string, upload: StoreFileInput): Promise<void> {
      const scope = vendorScope(ctx)
      const before = await findOwnDraft(ctx, scope, id)
      if (before.status === 'moderation') throw new AppError('conflict', PRODUCT_MESSAGES.notEditable)
      if (before.documents.length >= PRODUCT_LIMITS.documents) throw refuse(MEDIA_MESSAGES.documentsLimit)
      if (typeByContent(upload.data.subarray(0, 16)) !== 'application/pdf') throw refuse(MEDIA_MESSAGES.documentType)
      const stored = await deps.files.store(ctx, { ...upload, organizationId: scope.organizationId })
      const name = cleanFileName(stored.originalName)
        .replace(/\.pdf$/i, '')
        .slice(0, 200)
      await changeMedia(ctx, id, (draft) => {
        if (draft.documents.length >= PRODUCT_LIMITS.documents) throw refuse(MEDIA_MESSAGES.documentsLimit)
        return { documents: [...draft.documents, { fileId: stored.id, name }] }
      })
    },

    async removeDocument(ctx: Ctx, id: string, fileId: string): Promise<void> {
      await limiter.hit(`products:save:${ctx.user?.id}`, MEDIA_EDIT_RATE_LIMIT)
      await changeMedia(ctx, id, (draft) => {
        const index = findDocument(draft, fileId)
        return { documents: draft.documents.filter((_, i) => i !== index) }
      })
    },

    async renameDocument(ctx: Ctx, id: string, fileId: string, input: unknown): Promise<void> {
      const { name } = parse(DocumentNameInput, input ?? {})
      await limiter.hit(`products:save:${ctx.user?.id}`, MEDIA_EDIT_RATE_LIMIT)
      await changeMedia(ctx, id, (draft) => {
        const index = findDocument(draft, fileId)
        return { documents: draft.documents.map((d, i) => (i === index ? { ...d, name } : d)) }
      })
    },

    /**
     * A document of a product for download: anyone may take those of the version on sale; the
     * vendor's members and staff also those of the draft (preview, review). Anything else is
     * not found, like a file that does not exist.
     */
    async downloadDocument(ctx: Ctx, id: string, fileId: string) {
      const missing = notFound(MEDIA_MESSAGES.documentNotFound)
      if (!isUuid(id) || !isUuid(fileId)) throw missing
      const productKey = id.toLowerCase()
      const fileKey = fileId.toLowerCase()
      const live = (await deps.catalog.describeVersions(ctx, [productKey])).get(productKey)
      let document = live?.status === 'published' ? live.documents.find((d) => d.fileId === fileKey) : undefined
      if (!document && ctx.user) {
        const [draft] = await ctx.db
          .select({ organizationId: productDrafts.organizationId, documents: productDrafts.documents })
          .from(productDrafts)
          .where(eq(productDrafts.id, productKey))
        const insider = draft && (ctx.user.isStaff || ctx.organization?.id === draft.organizationId)
        if (insider) {
          document =
            draft.documents.find((d) => d.fileId === fileKey) ?? live?.documents.find((d) => d.fileId === fileKey)
        }
      }
      if (!document) throw missing
      const { meta, data } = await deps.files.readAttached(ctx, document.fileId)
      return { name: `${document.name}.pdf`, mimeType: meta.mimeType, data }
    },
  }
}

export type ProductMedia = ReturnType<typeof createProductMedia>
