import { asc, count, eq, inArray } from 'drizzle-orm'
import { formatIsoDate } from '#common/calendar-date.ts'
import { type OrderDetails, type OrderHistoryEntry, type OrderSide, type OrderSummary } from '#common/orders.ts'
import type { Ctx } from '../../context.ts'
import { actionsFor, historyEventOf } from './orders.machine.ts'
import { orderEvents, orderLines, type orders } from './orders.table.ts'
import { orderCorrectionsStore, viewCorrections } from './orders.corrections.ts'

export type OrderRow = typeof orders.$inferSelect
export type OrderLineRow = typeof orderLines.$inferSelect

export function toSummary(row: OrderRow, side: OrderSide, lineCount: number): OrderSummary {
  return {
    number: row.number,
    side,
    status: row.status,
    buyer: { id: row.buyer.id, name: row.buyer.name, slug: row.buyer.slug },
    seller: { id: row.seller.id, name: row.seller.name, slug: row.seller.slug },
    totalKopecks: row.totalKopecks,
    lineCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Where the order's documents are downloaded from, once it has them. */
export function documentsOf(row: OrderRow, side: OrderSide): OrderDetails['documents'] {
  const base = `/api/v1/orders/${side}/${row.number}/documents`
  const confirmedOnce = row.confirmedAt !== null
  return [
    ...(confirmedOnce
      ? [{ kind: 'invoice' as const, title: `Счёт на оплату № ${row.number}`, href: `${base}/invoice.pdf` }]
      : []),
    ...(row.shippedAt
      ? [
          {
            kind: 'delivery-note' as const,
            title: `Товарная накладная № ${row.number}`,
            href: `${base}/delivery-note.pdf`,
          },
        ]
      : []),
    ...(row.upd
      ? [
          {
            kind: 'upd' as const,
            title: `УПД № ${row.upd.number} от ${formatIsoDate(row.upd.date)}`,
            href: `${base}/upd.pdf`,
          },
          {
            kind: 'upd-xml' as const,
            title: `УПД № ${row.upd.number}: файл XML для ЭДО (формат ФНС 5.03)`,
            href: `${base}/upd.xml`,
          },
        ]
      : []),
    ...(row.shippingDocumentFileId
      ? [{ kind: 'shipping' as const, title: 'Транспортный документ', href: `${base}/shipping` }]
      : []),
  ]
}

/** The order page's data: the order, its lines, its history and its corrections, in four statements. */
export async function viewOrder(
  ctx: Ctx,
  row: OrderRow,
  side: OrderSide,
  describeUsers: (ctx: Ctx, ids: string[]) => Promise<{ id: string; name: string }[]>,
): Promise<OrderDetails> {
  const [lines, events, corrections] = await Promise.all([
    ctx.db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.position)),
    ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    orderCorrectionsStore.list(ctx, row.id),
  ])
  const userIds = [...new Set(events.flatMap((e) => (e.byUserId ? [e.byUserId] : [])))]
  const names = new Map((await describeUsers(ctx, userIds)).map((u) => [u.id, u.name]))
  const history: OrderHistoryEntry[] = events.map((e) => {
    const { event, by } = historyEventOf(e.event)
    return {
      from: e.fromStatus,
      to: e.toStatus,
      event,
      by,
      byName: e.byUserId ? (names.get(e.byUserId) ?? null) : null,
      comment: e.comment,
      at: e.createdAt.toISOString(),
    }
  })
  const registrable = lines.some((l) => l.registration !== 'none')
  const corrected = viewCorrections(row, side, lines, corrections)
  return {
    ...toSummary(row, side, lines.length),
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      slug: l.slug,
      title: l.title,
      sku: l.sku,
      quantity: l.quantity,
      priceKopecks: l.priceKopecks,
      vatRate: l.vatRate,
      amountKopecks: l.amountKopecks,
      vatKopecks: l.vatKopecks,
      registration: l.registration,
      serialNumbers: l.serialNumbers,
    })),
    vatKopecks: row.vatKopecks,
    buyerParty: row.buyer,
    sellerParty: row.seller,
    delivery: row.delivery,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    comment: row.comment,
    deliveryDate: row.deliveryDate,
    shipment: row.shippedAt
      ? {
          carrier: row.carrier ?? '',
          trackingNumber: row.trackingNumber ?? '',
          documentFileId: row.shippingDocumentFileId,
        }
      : null,
    cancelReason: row.cancelReason,
    history,
    actions: actionsFor(row.status, side === 'purchase' ? 'buyer' : 'seller'),
    documents: [
      ...documentsOf(row, side),
      ...corrected.items.flatMap((c) =>
        c.ukd
          ? [
              {
                kind: 'ukd' as const,
                title: `УКД № ${c.ukd.number} от ${formatIsoDate(c.ukd.date)} (корректировка № ${c.number})`,
                href: c.ukd.href,
              },
            ]
          : [],
      ),
    ],
    chatRoomGuid: row.chatRoomId,
    corrections: corrected,
    registration: {
      required: registrable && ['shipped', 'delivered', 'completed'].includes(row.status),
      doneAt: row.registrationDoneAt?.toISOString() ?? null,
    },
  }
}

/** Lines per order for a list page: one statement. */
export async function lineCounts(ctx: Ctx, orderIds: string[]): Promise<Map<string, number>> {
  if (!orderIds.length) return new Map()
  const rows = await ctx.db
    .select({ orderId: orderLines.orderId, lines: count() })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.orderId)
  return new Map(rows.map((r) => [r.orderId, Number(r.lines)]))
}
