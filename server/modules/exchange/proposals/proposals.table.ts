import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { PROPOSAL_STATUSES } from '#common/exchange/proposals.ts'
import type { AttachedFile } from '#common/exchange/services.ts'
import type { OrderParty } from '#common/orders.ts'
import { historyColumns } from '../../../lifecycle/index.ts'
import { serviceRequests } from '../requests/requests.table.ts'

/** What a proposal says, now and in each kept revision. */
const proposalContent = () => ({
  priceKopecks: bigint('price_kopecks', { mode: 'number' }).notNull(),
  startsOn: date('starts_on').notNull(),
  endsOn: date('ends_on').notNull(),
  terms: text('terms').notNull().default(''),
  message: text('message').notNull().default(''),
  files: jsonb('files').$type<AttachedFile[]>().notNull().default([]),
})

/**
 * A vendor's proposal on a request: one per (request, vendor), which the unique index enforces
 * against double clicks and races alike. The vendor's name is copied for the customer's table.
 */
export const serviceProposals = pgTable(
  'service_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    vendor: jsonb('vendor').$type<OrderParty>().notNull(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('reviewing'),
    ...proposalContent(),
    /** How many times it was revised; revisions keep the earlier versions. */
    revision: integer('revision').notNull().default(1),
    rejectReason: text('reject_reason'),
    /** The `request` chat room between the customer and this vendor, named after the request. */
    chatRoomId: uuid('chat_room_id'),
    /** The Idempotency-Key of the submission: a repeated «Отправить» finds this row, another is a duplicate. */
    creationKey: text('creation_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('service_proposals_request_vendor_idx').on(t.requestId, t.organizationId),
    index('service_proposals_vendor_idx').on(t.organizationId, t.createdAt),
  ],
)

/** The earlier versions of a revised proposal, oldest first by `revision`. */
export const serviceProposalRevisions = pgTable(
  'service_proposal_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => serviceProposals.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    ...proposalContent(),
    byUserId: uuid('by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_proposal_revisions_idx').on(t.proposalId, t.revision)],
)

/** One row per status move of a proposal. */
export const serviceProposalEvents = pgTable(
  'service_proposal_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => serviceProposals.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    ...historyColumns(PROPOSAL_STATUSES),
  },
  (t) => [index('service_proposal_events_proposal_idx').on(t.proposalId, t.createdAt)],
)
