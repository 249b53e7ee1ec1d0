import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Specs } from '#common/catalog/attributes.ts'
import { AVAILABILITIES, type ProductImage } from '#common/catalog/products.ts'
import { VAT_RATES } from '#common/catalog/vat.ts'
import { DRAFT_STATUSES } from '#common/products.ts'
import { historyColumns } from '../../lifecycle/index.ts'

/** A document attached to a product (a certificate, a spec sheet): an uploaded file and its title. */
export interface ProductDocument {
  fileId: string
  name: string
}

/**
 * Every product a vendor has, as the vendor's working copy: what the cabinet lists and edits and
 * staff moderate. Its id is the product's id in the catalogue too; the catalogue's row
 * (catalog_products, written only through the catalogue's service) is the version staff
 * approved last, and exists once a version has been approved.
 */
export const productDrafts = pgTable(
  'product_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    status: text('status', { enum: DRAFT_STATUSES }).notNull().default('draft'),
    /** Whether the catalogue shows the product now (kept here so the cabinet's tabs are one query). */
    published: boolean('published').notNull().default(false),
    sku: text('sku').notNull().default(''),
    title: text('title').notNull().default(''),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    /** A leaf of common/catalog/categories.ts; null until chosen. */
    categorySlug: text('category_slug'),
    priceKopecks: bigint('price_kopecks', { mode: 'number' }),
    priceOnRequest: boolean('price_on_request').notNull().default(false),
    vatRate: text('vat_rate', { enum: VAT_RATES }).notNull().default('22'),
    availability: text('availability', { enum: AVAILABILITIES }).notNull().default('in_stock'),
    leadTimeDays: integer('lead_time_days'),
    stockQuantity: integer('stock_quantity'),
    /** The catalogue model (catalog_models) the vendor's offer is of; null: found by brand and model when approved. */
    modelId: uuid('model_id'),
    /** The manufacturer's part number and GTIN of a model the vendor proposes; '' when unknown. */
    partNumber: text('part_number').notNull().default(''),
    gtin: text('gtin').notNull().default(''),
    /** Offer terms (common/catalog/offer-terms.ts): warranty in months, delivery regions (empty: all), minimum order. */
    warrantyMonths: integer('warranty_months'),
    deliveryRegions: text('delivery_regions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    /** For a payload, accessory or spare part: the drone models (catalog_models) the vendor says it fits. */
    fitsModelIds: uuid('fits_model_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Imported goods: the ОКСМ country of origin and the customs declaration, for transfer documents. */
    originCountry: text('origin_country'),
    customsDeclaration: text('customs_declaration'),
    /** Sanitized HTML (server/text/sanitize.ts). */
    description: text('description').notNull().default(''),
    areas: text('areas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specs: jsonb('specs').$type<Specs>().notNull().default({}),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    documents: jsonb('documents').$type<ProductDocument[]>().notNull().default([]),
    /** The moderator's comment when the draft was sent back; cleared on resubmission. */
    staffComment: text('staff_comment'),
    /** The Idempotency-Key of the request that created it: a repeated «Создать» finds this row. */
    creationKey: text('creation_key'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it last went to moderation: the staff queue is oldest first. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    index('product_drafts_organization_idx').on(t.organizationId, t.updatedAt),
    index('product_drafts_queue_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'moderation'`),
    // Import matches rows by SKU: one product per SKU and vendor.
    uniqueIndex('product_drafts_sku_idx')
      .on(t.organizationId, sql`lower(${t.sku})`)
      .where(sql`${t.sku} <> ''`),
    uniqueIndex('product_drafts_creation_key_idx').on(t.organizationId, t.creationKey),
  ],
)

/** One row per move of a draft's status: who, when, from, to, and the moderator's comment. */
export const productDraftEvents = pgTable(
  'product_draft_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => productDrafts.id, { onDelete: 'cascade' }),
    /** The event (products.machine.ts): unpublishing, say, can leave the draft's status as it was. */
    event: text('event').notNull(),
    ...historyColumns(DRAFT_STATUSES),
  },
  (t) => [index('product_draft_events_product_idx').on(t.productId, t.createdAt)],
)
