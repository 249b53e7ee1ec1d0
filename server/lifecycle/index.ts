import type { LifecycleStore } from './move-status.ts'
import type { LifecycleRules } from './transitions.ts'

/**
 * A lifecycle: its rules (which moves, by whom, refused how) and where its status and history
 * live. Each lifecycle declares one; the functions below serve them all.
 */
export type Lifecycle<S extends string, E extends string, A extends string> = LifecycleRules<S, E, A> & LifecycleStore

export { historyColumns } from './history-columns.ts'
export { historyRows, type LifecycleStore, type Move, moveStatus, recordMove } from './move-status.ts'
export {
  actorOf,
  findTransition,
  type LifecycleRules,
  NOT_YOUR_MOVE,
  targetOf,
  type Transition,
} from './transitions.ts'
