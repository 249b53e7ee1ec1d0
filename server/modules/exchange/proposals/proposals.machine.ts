import { PROPOSAL_MESSAGES, PROPOSAL_STATUS_LABELS, type ProposalStatus } from '#common/exchange/proposals.ts'
import type { Ctx } from '../../../context.ts'
import { findTransition, type Lifecycle, moveStatus, recordMove, type Transition } from '../../../lifecycle/index.ts'
import { serviceProposalEvents, serviceProposals } from './proposals.table.ts'
import { quote } from '#common/format.ts'

/**
 * A proposal's life: the vendor submits it (reviewing) and may revise it while the customer
 * reviews it; the customer accepts it (a service order follows) or rejects it with a reason.
 * When the customer accepts one proposal of a request that wants one contractor, the platform
 * rejects the others (`supersede`). Anything else is a 409 naming the proposal's status.
 */
export type ProposalEvent = 'submit' | 'revise' | 'accept' | 'reject' | 'supersede'
export type ProposalActor = 'vendor' | 'customer' | 'system'
export type ProposalTransition = Transition<ProposalStatus, ProposalEvent, ProposalActor>

export const PROPOSAL_TRANSITIONS: readonly ProposalTransition[] = [
  { from: null, event: 'submit', to: 'reviewing', who: 'vendor' },
  // A revision changes the content, not the status: the guarded write and the history row still apply.
  { from: 'reviewing', event: 'revise', to: 'reviewing', who: 'vendor' },
  { from: 'reviewing', event: 'accept', to: 'accepted', who: 'customer' },
  { from: 'reviewing', event: 'reject', to: 'rejected', who: 'customer' },
  { from: 'reviewing', event: 'supersede', to: 'rejected', who: 'system' },
]

export const proposalLifecycle: Lifecycle<ProposalStatus, ProposalEvent, ProposalActor> = {
  transitions: PROPOSAL_TRANSITIONS,
  refusals: {
    submit: 'Предложение по этой заявке уже отправлено',
    revise: 'Изменить можно только предложение, которое заказчик ещё рассматривает',
    accept: 'Принять можно только предложение на рассмотрении',
    reject: 'Отклонить можно только предложение на рассмотрении',
    supersede: 'Отклонить можно только предложение на рассмотрении',
  },
  labels: PROPOSAL_STATUS_LABELS,
  subject: { table: serviceProposals, id: serviceProposals.id, status: serviceProposals.status },
  history: {
    table: serviceProposalEvents,
    subjectId: serviceProposalEvents.proposalId,
    event: serviceProposalEvents.event,
  },
  stale: PROPOSAL_MESSAGES.stale,
}

/** The allowed transition, or the refusal naming the proposal and where it stands. */
export function proposalTransition(
  from: ProposalStatus | null,
  event: ProposalEvent,
  who: ProposalActor,
  vendorName?: string,
): ProposalTransition {
  return findTransition(
    proposalLifecycle,
    from,
    event,
    who,
    vendorName ? `Предложение ${quote(vendorName)}` : undefined,
  )
}

/** What an actor may do to a proposal in this status: the section's buttons. */
export function proposalActionsFor(status: ProposalStatus, who: ProposalActor): ProposalEvent[] {
  return PROPOSAL_TRANSITIONS.filter((t) => t.from === status && t.who === who).map((t) => t.event)
}

export function moveProposal(
  ctx: Ctx,
  proposalId: string,
  step: ProposalTransition,
  options: { comment?: string | null; set?: Record<string, unknown> } = {},
): Promise<void> {
  return moveStatus(ctx, proposalLifecycle, proposalId, step, {
    ...options,
    set: { ...options.set, updatedAt: new Date() },
  })
}

export function recordProposalSubmission(ctx: Ctx, proposalId: string): Promise<void> {
  return recordMove(ctx, proposalLifecycle, proposalId, proposalTransition(null, 'submit', 'vendor'))
}
