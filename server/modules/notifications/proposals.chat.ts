import type { RoomNote } from './channels.ts'
import type { EventOf, ExchangeProposalEvent } from './events.ts'
import { quote } from '#common/format.ts'

/** The change as the platform's note in the proposal's conversation; a rejection's reason follows as the customer's message. */
export function proposalNote(event: EventOf<'exchange.proposal_changed'>): RoomNote | null {
  if (!event.room) return null
  return {
    room: event.room,
    text: proposalNews(event.change, event.vendor.name, event.reason, event.serviceOrderNumber),
    typed: event.change === 'rejected' ? event.reason : null,
  }
}

/** The platform's words on a proposal's change (also what the demo data writes). */
export function proposalNews(
  change: ExchangeProposalEvent['change'],
  vendorName: string,
  reason: string | null,
  serviceOrderNumber: string | null,
): string {
  switch (change) {
    case 'submitted':
      return `Исполнитель ${quote(vendorName)} отправил предложение. Здесь можно обсудить его с заказчиком.`
    case 'revised':
      return `Исполнитель ${quote(vendorName)} изменил предложение. Прежняя версия сохранена на странице заявки.`
    case 'accepted':
      return `Заказчик принял предложение ${quote(vendorName)}: создан заказ услуги № ${serviceOrderNumber ?? ''}.`
    case 'rejected':
      return `Заказчик отклонил предложение ${quote(vendorName)}.${reason ? ' Причина — в следующем сообщении.' : ''}`
    case 'superseded':
      return `Заказчик выбрал другого исполнителя: предложение ${quote(vendorName)} отклонено.`
  }
}
