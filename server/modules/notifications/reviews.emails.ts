import type { OutgoingEmail } from '../mail/index.ts'
import type { Recipient } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'
import { quote } from '#common/format.ts'

/** A new review reaches the reviewed seller's members, with where to read and answer it. */
export function reviewCreated(
  event: EventOf<'reviews.created'>,
  links: Links,
  recipients: Recipient[],
): OutgoingEmail[] {
  const about = event.kind === 'product' ? `о товаре ${quote(event.subject.title)}` : 'о вашей организации'
  return recipients.map((person) => ({
    to: person.email,
    kind: 'review_created',
    subject: `Новый отзыв ${about}: ${event.rating} из 5`,
    text: [
      `Здравствуйте, ${person.name}!`,
      '',
      `Новый отзыв ${about} по заказу № ${event.orderNumber}. Автор: ${event.author}. Оценка: ${event.rating} из 5.`,
      '',
      event.text,
      '',
      `Отзыв на сайте: ${links.page(event.subject.path)}`,
      'Ответить на отзыв можно один раз: войдите на сайт и откройте эту страницу — под отзывом будет форма ответа.',
    ].join('\n'),
  }))
}
