import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { orderLines, orders } from './orders.table.ts'
import type { OrderLineRow, OrderRow } from './orders.view.ts'

/**
 * Where an export of a seller's orders stopped: the last order's change as microseconds since
 * the epoch (the column's own precision, which a JavaScript date would round), then its id.
 */
export interface OrdersMark {
  version: string
  id: string
}

export interface ChangedOrder {
  order: OrderRow
  lines: OrderLineRow[]
  mark: OrdersMark
}

const VERSION = sql<string>`(extract(epoch from ${orders.updatedAt}) * 1000000)::bigint::text`

/**
 * A seller's orders changed after the mark, oldest change first, with their lines: what the
 * seller's accounting system has not been sent yet (the 1С exchange). Two statements.
 */
export async function changedOrders(
  ctx: Ctx,
  sellerOrganizationId: string,
  after: OrdersMark | null,
  limit: number,
): Promise<ChangedOrder[]> {
  const rows = await ctx.db
    .select({ order: orders, version: VERSION })
    .from(orders)
    .where(
      and(
        eq(orders.sellerOrganizationId, sellerOrganizationId),
        after ? sql`(${VERSION}::bigint, ${orders.id}) > (${after.version}::bigint, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(sql`${VERSION}::bigint`, asc(orders.id))
    .limit(limit)
  if (!rows.length) return []
  const lines = await ctx.db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(orderLines.orderId, orderLines.position)
  return rows.map(({ order, version }) => ({
    order,
    lines: lines.filter((l) => l.orderId === order.id),
    mark: { version, id: order.id },
  }))
}
