import { sql } from 'drizzle-orm'
import {
  bigint,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { VAT_RATES } from '#common/catalog/vat.ts'
import {
  PROCUREMENT_PURPOSES,
  PROCUREMENT_STATUSES,
  PROCUREMENT_UNITS,
  RECIPIENT_STATUSES,
} from '#common/procurement.ts'
import { historyColumns } from '../../lifecycle/index.ts'

/** The running part of request numbers («KP-2612-00042»). */
export const procurementNumbers = pgSequence('procurement_numbers', { startWith: 1 })

/**
 * A buyer's request for commercial offers (запрос КП): what it buys (the items), on which terms,
 * until when answers are taken, and which sellers are asked (the recipients). Its status moves
 * by procurement.machine.ts.
 */
export const procurementRequests = pgTable(
  'procurement_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    buyerOrganizationId: uuid('buyer_organization_id').notNull(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    status: text('status', { enum: PROCUREMENT_STATUSES }).notNull().default('draft'),
    title: text('title').notNull(),
    purpose: text('purpose', { enum: PROCUREMENT_PURPOSES }).notNull(),
    region: text('region').notNull().default(''),
    deliveryAddress: text('delivery_address').notNull().default(''),
    deliveryTerm: text('delivery_term').notNull().default(''),
    paymentTerms: text('payment_terms').notNull().default(''),
    /** The last Moscow day answers are taken. */
    deadline: date('deadline').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    comment: text('comment').notNull().default(''),
    specificationFileId: uuid('specification_file_id'),
    cancelReason: text('cancel_reason'),
    /** The Idempotency-Key (or the new-request form's key) that created it: a repeat finds this row. */
    creationKey: text('creation_key'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('procurement_requests_buyer_idx').on(t.buyerOrganizationId, t.createdAt),
    uniqueIndex('procurement_requests_creation_key_idx')
      .on(t.buyerOrganizationId, t.creationKey)
      .where(sql`${t.creationKey} is not null`),
    index('procurement_requests_deadline_idx')
      .on(t.deadline)
      .where(sql`${t.status} = 'sent'`),
  ],
)

/** What a request asks prices for: a catalogue offer or a free-text item, with its unit and quantity. */
export const procurementItems = pgTable(
  'procurement_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => procurementRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id'),
    name: text('name').notNull(),
    characteristics: text('characteristics').notNull().default(''),
    unit: text('unit', { enum: PROCUREMENT_UNITS }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [uniqueIndex('procurement_items_position_idx').on(t.requestId, t.position)],
)

/**
 * A seller asked for its offer, and its answer: the terms of its offer (the prices are its
 * lines) or why it declined. A seller sees only its own row of a request.
 */
export const procurementRecipients = pgTable(
  'procurement_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => procurementRequests.id, { onDelete: 'cascade' }),
    sellerOrganizationId: uuid('seller_organization_id').notNull(),
    /** Its place in the buyer's list. */
    position: integer('position').notNull(),
    status: text('status', { enum: RECIPIENT_STATUSES }).notNull().default('awaiting'),
    /** The conversation between the buyer and this seller about the request, once sent. */
    chatRoomId: uuid('chat_room_id'),
    declineReason: text('decline_reason'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The seller's offer number: the request's number and the seller's place among the answers. */
    offerNumber: text('offer_number'),
    deliveryTerm: text('delivery_term'),
    validUntil: date('valid_until'),
    signatoryName: text('signatory_name'),
    signatoryPosition: text('signatory_position'),
    comment: text('comment'),
    /** The seller's own signed scan, when it gives one instead of the built offer. */
    scanFileId: uuid('scan_file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('procurement_recipients_seller_idx').on(t.requestId, t.sellerOrganizationId),
    index('procurement_recipients_inbox_idx').on(t.sellerOrganizationId, t.createdAt),
  ],
)

/** An answer's price of one item: one unit with VAT, and the rate. */
export const procurementAnswerLines = pgTable(
  'procurement_answer_lines',
  {
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => procurementRecipients.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procurementItems.id, { onDelete: 'cascade' }),
    unitPriceKopecks: bigint('unit_price_kopecks', { mode: 'number' }).notNull(),
    vatRate: text('vat_rate', { enum: VAT_RATES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.recipientId, t.itemId] })],
)

/** One row per move of a request: who, when, from, to, why. */
export const procurementRequestEvents = pgTable(
  'procurement_request_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => procurementRequests.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    ...historyColumns(PROCUREMENT_STATUSES),
  },
  (t) => [index('procurement_request_events_request_idx').on(t.requestId, t.createdAt)],
)
