import { formatPrice } from '#common/catalog/format.ts'
import { ORDER_STATUS_LABELS } from '#common/orders.ts'
import type { RoomNote } from './channels.ts'
import type { EventOf } from './events.ts'
import { quote } from '#common/format.ts'

const MOVER = { buyer: 'Покупатель', seller: 'Продавец', system: 'Платформа' } as const

/** The order's news in its conversation; the mover's comment follows as the mover's own message. */
export function orderNote(event: EventOf<'orders.status_changed'>): RoomNote {
  const { order, comment } = event
  if (order.status === 'created') {
    return {
      room: event.room,
      text: `Оформлен заказ № ${order.number} на сумму ${formatPrice(order.totalKopecks)}.`,
      typed: null,
    }
  }
  const follows = comment ? ` ${order.status === 'cancelled' ? 'Причина' : 'Комментарий'} — в следующем сообщении.` : ''
  return {
    room: event.room,
    text: `${MOVER[event.by]}: заказ № ${order.number} — ${quote(ORDER_STATUS_LABELS[order.status])}.${follows}`,
    typed: comment,
  }
}
