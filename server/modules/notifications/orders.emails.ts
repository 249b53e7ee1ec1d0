import { formatPrice } from '#common/catalog/format.ts'
import type { OrderStatus } from '#common/orders.ts'
import type { OutgoingEmail } from '../mail/mail.service.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'

/** The news as the other side reads it, by the status the order reached. */
const NEWS: Record<OrderStatus, (counterpart: string) => string> = {
  created: (buyer) => `${buyer} оформил(а) новый заказ. Подтвердите его, чтобы выставить счёт.`,
  confirmed: (seller) =>
    `${seller} подтвердил(а) заказ и выставил(а) счёт на оплату. Счёт можно скачать на странице заказа.`,
  paid: (seller) => `${seller} получил(а) оплату. Заказ готовится к отгрузке.`,
  shipped: (seller) => `${seller} отгрузил(а) заказ. Подтвердите получение, когда он придёт.`,
  delivered: () => 'Заказ получен покупателем.',
  completed: () => 'Заказ завершён.',
  cancelled: (by) => `${by} отменил(а) заказ.`,
}

const SUBJECT: Record<OrderStatus, string> = {
  created: 'Новый заказ',
  confirmed: 'Заказ подтверждён, счёт выставлен',
  paid: 'Оплата заказа получена',
  shipped: 'Заказ отгружен',
  delivered: 'Заказ доставлен',
  completed: 'Заказ завершён',
  cancelled: 'Заказ отменён',
}

/** Each move of an order reaches the members of the side that did not make it. */
export function orderStatusChanged(event: EventOf<'orders.status_changed'>, links: Links): OutgoingEmail[] {
  const { order, counterpart } = event
  const mover = event.by === 'system' ? 'Платформа' : `«${counterpart.name}»`
  const news =
    event.by === 'system' && order.status === 'delivered'
      ? `Заказ отмечен доставленным автоматически: прошло время, отведённое на доставку.`
      : NEWS[order.status](mover)
  return event.recipients.map((person) => ({
    to: person.email,
    kind: `order_${order.status}`,
    subject: `${SUBJECT[order.status]}: № ${order.number}`,
    text: [
      `Здравствуйте, ${person.name}!`,
      '',
      `Заказ № ${order.number} на сумму ${formatPrice(order.totalKopecks)}.`,
      news,
      ...(event.comment ? ['', `${order.status === 'cancelled' ? 'Причина' : 'Комментарий'}: ${event.comment}`] : []),
      '',
      `Страница заказа: ${links.order(event.side, order.number)}`,
    ].join('\n'),
  }))
}
