import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { CHAT_REPORT_STATUSES, type ChatContext, type ChatFile, ROOM_TYPES } from '#common/chat.ts'

/**
 * A conversation between two organizations. A room has two sides, `side_a` and `side_b`; every
 * member of either organization sees it (membership is the organizations', never copied here).
 * A direct room keeps the pair ordered (`side_a < side_b`) so one pair has one room; a request
 * room is the customer (`side_a`) and one responding vendor (`side_b`) of a service request.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    /** The room's guid, in URLs (`/chat?roomId=`) and publications. */
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ROOM_TYPES }).notNull(),
    sideA: uuid('side_a').notNull(),
    sideB: uuid('side_b').notNull(),
    /** The service request of a request room, and its title (the room's name). */
    requestId: uuid('request_id'),
    requestTitle: text('request_title'),
    context: jsonb('context').$type<ChatContext>(),
    /** The organization that opened it: an empty room shows only in its list until the first message. */
    openedBy: uuid('opened_by').notNull(),
    /** The last message's number in the room: the next one gets `last_seq + 1`. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_direct_pair')
      .on(t.sideA, t.sideB)
      .where(sql`${t.type} = 'direct'`),
    uniqueIndex('chat_rooms_request_vendor')
      .on(t.requestId, t.sideB)
      .where(sql`${t.type} = 'request'`),
    index('chat_rooms_side_a').on(t.sideA, t.lastMessageAt),
    index('chat_rooms_side_b').on(t.sideB, t.lastMessageAt),
  ],
)

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    /** Its number in the room, from 1: the order of messages and what read marks point at. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** The sender's own id for it: sending again with the same one returns this message. */
    clientId: uuid('client_id'),
    /** Null for a system message. */
    authorUserId: uuid('author_user_id'),
    authorOrganizationId: uuid('author_organization_id'),
    content: text('content').notNull(),
    files: jsonb('files').$type<ChatFile[]>().notNull().default([]),
    isSystem: boolean('is_system').notNull().default(false),
    /**
     * For a system message telling of a move: the organization that made it. The note is news to
     * the other side only; for the mover's members it never counts as unread.
     */
    moverOrganizationId: uuid('mover_organization_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_messages_room_seq').on(t.roomId, t.seq),
    uniqueIndex('chat_messages_client_id').on(t.authorUserId, t.clientId),
  ],
)

/** How far each user has read each room: messages after `last_read_seq` are unread for them. */
export const chatReads = pgTable(
  'chat_reads',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** The side the user read as: the other side's marks make its messages «прочитано». */
    organizationId: uuid('organization_id').notNull(),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_reads_user').on(t.userId)],
)

/** An organization that refuses messages from another: neither side can write in their rooms. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    organizationId: uuid('organization_id').notNull(),
    blockedOrganizationId: uuid('blocked_organization_id').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.blockedOrganizationId] })],
)

/** A member's complaint about a message, for staff. One per message and reporter. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterUserId: uuid('reporter_user_id').notNull(),
    reporterOrganizationId: uuid('reporter_organization_id').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: CHAT_REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by'),
  },
  (t) => [
    uniqueIndex('chat_reports_once').on(t.messageId, t.reporterUserId),
    index('chat_reports_status').on(t.status, t.createdAt),
  ],
)

/** A user's e-mail digests of unread messages: when the last went out, and whether they want them. */
export const chatDigests = pgTable('chat_digests', {
  userId: uuid('user_id').primaryKey(),
  unsubscribed: boolean('unsubscribed').notNull().default(false),
  /** The secret of the unsubscribe link in every digest. */
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  /** The last time the user was seen in the chat (read a room, listed rooms). */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
})
