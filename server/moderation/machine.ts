import { DRAFT_STATUS_LABELS, type DraftStatus } from '#common/products.ts'
import type { Ctx } from '../context.ts'
import {
  findTransition,
  type Lifecycle,
  type LifecycleStore,
  moveStatus,
  recordMove,
  type Transition,
} from '../lifecycle/index.ts'

/**
 * Moderation of a vendor's listing (a product, a service offer) as one state machine over the
 * vendor's working copy: vendors create and edit drafts and send them to moderation; staff approve
 * them (the public pages then show that version) or send them back with a comment. Unpublishing
 * takes the listing off the public pages; its draft has to pass moderation again to come back.
 * Anything else is a 409. Each moderated thing gives its table and its own words.
 */
export type ModerationEvent = 'create' | 'edit' | 'submit' | 'withdraw' | 'approve' | 'requestFixes' | 'unpublish'
export type ModerationActor = 'vendor' | 'staff'
export type ModerationTransition = Transition<DraftStatus, ModerationEvent, ModerationActor>

export const MODERATION_TRANSITIONS: readonly ModerationTransition[] = [
  { from: null, event: 'create', to: 'draft', who: 'vendor' },
  // The first change to an approved version starts a new one; the public pages keep the approved.
  { from: 'approved', event: 'edit', to: 'draft', who: 'vendor' },
  { from: 'draft', event: 'submit', to: 'moderation', who: 'vendor' },
  { from: 'needFixes', event: 'submit', to: 'moderation', who: 'vendor' },
  { from: 'moderation', event: 'withdraw', to: 'draft', who: 'vendor' },
  { from: 'moderation', event: 'approve', to: 'approved', who: 'staff' },
  { from: 'moderation', event: 'requestFixes', to: 'needFixes', who: 'staff' },
  // Off the public pages: an approved version becomes a draft to resubmit; pending work stays as it is.
  { from: 'approved', event: 'unpublish', to: 'draft', who: 'vendor' },
  { from: 'draft', event: 'unpublish', to: 'draft', who: 'vendor' },
  { from: 'needFixes', event: 'unpublish', to: 'needFixes', who: 'vendor' },
  { from: 'moderation', event: 'unpublish', to: 'moderation', who: 'vendor' },
]

export interface ModeratedThing extends LifecycleStore {
  /** Why each event is refused in the current status, in the thing's own words. */
  refusals: Record<ModerationEvent, string>
  /** How a refusal names the thing: «Товар «Сокол»». */
  named: (title: string) => string
}

/** The moderation lifecycle of one kind of listing, and its moves. */
export function moderationOf(thing: ModeratedThing) {
  const { named, ...rest } = thing
  const lifecycle: Lifecycle<DraftStatus, ModerationEvent, ModerationActor> = {
    ...rest,
    transitions: MODERATION_TRANSITIONS,
    labels: DRAFT_STATUS_LABELS,
  }
  return {
    lifecycle,
    /** The allowed transition, or the refusal naming the thing and where it stands. */
    transition(from: DraftStatus | null, event: ModerationEvent, who: ModerationActor, title?: string) {
      return findTransition(lifecycle, from, event, who, title ? named(title) : undefined)
    },
    /** Moves the thing along an allowed transition, writing `set` beside the status and the history row. */
    move(
      ctx: Ctx,
      id: string,
      step: ModerationTransition,
      options: { comment?: string | null; set?: Record<string, unknown> } = {},
    ): Promise<void> {
      return moveStatus(ctx, lifecycle, id, step, options)
    },
    /** The history row of a thing that was just inserted. */
    recordCreation(ctx: Ctx, id: string, step: ModerationTransition): Promise<void> {
      return recordMove(ctx, lifecycle, id, step)
    },
  }
}
