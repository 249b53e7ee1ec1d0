import { formatPrice } from '#common/catalog/format.ts'
import { formatIsoDate } from '#common/calendar-date.ts'
import { quote } from '#common/format.ts'
import type { OutgoingEmail } from '../mail/index.ts'
import type { Audience, Recipient, RoomNote } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'

type ProcurementChange = EventOf<'procurement.changed'>

/** The seller hears of a request sent to it or cancelled; the buyer of an answer or a refusal. */
export function procurementAudience(event: ProcurementChange): Audience[] {
  const toSeller = event.change === 'requested' || event.change === 'cancelled'
  return [{ organizationId: toSeller ? event.seller.id : event.buyer.id }]
}

const SUBJECT: Record<ProcurementChange['change'], (e: ProcurementChange) => string> = {
  requested: (e) => `Запрос коммерческого предложения № ${e.request.number}`,
  answered: (e) => `Коммерческое предложение по запросу № ${e.request.number}`,
  declined: (e) => `Отказ от запроса КП № ${e.request.number}`,
  cancelled: (e) => `Запрос КП № ${e.request.number} отменён`,
}

function newsOf(event: ProcurementChange): string {
  const { request } = event
  const subject = quote(request.title)
  switch (event.change) {
    case 'requested':
      return `Покупатель ${quote(event.buyer.name)} запрашивает у вас коммерческое предложение: ${subject}, позиций: ${request.itemCount}. Ответ нужен до ${formatIsoDate(request.deadline)} включительно.`
    case 'answered':
      return `Поставщик ${quote(event.seller.name)} прислал коммерческое предложение № ${event.offer!.number} на ${formatPrice(event.offer!.totalKopecks)} по запросу ${subject}.`
    case 'declined':
      return `Поставщик ${quote(event.seller.name)} отказался от запроса ${subject}.`
    case 'cancelled':
      return `Покупатель ${quote(event.buyer.name)} отменил запрос ${subject}: отвечать на него больше не нужно.`
  }
}

export function procurementChanged(event: ProcurementChange, links: Links, recipients: Recipient[]): OutgoingEmail[] {
  return recipients.map((person) => ({
    to: person.email,
    kind: `procurement_${event.change}`,
    subject: SUBJECT[event.change](event),
    text: [
      `Здравствуйте, ${person.name}!`,
      '',
      newsOf(event),
      ...(event.reason ? ['', `Причина: ${event.reason}`] : []),
      '',
      `Запрос: ${links.page(`/personal-account/procurement/${event.request.number}`)}`,
    ].join('\n'),
  }))
}

/** The news in the conversation between the two about the request; a reason follows as the side's message. */
export function procurementNote(event: ProcurementChange): RoomNote {
  const follows = event.reason ? ' Причина — в следующем сообщении.' : ''
  return { room: event.room, text: `${newsOf(event)}${follows}`, typed: event.reason }
}
