import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm'
import { formatIsoDate } from '#common/calendar-date.ts'
import { ORDER_MESSAGES, type OrderSide } from '#common/orders.ts'
import { OrderNumber } from '#common/orders.schemas.ts'
import type { InvoiceDocument } from '../../documents/index.ts'
import { invoiceOf } from './orders.documents.ts'
import { type Ctx, requireUser } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { recordMove, targetOf } from '../../lifecycle/index.ts'
import { type OrderActor, type OrderEvent, moveOrder, orderLifecycle, orderTransition } from './orders.machine.ts'
import { orderLines, orders } from './orders.table.ts'
import type { OrderRow } from './orders.view.ts'
import { quote } from '#common/format.ts'

export type OrderMove = Exclude<OrderEvent, 'place'>

/**
 * The orders' half of an order's move (server/flows/move-order.ts holds the whole): the order
 * locked, the step checked against the lifecycle (orders.machine.ts), the status and the columns
 * the move sets written with its history entry. What other modules add to a move (the seller's
 * bank requisites, the stock, the news, the platform's later moves) is the flow's.
 */
export interface OrderMoves {
  /** The caller's organization's order on that side, locked; anyone else's is a 404. */
  lock(tx: Ctx, side: OrderSide, number: string): Promise<OrderRow>
  /** Any order by id, for the platform's own moves and reminders; null when it is gone. */
  byId(ctx: Ctx, orderId: string): Promise<OrderRow | null>
  /** The same, locked for a move. */
  lockById(tx: Ctx, orderId: string): Promise<OrderRow | null>
  /**
   * The status the event leads to and who may make it, or null when the order is there already
   * (a repeated click, answered with the order as it is). Refuses a move the order cannot make.
   */
  stepFor(row: OrderRow, event: OrderMove, by: OrderActor): ReturnType<typeof orderTransition> | null
  /** Writes the move with its history entry and what it sets beside the status; the order after it. */
  apply(
    tx: Ctx,
    row: OrderRow,
    step: ReturnType<typeof orderTransition>,
    opts: { comment: string | null; set: Record<string, unknown> },
  ): Promise<OrderRow>
  /** Checks the serial numbers given for each line at shipping, and stores them. */
  recordSerials(tx: Ctx, row: OrderRow, serials: { lineId: string; numbers: string[] }[]): Promise<void>
  /** What the order's lines hold of each product: the stock a cancellation gives back. */
  quantities(tx: Ctx, orderId: string): Promise<{ productId: string; quantity: number }[]>
  /** The invoice of a confirmed order as printed, for the documents registry. */
  invoice(tx: Ctx, row: OrderRow): Promise<InvoiceDocument>
  /** Every line in order, as bought and shipped: what a transfer document lists. */
  lines(tx: Ctx, orderId: string): Promise<(typeof orderLines.$inferSelect)[]>
  /** The lines with drones to register, in order. */
  dronesOf(tx: Ctx, orderId: string): Promise<(typeof orderLines.$inferSelect)[]>
  /** Keeps the УПД issued late for a shipped order, with a history entry by the seller. */
  recordUpd(tx: Ctx, row: OrderRow, upd: { number: string; date: string }): Promise<OrderRow>
  /**
   * The shipped orders whose seller has not issued their УПД, shipped before `shippedBefore`,
   * oldest first: what the daily reminder lists, at most `limit`.
   */
  withoutUpd(ctx: Ctx, shippedBefore: Date, limit: number): Promise<OrderRow[]>
  /** The orders' conversations, once they are opened: one statement however many. */
  setConversations(tx: Ctx, rooms: { orderId: string; roomId: string }[]): Promise<void>
}

/** The organization the caller works as; orders are its, whoever of its members acts. */
export function workingAs(ctx: Ctx): string {
  requireUser(ctx)
  if (!ctx.organization) throw new AppError('not_found', ORDER_MESSAGES.notFound)
  return ctx.organization.id
}

const SIDE_COLUMN = { purchase: orders.buyerOrganizationId, sale: orders.sellerOrganizationId } as const

/** The caller's organization's order by its number on that side; anyone else's is a 404. */
export async function findOrder(ctx: Ctx, side: OrderSide, number: string, lock = false): Promise<OrderRow> {
  const organizationId = workingAs(ctx)
  if (!OrderNumber.safeParse(number).success) throw new AppError('not_found', ORDER_MESSAGES.notFound)
  const query = ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.number, number), eq(SIDE_COLUMN[side], organizationId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError('not_found', ORDER_MESSAGES.notFound)
  return row
}

export const orderMoves: OrderMoves = {
  lock: (tx, side, number) => findOrder(tx, side, number, true),

  async byId(ctx, orderId) {
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
    return row ?? null
  },

  async lockById(tx, orderId) {
    const [row] = await tx.db.select().from(orders).where(eq(orders.id, orderId)).for('update')
    return row ?? null
  },

  stepFor(row, event, by) {
    if (event === 'cancel' ? row.status === 'cancelled' : row.status === targetOf(orderLifecycle, event)) return null
    return orderTransition(row.status, event, by, row.number)
  },

  async apply(tx, row, step, { comment, set }) {
    await moveOrder(tx, row.id, step, { comment, set })
    return { ...row, ...set, status: step.to } as OrderRow
  },

  async recordSerials(tx, row, serials) {
    const lines = await tx.db.select().from(orderLines).where(eq(orderLines.orderId, row.id))
    const given = new Map(serials.map((s) => [s.lineId.toLowerCase(), s.numbers]))
    for (const line of lines) {
      const numbers = given.get(line.id) ?? []
      const needed = line.registration !== 'none'
      if (needed && new Set(numbers).size !== line.quantity) {
        throw new AppError('invalid', `${ORDER_MESSAGES.serials}: ${quote(line.title)} — ${line.quantity} шт.`, {
          serials: ORDER_MESSAGES.serials,
        })
      }
      if (numbers.length > line.quantity) {
        throw new AppError('invalid', `${quote(line.title)}: серийных номеров больше, чем единиц товара`, {
          serials: ORDER_MESSAGES.serials,
        })
      }
      if (numbers.length) {
        await tx.db.update(orderLines).set({ serialNumbers: numbers }).where(eq(orderLines.id, line.id))
      }
    }
  },

  quantities(tx, orderId) {
    return tx.db
      .select({ productId: orderLines.productId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
  },

  async invoice(tx, row) {
    return invoiceOf(row, await orderMoves.lines(tx, row.id))
  },

  lines(tx, orderId) {
    return tx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position))
  },

  dronesOf(tx, orderId) {
    return tx.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), ne(orderLines.registration, 'none')))
      .orderBy(orderLines.position)
  },

  async recordUpd(tx, row, upd) {
    await tx.db.update(orders).set({ upd, updatedAt: new Date() }).where(eq(orders.id, row.id))
    await recordMove(
      tx,
      orderLifecycle,
      row.id,
      { from: row.status, to: row.status, event: 'upd_issued.seller' },
      `УПД № ${upd.number} от ${formatIsoDate(upd.date)}`,
    )
    return { ...row, upd }
  },

  withoutUpd(ctx, shippedBefore, limit) {
    return ctx.db
      .select()
      .from(orders)
      .where(
        and(
          isNull(orders.upd),
          inArray(orders.status, ['shipped', 'delivered', 'completed']),
          lt(orders.shippedAt, shippedBefore),
        ),
      )
      .orderBy(asc(orders.shippedAt))
      .limit(limit)
  },

  async setConversations(tx, rooms) {
    if (!rooms.length) return
    await tx.db.execute(sql`
      update ${orders} o set chat_room_id = r.room_id
      from unnest(${sql.param(rooms.map((r) => r.orderId))}::uuid[], ${sql.param(rooms.map((r) => r.roomId))}::uuid[])
        as r(order_id, room_id)
      where o.id = r.order_id`)
  },
}
