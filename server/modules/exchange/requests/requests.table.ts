import { type SQL, sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  type AreaPolygon,
  type FlightDetails,
  REQUEST_STATUSES,
  REQUEST_VISIBILITIES,
} from '#common/exchange/requests.ts'
import { type AttachedFile, SERVICE_TYPES, VOLUME_UNITS } from '#common/exchange/services.ts'
import type { OrderParty } from '#common/orders.ts'
import { historyColumns } from '../../../lifecycle/index.ts'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** The running part of request numbers («Z-2611-00042»). */
export const serviceRequestNumbers = pgSequence('service_request_numbers', { startWith: 1 })

/**
 * A buyer's request for drone work. The customer's name is copied (as orders copy their
 * parties) so the exchange lists requests from this table alone.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('draft'),
    organizationId: uuid('organization_id').notNull(),
    customer: jsonb('customer').$type<OrderParty>().notNull(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    type: text('type', { enum: SERVICE_TYPES }).notNull(),
    sphere: text('sphere'),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Region code (common/regions.ts). */
    region: text('region'),
    address: text('address').notNull().default(''),
    /** GeoJSON Polygon, validated by common/geo.ts; its area is computed on the server. */
    area: jsonb('area').$type<AreaPolygon>(),
    areaHectares: doublePrecision('area_hectares'),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    volume: doublePrecision('volume'),
    volumeUnit: text('volume_unit', { enum: VOLUME_UNITS }).notNull().default('hectares'),
    /** Null: «по договорённости». */
    budgetKopecks: bigint('budget_kopecks', { mode: 'number' }),
    attachments: jsonb('attachments').$type<AttachedFile[]>().notNull().default([]),
    flight: jsonb('flight').$type<FlightDetails>().notNull(),
    visibility: text('visibility', { enum: REQUEST_VISIBILITIES }).notNull().default('public'),
    invitedOrganizationIds: uuid('invited_organization_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    proposalsDeadline: date('proposals_deadline'),
    allowSeveral: boolean('allow_several').notNull().default(false),
    /** Proposals received (any status): the listing shows it without counting. */
    proposalCount: integer('proposal_count').notNull().default(0),
    /** The Idempotency-Key of the request that created it: a repeated «Создать» finds this row. */
    creationKey: text('creation_key'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The exchange's full-text search (listing.service.ts), stored so no scan recomputes it. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('russian', title || ' ' || description)`,
    ),
  },
  (t) => [
    uniqueIndex('service_requests_creation_key_idx').on(t.organizationId, t.creationKey),
    index('service_requests_organization_idx').on(t.organizationId, t.createdAt),
    index('service_requests_open_idx')
      .on(t.type, t.publishedAt)
      .where(sql`${t.status} = 'open'`),
    index('service_requests_open_region_idx')
      .on(t.region, t.publishedAt)
      .where(sql`${t.status} = 'open'`),
    index('service_requests_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('service_requests_invited_idx').using('gin', t.invitedOrganizationIds),
    index('service_requests_search_idx').using('gin', t.searchVector),
    // The exchange's orders over what it shows (open, public): newest, by budget, by deadline, by start.
    index('service_requests_public_new_idx')
      .on(t.publishedAt.desc().nullsLast(), t.id)
      .where(sql`${t.status} = 'open' and ${t.visibility} = 'public'`),
    index('service_requests_public_budget_idx')
      .on(t.budgetKopecks, t.id)
      .where(sql`${t.status} = 'open' and ${t.visibility} = 'public'`),
    index('service_requests_public_deadline_idx')
      .on(t.proposalsDeadline, t.id)
      .where(sql`${t.status} = 'open' and ${t.visibility} = 'public'`),
    index('service_requests_public_starts_idx')
      .on(t.startsOn)
      .where(sql`${t.status} = 'open' and ${t.visibility} = 'public'`),
  ],
)

/** One row per move of a request. */
export const serviceRequestEvents = pgTable(
  'service_request_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    ...historyColumns(REQUEST_STATUSES),
  },
  (t) => [index('service_request_events_request_idx').on(t.requestId, t.createdAt)],
)
