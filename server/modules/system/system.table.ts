import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** Small key/value facts about the installation itself, e.g. which demo seed has been applied. */
export const systemMeta = pgTable('system_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Idempotency-Keys of keyed writes and what each first came with (server/idempotency.ts): a key
 * sent again with another body is refused instead of answering the first request's result.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The write and whose it is: `products.create:<organization>`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's validated input. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)
