import { exchangeLinks } from '#common/exchange/links.ts'
import { formatIsoDate } from '#common/calendar-date.ts'
import { formatBudget, SERVICE_TYPE_LABELS } from '#common/exchange/services.ts'
import { regionName } from '#common/regions.ts'
import type { OutgoingEmail } from '../mail/index.ts'
import type { Recipient } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'
import { quote } from '#common/format.ts'

/** «28.11.2026» from an ISO date, without time zones getting in the way. */

/**
 * A request just published reaches the vendors that may answer it: «Новая заявка на бирже услуг»
 * to those whose services match it, «Вас пригласили» to the vendors invited to a closed one.
 */
export function requestPublished(
  event: EventOf<'exchange.request_published'>,
  links: Links,
  recipients: Recipient[],
): OutgoingEmail[] {
  const { request, customer } = event
  const facts = [
    `Вид работ: ${SERVICE_TYPE_LABELS[request.type]}`,
    ...(request.region ? [`Регион: ${regionName(request.region)}`] : []),
    `Бюджет: ${formatBudget(request.budgetKopecks)}`,
    ...(request.startsOn ? [`Начало работ: ${formatIsoDate(request.startsOn)}`] : []),
    ...(request.proposalsDeadline
      ? [`Предложения принимаются до ${formatIsoDate(request.proposalsDeadline)} включительно`]
      : []),
  ]
  // A member of two vendors it is addressed to reads it once.
  const people = [...new Map(recipients.map((person) => [person.id, person])).values()]
  return people.map((person) => ({
    to: person.email,
    kind: event.invited ? 'service_request_invited' : 'service_request_new',
    subject: event.invited
      ? `Вас пригласили ответить на заявку ${quote(request.title)} — биржа услуг`
      : `Новая заявка на бирже услуг: ${quote(request.title)}`,
    text: [
      `Здравствуйте, ${person.name}!`,
      '',
      event.invited
        ? `${quote(customer.name)} приглашает вашу организацию ответить на заявку № ${request.number} ${quote(request.title)}. Заявку видят только приглашённые исполнители.`
        : `Заказчик ${quote(customer.name)} опубликовал заявку № ${request.number} ${quote(request.title)}: она подходит к услугам, которые ваша организация предлагает на бирже.`,
      '',
      ...facts,
      '',
      `Заявка и отклик: ${links.page(exchangeLinks.request(request.number))}`,
    ].join('\n'),
  }))
}
