import type { RoomNote } from './channels.ts'
import type { EventOf, ExchangeProposalEvent } from './events.ts'

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
      return `«${vendorName}» отправил(а) предложение. Здесь можно обсудить его с заказчиком.`
    case 'revised':
      return `«${vendorName}» изменил(а) предложение. Прежняя версия сохранена на странице заявки.`
    case 'accepted':
      return `Заказчик принял предложение «${vendorName}»: создан заказ услуги № ${serviceOrderNumber ?? ''}.`
    case 'rejected':
      return `Заказчик отклонил предложение «${vendorName}».${reason ? ' Причина — в следующем сообщении.' : ''}`
    case 'superseded':
      return `Заказчик выбрал другого исполнителя: предложение «${vendorName}» отклонено.`
  }
}
