import { text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The columns every history table of a lifecycle has, beside its id and the column pointing at
 * its subject: `pgTable('order_events', { id, orderId, ...historyColumns(ORDER_STATUSES) })`.
 * `byUserId` is empty for moves the system makes (a job, a timer). A lifecycle where two events
 * make the same move adds its own `event` column and names it in its store.
 */
export function historyColumns<S extends string>(statuses: readonly [S, ...S[]]) {
  return {
    fromStatus: text('from_status', { enum: statuses }),
    toStatus: text('to_status', { enum: statuses }).notNull(),
    byUserId: uuid('by_user_id'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  }
}
