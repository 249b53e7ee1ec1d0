import type { OutgoingEmail } from '../mail/index.ts'
import type { Recipient } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'

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
      ? `Товар «${product.title}» опубликован — ${organization.name}`
      : `Товар «${product.title}» нужно доработать — ${organization.name}`,
    text: [
      `Здравствуйте, ${manager.name}!`,
      '',
      approved
        ? `Модератор одобрил товар «${product.title}» организации «${organization.name}». Он уже в каталоге.`
        : `Модератор вернул товар «${product.title}» организации «${organization.name}» на доработку.`,
      ...(event.comment ? ['', `Комментарий модератора: ${event.comment}`] : []),
      '',
      approved && product.slug
        ? `Страница товара: ${links.product(product.slug)}`
        : `Товар в кабинете: ${links.editProduct(product.id)}`,
    ].join('\n'),
  }))
}
