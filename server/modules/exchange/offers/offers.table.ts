import { type SQL, sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  customType,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ProductImage } from '#common/catalog/products.ts'
import { type Licence } from '#common/exchange/offers.ts'
import { PRICE_UNITS, SERVICE_TYPES } from '#common/exchange/services.ts'
import { DRAFT_STATUSES } from '#common/products.ts'
import { historyColumns } from '../../../lifecycle/index.ts'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** What an offer says, in the working copy and in the published version alike. */
const offerContent = () => ({
  title: text('title').notNull().default(''),
  type: text('type', { enum: SERVICE_TYPES }).notNull(),
  spheres: text('spheres')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Region codes (common/regions.ts). */
  regions: text('regions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  nationwide: boolean('nationwide').notNull().default(false),
  /** Null: «по договорённости». */
  priceFromKopecks: bigint('price_from_kopecks', { mode: 'number' }),
  priceUnit: text('price_unit', { enum: PRICE_UNITS }).notNull().default('project'),
  /** Sanitized HTML (server/text/sanitize.ts). */
  description: text('description').notNull().default(''),
  photos: jsonb('photos').$type<ProductImage[]>().notNull().default([]),
  equipmentProductIds: uuid('equipment_product_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  licences: jsonb('licences').$type<Licence[]>().notNull().default([]),
})

/**
 * A vendor's service offer as the vendor's working copy: what the cabinet lists and edits and
 * staff moderate (the products' statuses and moves, offers.machine.ts). The exchange shows
 * `published_service_offers`, the version staff approved last.
 */
export const serviceOffers = pgTable(
  'service_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    status: text('status', { enum: DRAFT_STATUSES }).notNull().default('draft'),
    /** Whether the exchange shows a version now (kept here so the cabinet's tabs are one query). */
    published: boolean('published').notNull().default(false),
    ...offerContent(),
    staffComment: text('staff_comment'),
    /** The Idempotency-Key of the request that created it: a repeated «Создать» finds this row. */
    creationKey: text('creation_key'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    index('service_offers_organization_idx').on(t.organizationId, t.updatedAt),
    index('service_offers_queue_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'moderation'`),
    uniqueIndex('service_offers_creation_key_idx').on(t.organizationId, t.creationKey),
  ],
)

/** One row per moderation move of an offer. */
export const serviceOfferEvents = pgTable(
  'service_offer_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => serviceOffers.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    ...historyColumns(DRAFT_STATUSES),
  },
  (t) => [index('service_offer_events_offer_idx').on(t.offerId, t.createdAt)],
)

/**
 * The approved version of each offer on the exchange; the id is the offer's. The seller's name
 * and slug are copied on approval so the listing reads one table.
 */
export const publishedServiceOffers = pgTable(
  'published_service_offers',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerSlug: text('seller_slug').notNull(),
    ...offerContent(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The exchange's full-text search (listing.service.ts), stored: an expression index alone
     * leaves PostgreSQL computing to_tsvector for every row whenever it prefers a scan.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('russian', title || ' ' || description)`,
    ),
  },
  (t) => [
    index('published_service_offers_organization_idx').on(t.organizationId),
    index('published_service_offers_type_idx').on(t.type, t.publishedAt),
    index('published_service_offers_regions_idx').using('gin', t.regions),
    index('published_service_offers_spheres_idx').using('gin', t.spheres),
    index('published_service_offers_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('published_service_offers_search_idx').using('gin', t.searchVector),
    // The exchange's orders: newest first, by price.
    index('published_service_offers_new_idx').on(t.publishedAt.desc(), t.id),
    index('published_service_offers_price_idx').on(t.priceFromKopecks, t.id),
  ],
)
