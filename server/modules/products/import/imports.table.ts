import { IMPORT_VIEW_STATUSES } from '#common/product-import.ts'
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ImportMapping } from './file/mapping.ts'
import type { FileCategory, ImportedOffer, ImportError } from './file/types.ts'
import type { FileParam } from './imports.preview.ts'

/** What the preview counts, recomputed when the vendor changes the mapping. */
export interface ImportCounts {
  offers: number
  /** SKUs the organization has no product with yet. */
  new: number
  /** SKUs of existing products that will get a new draft version. */
  updates: number
  /** Existing products with staff now: left as they are. */
  onModeration: number
  /** Rows left out: the file's own errors and the values that do not fit the mapping. */
  withErrors: number
  /** Offers whose file gives no VAT rate: the vendor chooses one for all of them. */
  withoutVat: number
}

/** A category of the file and how many of its offers are in it. */
export type CountedCategory = FileCategory & { offers: number }

/** A row the import did not write, and why (in Russian, for the result table). */
export interface SkippedRow {
  line: number
  sku: string
  reason: string
}

/** Something about a row's pictures the vendor should know: not fetched, or fetched but small. */
export interface PictureWarning {
  line: number
  sku: string
  message: string
}

/** Warnings an import keeps; the count says how many there were in all. */
export const PICTURE_WARNINGS_KEPT = 200

export interface ImportOutcome {
  /** Offers gone through so far: a job resumed after a restart starts here. */
  processed: number
  created: number
  updated: number
  skipped: SkippedRow[]
  /** The pictures' step (imports.pictures.ts); absent in imports written before it. */
  pictures?: {
    /** Products whose pictures were queued, and gone through. */
    total: number
    done: number
    /** Photos added to drafts. */
    added: number
    warningsTotal: number
    warnings: PictureWarning[]
    /** Hosts that timed out or could not be reached, and how often. */
    hostFailures?: Record<string, number>
  }
}

/**
 * An uploaded catalogue file between its upload and its import: the parsed offers (the file is
 * parsed once, on upload), the vendor's mapping, and the import's outcome, row by row.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    /** Who uploaded it: the import's job acts for them. */
    userId: uuid('user_id').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    status: text('status', { enum: IMPORT_VIEW_STATUSES }).notNull().default('preview'),
    categories: jsonb('categories').$type<CountedCategory[]>().notNull().default([]),
    params: jsonb('params').$type<FileParam[]>().notNull().default([]),
    offers: jsonb('offers').$type<ImportedOffer[]>().notNull().default([]),
    /** The file's own errors (with their lines), from the parser. */
    fileErrors: jsonb('file_errors').$type<ImportError[]>().notNull().default([]),
    /** Rows whose values do not fit the current mapping, one message per row. */
    rowErrors: jsonb('row_errors').$type<ImportError[]>().notNull().default([]),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    counts: jsonb('counts').$type<ImportCounts>().notNull(),
    jobId: uuid('job_id'),
    outcome: jsonb('outcome').$type<ImportOutcome>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_imports_organization_idx').on(t.organizationId, t.createdAt)],
)

export type ImportRow = typeof productImports.$inferSelect

/**
 * The pictures' step's queue: a draft and its row's picture addresses, in the file's order. A
 * row leaves the queue in the transaction that gives its draft the photos, so a job resumed after
 * a restart goes on with the next product.
 */
export const productImportPictures = pgTable(
  'product_import_pictures',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => productImports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    draftId: uuid('draft_id').notNull(),
    line: integer('line').notNull(),
    sku: text('sku').notNull(),
    urls: jsonb('urls').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.position] })],
)

/** A draft without photos whose row gave picture addresses: they are fetched after the rows. */
export type PictureTask = Pick<typeof productImportPictures.$inferSelect, 'draftId' | 'line' | 'sku' | 'urls'>
