import { CHARACTERS_UP_TO } from '#common/counted-words.ts'
import { formatCount } from '#common/format.ts'
import { DOCUMENT_LIMITS, MEDIA_MESSAGES, PHOTO_LIMITS } from './product-media.ts'
import { PRODUCT_LIMITS } from './products.ts'
import { singleLineText } from './text.ts'
import { z } from './zod.ts'

/** What the photo and document endpoints accept, apart from product-media.ts, which pages load. */

const line = (max: number) => singleLineText().max(max, `Не длиннее ${formatCount(max, CHARACTERS_UP_TO)}`)

/** The photos in their new order, by id; the first becomes the main one. */
export const PhotoOrderInput = z.object({
  ids: z.array(z.string().max(64), MEDIA_MESSAGES.photoOrder).max(PRODUCT_LIMITS.photos, MEDIA_MESSAGES.photoOrder),
})

export const PhotoAltInput = z.object({ alt: line(PHOTO_LIMITS.altLength).transform((s) => s.trim()) })

export const DocumentNameInput = z.object({
  name: line(DOCUMENT_LIMITS.nameLength)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, MEDIA_MESSAGES.documentName),
})
