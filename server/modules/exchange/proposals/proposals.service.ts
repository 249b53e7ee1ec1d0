import { asc, eq } from 'drizzle-orm'
import { PROPOSAL_BLOCK_MESSAGES, type ProposalView, type RequestProposals } from '#common/exchange/proposals.ts'
import { moscowToday } from '#common/moscow-days.ts'
import type { Ctx } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { serviceProposalRevisions, serviceProposals } from './proposals.table.ts'
import { viewProposals } from './proposals.view.ts'
import { createAcceptProposal } from './accept-proposal.ts'
import { createProposalParts, type ProposalsDeps, takesProposals } from './proposal-parts.ts'

export type { ProposalsDeps } from './proposal-parts.ts'
import { createRejectProposal } from './reject-proposal.ts'
import { createReviseProposal } from './revise-proposal.ts'
import { createSubmitProposal } from './submit-proposal.ts'
import { findVisibleRequest } from '../requests/request-access.ts'

export interface ProposalsService {
  /** The proposals part of a request's page for whoever may see the request (guests too). */
  forRequest(ctx: Ctx, requestNumber: string): Promise<RequestProposals>
  /** A vendor's proposal; with an Idempotency-Key a repeated submission returns the same one. */
  submit(ctx: Ctx, requestNumber: string, input: unknown, idempotencyKey?: string): Promise<ProposalView>
  /** The author changes its proposal while the customer reviews it; the earlier version is kept. */
  revise(ctx: Ctx, proposalId: string, input: unknown): Promise<ProposalView>
  /** The customer accepts: the service order, and unless several are wanted, the others rejected. */
  accept(ctx: Ctx, proposalId: string): Promise<{ proposal: ProposalView; serviceOrderNumber: string }>
  reject(ctx: Ctx, proposalId: string, input: unknown): Promise<ProposalView>
  /** A file of the proposal (any version), for its author and the customer. */
  file(ctx: Ctx, proposalId: string, fileId: string): Promise<{ data: Buffer; mimeType: string; name: string }>
}

/**
 * Vendors' proposals on buyers' requests (point 4 of the exchange), one use-case per file
 * (submit-proposal.ts, revise-proposal.ts, accept-proposal.ts, reject-proposal.ts). A proposal
 * is seen by its author's organization and the request's customer only: anyone else, staff
 * included, gets the same 404 as for a proposal that does not exist.
 */
export function createProposalsService(deps: ProposalsDeps): ProposalsService {
  const parts = createProposalParts(deps)
  const { blockOf, ownProposal, findProposal } = parts
  return {
    async forRequest(ctx, requestNumber) {
      const { request, viewer } = await findVisibleRequest(ctx, requestNumber)
      const base = {
        request: {
          number: request.number,
          title: request.title,
          status: request.status,
          allowSeveral: request.allowSeveral,
          takingProposals: takesProposals(request),
        },
        today: moscowToday(),
      }
      if (viewer === 'customer') {
        const rows = await ctx.db
          .select()
          .from(serviceProposals)
          .where(eq(serviceProposals.requestId, request.id))
          .orderBy(asc(serviceProposals.createdAt), asc(serviceProposals.id))
        return {
          ...base,
          viewer: 'customer',
          proposals: await viewProposals(ctx, rows),
          canPropose: false,
          blocked: { reason: 'ownRequest', message: PROPOSAL_BLOCK_MESSAGES.ownRequest },
          canDecide: request.status === 'open',
        }
      }
      const own = await ownProposal(ctx, request)
      const block = await blockOf(ctx, request, own)
      return {
        ...base,
        viewer: own ? 'vendor' : 'other',
        proposals: own ? await viewProposals(ctx, [own]) : [],
        canPropose: block === null,
        blocked: block ? { reason: block, message: PROPOSAL_BLOCK_MESSAGES[block] } : null,
        canDecide: false,
      }
    },

    submit: createSubmitProposal(deps, parts),
    revise: createReviseProposal(deps, parts),
    accept: createAcceptProposal(deps, parts),
    reject: createRejectProposal(deps, parts),

    async file(ctx, proposalId, fileId) {
      const { proposal } = await findProposal(ctx, proposalId)
      const revisions = await ctx.db
        .select({ files: serviceProposalRevisions.files })
        .from(serviceProposalRevisions)
        .where(eq(serviceProposalRevisions.proposalId, proposal.id))
      const attached = [proposal, ...revisions].flatMap((v) => v.files).find((f) => f.fileId === fileId.toLowerCase())
      if (!attached) throw new AppError('not_found', 'Файл не найден')
      const { meta, data } = await deps.files.readAttached(ctx, attached.fileId)
      return { data, mimeType: meta.mimeType, name: meta.originalName }
    },
  }
}
