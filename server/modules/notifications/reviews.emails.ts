import type { OutgoingEmail } from '../mail/index.ts'
import type { Recipient } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'

/** A new review reaches the reviewed seller's members, with where to read and answer it. */
export function reviewCreated(
  event: EventOf<'reviews.created'>,
  links: Links,
  recipients: Recipient[],
): OutgoingEmail[] {
  const about = event.kind === 'product' ? `о товаре «${event.subject.title}»` : 'о вашей организации'
  return recipients.map((person) => ({
    to: person.email,
    kind: 'review_created',
    subject: `Новый отзыв ${about}: ${event.rating} из 5`,
    text: [
      `Здравствуйте, ${person.name}!`,
      '',
      `${event.author} оставил(а) отзыв ${about} по заказу № ${event.orderNumber}. Оценка: ${event.rating} из 5.`,
      '',
      event.text,
      '',
      `Отзыв на сайте: ${links.page(event.subject.path)}`,
      'Ответить на отзыв можно один раз: войдите на сайт и откройте эту страницу — под отзывом будет форма ответа.',
    ].join('\n'),
  }))
}
