import { formatPrice } from '#common/catalog/format.ts'
import { formatIsoDate } from '#common/calendar-date.ts'
import { formatCount, formatNumber, quote } from '#common/format.ts'
import { WORKING_DAYS_UP_TO } from '#common/counted-words.ts'
import type { OrderStatus } from '#common/orders.ts'
import type { OutgoingEmail } from '../mail/index.ts'
import type { Audience, Recipient, RoomNote } from './channels.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'

/**
 * The news as the other side reads it, by the status the order reached. The side's role is the
 * subject (`mover`: «Продавец «…»», «Покупатель «…»»), so the verb agrees with it.
 */
const NEWS: Record<OrderStatus, (mover: string) => string> = {
  created: (buyer) => `${buyer} оформил новый заказ. Подтвердите его, чтобы выставить счёт.`,
  confirmed: (seller) => `${seller} подтвердил заказ и выставил счёт на оплату. Счёт можно скачать на странице заказа.`,
  paid: (seller) => `${seller} получил оплату. Заказ готовится к отгрузке.`,
  shipped: (seller) => `${seller} отгрузил заказ. Подтвердите получение, когда он придёт.`,
  delivered: () => 'Заказ получен покупателем.',
  completed: () => 'Заказ завершён.',
  cancelled: (by) => `${by} отменил заказ.`,
}

const SUBJECT: Record<OrderStatus, string> = {
  created: 'Новый заказ',
  confirmed: 'Заказ подтверждён, счёт выставлен',
  paid: 'Оплата заказа получена',
  shipped: 'Заказ отгружен',
  delivered: 'Заказ доставлен',
  completed: 'Заказ завершён',
  cancelled: 'Заказ отменён',
}

/** The members of the side that did not move the order; both sides for the platform's own moves. */
export function orderAudience(event: EventOf<'orders.status_changed'>): Audience[] {
  if (event.by === 'buyer') return [{ organizationId: event.seller.id }]
  if (event.by === 'seller') return [{ organizationId: event.buyer.id }]
  return [{ organizationId: event.buyer.id }, { organizationId: event.seller.id }]
}

/** Each member told reads the news from its side: its page, and the other side as the mover. */
export function orderStatusChanged(
  event: EventOf<'orders.status_changed'>,
  links: Links,
  recipients: Recipient[],
): OutgoingEmail[] {
  const { order } = event
  return recipients.map((person) => {
    const side = person.organizationId === event.buyer.id ? 'purchase' : 'sale'
    const counterpart = side === 'purchase' ? event.seller : event.buyer
    const role = side === 'purchase' ? 'Продавец' : 'Покупатель'
    // The platform moves an order only to «delivered» and «completed», whose news name no one.
    const news =
      event.by === 'system' && order.status === 'delivered'
        ? `Заказ отмечен доставленным автоматически: прошло время, отведённое на доставку.`
        : NEWS[order.status](`${role} ${quote(counterpart.name)}`)
    return {
      to: person.email,
      kind: `order_${order.status}`,
      subject: `${SUBJECT[order.status]}: № ${order.number}`,
      text: [
        `Здравствуйте, ${person.name}!`,
        '',
        `Заказ № ${order.number} на сумму ${formatPrice(order.totalKopecks)}.`,
        news,
        ...(event.comment ? ['', `${order.status === 'cancelled' ? 'Причина' : 'Комментарий'}: ${event.comment}`] : []),
        ...(order.status === 'shipped' && order.upd ? updLines(order.upd, side, order.number, links) : []),
        '',
        `Страница заказа: ${links.order(side, order.number)}`,
      ].join('\n'),
      // The buyer's accountant takes the goods on the books from the УПД: it comes with the news.
      ...(side === 'purchase' && event.attachments?.length && { attachments: event.attachments }),
    }
  })
}

/** The buyer's members hear of a УПД the seller issued after shipping, with its links. */
export function updIssued(event: EventOf<'orders.upd_issued'>, links: Links, recipients: Recipient[]): OutgoingEmail[] {
  const { order } = event
  return recipients.map((person) => ({
    to: person.email,
    kind: 'order_upd_issued',
    subject: `УПД по заказу № ${order.number}`,
    attachments: event.attachments,
    text: [
      `Здравствуйте, ${person.name}!`,
      ...updLines(order.upd, 'purchase', order.number, links),
      '',
      `Страница заказа: ${links.order('purchase', order.number)}`,
    ].join('\n'),
  }))
}

/** The note in the order's conversation. */
export function updIssuedNote(event: EventOf<'orders.upd_issued'>): RoomNote {
  const { upd, number } = event.order
  return {
    room: event.room,
    text: `Продавец выставил УПД № ${upd.number} от ${formatIsoDate(upd.date)} по заказу № ${number}. Документ — на странице заказа.`,
    typed: null,
  }
}

const LISTED_MAX = 20

/**
 * The seller's daily reminder of shipped orders without a УПД: the buyer's accountant waits for
 * it to take the goods on the books. Each order's page issues it in one click.
 */
export function updMissing(
  event: EventOf<'orders.upd_missing'>,
  links: Links,
  recipients: Recipient[],
): OutgoingEmail[] {
  const count = event.orders.length + event.more
  const day = (date: Date) => date.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' })
  return recipients.map((person) => ({
    to: person.email,
    kind: 'order_upd_missing',
    subject: `Отгруженные заказы без УПД: ${formatNumber(count)}`,
    text: [
      `Здравствуйте, ${person.name}!`,
      '',
      `У ${quote(event.seller.name)} есть отгруженные заказы без универсального передаточного документа (УПД). Покупателю он нужен, чтобы принять товар к учёту и заявить вычет НДС.`,
      'Откройте заказ и нажмите «Выставить УПД»: документ будет датирован днём отгрузки.',
      '',
      ...event.orders
        .slice(0, LISTED_MAX)
        .map((o) => `№ ${o.number}, отгружен ${day(o.shippedAt)}: ${links.order('sale', o.number)}`),
      ...(event.more > 0
        ? [`…и ещё ${formatNumber(event.more)}: ${links.page('/personal-account/orders/sales')}`]
        : []),
    ].join('\n'),
  }))
}

/** The shipment's УПД for the accountant: the printed form and the file for the exchange operator. */
function updLines(upd: { number: string; date: string }, side: string, number: string, links: Links): string[] {
  return [
    '',
    `Продавец выставил универсальный передаточный документ: УПД № ${upd.number} от ${formatIsoDate(upd.date)}.`,
    ...(side === 'purchase' ? ['Он приложен к письму: PDF для печати и XML для системы ЭДО.'] : []),
    `PDF для печати: ${links.orderDocument(side, number, 'upd.pdf')}`,
    `XML для загрузки в систему ЭДО (формат ФНС 5.03): ${links.orderDocument(side, number, 'upd.xml')}`,
    'Ссылки открываются после входа в личный кабинет; документы есть и на странице заказа.',
  ]
}

const DAY_MS = 24 * 60 * 60_000
/** The register (учёт) wants drones within 10 working days of the purchase. */
const REGISTRATION_WORKING_DAYS = 10

/** The day `count` working days (Monday to Friday) after `from`. */
function addWorkingDays(from: Date, count: number): Date {
  let day = from.getTime()
  for (let left = count; left > 0;) {
    day += DAY_MS
    const weekday = new Date(day).getUTCDay()
    if (weekday !== 0 && weekday !== 6) left--
  }
  return new Date(day)
}

/**
 * A reminder to register the drones of a shipped order, until the buyer marks it done on the order
 * page: what to register, by when, where, and the serial numbers the seller shipped.
 */
export function registrationReminder(
  event: EventOf<'orders.registration_reminder'>,
  links: Links,
  recipients: Recipient[],
): OutgoingEmail[] {
  const { order } = event
  const deadline = addWorkingDays(order.shippedAt, REGISTRATION_WORKING_DAYS)
  const due = deadline.toLocaleDateString('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Moscow',
  })
  const state = event.drones.some((d) => d.registration === 'state')
  return recipients.map((person) => ({
    to: person.email,
    kind: 'order_registration_reminder',
    subject: `Поставьте беспилотники на учёт: заказ № ${order.number}`,
    text: [
      `Здравствуйте, ${person.name}!`,
      '',
      `В заказе № ${order.number} есть беспилотники, которые владелец обязан поставить на учёт в Росавиации в течение ${formatCount(REGISTRATION_WORKING_DAYS, WORKING_DAYS_UP_TO)} после покупки — до ${due}. Заявление подаётся через Госуслуги, учётный номер наносится на корпус.`,
      ...(state
        ? [
            'Беспилотники с максимальной взлётной массой больше 30 кг подлежат государственной регистрации как гражданские воздушные суда.',
          ]
        : []),
      '',
      ...event.drones.map(
        (d) =>
          `${d.title}: ${d.serialNumbers.length ? `серийные номера ${d.serialNumbers.join(', ')}` : 'серийные номера — в накладной'}`,
      ),
      '',
      `Как поставить на учёт: ${links.droneRegistration()}`,
      `Когда всё сделано, отметьте это на странице заказа — напоминания прекратятся: ${links.order('purchase', order.number)}`,
    ].join('\n'),
  }))
}
