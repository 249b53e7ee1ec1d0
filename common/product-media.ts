import { UPLOADED_IMAGE_PREFIX } from './images.ts'
import { formatFileSize } from './files.ts'
import { pluralize } from './format.ts'
import { PRODUCT_LIMITS } from './products.ts'

/**
 * Photos and documents of a product in the seller cabinet: what the server accepts and what the
 * form checks before sending, in one place so both refuse the same files with the same words.
 */

export const PHOTO_TYPES = [
  { mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { mimeType: 'image/png', extensions: ['png'] },
  { mimeType: 'image/webp', extensions: ['webp'] },
] as const
export type PhotoMimeType = (typeof PHOTO_TYPES)[number]['mimeType']

export const PHOTO_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** The longest edge a stored photo keeps: enough for a zoomed gallery, far below a camera's. */
  maxEdge: 2400,
  /**
   * Pixels a photo may decode to. A few kilobytes of PNG can claim 50 000 × 50 000 pixels and
   * take gigabytes to decode; a 48-megapixel phone camera still fits.
   */
  maxInputPixels: 60_000_000,
  altLength: 200,
  accept: 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp',
} as const

export const DOCUMENT_LIMITS = { nameLength: 200, accept: 'application/pdf,.pdf' } as const

/** «15 фотографий» after «не больше». */
const photosAfterLimit = (n: number) => `${n} ${pluralize(n, ['фотографии', 'фотографий', 'фотографий'])}`
const documentsAfterLimit = (n: number) => `${n} ${pluralize(n, ['документа', 'документов', 'документов'])}`

export const MEDIA_MESSAGES = {
  photoType: 'Допустимы фотографии JPEG, PNG или WebP',
  photoTooLarge: `Фотография больше ${formatFileSize(PHOTO_LIMITS.maxBytes)}`,
  photoEmpty: 'Файл пустой',
  photoUnreadable: 'Не удалось прочитать изображение: файл повреждён или это не фотография',
  photoTooManyPixels: 'Изображение слишком большое по числу точек: не больше 60 мегапикселей',
  photosLimit: `Можно добавить не больше ${photosAfterLimit(PRODUCT_LIMITS.photos)}`,
  photoNotFound: 'Фотография не найдена',
  photoOrder: 'Передайте все фотографии товара в новом порядке, каждую один раз',
  photoRequired: 'Добавьте хотя бы одну фотографию',
  documentType: 'Документы принимаются в формате PDF',
  documentsLimit: `Можно добавить не больше ${documentsAfterLimit(PRODUCT_LIMITS.documents)}`,
  documentNotFound: 'Документ не найден',
  documentName: 'Укажите название документа',
} as const

/** Where uploaded photos live below /marketplace-frontend-assets/: an unguessable key each. */
export const PHOTO_SRC_PREFIX = UPLOADED_IMAGE_PREFIX
const UPLOADED_SRC = /^product-photos\/([0-9a-f]{32})\.webp$/

export const photoSrcOf = (key: string) => `${PHOTO_SRC_PREFIX}${key}.webp`

/** The storage key of an uploaded photo's `src`, or null for any other picture (demo art). */
export function uploadedPhotoKey(src: string): string | null {
  return UPLOADED_SRC.exec(src)?.[1] ?? null
}

/**
 * A photo's id in the API: an uploaded photo's key; for a picture given by path (demo art), a
 * short hash of the path, stable as long as the path is.
 */
export function photoIdOf(src: string): string {
  const key = uploadedPhotoKey(src)
  if (key) return key
  let hash = 0x811c9dc5
  for (let i = 0; i < src.length; i++) hash = Math.imul(hash ^ src.charCodeAt(i), 0x01000193)
  return `p${(hash >>> 0).toString(16).padStart(8, '0')}`
}

/** The type a photo's first bytes prove, or null: JPEG, PNG, or WebP (a RIFF container). */
export function photoTypeByContent(head: Uint8Array): PhotoMimeType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b)
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}

/** What the browser can check before uploading a photo (the server reads the bytes anyway). */
export function checkPhotoBeforeUpload(file: { name: string; size: number; type: string }): string | null {
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? ''
  const known = PHOTO_TYPES.some((t) => t.mimeType === file.type || (t.extensions as readonly string[]).includes(ext))
  if (!known) return MEDIA_MESSAGES.photoType
  if (file.size === 0) return MEDIA_MESSAGES.photoEmpty
  if (file.size > PHOTO_LIMITS.maxBytes) return MEDIA_MESSAGES.photoTooLarge
  return null
}
