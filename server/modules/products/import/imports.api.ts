import { VAT_RATES } from '#common/catalog/vat.ts'
import { IMPORT_VIEW_STATUSES } from '#common/product-import.ts'
import { z } from '#common/zod.ts'

/** The import as the REST API answers it (OpenAPI documents these). */
const Line = z.object({ line: z.number().int(), message: z.string() })

export const ImportViewSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  status: z.enum(IMPORT_VIEW_STATUSES),
  createdAt: z.date(),
  counts: z.object({
    offers: z.number().int(),
    new: z.number().int(),
    updates: z.number().int(),
    onModeration: z.number().int(),
    withErrors: z.number().int(),
    withoutVat: z.number().int(),
  }),
  categories: z.array(z.object({ id: z.string(), name: z.string(), offers: z.number().int() })),
  params: z.array(z.object({ name: z.string(), unit: z.string().optional(), offers: z.number().int() })),
  mapping: z.object({
    categories: z.record(z.string(), z.string().nullable()),
    params: z.record(z.string(), z.string().nullable()),
    defaultVatRate: z.enum(VAT_RATES).nullable(),
  }),
  errors: z.object({
    items: z.array(Line),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  outcome: z
    .object({
      created: z.number().int(),
      updated: z.number().int(),
      skippedTotal: z.number().int(),
      skipped: z.array(z.object({ line: z.number().int(), sku: z.string(), reason: z.string() })),
    })
    .nullable(),
  failure: z.string().nullable(),
})

export const ImportIdParams = z.object({ id: z.string() })

/** What the upload form sends, for the API documentation: the part is read as a stream. */
export const UploadBodySchema = z.object({ file: z.file() })
