import type { Ctx } from '../context.ts'
import type { OrderActor, OrderRow } from '../modules/orders/index.ts'
import type { FlowServices } from './flow.ts'

/**
 * What an order's placing and moves tell, written in their transaction (so a crash after the
 * commit loses none, and a move rolled back says nothing). The notifications module decides who
 * hears of it and how: the side that did not act by e-mail, both in the order's conversation,
 * which the first news opens. After the commit the flow calls `notifications.afterCommit()`.
 */
export function createOrderNews({ orders, notifications, chat }: FlowServices) {
  /** The order's conversation between its two sides, opened with its first news. */
  async function conversationOf(tx: Ctx, row: OrderRow): Promise<string> {
    if (row.chatRoomId) return row.chatRoomId
    const { guid } = await chat.openRequestRoom(tx, {
      requestId: row.id,
      title: `Заказ № ${row.number}`,
      customerOrganizationId: row.buyerOrganizationId,
      vendorOrganizationId: row.sellerOrganizationId,
    })
    await orders.moves.setConversation(tx, row.id, guid)
    return guid
  }

  async function tell(tx: Ctx, row: OrderRow, by: OrderActor, comment: string | null) {
    await notifications.emit(tx, {
      type: 'orders.status_changed',
      order: { number: row.number, status: row.status, totalKopecks: row.totalKopecks },
      buyer: { id: row.buyer.id, name: row.buyer.name },
      seller: { id: row.seller.id, name: row.seller.name },
      by,
      comment,
      room: await conversationOf(tx, row),
    })
  }

  return {
    /** A new order, with the buyer's comment on it. */
    placed: (tx: Ctx, row: OrderRow) => tell(tx, row, 'buyer', row.comment || null),
    /** A move, with the mover's comment or reason. */
    moved: tell,
  }
}

export type OrderNews = ReturnType<typeof createOrderNews>
