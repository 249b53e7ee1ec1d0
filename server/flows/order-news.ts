import { formatPrice } from '#common/catalog/format.ts'
import { ORDER_STATUS_LABELS, type OrderSide } from '#common/orders.ts'
import type { Ctx } from '../context.ts'
import { wordsOf } from '../modules/chat/index.ts'
import type { OrderActor, OrderRow } from '../modules/orders/index.ts'
import { memberDirectory } from '../modules/organizations/index.ts'
import type { FlowServices } from './flow.ts'

/**
 * What an order's placing and moves tell, written in their transaction (so a crash after the
 * commit loses none, and a move rolled back says nothing): an e-mail to the members of the side
 * that did not act, and a system message in the order's conversation, which the first news
 * opens. After the commit the flow calls `chat.publishNews()`.
 */
export function createOrderNews({ orders, identity, notifications, chat }: FlowServices) {
  /** E-mails the members of the side that did not move the order. */
  async function tell(tx: Ctx, row: OrderRow, by: OrderActor, comment: string | null) {
    const toldSides: OrderSide[] = by === 'buyer' ? ['sale'] : by === 'seller' ? ['purchase'] : ['purchase', 'sale']
    for (const side of toldSides) {
      const organizationId = side === 'purchase' ? row.buyerOrganizationId : row.sellerOrganizationId
      const members = await memberDirectory.membersOf(tx.db, [organizationId])
      const recipients = await identity.describeUsers(
        tx,
        members.map((m) => m.userId),
      )
      if (!recipients.length) continue
      const counterpart = side === 'purchase' ? row.seller : row.buyer
      await notifications.emit(tx, {
        type: 'orders.status_changed',
        order: { number: row.number, status: row.status, totalKopecks: row.totalKopecks },
        side,
        counterpart: { id: counterpart.id, name: counterpart.name },
        by,
        comment,
        recipients,
      })
    }
  }

  /** The news as a system message; the other side's comment follows it as that side's quoted words. */
  async function postToConversation(tx: Ctx, row: OrderRow, by: OrderActor, comment: string | null) {
    const who = by === 'buyer' ? 'Покупатель' : by === 'seller' ? 'Продавец' : 'Платформа'
    const text =
      row.status === 'created'
        ? `Оформлен заказ № ${row.number} на сумму ${formatPrice(row.totalKopecks)}.`
        : `${who}: заказ № ${row.number} — «${ORDER_STATUS_LABELS[row.status]}».${comment ? ` ${row.status === 'cancelled' ? 'Причина' : 'Комментарий'} — в следующем сообщении.` : ''}`
    const room = row.chatRoomId ?? ((inner: Ctx) => openConversation(inner, row))
    await chat.postNews(tx, room, text, wordsOf(tx, comment), `order ${row.number}`)
  }

  async function openConversation(tx: Ctx, row: OrderRow) {
    const { guid } = await chat.openRequestRoom(tx, {
      requestId: row.id,
      title: `Заказ № ${row.number}`,
      customerOrganizationId: row.buyerOrganizationId,
      vendorOrganizationId: row.sellerOrganizationId,
    })
    await orders.moves.setConversation(tx, row.id, guid)
    return guid
  }

  return {
    /** A new order: its seller hears of it, and it gets its conversation. */
    async placed(tx: Ctx, row: OrderRow) {
      await tell(tx, row, 'buyer', row.comment || null)
      await postToConversation(tx, row, 'buyer', null)
    },
    /** A move: the other side (both, for the platform's own) hears of it, with the mover's comment. */
    async moved(tx: Ctx, row: OrderRow, by: OrderActor, comment: string | null) {
      await tell(tx, row, by, comment)
      await postToConversation(tx, row, by, comment)
    },
  }
}

export type OrderNews = ReturnType<typeof createOrderNews>
