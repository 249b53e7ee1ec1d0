export { ImportViewSchema } from '#common/product-import.ts'
import { z } from '#common/zod.ts'

export const ImportIdParams = z.object({ id: z.string() })

/** What the upload form sends, for the API documentation: the part is read as a stream. */
export const UploadBodySchema = z.object({ file: z.file() })
