import { MEDIA_MESSAGES, photoIdOf } from '#common/product-media.ts'
import { AppError } from '../errors.ts'

/** A listing's photo as products and service offers store it: the first one is the main picture. */
export interface ListingPhoto {
  src: string
  alt: string
}

/**
 * The photo list of a moderated listing (a product, a service offer), one operation each: what
 * the vendor's cabinet does to it. Each answers the new list or refuses in the API's words; the
 * listing's service writes the list into its working copy (which may start a new draft).
 */
export const photoList = {
  /** The photo's place in the list; a photo the listing does not have is a 404. */
  indexOf(photos: readonly ListingPhoto[], photoId: string): number {
    const index = photos.findIndex((photo) => photoIdOf(photo.src) === photoId)
    if (index < 0) throw new AppError('not_found', MEDIA_MESSAGES.photoNotFound)
    return index
  },

  /** Refuses with `full` a list that has no room for one more photo: asked before storing its bytes. */
  checkRoom(photos: readonly ListingPhoto[], limit: number, full: () => AppError): void {
    if (photos.length >= limit) throw full()
  },

  /** The photo at the end (asked again in the write: two uploads may have raced for the last place). */
  add<P extends ListingPhoto>(photos: readonly P[], photo: P, limit: number, full: () => AppError): P[] {
    photoList.checkRoom(photos, limit, full)
    return [...photos, photo]
  },

  /** The list without the photo, and the photo removed (its bytes may go). */
  remove<P extends ListingPhoto>(photos: readonly P[], photoId: string): { photos: P[]; removed: P } {
    const index = photoList.indexOf(photos, photoId)
    return { photos: photos.filter((_, i) => i !== index), removed: photos[index]! }
  },

  /** The photos in the given order: every photo of the listing, each once. */
  order<P extends ListingPhoto>(photos: readonly P[], ids: readonly string[]): P[] {
    const byId = new Map(photos.map((photo) => [photoIdOf(photo.src), photo]))
    if (ids.length !== byId.size || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id)))
      throw new AppError('invalid', MEDIA_MESSAGES.photoOrder, { ids: MEDIA_MESSAGES.photoOrder })
    return ids.map((id) => byId.get(id)!)
  },

  /** The photo with its new caption. */
  caption<P extends ListingPhoto>(photos: readonly P[], photoId: string, alt: string): P[] {
    const index = photoList.indexOf(photos, photoId)
    return photos.map((photo, i) => (i === index ? { ...photo, alt } : photo))
  },
}
