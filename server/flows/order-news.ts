import type { Ctx } from '../context.ts'
import { type CorrectionRow, correctionDifference, type OrderActor, type OrderRow } from '../modules/orders/index.ts'
import type { MailAttachment } from '../modules/mail/index.ts'
import type { FlowServices } from './flow.ts'

/**
 * What an order's placing and moves tell, written in their transaction (so a crash after the
 * commit loses none, and a move rolled back says nothing). The notifications module decides who
 * hears of it and how: the side that did not act by e-mail, both in the order's conversation,
 * which the first news opens. After the commit the flow calls `notifications.afterCommit()`.
 */
export function createOrderNews({ orders, notifications, chat }: FlowServices) {
  /**
   * The orders' conversations between their two sides, opened with their first news: two
   * statements however many orders.
   */
  async function conversationsOf(tx: Ctx, rows: OrderRow[]): Promise<string[]> {
    const closed = rows.filter((row) => !row.chatRoomId)
    const opened = await chat.openRequestRooms(
      tx,
      closed.map((row) => ({
        requestId: row.id,
        title: `Заказ № ${row.number}`,
        customerOrganizationId: row.buyerOrganizationId,
        vendorOrganizationId: row.sellerOrganizationId,
      })),
    )
    await orders.moves.setConversations(
      tx,
      closed.map((row, i) => ({ orderId: row.id, roomId: opened[i]!.guid })),
    )
    const rooms = new Map(closed.map((row, i) => [row.id, opened[i]!.guid]))
    return rows.map((row) => row.chatRoomId ?? rooms.get(row.id)!)
  }

  /** Each order's news, told together (the people looked up once, the notes written at once). */
  async function tell(
    tx: Ctx,
    rows: OrderRow[],
    by: OrderActor,
    comment: (row: OrderRow) => string | null,
    attachments?: MailAttachment[],
  ) {
    const rooms = await conversationsOf(tx, rows)
    await notifications.emit(
      tx,
      ...rows.map((row, i) => ({
        type: 'orders.status_changed' as const,
        order: { number: row.number, status: row.status, totalKopecks: row.totalKopecks, upd: row.upd },
        buyer: { id: row.buyer.id, name: row.buyer.name },
        seller: { id: row.seller.id, name: row.seller.name },
        by,
        comment: comment(row),
        room: rooms[i]!,
        ...(attachments && { attachments }),
      })),
    )
  }

  return {
    /** New orders (a checkout's, one per seller), each with the buyer's comment on it. */
    placed: (tx: Ctx, rows: OrderRow[]) => tell(tx, rows, 'buyer', (row) => row.comment || null),
    /** A move, with the mover's comment or reason, and the files its e-mail carries (a shipment's УПД). */
    moved: (tx: Ctx, row: OrderRow, by: OrderActor, comment: string | null, attachments?: MailAttachment[]) =>
      tell(tx, [row], by, () => comment, attachments),

    /** A УПД the seller issued after shipping: the buyer hears of it as of the shipment, with its links. */
    async updIssued(tx: Ctx, row: OrderRow, attachments: MailAttachment[]) {
      const [room] = await conversationsOf(tx, [row])
      await notifications.emit(tx, {
        type: 'orders.upd_issued',
        order: { number: row.number, upd: row.upd! },
        attachments,
        buyer: { id: row.buyer.id, name: row.buyer.name },
        seller: { id: row.seller.id, name: row.seller.name },
        room: room!,
      })
    },

    /** A return or price change asked for or decided, in the order's conversation and to the other side. */
    async corrected(tx: Ctx, row: OrderRow, correction: CorrectionRow, by: 'buyer' | 'seller') {
      const [room] = await conversationsOf(tx, [row])
      await notifications.emit(tx, {
        type: 'orders.correction_changed',
        order: { number: row.number },
        correction: {
          number: correction.number,
          kind: correction.kind,
          status: correction.status,
          reason: correction.reason,
          differenceKopecks: correctionDifference(correction.lines),
          ukd: correction.ukd ?? null,
        },
        buyer: { id: row.buyer.id, name: row.buyer.name },
        seller: { id: row.seller.id, name: row.seller.name },
        by,
        comment: correction.status === 'requested' ? null : correction.decisionComment,
        room: room!,
      })
    },
  }
}

export type OrderNews = ReturnType<typeof createOrderNews>
