import type { OutgoingEmail } from '../mail/index.ts'
import type { Recipient } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'
import { quote } from '#common/format.ts'

/** A moderator's decision on a product reaches the vendor's owners and administrators. */
export function productDecided(
  event: EventOf<'products.approved' | 'products.fixes_requested'>,
  links: Links,
  recipients: Recipient[],
): OutgoingEmail[] {
  const approved = event.type === 'products.approved'
  const { product, organization } = event
  return recipients.map((manager) => ({
    to: manager.email,
    kind: approved ? 'product_approved' : 'product_need_fixes',
    subject: approved
      ? `Товар ${quote(product.title)} опубликован — ${organization.name}`
      : `Товар ${quote(product.title)} нужно доработать — ${organization.name}`,
    text: [
      `Здравствуйте, ${manager.name}!`,
      '',
      approved
        ? `Модератор одобрил товар ${quote(product.title)} организации ${quote(organization.name)}. Он уже в каталоге.`
        : `Модератор вернул товар ${quote(product.title)} организации ${quote(organization.name)} на доработку.`,
      ...(event.comment ? ['', `Комментарий модератора: ${event.comment}`] : []),
      '',
      approved && product.slug
        ? `Страница товара: ${links.product(product.slug)}`
        : `Товар в кабинете: ${links.editProduct(product.id)}`,
    ].join('\n'),
  }))
}
