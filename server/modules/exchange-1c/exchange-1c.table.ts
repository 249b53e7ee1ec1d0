import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { EXCHANGE_SESSION_STATUSES, EXCHANGE_SESSION_TYPES, type ExchangeCounts } from '#common/exchange-1c.ts'

/**
 * A vendor's exchange with 1С: the login 1С signs in with (its password kept as a hash, shown
 * once), the price type and warehouses it reads, and whether a full exchange may take off sale
 * what is no longer in 1С. One per organization; revoking clears the password, keeping the settings.
 */
export const exchange1cAccounts = pgTable(
  'exchange_1c_accounts',
  {
    organizationId: uuid('organization_id').primaryKey(),
    login: text('login').notNull(),
    /** scrypt of the password; null once revoked. */
    passwordHash: text('password_hash'),
    /** Whose name the exchange acts in (drafts' author, orders' moves): the member who turned it on. */
    actingUserId: uuid('acting_user_id').notNull(),
    /** The price type (its name in 1С) whose prices are the catalogue's; null: the file's only one. */
    priceType: text('price_type'),
    /** A full exchange takes off sale the published goods 1С no longer sends. */
    takeOffMissing: boolean('take_off_missing').notNull().default(false),
    /** Where the orders sent to 1С end (their last change): later changes are sent next time. */
    ordersSentUntil: jsonb('orders_sent_until').$type<{ version: string; id: string }>(),
    passwordSetAt: timestamp('password_set_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exchange_1c_accounts_login_idx').on(sql`lower(${t.login})`)],
)

/** A file 1С sent in a session: its parts, in the order they came, each a blob of its own. */
export interface ExchangeFile {
  name: string
  parts: number
  bytes: number
}

/** The import of one file of a session: its job and, once done, what it did. */
export interface ExchangeImport {
  jobId: string
  status: 'running' | 'done' | 'failed'
  reason?: string
}

export interface ExchangeError {
  file: string
  line: number
  message: string
}

/**
 * One exchange session, from `checkauth` to its last request: the cookie 1С presents (as a
 * hash), its files and imports, and what it did. It is the exchange log the cabinet shows.
 */
export const exchange1cSessions = pgTable(
  'exchange_1c_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    type: text('type', { enum: EXCHANGE_SESSION_TYPES }).notNull(),
    status: text('status', { enum: EXCHANGE_SESSION_STATUSES }).notNull().default('open'),
    files: jsonb('files').$type<ExchangeFile[]>().notNull().default([]),
    imports: jsonb('imports').$type<Record<string, ExchangeImport>>().notNull().default({}),
    counts: jsonb('counts')
      .$type<ExchangeCounts>()
      .notNull()
      .default({ created: 0, updated: 0, unchanged: 0, errors: 0, ordersSent: 0, ordersChanged: 0 }),
    /** The first errors' texts (the count says how many there were). */
    errors: jsonb('errors').$type<ExchangeError[]>().notNull().default([]),
    /** Where the orders a `query` answered with end: `success` marks them sent. */
    pendingOrdersUntil: jsonb('pending_orders_until').$type<{ version: string; id: string }>(),
    pendingOrders: integer('pending_orders').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('exchange_1c_sessions_token_idx').on(t.tokenHash),
    index('exchange_1c_sessions_organization_idx').on(t.organizationId, t.startedAt),
    index('exchange_1c_sessions_started_idx').on(t.startedAt),
  ],
)

/** 1С's groups of goods as the vendor mapped them to our categories (null: not yet). */
export const exchange1cGroups = pgTable(
  'exchange_1c_groups',
  {
    organizationId: uuid('organization_id').notNull(),
    groupId: text('group_id').notNull(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    categorySlug: text('category_slug'),
    /** Goods of the group in the last catalogue: the mapping screen's count. */
    goods: integer('goods').notNull().default(0),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.groupId] })],
)

/** A good of 1С by its `Ид`, and the product it is here: the first thing an exchange matches by. */
export const exchange1cGoods = pgTable(
  'exchange_1c_goods',
  {
    organizationId: uuid('organization_id').notNull(),
    externalId: text('external_id').notNull(),
    productId: uuid('product_id').notNull(),
    /** Its group in 1С: mapping a group later gives its waiting drafts their category. */
    groupId: text('group_id'),
    /** The last full exchange that listed it: what a full exchange did not list is gone from 1С. */
    seenInSessionId: uuid('seen_in_session_id'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.externalId] }),
    index('exchange_1c_goods_product_idx').on(t.productId),
  ],
)
