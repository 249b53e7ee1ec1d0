import { PROPOSAL_MESSAGES, type ProposalView } from '#common/exchange/proposals.ts'
import { RejectProposalInput } from '#common/exchange/proposals.schemas.ts'
import { type Ctx, requireUser, withDb } from '../../../context.ts'
import { parse, parseId } from '../../../parse.ts'
import { moveProposal, proposalTransition } from './proposals.machine.ts'
import { type ProposalRow } from './proposals.view.ts'
import { PROPOSAL_WRITE_RATE_LIMIT, type ProposalParts, type ProposalsDeps } from './proposal-parts.ts'

/** The customer rejects a proposal with a reason, which the vendor reads. */
export function createRejectProposal(deps: ProposalsDeps, parts: ProposalParts) {
  const { findProposal, tell, viewOne, reread } = parts
  return async function rejectProposal(ctx: Ctx, proposalId: string, input: unknown): Promise<ProposalView> {
    const user = requireUser(ctx)
    const { reason } = parse(RejectProposalInput, input ?? {})
    await deps.limiter.hit(`proposals:${user.id}`, PROPOSAL_WRITE_RATE_LIMIT)
    await ctx.db.transaction(async (tx) => {
      const txCtx = withDb(ctx, tx)
      const { request, proposal, side } = await findProposal(txCtx, proposalId, true)
      // A repeated click answers the proposal as it is.
      if (side === 'customer' && proposal.status === 'rejected') return null
      const step = proposalTransition(proposal.status, 'reject', side, proposal.vendor.name)
      await moveProposal(txCtx, proposal.id, step, { comment: reason, set: { rejectReason: reason } })
      const row: ProposalRow = { ...proposal, status: 'rejected', rejectReason: reason }
      await tell(txCtx, 'rejected', request, row, { reason })
      return row
    })
    deps.events.afterCommit()
    return viewOne(ctx, await reread(ctx, parseId(proposalId, PROPOSAL_MESSAGES.notFound)))
  }
}
