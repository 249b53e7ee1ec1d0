import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * The columns both kinds of review share. The author's first name and organization are copied when
 * the review is written, as an order copies its parties: the review stays signed as it was, and the
 * public pages read it in one statement without asking two other modules for names.
 */
const reviewColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  /** The order that proves the purchase (delivered or completed when the review was written). */
  orderId: uuid('order_id').notNull(),
  orderNumber: text('order_number').notNull(),
  /** The buying organization and the member who wrote it. */
  organizationId: uuid('organization_id').notNull(),
  authorUserId: uuid('author_user_id').notNull(),
  authorName: text('author_name').notNull(),
  organizationName: text('organization_name').notNull(),
  /** The order's seller: its members answer, once. */
  sellerOrganizationId: uuid('seller_organization_id').notNull(),
  rating: integer('rating').notNull(),
  text: text('text').notNull(),
  sellerAnswer: text('seller_answer'),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  answeredBy: uuid('answered_by'),
  /** Staff hid it (abuse, personal data): off every public page and out of the average. */
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenBy: uuid('hidden_by'),
  hiddenReason: text('hidden_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One per product per buying organization, whichever of its orders brought it. */
export const productReviews = pgTable(
  'product_reviews',
  {
    ...reviewColumns(),
    productId: uuid('product_id').notNull(),
    /** The order line's title, for staff and the author: the product may leave the catalogue. */
    productTitle: text('product_title').notNull(),
    productSlug: text('product_slug').notNull(),
  },
  (t) => [
    uniqueIndex('product_reviews_product_org_idx').on(t.productId, t.organizationId),
    index('product_reviews_product_idx')
      .on(t.productId, t.createdAt)
      .where(sql`${t.hiddenAt} is null`),
    index('product_reviews_created_idx').on(t.createdAt),
    check('product_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
)

/** One per order: the buyer rates the seller of that order. */
export const sellerReviews = pgTable(
  'seller_reviews',
  {
    ...reviewColumns(),
    sellerName: text('seller_name').notNull(),
    sellerSlug: text('seller_slug').notNull(),
  },
  (t) => [
    uniqueIndex('seller_reviews_order_idx').on(t.orderId),
    index('seller_reviews_seller_idx')
      .on(t.sellerOrganizationId, t.createdAt)
      .where(sql`${t.hiddenAt} is null`),
    index('seller_reviews_created_idx').on(t.createdAt),
    check('seller_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
)
