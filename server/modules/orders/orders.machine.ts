import { ORDER_MESSAGES, ORDER_STATUS_LABELS, type OrderAction, type OrderStatus } from '#common/orders.ts'
import type { Ctx } from '../../context.ts'
import { findTransition, historyRows, type Lifecycle, moveStatus, type Transition } from '../../lifecycle/index.ts'
import { orderEvents, orders } from './orders.table.ts'

/**
 * An order's life: the buyer places it; the seller confirms it (the invoice is issued then),
 * marks the payment received and ships it; the buyer confirms delivery (or the platform does,
 * some days after shipping); then it is completed. Until it is paid, either side may cancel it
 * with a reason, and its stock goes back. Anything else is a 409 naming the order's status.
 */
export type OrderEvent = 'place' | OrderAction
export type OrderActor = 'buyer' | 'seller' | 'system'
export type OrderTransition = Transition<OrderStatus, OrderEvent, OrderActor>

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: null, event: 'place', to: 'created', who: 'buyer' },
  { from: 'created', event: 'confirm', to: 'confirmed', who: 'seller' },
  { from: 'confirmed', event: 'markPaid', to: 'paid', who: 'seller' },
  { from: 'paid', event: 'ship', to: 'shipped', who: 'seller' },
  { from: 'shipped', event: 'confirmDelivery', to: 'delivered', who: 'buyer' },
  { from: 'shipped', event: 'confirmDelivery', to: 'delivered', who: 'system' },
  { from: 'delivered', event: 'complete', to: 'completed', who: 'buyer' },
  { from: 'delivered', event: 'complete', to: 'completed', who: 'system' },
  { from: 'created', event: 'cancel', to: 'cancelled', who: 'buyer' },
  { from: 'confirmed', event: 'cancel', to: 'cancelled', who: 'buyer' },
  { from: 'created', event: 'cancel', to: 'cancelled', who: 'seller' },
  { from: 'confirmed', event: 'cancel', to: 'cancelled', who: 'seller' },
]

export const orderLifecycle: Lifecycle<OrderStatus, OrderEvent, OrderActor> = {
  transitions: ORDER_TRANSITIONS,
  refusals: {
    place: 'Заказ уже оформлен',
    confirm: 'Подтвердить можно только новый заказ',
    markPaid: 'Отметить оплату можно только у подтверждённого заказа',
    ship: 'Отгрузить можно только оплаченный заказ',
    confirmDelivery: 'Подтвердить получение можно только отгруженного заказа',
    complete: 'Завершить можно только доставленный заказ',
    cancel: 'Отменить можно только новый или подтверждённый заказ',
  },
  labels: ORDER_STATUS_LABELS,
  subject: { table: orders, id: orders.id, status: orders.status },
  history: { table: orderEvents, subjectId: orderEvents.orderId, event: orderEvents.event },
  stale: ORDER_MESSAGES.stale,
}

/** The allowed transition, or the refusal naming the order and where it stands. */
export function orderTransition(
  from: OrderStatus | null,
  event: OrderEvent,
  who: OrderActor,
  number?: string,
): OrderTransition {
  return findTransition(orderLifecycle, from, event, who, number ? `Заказ № ${number}` : undefined)
}

/** What this side may do to an order in this status: the order page's buttons. */
export function actionsFor(status: OrderStatus, who: 'buyer' | 'seller'): OrderAction[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === status && t.who === who && t.event !== 'place').map(
    (t) => t.event as OrderAction,
  )
}

/**
 * The history's event column holds the event and the side that made it («cancel.seller»): either
 * side may cancel, and the history says which did.
 */
const historyEvent = (step: OrderTransition) => ({ ...step, event: `${step.event}.${step.who}` })

export function historyEventOf(stored: string): { event: string; by: OrderActor } {
  const [event = stored, by] = stored.split('.')
  return { event, by: by === 'buyer' || by === 'seller' ? by : 'system' }
}

export function moveOrder(
  ctx: Ctx,
  orderId: string,
  step: OrderTransition,
  options: { comment?: string | null; set?: Record<string, unknown> } = {},
): Promise<void> {
  return moveStatus(ctx, orderLifecycle, orderId, historyEvent(step), {
    ...options,
    set: { ...options.set, updatedAt: new Date() },
  })
}

/** The first history entry of each order a checkout writes: placed by the buyer, with its comment. */
export function placementHistory(ctx: Ctx, orderIds: string[], comment: string | null) {
  const place = historyEvent(orderTransition(null, 'place', 'buyer'))
  return historyRows(ctx, orderLifecycle, orderIds, place, comment) as (typeof orderEvents.$inferInsert)[]
}
