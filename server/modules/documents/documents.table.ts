import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  date,
} from 'drizzle-orm/pg-core'
import type { ActDocument, InvoiceDocument, UkdDocument, UpdDocument } from '../../documents/index.ts'

/**
 * The kinds of document the registry keeps: the universal transfer document of a shipped order,
 * the act of accepted drone work (a service order), each numbered per seller, kind and year; and
 * the invoice of a confirmed order, which bears the order's number.
 */
export const CLOSING_DOCUMENT_KINDS = ['upd', 'act', 'invoice', 'ukd'] as const
export type ClosingDocumentKind = (typeof CLOSING_DOCUMENT_KINDS)[number]

/**
 * Where a document stands, for the registry: an invoice awaits payment (`issued`), is `paid`, or
 * is `cancelled` with its order; a transfer document or an act is `issued`, and a УПД a correction
 * document changed is `corrected`.
 */
export const DOCUMENT_STATES = ['issued', 'paid', 'cancelled', 'corrected'] as const
export type DocumentState = (typeof DOCUMENT_STATES)[number]

/**
 * A closing document the seller issued, with its content as printed: once issued it never
 * changes (a correction is a document of its own). Numbered in the seller's sequence per kind
 * and year; the order it closes (a goods order or a service order) is named by number, for both
 * sides to find it. For an act the seller is the contractor and the buyer the customer.
 */
export const closingDocuments = pgTable(
  'closing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: CLOSING_DOCUMENT_KINDS }).notNull(),
    sellerOrganizationId: uuid('seller_organization_id').notNull(),
    buyerOrganizationId: uuid('buyer_organization_id').notNull(),
    /** The parties' names and ИНН as printed, for the registry's search by counterparty. */
    sellerName: text('seller_name').notNull().default(''),
    sellerInn: text('seller_inn').notNull().default(''),
    buyerName: text('buyer_name').notNull().default(''),
    buyerInn: text('buyer_inn').notNull().default(''),
    orderNumber: text('order_number').notNull(),
    /** A УКД's correction number within its order; 0 for the other kinds, one of each per order. */
    correction: integer('correction').notNull().default(0),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** As printed: «17». */
    number: text('number').notNull(),
    /** The document's date, a Moscow day. */
    date: date('date').notNull(),
    /**
     * A УПД's (УКД's) status, 1: VAT invoice (correction invoice) and transfer (change) document,
     * 2: the transfer (change) document only; null for an act or an invoice.
     */
    status: smallint('status'),
    totalKopecks: bigint('total_kopecks', { mode: 'number' }).notNull(),
    vatKopecks: bigint('vat_kopecks', { mode: 'number' }).notNull(),
    /** What the form prints, by kind: an UpdDocument or an ActDocument. */
    content: jsonb('content').$type<UpdDocument | ActDocument | InvoiceDocument | UkdDocument>().notNull(),
    state: text('state', { enum: DOCUMENT_STATES }).notNull().default('issued'),
    /** The signer's signature and the stamp the seller's settings had when it was issued. */
    signatureFileId: uuid('signature_file_id'),
    stampFileId: uuid('stamp_file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('closing_documents_number_idx').on(t.sellerOrganizationId, t.kind, t.year, t.sequence),
    uniqueIndex('closing_documents_order_idx').on(t.orderNumber, t.kind, t.correction),
    index('closing_documents_seller_idx').on(t.sellerOrganizationId, t.date),
    index('closing_documents_buyer_idx').on(t.buyerOrganizationId, t.date),
  ],
)

/**
 * The last number each seller gave per kind and year. Taking the next one updates this row, so
 * concurrent shipments of one seller wait for each other here and the numbers have no gaps: a
 * rolled-back shipment rolls its number back too.
 */
export const closingDocumentCounters = pgTable(
  'closing_document_counters',
  {
    organizationId: uuid('organization_id').notNull(),
    kind: text('kind', { enum: CLOSING_DOCUMENT_KINDS }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind, t.year] })],
)
