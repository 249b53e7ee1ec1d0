import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
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
import { SERVICE_ORDER_SIDES, SERVICE_ORDER_STATUSES, type ServiceResult } from '#common/exchange/service-orders.ts'
import type { FlightDetails } from '#common/exchange/requests.ts'
import { SERVICE_TYPES } from '#common/exchange/services.ts'
import type { OrderParty } from '#common/orders.ts'
import { historyColumns } from '../../../lifecycle/index.ts'
import { serviceProposals } from '../proposals/proposals.table.ts'
import { serviceRequests } from '../requests/requests.table.ts'

/** The running part of service order numbers («S-2611-00042»). */
export const serviceOrderNumbers = pgSequence('service_order_numbers', { startWith: 1 })

/**
 * The work agreed when the customer accepted a proposal. The terms (price, dates, flight
 * details, the request's title and type) are copied then, so the order never changes when the
 * request or the proposal does.
 */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    status: text('status', { enum: SERVICE_ORDER_STATUSES }).notNull().default('created'),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => serviceProposals.id),
    customerOrganizationId: uuid('customer_organization_id').notNull(),
    contractorOrganizationId: uuid('contractor_organization_id').notNull(),
    customer: jsonb('customer').$type<OrderParty>().notNull(),
    contractor: jsonb('contractor').$type<OrderParty>().notNull(),
    type: text('type', { enum: SERVICE_TYPES }).notNull(),
    title: text('title').notNull(),
    priceKopecks: bigint('price_kopecks', { mode: 'number' }).notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    terms: text('terms').notNull().default(''),
    flight: jsonb('flight').$type<FlightDetails>().notNull(),
    /** What the contractor handed over last (report and files); null until the first submission. */
    result: jsonb('result').$type<ServiceResult>(),
    /** The customer's comment when the result was sent back for rework, until the next submission. */
    reworkComment: text('rework_comment'),
    cancelReason: text('cancel_reason'),
    /** The act issued when the customer accepted the work (the documents module keeps it): its number and date. */
    act: jsonb('act').$type<{ number: string; date: string }>(),
    /** The proposal's room: the conversation goes on in it. */
    chatRoomId: uuid('chat_room_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Accepting a proposal twice (a double click, a retry) finds the one order.
    uniqueIndex('service_orders_proposal_idx').on(t.proposalId),
    index('service_orders_customer_idx').on(t.customerOrganizationId, t.createdAt),
    index('service_orders_contractor_idx').on(t.contractorOrganizationId, t.createdAt),
  ],
)

/** One row per move of a service order. */
export const serviceOrderEvents = pgTable(
  'service_order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    ...historyColumns(SERVICE_ORDER_STATUSES),
  },
  (t) => [index('service_order_events_order_idx').on(t.orderId, t.createdAt)],
)

/**
 * After completion each side rates the other, once per order: `side` is the author's
 * (`purchase`: the customer rates the contractor, shown on /services/seller/{slug}; `sale`: the
 * contractor rates the customer). Names are copied as in the goods reviews.
 */
export const serviceReviews = pgTable(
  'service_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    side: text('side', { enum: SERVICE_ORDER_SIDES }).notNull(),
    authorOrganizationId: uuid('author_organization_id').notNull(),
    authorUserId: uuid('author_user_id').notNull(),
    authorName: text('author_name').notNull(),
    authorOrganizationName: text('author_organization_name').notNull(),
    /** The organization rated. */
    subjectOrganizationId: uuid('subject_organization_id').notNull(),
    serviceType: text('service_type', { enum: SERVICE_TYPES }).notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    /** Staff hid it (abuse, personal data): off every public page and out of the average. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('service_reviews_order_side_idx').on(t.orderId, t.side),
    index('service_reviews_subject_idx')
      .on(t.subjectOrganizationId, t.createdAt)
      .where(sql`${t.hiddenAt} is null`),
    check('service_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
)
