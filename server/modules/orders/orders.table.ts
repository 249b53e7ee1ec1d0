import { sql } from 'drizzle-orm'
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { REGISTRATION_REQUIREMENTS } from '#common/catalog/registration.ts'
import { VAT_RATES } from '#common/catalog/vat.ts'
import type { BankRequisites } from '#common/bank-requisites.ts'
import type { DocumentSettings } from '#common/document-settings.ts'
import { type Delivery, ORDER_STATUSES, type OrderParty } from '#common/orders.ts'
import { CORRECTION_KINDS, CORRECTION_STATUSES, type CorrectionLine } from '#common/order-corrections.ts'
import { historyColumns } from '../../lifecycle/index.ts'

/**
 * A cart belongs to an organization (the one its member works as): colleagues collect one list.
 * The price when added is kept to show what changed since; the title, to name a product that
 * left the catalogue.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    organizationId: uuid('organization_id').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    priceKopecksAtAdd: bigint('price_kopecks_at_add', { mode: 'number' }),
    title: text('title').notNull(),
    addedByUserId: uuid('added_by_user_id').notNull(),
    /** The Idempotency-Key of the last «В корзину» for this line: its retry adds nothing again. */
    lastAddKey: text('last_add_key'),
    /**
     * A price the seller quoted for this line in its answer to a request for offers (with VAT, per
     * unit): the cart and the checkout use it instead of the catalogue's until `quoteValidUntil`.
     */
    quotedPriceKopecks: bigint('quoted_price_kopecks', { mode: 'number' }),
    quoteVatRate: text('quote_vat_rate', { enum: VAT_RATES }),
    quoteValidUntil: date('quote_valid_until'),
    /** The offer it comes from («KP-2612-00001/2»), shown on the line. */
    quoteRef: text('quote_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.productId] })],
)

/** The running part of order numbers («2611-00042»): one sequence, never reused. */
export const orderNumbers = pgSequence('order_numbers', { startWith: 1 })

/**
 * An order: one buyer, one seller, the lines as they were bought. Requisites, prices and VAT are
 * copied at checkout, so the order and its documents never change when a product or a company does.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    buyerOrganizationId: uuid('buyer_organization_id').notNull(),
    sellerOrganizationId: uuid('seller_organization_id').notNull(),
    buyer: jsonb('buyer').$type<OrderParty>().notNull(),
    seller: jsonb('seller').$type<OrderParty>().notNull(),
    /** The checkout that made it: a retry of the same checkout finds its orders. */
    checkoutKey: uuid('checkout_key').notNull(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    delivery: jsonb('delivery').$type<Delivery>().notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    comment: text('comment').notNull().default(''),
    totalKopecks: bigint('total_kopecks', { mode: 'number' }).notNull(),
    vatKopecks: bigint('vat_kopecks', { mode: 'number' }).notNull(),
    /** The seller's bank requisites as the invoice printed them on confirmation. */
    sellerBank: jsonb('seller_bank').$type<BankRequisites>(),
    /** The seller's signatories and VAT status as the invoice printed them on confirmation. */
    sellerDocumentSettings: jsonb('seller_document_settings').$type<DocumentSettings>(),
    /** The delivery date the seller promised on confirmation. */
    deliveryDate: date('delivery_date'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippingDocumentFileId: uuid('shipping_document_file_id'),
    /** The universal transfer document issued on shipping (the documents module keeps it): its number and date. */
    upd: jsonb('upd').$type<{ number: string; date: string }>(),
    cancelReason: text('cancel_reason'),
    /** When the buyer said the drones of the order are registered. */
    registrationDoneAt: timestamp('registration_done_at', { withTimezone: true }),
    chatRoomId: uuid('chat_room_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_checkout_seller_idx').on(t.buyerOrganizationId, t.checkoutKey, t.sellerOrganizationId),
    index('orders_buyer_idx').on(t.buyerOrganizationId, t.createdAt),
    index('orders_seller_idx').on(t.sellerOrganizationId, t.createdAt),
    // The lists' search by number, seller or buyer («…» anywhere in it): trigram indexes.
    index('orders_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    index('orders_seller_name_trgm_idx').using('gin', sql`(${t.seller} ->> 'name') gin_trgm_ops`),
    index('orders_buyer_name_trgm_idx').using('gin', sql`(${t.buyer} ->> 'name') gin_trgm_ops`),
  ],
)

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    sku: text('sku').notNull().default(''),
    quantity: integer('quantity').notNull(),
    priceKopecks: bigint('price_kopecks', { mode: 'number' }).notNull(),
    vatRate: text('vat_rate', { enum: VAT_RATES }).notNull(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    vatKopecks: bigint('vat_kopecks', { mode: 'number' }).notNull(),
    registration: text('registration', { enum: REGISTRATION_REQUIREMENTS }).notNull().default('none'),
    serialNumbers: text('serial_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('order_lines_position_idx').on(t.orderId, t.position),
    index('order_lines_product_idx').on(t.productId),
  ],
)

/** One row per move of an order: who, when, from, to, why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    ...historyColumns(ORDER_STATUSES),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
)

/**
 * A correction of a received order (common/order-corrections.ts): a return the buyer asks for or
 * new prices either side proposes, decided by the other side. `requested` holds what was asked
 * (units to return or the new prices by line); an accepted one keeps `lines`, each line as it
 * stood and as it stands after, which is what its correction document (УКД) prints. Numbered
 * within the order; at most one awaits a decision at a time.
 */
export const orderCorrections = pgTable(
  'order_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    kind: text('kind', { enum: CORRECTION_KINDS }).notNull(),
    status: text('status', { enum: CORRECTION_STATUSES }).notNull().default('requested'),
    proposedBy: text('proposed_by', { enum: ['buyer', 'seller'] }).notNull(),
    proposedByUserId: uuid('proposed_by_user_id').notNull(),
    reason: text('reason').notNull(),
    requested: jsonb('requested').$type<{ lineId: string; quantity?: number; priceKopecks?: number }[]>().notNull(),
    lines: jsonb('lines').$type<CorrectionLine[]>().notNull(),
    decisionComment: text('decision_comment'),
    decidedByUserId: uuid('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The correction document an acceptance issued: its number and date. */
    ukd: jsonb('ukd').$type<{ number: string; date: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_corrections_number_idx').on(t.orderId, t.number),
    // One correction at a time awaits its decision.
    uniqueIndex('order_corrections_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'requested'`),
  ],
)
