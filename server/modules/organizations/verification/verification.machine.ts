import { ROLE_LABELS, type RoleType, VERIFICATION_LABELS, type VerificationStatus } from '#common/organizations.ts'
import { AppError } from '../../../errors.ts'

/**
 * The verification of an organization's role (buyer or vendor) as an explicit state machine:
 * members request a role and submit it with documents, platform staff approve it or send it
 * back for fixes, members resubmit. Anything not in the table is refused with a 409.
 */
export type VerificationEvent = 'request' | 'submit' | 'approve' | 'requestFixes'
export type VerificationActor = 'member' | 'staff'

export interface VerificationTransition {
  /** null: the role does not exist yet. */
  from: VerificationStatus | null
  event: VerificationEvent
  to: VerificationStatus
  who: VerificationActor
}

export const VERIFICATION_TRANSITIONS: readonly VerificationTransition[] = [
  { from: null, event: 'request', to: 'new', who: 'member' },
  { from: 'new', event: 'submit', to: 'moderation', who: 'member' },
  { from: 'needFixes', event: 'submit', to: 'moderation', who: 'member' },
  { from: 'moderation', event: 'approve', to: 'confirmed', who: 'staff' },
  { from: 'moderation', event: 'requestFixes', to: 'needFixes', who: 'staff' },
]

/** Statuses in which members may still change the attached documents. */
export const DOCUMENTS_EDITABLE_IN: readonly VerificationStatus[] = ['new', 'needFixes']

const REFUSALS: Record<VerificationEvent, string> = {
  request: 'Заявка на эту роль уже есть',
  submit: 'Отправить на проверку можно только новую заявку или заявку, возвращённую на доработку',
  approve: 'Подтвердить можно только заявку, которая находится на проверке',
  requestFixes: 'Вернуть на доработку можно только заявку, которая находится на проверке',
}

/** The target status of an event, whatever the source: used to recognise a repeated request. */
export function targetOf(event: VerificationEvent): VerificationStatus {
  return VERIFICATION_TRANSITIONS.find((t) => t.event === event)!.to
}

/** The allowed transition, or a Russian 409 naming the role and where it stands. */
export function transition(
  from: VerificationStatus | null,
  event: VerificationEvent,
  who: VerificationActor,
  role?: RoleType,
): VerificationTransition {
  const found = VERIFICATION_TRANSITIONS.find((t) => t.from === from && t.event === event && t.who === who)
  if (found) return found
  const where = from ? ` Сейчас статус «${VERIFICATION_LABELS[from]}».` : ''
  const refusal = REFUSALS[event]
  const sentence = role ? `Роль «${ROLE_LABELS[role]}»: ${refusal[0]!.toLowerCase()}${refusal.slice(1)}` : refusal
  throw new AppError('conflict', `${sentence}.${where}`)
}

/** Who made a recorded transition, from the statuses alone (the events table keeps only the user). */
export function actorOf(from: VerificationStatus | null, to: VerificationStatus): VerificationActor {
  return VERIFICATION_TRANSITIONS.find((t) => t.from === from && t.to === to)?.who ?? 'staff'
}
