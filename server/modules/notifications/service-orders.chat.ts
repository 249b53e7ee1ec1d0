import type { RoomNote } from './channels.ts'
import type { EventOf } from './events.ts'

const MOVER = { customer: 'Заказчик', contractor: 'Исполнитель' } as const

/** The move as the platform's note in the order's conversation; a comment follows as the mover's message. */
export function serviceOrderNote(event: EventOf<'exchange.service_order_changed'>): RoomNote | null {
  const { comment } = event
  if (!event.room) return null
  return {
    room: event.room,
    text: serviceOrderNews(event.order.number, event.event, event.by, comment),
    typed: comment,
  }
}

/** The platform's words on a move of a service order (also what the demo data writes). */
export function serviceOrderNews(
  number: string,
  event: string,
  by: 'customer' | 'contractor',
  comment: string | null,
): string {
  const order = `заказ № ${number}`
  switch (event) {
    case 'start':
      return `Исполнитель начал работу: ${order}.`
    case 'submitResult':
      return `Исполнитель сдал результат: ${order}. Отчёт и файлы — на странице заказа.`
    case 'accept':
      return `Заказчик принял работу: ${order} завершён.`
    case 'requestRework':
      return `Заказчик вернул результат на доработку: ${order}.${comment ? ' Комментарий заказчика — в следующем сообщении.' : ''}`
    case 'cancel':
      return `${MOVER[by]} отменил ${order}.${comment ? ' Причина — в следующем сообщении.' : ''}`
    default:
      return `${MOVER[by]} изменил ${order}.`
  }
}
