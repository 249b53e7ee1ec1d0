import { PROCUREMENT_STATUS_LABELS, type ProcurementStatus } from '#common/procurement.ts'
import type { Ctx } from '../../context.ts'
import { findTransition, type Lifecycle, moveStatus, recordMove, type Transition } from '../../lifecycle/index.ts'
import { procurementRequestEvents, procurementRequests } from './procurement.table.ts'

/**
 * A request's life: the buyer keeps a draft and sends it to the sellers it picked (sent: they
 * answer); answers stop when the buyer closes it or its deadline passes (closed, by the
 * platform). A draft or a sent request may be cancelled with a reason. Anything else is a 409
 * naming the request's status.
 */
export type ProcurementEvent = 'create' | 'send' | 'close' | 'expire' | 'cancel'
export type ProcurementActor = 'buyer' | 'system'
export type ProcurementTransition = Transition<ProcurementStatus, ProcurementEvent, ProcurementActor>

export const PROCUREMENT_TRANSITIONS: readonly ProcurementTransition[] = [
  { from: null, event: 'create', to: 'draft', who: 'buyer' },
  { from: 'draft', event: 'send', to: 'sent', who: 'buyer' },
  { from: 'sent', event: 'close', to: 'closed', who: 'buyer' },
  { from: 'sent', event: 'expire', to: 'closed', who: 'system' },
  { from: 'draft', event: 'cancel', to: 'cancelled', who: 'buyer' },
  { from: 'sent', event: 'cancel', to: 'cancelled', who: 'buyer' },
]

export const procurementLifecycle: Lifecycle<ProcurementStatus, ProcurementEvent, ProcurementActor> = {
  transitions: PROCUREMENT_TRANSITIONS,
  refusals: {
    create: 'Запрос уже создан',
    send: 'Отправить можно только черновик',
    close: 'Завершить сбор ответов можно только у отправленного запроса',
    expire: 'Срок ответов истекает только у отправленного запроса',
    cancel: 'Отменить можно только черновик или отправленный запрос',
  },
  labels: PROCUREMENT_STATUS_LABELS,
  subject: { table: procurementRequests, id: procurementRequests.id, status: procurementRequests.status },
  history: {
    table: procurementRequestEvents,
    subjectId: procurementRequestEvents.requestId,
    event: procurementRequestEvents.event,
  },
  stale: 'Запрос уже изменился: обновите страницу',
}

export function procurementTransition(
  from: ProcurementStatus | null,
  event: ProcurementEvent,
  who: ProcurementActor,
  number?: string,
): ProcurementTransition {
  return findTransition(procurementLifecycle, from, event, who, number ? `Запрос КП № ${number}` : undefined)
}

/** What the buyer may do to a request in this status: the page's buttons. */
export function procurementActionsFor(status: ProcurementStatus): ProcurementEvent[] {
  return PROCUREMENT_TRANSITIONS.filter((t) => t.from === status && t.who === 'buyer').map((t) => t.event)
}

export function moveProcurement(
  ctx: Ctx,
  requestId: string,
  step: ProcurementTransition,
  options: { comment?: string | null; set?: Record<string, unknown> } = {},
): Promise<void> {
  return moveStatus(ctx, procurementLifecycle, requestId, step, {
    ...options,
    set: { ...options.set, updatedAt: new Date() },
  })
}

export function recordProcurementCreation(ctx: Ctx, requestId: string): Promise<void> {
  return recordMove(ctx, procurementLifecycle, requestId, procurementTransition(null, 'create', 'buyer'))
}
