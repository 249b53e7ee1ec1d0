import { exchangeLinks } from '#common/exchange/links.ts'
import { formatIsoDate } from '#common/calendar-date.ts'
import { formatMoney, quote } from '#common/format.ts'
import type { OutgoingEmail } from '../mail/index.ts'
import type { Audience, Recipient } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'

/** «2026-12-01» as «01.12.2026». */

type Change = EventOf<'exchange.proposal_changed'>['change']

/** The news by the change; `who` is the role and name of the side that made it («Исполнитель «…»»). */
const NEWS: Record<Change, { subject: string; text: (who: string) => string }> = {
  submitted: {
    subject: 'Новое предложение по заявке',
    text: (who) => `${who} прислал предложение по вашей заявке. Сравните предложения на странице заявки.`,
  },
  revised: {
    subject: 'Предложение по заявке изменено',
    text: (who) => `${who} изменил своё предложение. Прежние версии сохранены на странице заявки.`,
  },
  accepted: {
    subject: 'Ваше предложение принято',
    text: (who) => `${who} принял ваше предложение. Заказ услуги создан — начните работу на странице заказа.`,
  },
  rejected: {
    subject: 'Ваше предложение отклонено',
    text: (who) => `${who} отклонил ваше предложение.`,
  },
  superseded: {
    subject: 'Заказчик выбрал другого исполнителя',
    text: (who) => `${who} выбрал другого исполнителя, ваше предложение отклонено.`,
  },
}

/** The changes its vendor makes; the customer makes the others. */
const BY_VENDOR = new Set<Change>(['submitted', 'revised'])

/** The customer's members hear of what the vendor did; the vendor's members of the customer's decision. */
export function proposalAudience(event: EventOf<'exchange.proposal_changed'>): Audience[] {
  return [{ organizationId: BY_VENDOR.has(event.change) ? event.customer.id : event.vendor.id }]
}

/**
 * The customer's members hear of proposals sent and revised; the vendor's members of the
 * customer's decision. Each links to the request's page (the contractor to its new order).
 */
export function proposalChanged(
  event: EventOf<'exchange.proposal_changed'>,
  links: Links,
  recipients: Recipient[],
): OutgoingEmail[] {
  const news = NEWS[event.change]
  const { request, proposal } = event
  const mover = BY_VENDOR.has(event.change) ? event.vendor : event.customer
  const page = event.serviceOrderNumber
    ? { label: 'Страница заказа', path: exchangeLinks.serviceOrder('sale', event.serviceOrderNumber) }
    : { label: 'Страница заявки', path: exchangeLinks.request(request.number) }
  return recipients.map((person) => ({
    to: person.email,
    kind: `proposal_${event.change}`,
    subject: `${news.subject}: заявка № ${request.number}`,
    text: [
      `Здравствуйте, ${person.name}!`,
      '',
      `Заявка № ${request.number} ${quote(request.title)}.`,
      news.text(`${BY_VENDOR.has(event.change) ? 'Исполнитель' : 'Заказчик'} ${quote(mover.name)}`),
      `Предложение ${quote(event.vendor.name)}: ${formatMoney(proposal.priceKopecks)}, сроки ${formatIsoDate(proposal.startsOn)} — ${formatIsoDate(proposal.endsOn)}.`,
      ...(event.reason ? ['', `Причина: ${event.reason}`] : []),
      '',
      `${page.label}: ${links.page(page.path)}`,
    ].join('\n'),
  }))
}
