import { formatPrice } from '#common/catalog/format.ts'
import { formatIsoDate } from '#common/calendar-date.ts'
import { CORRECTION_KIND_LABELS } from '#common/order-corrections.ts'
import type { OutgoingEmail } from '../mail/index.ts'
import type { Audience, Recipient, RoomNote } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'

type CorrectionEvent = EventOf<'orders.correction_changed'>

const SIDE = { buyer: 'Покупатель', seller: 'Продавец' } as const

/** «возврат товара на 11 000 ₽», «изменение цены на −2 000 ₽». */
function what(event: CorrectionEvent): string {
  const { correction } = event
  const sum = formatPrice(Math.abs(correction.differenceKopecks))
  const sign = correction.differenceKopecks < 0 ? '−' : '+'
  return `${CORRECTION_KIND_LABELS[correction.kind].toLowerCase()} (корректировка № ${correction.number}, ${sign}${sum})`
}

/** The news, by where the correction stands, with the side that moved it as the subject. */
function newsOf(event: CorrectionEvent): { subject: string; text: string } {
  const { correction, order } = event
  const mover = SIDE[event.by]
  const ukd = correction.ukd
    ? ` Выставлен корректировочный документ: УКД № ${correction.ukd.number} от ${formatIsoDate(correction.ukd.date)}.`
    : ''
  switch (correction.status) {
    case 'requested':
      return {
        subject: `${correction.kind === 'return' ? 'Запрос на возврат' : 'Предложено изменить цену'}: заказ № ${order.number}`,
        text: `${mover} предлагает ${what(event)} по заказу № ${order.number}. Примите или отклоните её на странице заказа.`,
      }
    case 'accepted':
      return {
        subject: `Корректировка принята: заказ № ${order.number}`,
        text: `${mover} принял ${what(event)} по заказу № ${order.number}.${ukd}`,
      }
    case 'refused':
      return {
        subject: `Корректировка отклонена: заказ № ${order.number}`,
        text: `${mover} отклонил ${what(event)} по заказу № ${order.number}.`,
      }
    case 'withdrawn':
      return {
        subject: `Корректировка отозвана: заказ № ${order.number}`,
        text: `${mover} отозвал ${what(event)} по заказу № ${order.number}.`,
      }
  }
}

/** The side that did not act. */
export function correctionAudience(event: CorrectionEvent): Audience[] {
  return [{ organizationId: event.by === 'buyer' ? event.seller.id : event.buyer.id }]
}

export function correctionChanged(event: CorrectionEvent, links: Links, recipients: Recipient[]): OutgoingEmail[] {
  const { subject, text } = newsOf(event)
  const { correction } = event
  return recipients.map((person) => {
    const side = person.organizationId === event.buyer.id ? 'purchase' : 'sale'
    return {
      to: person.email,
      kind: `order_correction_${correction.status}`,
      subject,
      text: [
        `Здравствуйте, ${person.name}!`,
        '',
        text,
        '',
        `Причина: ${correction.reason}`,
        ...(event.comment ? [`Комментарий к решению: ${event.comment}`] : []),
        '',
        `Страница заказа: ${links.order(side, event.order.number)}`,
      ].join('\n'),
    }
  })
}

/** The news in the order's conversation; what the side typed (the reason, the decision's comment) follows as its message. */
export function correctionNote(event: CorrectionEvent): RoomNote {
  const { text } = newsOf(event)
  const typed = event.correction.status === 'requested' ? event.correction.reason : event.comment
  const follows = typed
    ? ` ${event.correction.status === 'requested' ? 'Причина' : 'Комментарий'} — в следующем сообщении.`
    : ''
  return { room: event.room, text: `${text}${follows}`, typed: typed || null }
}
