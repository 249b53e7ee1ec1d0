import {
  SERVICE_ORDER_MESSAGES,
  SERVICE_ORDER_STATUS_LABELS,
  type ServiceOrderStatus,
} from '#common/exchange/service-orders.ts'
import type { Ctx } from '../../../context.ts'
import { findTransition, type Lifecycle, moveStatus, recordMove, type Transition } from '../../../lifecycle/index.ts'
import { serviceOrderEvents, serviceOrders } from './service-orders.table.ts'

/**
 * A service order's life: accepting a proposal creates it; the contractor starts the work and
 * submits the result (files and a report); the customer accepts it (completed) or sends it back
 * for rework. Before the result is in, either side may cancel with a reason. Anything else is a
 * 409 naming the order's status.
 */
export type ServiceOrderEvent = 'create' | 'start' | 'submitResult' | 'accept' | 'requestRework' | 'cancel'
export type ServiceOrderActor = 'customer' | 'contractor'
export type ServiceOrderTransition = Transition<ServiceOrderStatus, ServiceOrderEvent, ServiceOrderActor>

export const SERVICE_ORDER_TRANSITIONS: readonly ServiceOrderTransition[] = [
  { from: null, event: 'create', to: 'created', who: 'customer' },
  { from: 'created', event: 'start', to: 'in_progress', who: 'contractor' },
  { from: 'in_progress', event: 'submitResult', to: 'done', who: 'contractor' },
  { from: 'done', event: 'accept', to: 'completed', who: 'customer' },
  { from: 'done', event: 'requestRework', to: 'in_progress', who: 'customer' },
  { from: 'created', event: 'cancel', to: 'cancelled', who: 'customer' },
  { from: 'in_progress', event: 'cancel', to: 'cancelled', who: 'customer' },
  { from: 'created', event: 'cancel', to: 'cancelled', who: 'contractor' },
  { from: 'in_progress', event: 'cancel', to: 'cancelled', who: 'contractor' },
]

export const serviceOrderLifecycle: Lifecycle<ServiceOrderStatus, ServiceOrderEvent, ServiceOrderActor> = {
  transitions: SERVICE_ORDER_TRANSITIONS,
  refusals: {
    create: 'Заказ по этому предложению уже создан',
    start: 'Начать работу можно только по новому заказу',
    submitResult: 'Сдать результат можно только по заказу в работе',
    accept: 'Принять можно только сданный результат',
    requestRework: 'Вернуть на доработку можно только сданный результат',
    cancel: 'Отменить можно только новый заказ или заказ в работе',
  },
  labels: SERVICE_ORDER_STATUS_LABELS,
  subject: { table: serviceOrders, id: serviceOrders.id, status: serviceOrders.status },
  history: { table: serviceOrderEvents, subjectId: serviceOrderEvents.orderId, event: serviceOrderEvents.event },
  stale: SERVICE_ORDER_MESSAGES.stale,
}

/** The allowed transition, or the refusal naming the order and where it stands. */
export function serviceOrderTransition(
  from: ServiceOrderStatus | null,
  event: ServiceOrderEvent,
  who: ServiceOrderActor,
  number?: string,
): ServiceOrderTransition {
  return findTransition(serviceOrderLifecycle, from, event, who, number ? `Заказ № ${number}` : undefined)
}

/** What this side may do to an order in this status: the order page's buttons. */
export function serviceOrderActionsFor(status: ServiceOrderStatus, who: ServiceOrderActor): ServiceOrderEvent[] {
  return SERVICE_ORDER_TRANSITIONS.filter((t) => t.from === status && t.who === who).map((t) => t.event)
}

/**
 * The history's event column holds the event and the side that made it («cancel.contractor»):
 * either side may cancel, and the history says which did.
 */
const historyEvent = (step: ServiceOrderTransition) => ({ ...step, event: `${step.event}.${step.who}` })

export function serviceOrderHistoryEventOf(stored: string): { event: string; by: ServiceOrderActor } {
  const [event = stored, by] = stored.split('.')
  return { event, by: by === 'contractor' ? 'contractor' : 'customer' }
}

export function moveServiceOrder(
  ctx: Ctx,
  orderId: string,
  step: ServiceOrderTransition,
  options: { comment?: string | null; set?: Record<string, unknown> } = {},
): Promise<void> {
  return moveStatus(ctx, serviceOrderLifecycle, orderId, historyEvent(step), {
    ...options,
    set: { ...options.set, updatedAt: new Date() },
  })
}

export function recordServiceOrderCreation(ctx: Ctx, orderId: string): Promise<void> {
  return recordMove(
    ctx,
    serviceOrderLifecycle,
    orderId,
    historyEvent(serviceOrderTransition(null, 'create', 'customer')),
  )
}
