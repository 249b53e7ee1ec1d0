import { exchangeLinks } from '#common/exchange/links.ts'
import type { OutgoingEmail } from '../mail/index.ts'
import type { Recipient } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'
import { quote } from '#common/format.ts'

/** A moderator's decision on a service offer reaches the vendor's owners and administrators. */
export function offerModerated(
  event: EventOf<'exchange.offer_moderated'>,
  links: Links,
  recipients: Recipient[],
): OutgoingEmail[] {
  const approved = event.decision === 'approved'
  const { offer, organization } = event
  return recipients.map((manager) => ({
    to: manager.email,
    kind: approved ? 'service_offer_approved' : 'service_offer_need_fixes',
    subject: approved
      ? `Услуга ${quote(offer.title)} опубликована на бирже — ${organization.name}`
      : `Услугу ${quote(offer.title)} нужно доработать — ${organization.name}`,
    text: [
      `Здравствуйте, ${manager.name}!`,
      '',
      approved
        ? `Модератор одобрил услугу ${quote(offer.title)} организации ${quote(organization.name)}. Заказчики уже видят её на бирже услуг.`
        : `Модератор вернул услугу ${quote(offer.title)} организации ${quote(organization.name)} на доработку. Исправьте её и отправьте на модерацию снова.`,
      ...(event.comment ? ['', `Комментарий модератора: ${event.comment}`] : []),
      '',
      ...(approved && event.sellerSlug
        ? [`Ваши услуги на бирже: ${links.page(exchangeLinks.sellerServices(event.sellerSlug))}`]
        : []),
      `Услуга в кабинете: ${links.page(exchangeLinks.offer(offer.id))}`,
    ].join('\n'),
  }))
}
