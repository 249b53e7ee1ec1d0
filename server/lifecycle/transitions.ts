import { AppError } from '../errors.ts'
import { quote } from '#common/format.ts'

/**
 * One allowed move of a lifecycle: from a status (null: the subject does not exist yet), on an
 * event, to a status, by one kind of actor. A move open to several kinds of actor is several rows.
 */
export interface Transition<S extends string, E extends string, A extends string> {
  from: S | null
  event: E
  to: S
  who: A
}

/** What a lifecycle allows and how it refuses the rest, in Russian. */
export interface LifecycleRules<S extends string, E extends string, A extends string> {
  transitions: readonly Transition<S, E, A>[]
  /** Why an event is refused in the current status: «Подтвердить можно только …». */
  refusals: Record<E, string>
  /** Status names as users read them, for «Сейчас статус «…»». */
  labels: Record<S, string>
}

export const NOT_YOUR_MOVE = 'Это действие вам недоступно'

/**
 * The allowed move, or a refusal: forbidden (403) when this kind of actor never makes the event,
 * conflict (409) when the subject is not in a status it can be made from. `subject` names what
 * is moved («Роль «Покупатель»») and opens the sentence when given.
 */
export function findTransition<S extends string, E extends string, A extends string>(
  rules: LifecycleRules<S, E, A>,
  from: S | null,
  event: E,
  who: A,
  subject?: string,
): Transition<S, E, A> {
  const open = rules.transitions.filter((t) => t.event === event && t.who === who)
  if (!open.length) throw new AppError('forbidden', NOT_YOUR_MOVE)
  const found = open.find((t) => t.from === from)
  if (found) return found
  const where = from ? ` Сейчас статус ${quote(rules.labels[from])}.` : ''
  const refusal = rules.refusals[event]
  const sentence = subject ? `${subject}: ${refusal[0]!.toLowerCase()}${refusal.slice(1)}` : refusal
  throw new AppError('conflict', `${sentence}.${where}`)
}

/** The status an event leads to, whatever the source: how a repeated click is recognised. */
export function targetOf<S extends string, E extends string, A extends string>(
  rules: LifecycleRules<S, E, A>,
  event: E,
): S {
  const found = rules.transitions.find((t) => t.event === event)
  if (!found) throw new Error(`no transition on ${event}`)
  return found.to
}

/** Who made a recorded move, from its statuses alone (history rows keep only the user). */
export function actorOf<S extends string, E extends string, A extends string>(
  rules: LifecycleRules<S, E, A>,
  from: S | null,
  to: S,
): A | undefined {
  return rules.transitions.find((t) => t.from === from && t.to === to)?.who
}
