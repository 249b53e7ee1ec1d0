import { and, eq, ne } from 'drizzle-orm'
import { PROPOSAL_MESSAGES, type ProposalView } from '#common/exchange/proposals.ts'
import { type Ctx, requireUser, systemCtx, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { moveRequest, requestTransition } from '../requests/requests.machine.ts'
import { createServiceOrder } from '../service-orders/service-orders.create.ts'
import { moveProposal, proposalTransition } from './proposals.machine.ts'
import { serviceProposals } from './proposals.table.ts'
import { type ProposalRow } from './proposals.view.ts'
import { PROPOSAL_WRITE_RATE_LIMIT, type ProposalParts, type ProposalsDeps } from './proposal-parts.ts'

/**
 * The customer accepts a proposal, in one transaction under the request's lock: the proposal
 * moves, the service order is made, and unless the request wants several contractors it is
 * awarded and the other proposals are superseded by the platform. Each vendor hears of its
 * outcome, and the conversations get their notes. A repeated click answers the order the first
 * one made. Every part is the exchange's own (proposals, requests, service orders); the news goes
 * through the notifications module, so this is a use-case of the module rather than a flow.
 */
export function createAcceptProposal(deps: ProposalsDeps, parts: ProposalParts) {
  const { findProposal, tell, viewOne, reread } = parts
  return async function acceptProposal(
    ctx: Ctx,
    proposalId: string,
  ): Promise<{ proposal: ProposalView; serviceOrderNumber: string }> {
    const user = requireUser(ctx)
    await deps.limiter.hit(`proposals:${user.id}`, PROPOSAL_WRITE_RATE_LIMIT)
    const outcome = await ctx.db.transaction(async (tx) => {
      const txCtx = withDb(ctx, tx)
      const { request, proposal, side } = await findProposal(txCtx, proposalId, true)
      // A repeated click: the order the first one made.
      if (side === 'customer' && proposal.status === 'accepted') {
        const order = await createServiceOrder(txCtx, request, proposal)
        return { order, accepted: proposal, superseded: [] as ProposalRow[], fresh: false }
      }
      const step = proposalTransition(proposal.status, 'accept', side, proposal.vendor.name)
      if (request.status !== 'open') throw new AppError('conflict', PROPOSAL_MESSAGES.closed)
      await moveProposal(txCtx, proposal.id, step)
      const accepted: ProposalRow = { ...proposal, status: 'accepted' }
      const order = await createServiceOrder(txCtx, request, accepted)
      let superseded: ProposalRow[] = []
      if (!request.allowSeveral) {
        await moveRequest(txCtx, request.id, requestTransition('open', 'award', 'customer', request.number))
        superseded = await tx
          .select()
          .from(serviceProposals)
          .where(
            and(
              eq(serviceProposals.requestId, request.id),
              ne(serviceProposals.id, proposal.id),
              eq(serviceProposals.status, 'reviewing'),
            ),
          )
        // The platform rejects the others: their history names no person.
        const platform = systemCtx(tx, { requestId: ctx.requestId })
        for (const other of superseded) {
          await moveProposal(platform, other.id, proposalTransition('reviewing', 'supersede', 'system'), {
            comment: PROPOSAL_MESSAGES.otherChosen,
            set: { rejectReason: PROPOSAL_MESSAGES.otherChosen },
          })
          await tell(txCtx, 'superseded', request, other, { reason: PROPOSAL_MESSAGES.otherChosen })
        }
      }
      await tell(txCtx, 'accepted', request, accepted, { serviceOrderNumber: order.number })
      return { order, accepted, superseded, fresh: true }
    })
    if (outcome.fresh) deps.events.afterCommit()
    return {
      proposal: await viewOne(ctx, await reread(ctx, outcome.accepted.id)),
      serviceOrderNumber: outcome.order.number,
    }
  }
}
