import { exchangeLinks } from '#common/exchange/links.ts'
import { formatMoney, quote } from '#common/format.ts'
import type { OutgoingEmail } from '../mail/index.ts'
import type { Audience, Recipient } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'

/**
 * The news as the other side reads it, by the move made. `mover` is the side's role with its name
 * («Исполнитель «…»», «Заказчик «…»»): the verb agrees with the role.
 */
const NEWS: Record<string, { subject: string; text: (mover: string) => string }> = {
  start: {
    subject: 'Исполнитель начал работу',
    text: (mover) => `${mover} начал работу по заказу.`,
  },
  submitResult: {
    subject: 'Результат работы сдан',
    text: (mover) =>
      `${mover} сдал результат работы. Проверьте отчёт и файлы на странице заказа и примите работу или верните её на доработку.`,
  },
  accept: {
    subject: 'Работа принята, заказ завершён',
    text: (mover) => `${mover} принял работу. Заказ завершён — оставьте отзыв о заказчике на странице заказа.`,
  },
  requestRework: {
    subject: 'Результат возвращён на доработку',
    text: (mover) => `${mover} вернул результат на доработку.`,
  },
  cancel: {
    subject: 'Заказ отменён',
    text: (mover) => `${mover} отменил заказ.`,
  },
}

/** Each member told reads the move from its side: its page, and the other side as the mover. */
export function serviceOrderChanged(
  event: EventOf<'exchange.service_order_changed'>,
  links: Links,
  recipients: Recipient[],
): OutgoingEmail[] {
  const { order } = event
  const news = NEWS[event.event] ?? { subject: 'Заказ изменён', text: (mover: string) => `${mover} изменил заказ.` }
  const label = event.event === 'cancel' ? 'Причина' : 'Что доработать'
  return recipients.map((person) => {
    const side = person.organizationId === event.customer.id ? 'purchase' : 'sale'
    const mover = event.by === 'customer' ? event.customer : event.contractor
    return {
      to: person.email,
      kind: `service_order_${event.event}`,
      subject: `${news.subject}: заказ услуги № ${order.number}`,
      text: [
        `Здравствуйте, ${person.name}!`,
        '',
        `Заказ услуги № ${order.number} ${quote(order.title)} на сумму ${formatMoney(order.priceKopecks)}.`,
        news.text(`${event.by === 'customer' ? 'Заказчик' : 'Исполнитель'} ${quote(mover.name)}`),
        ...(event.comment ? ['', `${label}: ${event.comment}`] : []),
        '',
        `Страница заказа: ${links.page(exchangeLinks.serviceOrder(side, order.number))}`,
      ].join('\n'),
    }
  })
}

/** The members of the side that did not make the move. */
export function serviceOrderAudience(event: EventOf<'exchange.service_order_changed'>): Audience[] {
  return [{ organizationId: event.by === 'customer' ? event.contractor.id : event.customer.id }]
}
