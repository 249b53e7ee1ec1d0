import { REQUEST_MESSAGES, REQUEST_STATUS_LABELS, type RequestStatus } from '#common/exchange/requests.ts'
import type { Ctx } from '../../../context.ts'
import { findTransition, type Lifecycle, moveStatus, recordMove, type Transition } from '../../../lifecycle/index.ts'
import { serviceRequestEvents, serviceRequests } from './requests.table.ts'

/**
 * A request's life: the customer keeps a draft, publishes it (open: vendors propose), and either
 * a contractor is chosen (awarded: accepting a proposal does it, unless the request allows several
 * contractors, when the customer closes it by hand), or the customer closes it without one, or
 * the proposals deadline passes (closed, by the platform). A draft or an open request may be
 * cancelled. Anything else is a 409 naming the request's status.
 */
export type RequestEvent = 'create' | 'publish' | 'award' | 'close' | 'expire' | 'cancel'
export type RequestActor = 'customer' | 'system'
export type RequestTransition = Transition<RequestStatus, RequestEvent, RequestActor>

export const REQUEST_TRANSITIONS: readonly RequestTransition[] = [
  { from: null, event: 'create', to: 'draft', who: 'customer' },
  { from: 'draft', event: 'publish', to: 'open', who: 'customer' },
  { from: 'open', event: 'award', to: 'awarded', who: 'customer' },
  { from: 'open', event: 'close', to: 'closed', who: 'customer' },
  { from: 'open', event: 'expire', to: 'closed', who: 'system' },
  { from: 'draft', event: 'cancel', to: 'cancelled', who: 'customer' },
  { from: 'open', event: 'cancel', to: 'cancelled', who: 'customer' },
]

export const requestLifecycle: Lifecycle<RequestStatus, RequestEvent, RequestActor> = {
  transitions: REQUEST_TRANSITIONS,
  refusals: {
    create: 'Заявка уже создана',
    publish: 'Опубликовать можно только черновик',
    award: 'Выбрать исполнителя можно только по заявке, которая принимает предложения',
    close: 'Закрыть можно только заявку, которая принимает предложения',
    expire: 'Срок приёма предложений истекает только у открытой заявки',
    cancel: 'Отменить можно только черновик или заявку, которая принимает предложения',
  },
  labels: REQUEST_STATUS_LABELS,
  subject: { table: serviceRequests, id: serviceRequests.id, status: serviceRequests.status },
  history: {
    table: serviceRequestEvents,
    subjectId: serviceRequestEvents.requestId,
    event: serviceRequestEvents.event,
  },
  stale: REQUEST_MESSAGES.stale,
}

/** The allowed transition, or the refusal naming the request and where it stands. */
export function requestTransition(
  from: RequestStatus | null,
  event: RequestEvent,
  who: RequestActor,
  number?: string,
): RequestTransition {
  return findTransition(requestLifecycle, from, event, who, number ? `Заявка № ${number}` : undefined)
}

/** What the customer may do to a request in this status: the request page's buttons. */
export function requestActionsFor(status: RequestStatus): RequestEvent[] {
  return REQUEST_TRANSITIONS.filter((t) => t.from === status && t.who === 'customer').map((t) => t.event)
}

export function moveRequest(
  ctx: Ctx,
  requestId: string,
  step: RequestTransition,
  options: { comment?: string | null; set?: Record<string, unknown> } = {},
): Promise<void> {
  return moveStatus(ctx, requestLifecycle, requestId, step, {
    ...options,
    set: { ...options.set, updatedAt: new Date() },
  })
}

export function recordRequestCreation(ctx: Ctx, requestId: string): Promise<void> {
  return recordMove(ctx, requestLifecycle, requestId, requestTransition(null, 'create', 'customer'))
}
