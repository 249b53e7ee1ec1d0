import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { photoSrcOf, uploadedPhotoKey } from '#common/product-media.ts'
import type { FileStorage } from '../files/index.ts'
import { encodePhoto } from './photo-encoding.ts'

/**
 * Uploaded photos' bytes, for every owner of photos (products, service offers): re-encoded to
 * WebP under an unguessable key in the files module's storage, served by one image route
 * (`readUploadedPhoto`) whoever owns them. No `files` row and no owner check: the key is the secret.
 */
const storageKeyOf = (key: string) => `photos/${key}`

/**
 * Re-encodes and stores a photo; its `src` goes into the owner's list of images. Its size as
 * stored comes with it, for owners that lay pictures out before they load (articles).
 */
export async function storeUploadedPhoto(
  storage: FileStorage,
  data: Buffer,
): Promise<{ key: string; src: string; width: number; height: number }> {
  const webp = await encodePhoto(data)
  const { width = 0, height = 0 } = await sharp(webp).metadata()
  const key = randomBytes(16).toString('hex')
  await storage.put(storageKeyOf(key), webp, 'image/webp')
  return { key, src: photoSrcOf(key), width, height }
}

/** Drops an uploaded photo's bytes; a picture given by path (demo art) has none. */
export async function deleteUploadedPhoto(storage: FileStorage, src: string): Promise<void> {
  const key = uploadedPhotoKey(src)
  if (key) await storage.delete(storageKeyOf(key)).catch(() => {})
}

/** The bytes of an uploaded photo by its path below the image service, or null. */
export async function readUploadedPhoto(storage: FileStorage, path: string): Promise<Buffer | null> {
  const key = uploadedPhotoKey(path)
  if (!key) return null
  return storage.get(storageKeyOf(key)).catch(() => null)
}
