import { and, eq, gte, sql } from 'drizzle-orm'
import { PROPOSAL_LIMITS, PROPOSAL_MESSAGES, type ProposalView } from '#common/exchange/proposals.ts'
import { ProposalInput } from '#common/exchange/proposals.schemas.ts'
import { type Ctx, requireUser, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { createOnce, idempotencyKeyOf } from '../../../idempotency.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import { parse } from '../../../parse.ts'
import { findVisibleRequest } from '../requests/request-access.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { recordProposalSubmission } from './proposals.machine.ts'
import { serviceProposals } from './proposals.table.ts'
import { type ProposalRow, roomTitle } from './proposals.view.ts'
import { PROPOSAL_WRITE_RATE_LIMIT, type ProposalParts, type ProposalsDeps } from './proposal-parts.ts'

/** A vendor's proposal on a request; with an Idempotency-Key a repeated submission returns the same one. */
export function createSubmitProposal(deps: ProposalsDeps, parts: ProposalParts) {
  const { blockOf, refuse, ownProposal, attachedFiles, tell, viewOne } = parts
  return async function submitProposal(
    ctx: Ctx,
    requestNumber: string,
    input: unknown,
    idempotencyKey?: string,
  ): Promise<ProposalView> {
    const user = requireUser(ctx)
    const data = parse(ProposalInput, input ?? {})
    const key = idempotencyKeyOf(idempotencyKey)
    const keyed = { scope: `proposals.create:${user.id}:${requestNumber}`, key, input: data }
    const submit = async () => {
      await deps.limiter.hit(`proposals:${user.id}`, PROPOSAL_WRITE_RATE_LIMIT)
      return ctx.db.transaction(async (tx) => {
        const txCtx = withDb(ctx, tx)
        // The request row is locked: submissions and the award cannot cross.
        const { request } = await findVisibleRequest(txCtx, requestNumber, { forUpdate: true })
        const own = await ownProposal(txCtx, request)
        // The same key, sent again while the first one held the lock.
        if (own && key && own.creationKey === key) return own
        if (own) throw new AppError('conflict', PROPOSAL_MESSAGES.duplicate)
        const block = await blockOf(txCtx, request, own)
        if (block) throw refuse(block)
        const orgId = ctx.organization!.id
        // One vendor's submissions queue here, so two at once cannot both pass the daily cap.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`proposals:${orgId}`}))`)
        const [{ today }] = (await tx
          .select({ today: sql<number>`count(*)::int` })
          .from(serviceProposals)
          .where(
            and(
              eq(serviceProposals.organizationId, orgId),
              gte(
                serviceProposals.createdAt,
                sql`(date_trunc('day', now() at time zone 'Europe/Moscow') at time zone 'Europe/Moscow')`,
              ),
            ),
          )) as [{ today: number }]
        if (today >= PROPOSAL_LIMITS.perDay) throw new AppError('rate_limited', PROPOSAL_MESSAGES.dailyCap)
        const files = await attachedFiles(txCtx, data.fileIds)
        const vendor = (await deps.parties.describeParties(tx, [orgId])).get(orgId)
        if (!vendor) throw new AppError('forbidden', PROPOSAL_MESSAGES.notVendor)
        const room = deps.chat
          ? await deps.chat.openRequestRoom(txCtx, {
              requestId: request.id,
              title: roomTitle(request),
              customerOrganizationId: request.organizationId,
              vendorOrganizationId: orgId,
            })
          : null
        const [row] = await tx
          .insert(serviceProposals)
          .values({
            requestId: request.id,
            organizationId: orgId,
            vendor,
            createdByUserId: user.id,
            priceKopecks: data.priceKopecks,
            startsOn: data.startsOn,
            endsOn: data.endsOn,
            terms: data.terms,
            message: data.message,
            files,
            chatRoomId: room?.guid ?? null,
            creationKey: key,
          })
          .returning()
        await recordProposalSubmission(txCtx, row!.id)
        await tx
          .update(serviceRequests)
          .set({ proposalCount: sql`${serviceRequests.proposalCount} + 1` })
          .where(eq(serviceRequests.id, request.id))
        await tell(txCtx, 'submitted', request, row!)
        return row!
      })
    }
    let row: ProposalRow
    try {
      row = await createOnce(ctx.db, keyed, () => madeWith(ctx, requestNumber, key), submit)
    } catch (error) {
      // The unique (request, vendor) index decides a race the lock did not see.
      if (isUniqueViolation(error)) throw new AppError('conflict', PROPOSAL_MESSAGES.duplicate)
      throw error
    }
    deps.events.afterCommit()
    return viewOne(ctx, row)
  }
}

/** The caller's proposal on the request that this key made, if it made one. */
async function madeWith(ctx: Ctx, requestNumber: string, key: string | null): Promise<ProposalRow | undefined> {
  if (!key || !ctx.organization) return undefined
  const [found] = await ctx.db
    .select({ proposal: serviceProposals })
    .from(serviceProposals)
    .innerJoin(serviceRequests, eq(serviceRequests.id, serviceProposals.requestId))
    .where(
      and(
        eq(serviceRequests.number, requestNumber),
        eq(serviceProposals.organizationId, ctx.organization.id),
        eq(serviceProposals.creationKey, key),
      ),
    )
  return found?.proposal
}
