import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Products someone is comparing. `owner` is `user:{id}` for a signed-in user or
 * `guest:{sha256 of the guest cookie}` for a visitor; a guest's rows move to the user at sign-in.
 */
export const compareItems = pgTable(
  'compare_items',
  {
    owner: text('owner').notNull(),
    productId: uuid('product_id').notNull(),
    /** Copied from the product so the per-category limit needs no catalogue query. */
    categorySlug: text('category_slug').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.productId] }), index('compare_items_product_idx').on(t.productId)],
)
