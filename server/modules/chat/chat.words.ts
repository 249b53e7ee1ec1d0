import type { Ctx } from '../../context.ts'

/**
 * Who made the move a room's note tells of: the note is not news to them (it is read for them as
 * it is written), and what they typed with the move (a reason, a comment) follows it as their
 * own message. The platform's own moves (a job has no user) have no mover.
 */
export interface Mover {
  userId: string
  organizationId: string
  /** What they typed, '' when nothing. */
  text: string
}

export function moverOf(ctx: Ctx, typed: string | null | undefined): Mover | null {
  if (!ctx.user || !ctx.organization) return null
  return { userId: ctx.user.id, organizationId: ctx.organization.id, text: typed?.trim() ?? '' }
}
