import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Small key/value facts about the installation itself, e.g. which demo seed has been applied. */
export const systemMeta = pgTable('system_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
