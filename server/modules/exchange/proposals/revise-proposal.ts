import { PROPOSAL_LIMITS, PROPOSAL_MESSAGES, type ProposalView } from '#common/exchange/proposals.ts'
import { ProposalInput } from '#common/exchange/proposals.schemas.ts'
import { type Ctx, requireUser, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { parse } from '../../../parse.ts'
import { moveProposal, proposalTransition } from './proposals.machine.ts'
import { serviceProposalRevisions } from './proposals.table.ts'
import { type ProposalRow } from './proposals.view.ts'
import { PROPOSAL_WRITE_RATE_LIMIT, type ProposalParts, type ProposalsDeps, takesProposals } from './proposal-parts.ts'

/** The author changes its proposal while the customer reviews it; the earlier version is kept. */
export function createReviseProposal(deps: ProposalsDeps, parts: ProposalParts) {
  const { findProposal, attachedFiles, tell, viewOne, reread } = parts
  return async function reviseProposal(ctx: Ctx, proposalId: string, input: unknown): Promise<ProposalView> {
    const user = requireUser(ctx)
    const data = parse(ProposalInput, input ?? {})
    await deps.limiter.hit(`proposals:${user.id}`, PROPOSAL_WRITE_RATE_LIMIT)
    const revised = await ctx.db.transaction(async (tx) => {
      const txCtx = withDb(ctx, tx)
      const { request, proposal, side } = await findProposal(txCtx, proposalId, true)
      const step = proposalTransition(proposal.status, 'revise', side, proposal.vendor.name)
      if (!takesProposals(request)) throw new AppError('conflict', PROPOSAL_MESSAGES.closed)
      if (proposal.revision > PROPOSAL_LIMITS.revisions) {
        throw new AppError('conflict', PROPOSAL_MESSAGES.tooManyRevisions)
      }
      const files = await attachedFiles(txCtx, data.fileIds)
      await tx.insert(serviceProposalRevisions).values({
        proposalId: proposal.id,
        revision: proposal.revision,
        priceKopecks: proposal.priceKopecks,
        startsOn: proposal.startsOn,
        endsOn: proposal.endsOn,
        terms: proposal.terms,
        message: proposal.message,
        files: proposal.files,
        byUserId: user.id,
      })
      const content = {
        priceKopecks: data.priceKopecks,
        startsOn: data.startsOn,
        endsOn: data.endsOn,
        terms: data.terms,
        message: data.message,
        files,
      }
      await moveProposal(txCtx, proposal.id, step, { set: { ...content, revision: proposal.revision + 1 } })
      const row: ProposalRow = { ...proposal, ...content, revision: proposal.revision + 1 }
      await tell(txCtx, 'revised', request, row)
      return row
    })
    deps.events.afterCommit()
    return viewOne(ctx, await reread(ctx, revised.id))
  }
}
