import { type SQL, sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  customType,
  index,
  primaryKey,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { RangeAttributeCode, Specs } from '#common/catalog/attributes.ts'
import { AVAILABILITIES, MODEL_STATUSES, PRODUCT_STATUSES, type ProductImage } from '#common/catalog/products.ts'
import { VAT_RATES } from '#common/catalog/vat.ts'
import { SPHERE_SLUGS } from '#common/spheres.ts'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** A filterable number copied out of `specs` by PostgreSQL, so filters and facets read a column. */
const specNumber = (code: string) => sql.raw(`((specs ->> '${code}')::real)`)

/**
 * Bit i set when the product serves SPHERE_SLUGS[i]: the facet counts test a bit per row instead
 * of searching the array. Appending a sphere keeps the bits; reordering needs a migration.
 */
const areasMask = sql.raw(SPHERE_SLUGS.map((slug, i) => `(('${slug}' = any(areas))::int << ${i})`).join(' | '))

/** The generated column of each range characteristic (below), for raw statements. */
export const RANGE_COLUMNS: Record<RangeAttributeCode, string> = {
  max_takeoff_weight: 'max_takeoff_weight',
  flight_time: 'flight_time',
  range: 'range_km',
  max_speed: 'max_speed',
  payload: 'payload',
  wind_resistance: 'wind_resistance',
}

/**
 * Products. `specs` holds every characteristic (common/catalog/attributes.ts) and is the source
 * of truth; the generated columns below are what the listing filters, sorts and counts on.
 */
export const catalogProducts = pgTable(
  'catalog_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    /** The selling organization (a confirmed vendor). */
    vendorOrganizationId: uuid('vendor_organization_id').notNull(),
    /** A leaf of common/catalog/categories.ts. */
    categorySlug: text('category_slug').notNull(),
    /** Null: «по запросу». */
    priceKopecks: bigint('price_kopecks', { mode: 'number' }),
    /** The VAT rate the price includes. */
    vatRate: text('vat_rate', { enum: VAT_RATES }).notNull().default('22'),
    availability: text('availability', { enum: AVAILABILITIES }).notNull(),
    leadTimeDays: integer('lead_time_days'),
    /** Plain text: search, cards, meta descriptions. */
    description: text('description').notNull(),
    /** The same as sanitized HTML (paragraphs, lists, links) when the vendor formatted it; '' otherwise. */
    descriptionHtml: text('description_html').notNull().default(''),
    /** The vendor's article number; '' for products from before the cabinet. */
    sku: text('sku').notNull().default(''),
    /**
     * The model this is an offer of (catalog_models). Null only between a product's insert and
     * the catalogue's assigning its model (catalog/models/assign-models.ts) in the same step.
     */
    modelId: uuid('model_id'),
    /** The seller's warranty in months; null when the seller does not say. */
    warrantyMonths: integer('warranty_months'),
    /** Region codes (common/regions.ts) the seller delivers to; empty: all of Russia. */
    deliveryRegions: text('delivery_regions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The fewest units the seller sells in one order. */
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    /** Units in stock when the vendor tells; null when not. */
    stockQuantity: integer('stock_quantity'),
    /** Certificates and spec sheets: uploaded files with their titles. */
    documents: jsonb('documents').$type<{ fileId: string; name: string }[]>().notNull().default([]),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    specs: jsonb('specs').$type<Specs>().notNull().default({}),
    /** Sphere slugs (areas_of_application). */
    areas: text('areas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('non-published'),
    /** Views and orders, decayed; the default sort. */
    popularity: integer('popularity').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The catalogue revision (catalog_state) of the last change, set by a trigger. */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),

    droneType: text('drone_type').generatedAlwaysAs((): SQL => sql`(specs ->> 'type')`),
    maxTakeoffWeight: real('max_takeoff_weight').generatedAlwaysAs((): SQL => specNumber('max_takeoff_weight')),
    flightTime: real('flight_time').generatedAlwaysAs((): SQL => specNumber('flight_time')),
    rangeKm: real('range_km').generatedAlwaysAs((): SQL => specNumber('range')),
    maxSpeed: real('max_speed').generatedAlwaysAs((): SQL => specNumber('max_speed')),
    payload: real('payload').generatedAlwaysAs((): SQL => specNumber('payload')),
    windResistance: real('wind_resistance').generatedAlwaysAs((): SQL => specNumber('wind_resistance')),
    madeInRussia: boolean('made_in_russia').generatedAlwaysAs(
      (): SQL => sql`(coalesce(specs ->> 'country', '') = 'RU')`,
    ),
    rtk: boolean('rtk').generatedAlwaysAs((): SQL => sql`(coalesce((specs ->> 'rtk')::boolean, false))`),
    /**
     * Weighted for ranking: title A, brand and model B, characteristics C, description D. The
     * listing index reads it once per change (search/listing-index.ts) and searches in memory.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`(
        setweight(to_tsvector('russian', title), 'A') ||
        setweight(to_tsvector('russian', brand || ' ' || model), 'B') ||
        setweight(jsonb_to_tsvector('russian', specs, '["string"]'), 'C') ||
        setweight(to_tsvector('russian', description), 'D')
      )`,
    ),
    areasMask: integer('areas_mask').generatedAlwaysAs((): SQL => sql`(${areasMask})`),
    /** Lower-cased title, brand and model for trigram suggestions. */
    searchText: text('search_text').generatedAlwaysAs((): SQL => sql`lower(title || ' ' || brand || ' ' || model)`),
  },
  (t) => [
    index('catalog_products_vendor_idx').on(t.vendorOrganizationId),
    index('catalog_products_revision_idx').on(t.revision),
    index('catalog_products_model_idx').on(t.modelId),
  ],
)

/**
 * Models: one card of the catalogue, whoever sells it. A product (catalog_products) is one
 * seller's offer of a model: its price, stock and terms. The model's description,
 * characteristics and pictures are taken from an offer when the model is made (the
 * most popular one for models grouped from existing products) and are the model's own after.
 */
export const catalogModels = pgTable(
  'catalog_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Brand, model name and kit as compared (catalog/models/model-identity.ts): one model per key. */
    key: text('key').notNull().unique(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    brand: text('brand').notNull(),
    /** The model name as the manufacturer writes it, kit included («Matrice 350 RTK с камерой Zenmuse H30T»). */
    name: text('name').notNull(),
    /** The manufacturer's part number; '' when unknown. */
    partNumber: text('part_number').notNull().default(''),
    /** GTIN (EAN-13 or another length), digits only; '' when unknown. */
    gtin: text('gtin').notNull().default(''),
    categorySlug: text('category_slug').notNull(),
    description: text('description').notNull().default(''),
    /** The description as sanitized HTML when it was formatted; '' otherwise. */
    descriptionHtml: text('description_html').notNull().default(''),
    specs: jsonb('specs').$type<Specs>().notNull().default({}),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    areas: text('areas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: MODEL_STATUSES }).notNull().default('approved'),
    /** The model this one was merged into (status 'merged'): its offers moved there. */
    mergedIntoId: uuid('merged_into_id'),
    /** The vendor that proposed it; null for models the platform made. */
    proposedByOrganizationId: uuid('proposed_by_organization_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('catalog_models_part_number_idx')
      .on(sql`lower(${t.partNumber})`)
      .where(sql`${t.partNumber} <> ''`),
    index('catalog_models_gtin_idx')
      .on(t.gtin)
      .where(sql`${t.gtin} <> ''`),
    index('catalog_models_search_idx').using('gin', sql`lower(${t.brand} || ' ' || ${t.name}) gin_trgm_ops`),
  ],
)

/**
 * Which drones a payload, accessory or spare part fits (issue 33, decision 062): a pair of models,
 * so every seller's offer of the accessory fits every seller's offer of the drone. Read both ways:
 * an accessory's page lists its drones, a drone's page its accessories.
 */
export const catalogModelFits = pgTable(
  'catalog_model_fits',
  {
    accessoryModelId: uuid('accessory_model_id')
      .notNull()
      .references(() => catalogModels.id, { onDelete: 'cascade' }),
    droneModelId: uuid('drone_model_id')
      .notNull()
      .references(() => catalogModels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.accessoryModelId, t.droneModelId] }),
    index('catalog_model_fits_drone_idx').on(t.droneModelId),
  ],
)

/**
 * The catalogue's revision (one row). Every transaction that changes products takes the next
 * revision here and stamps it on the rows it writes (triggers, migration 0009); holding this
 * row's lock until commit makes revisions commit in order, so a reader that sees revision R
 * knows every change up to R is visible. The listing index (search/listing-index.ts) follows it.
 */
export const catalogState = pgTable('catalog_state', {
  id: integer('id').primaryKey().default(1),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  /** Set on TRUNCATE: what changed is unknown, readers at an older revision reload everything. */
  resetRevision: bigint('reset_revision', { mode: 'number' }).notNull().default(0),
})

/** Products deleted, with the revision that deleted them, so readers can drop them too. */
export const catalogRemoved = pgTable(
  'catalog_removed',
  {
    productId: uuid('product_id').primaryKey(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
  },
  (t) => [index('catalog_removed_revision_idx').on(t.revision)],
)

/**
 * The words of published titles, brands and models, for correcting typos in a search
 * («квадракоптер» → «квадрокоптер») by trigram similarity. Rebuilt by the catalogue service
 * when products change.
 */
export const catalogSearchWords = pgTable(
  'catalog_search_words',
  {
    word: text('word').primaryKey(),
    /** How many products use it: the more common of two equally close words wins. */
    frequency: integer('frequency').notNull(),
  },
  (t) => [index('catalog_search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
)
