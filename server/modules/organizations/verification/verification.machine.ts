import { ROLE_LABELS, type RoleType, VERIFICATION_LABELS, type VerificationStatus } from '#common/organizations.ts'
import type { Ctx } from '../../../context.ts'
import {
  actorOf as actorOfMove,
  findTransition,
  type Lifecycle,
  moveStatus,
  targetOf as targetOfEvent,
  type Transition,
} from '../../../lifecycle/index.ts'
import { organizationRoleEvents, organizationRoles } from '../organizations.table.ts'
import { quote } from '#common/format.ts'

/**
 * The verification of an organization's role (buyer or vendor) as an explicit state machine:
 * members request a role and submit it with documents, platform staff approve it or send it
 * back for fixes, members resubmit. Anything not in the table is refused with a 409.
 */
export type VerificationEvent = 'request' | 'submit' | 'approve' | 'requestFixes'
export type VerificationActor = 'member' | 'staff'
export type VerificationTransition = Transition<VerificationStatus, VerificationEvent, VerificationActor>

export const VERIFICATION_TRANSITIONS: readonly VerificationTransition[] = [
  { from: null, event: 'request', to: 'new', who: 'member' },
  { from: 'new', event: 'submit', to: 'moderation', who: 'member' },
  { from: 'needFixes', event: 'submit', to: 'moderation', who: 'member' },
  { from: 'moderation', event: 'approve', to: 'confirmed', who: 'staff' },
  { from: 'moderation', event: 'requestFixes', to: 'needFixes', who: 'staff' },
]

export const verification: Lifecycle<VerificationStatus, VerificationEvent, VerificationActor> = {
  transitions: VERIFICATION_TRANSITIONS,
  refusals: {
    request: 'Заявка на эту роль уже есть',
    submit: 'Отправить на проверку можно только новую заявку или заявку, возвращённую на доработку',
    approve: 'Подтвердить можно только заявку, которая находится на проверке',
    requestFixes: 'Вернуть на доработку можно только заявку, которая находится на проверке',
  },
  labels: VERIFICATION_LABELS,
  subject: { table: organizationRoles, id: organizationRoles.id, status: organizationRoles.status },
  history: { table: organizationRoleEvents, subjectId: organizationRoleEvents.roleId },
  stale: 'Статус заявки только что изменился. Обновите страницу.',
}

/** Statuses in which members may still change the attached documents. */
export const DOCUMENTS_EDITABLE_IN: readonly VerificationStatus[] = ['new', 'needFixes']

/** The target status of an event, whatever the source: used to recognise a repeated request. */
export function targetOf(event: VerificationEvent): VerificationStatus {
  return targetOfEvent(verification, event)
}

/** The allowed transition, or a Russian 409 naming the role and where it stands. */
export function transition(
  from: VerificationStatus | null,
  event: VerificationEvent,
  who: VerificationActor,
  role?: RoleType,
): VerificationTransition {
  return findTransition(verification, from, event, who, role && `Роль ${quote(ROLE_LABELS[role])}`)
}

/** Who made a recorded transition; staff when the statuses match no row. */
export function actorOf(from: VerificationStatus | null, to: VerificationStatus): VerificationActor {
  return actorOfMove(verification, from, to) ?? 'staff'
}

/**
 * Moves a role along an allowed transition and records it; the role keeps the latest staff
 * comment (a member's move clears it).
 */
export function applyTransition(ctx: Ctx, role: { id: string }, step: VerificationTransition, comment: string | null) {
  return moveStatus(ctx, verification, role.id, step, {
    comment,
    set: { staffComment: step.who === 'staff' ? comment : null, updatedAt: new Date() },
  })
}
