import type { Ctx } from '../../context.ts'

/** What one side typed with a move (a reason, a comment), for `postSystemMessage`'s `words`. */
export interface SideWords {
  userId: string
  organizationId: string
  text: string
}

/**
 * The caller's words to follow a system message, under the caller's organization; none for the
 * platform's own moves (a job has no user) or an empty comment.
 */
export function wordsOf(ctx: Ctx, text: string | null | undefined): SideWords | null {
  if (!text?.trim() || !ctx.user || !ctx.organization) return null
  return { userId: ctx.user.id, organizationId: ctx.organization.id, text }
}
