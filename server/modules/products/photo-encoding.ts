import sharp, { type Metadata } from 'sharp'
import { MEDIA_MESSAGES, PHOTO_LIMITS, photoTypeByContent } from '#common/product-media.ts'
import { AppError } from '../../errors.ts'

const refuse = (message: string) => new AppError('invalid', message, { file: message })

/** sharp's refusal in words: over the pixel budget, or not a picture it can decode. */
function refuseUndecodable(error: unknown): AppError {
  const text = String((error as Error)?.message ?? error)
  return refuse(/pixel limit/i.test(text) ? MEDIA_MESSAGES.photoTooManyPixels : MEDIA_MESSAGES.photoUnreadable)
}

/**
 * An uploaded photo as we store it: its type proved by the first bytes (never the name or the
 * declared type), decoded by sharp within a pixel budget (a decompression bomb is refused before
 * it is decoded), turned upright by its EXIF orientation, shrunk to the longest edge we keep and
 * written anew as WebP. Nothing of the original file survives but the pixels: no EXIF, GPS,
 * camera serials or anything appended after the image data.
 */
export async function encodePhoto(data: Buffer): Promise<Buffer> {
  if (data.length === 0) throw refuse(MEDIA_MESSAGES.photoEmpty)
  if (data.length > PHOTO_LIMITS.maxBytes) throw refuse(MEDIA_MESSAGES.photoTooLarge)
  if (!photoTypeByContent(data.subarray(0, 16))) throw refuse(MEDIA_MESSAGES.photoType)
  const image = sharp(data, { limitInputPixels: PHOTO_LIMITS.maxInputPixels, failOn: 'error', sequentialRead: true })
  let meta: Metadata
  try {
    meta = await image.metadata()
  } catch (error) {
    throw refuseUndecodable(error)
  }
  // metadata() reads the header only; the budget is checked here too so the message says why.
  if ((meta.width ?? 0) * (meta.height ?? 0) > PHOTO_LIMITS.maxInputPixels)
    throw refuse(MEDIA_MESSAGES.photoTooManyPixels)
  try {
    return await image
      .rotate() // by the EXIF orientation, which the output no longer carries
      .resize({
        width: PHOTO_LIMITS.maxEdge,
        height: PHOTO_LIMITS.maxEdge,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 85 })
      .toBuffer()
  } catch (error) {
    throw refuseUndecodable(error)
  }
}
