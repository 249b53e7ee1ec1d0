import { and, asc, eq, gte, ne, sql } from 'drizzle-orm'
import {
  PROPOSAL_BLOCK_MESSAGES,
  PROPOSAL_LIMITS,
  PROPOSAL_MESSAGES,
  type ProposalBlock,
  type ProposalView,
  type RequestProposals,
} from '#common/exchange/proposals.ts'
import { ProposalInput, RejectProposalInput } from '#common/exchange/proposals.schemas.ts'
import { moscowToday } from '#common/moscow-days.ts'
import type { AttachedFile } from '#common/exchange/services.ts'
import { type Ctx, requireUser, systemCtx, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { checkIdempotencyKey, idempotencyKeyOf } from '../../../idempotency.ts'
import { parse, parseId } from '../../../parse.ts'
import type { ChatService } from '../../chat/index.ts'
import type { FilesService } from '../../files/index.ts'
import type { Events, ExchangeProposalEvent } from '../../notifications/index.ts'
import type { PartyDirectory } from '../../organizations/index.ts'
import type { RateLimiter, RateLimitRule } from '../../rate-limit/index.ts'
import { publishedServiceOffers } from '../offers/offers.table.ts'
import { moveProposal, proposalTransition, recordProposalSubmission } from './proposals.machine.ts'
import { serviceProposalRevisions, serviceProposals } from './proposals.table.ts'
import { type ProposalRow, roomTitle, viewProposals } from './proposals.view.ts'
import { findVisibleRequest, type RequestRow } from '../requests/request-access.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { moveRequest, requestTransition } from '../requests/requests.machine.ts'
import { createServiceOrder } from '../service-orders/service-orders.create.ts'
import { isUniqueViolation } from '../../../db/errors.ts'

/** Proposals, revisions and decisions are clicks; more than this a minute is a script. */
export const PROPOSAL_WRITE_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60_000 }

type Change = ExchangeProposalEvent['change']

export interface ProposalsDeps {
  parties: PartyDirectory
  events: Events
  /** Opens the (request, vendor) room; absent where the chat is not built. */
  chat?: Pick<ChatService, 'openRequestRoom'>
  files: Pick<FilesService, 'describeMany' | 'readAttached'>
  limiter: RateLimiter
}

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

/** Requests take proposals until the end of the deadline's day, Moscow time. */
const takesProposals = (request: RequestRow) =>
  request.status === 'open' && (!request.proposalsDeadline || request.proposalsDeadline >= moscowToday())

/**
 * Vendors' proposals on buyers' requests (point 4 of the exchange). A proposal is seen by its
 * author's organization and the request's customer only: anyone else, staff included, gets the
 * same 404 as for a proposal that does not exist.
 */
export function createProposalsService(deps: ProposalsDeps): ProposalsService {
  const notFound = () => new AppError('not_found', PROPOSAL_MESSAGES.notFound)

  const isConfirmedVendor = (ctx: Ctx) =>
    ctx.organization?.roles.some((r) => r.type === 'vendor' && r.status === 'confirmed') ?? false

  /** Whether one published offer of the organization covers the request's type and region. */
  async function hasMatchingOffer(ctx: Ctx, organizationId: string, request: RequestRow): Promise<boolean> {
    const o = publishedServiceOffers
    const covers = request.region
      ? sql`(${o.nationwide} or ${request.region} = any(${o.regions}))`
      : sql`${o.nationwide}`
    const [found] = await ctx.db
      .select({ id: o.id })
      .from(o)
      .where(and(eq(o.organizationId, organizationId), eq(o.type, request.type), covers))
      .limit(1)
    return Boolean(found)
  }

  /** Why the caller may not propose on the request now, or null when they may. */
  async function blockOf(ctx: Ctx, request: RequestRow, own: ProposalRow | undefined): Promise<ProposalBlock | null> {
    if (!ctx.user) return 'signIn'
    if (!ctx.organization) return 'noOrganization'
    if (ctx.organization.id === request.organizationId) return 'ownRequest'
    if (!isConfirmedVendor(ctx)) return 'notVendor'
    if (own) return 'already'
    if (!takesProposals(request)) return 'closed'
    if (!(await hasMatchingOffer(ctx, ctx.organization.id, request))) return 'noMatchingOffer'
    return null
  }

  const refuse = (block: ProposalBlock): AppError => {
    const kind =
      block === 'signIn'
        ? 'unauthorized'
        : block === 'notVendor' || block === 'noOrganization'
          ? 'forbidden'
          : 'conflict'
    return new AppError(kind, PROPOSAL_BLOCK_MESSAGES[block])
  }

  async function ownProposal(ctx: Ctx, request: RequestRow): Promise<ProposalRow | undefined> {
    if (!ctx.organization) return undefined
    const [row] = await ctx.db
      .select()
      .from(serviceProposals)
      .where(and(eq(serviceProposals.requestId, request.id), eq(serviceProposals.organizationId, ctx.organization.id)))
    return row
  }

  /**
   * The proposal and its request when the caller is its author or the request's customer; the
   * same 404 for everyone else. `lock` locks the request row first (decisions race on it), then
   * the proposal, always in that order.
   */
  async function findProposal(ctx: Ctx, id: string, lock = false) {
    requireUser(ctx)
    const proposalId = parseId(id, PROPOSAL_MESSAGES.notFound)
    const orgId = ctx.organization?.id
    if (!orgId) throw notFound()
    const [pair] = await ctx.db
      .select({ requestId: serviceProposals.requestId, organizationId: serviceProposals.organizationId })
      .from(serviceProposals)
      .where(eq(serviceProposals.id, proposalId))
    if (!pair) throw notFound()
    const requestQuery = ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, pair.requestId))
    const [request] = lock ? await requestQuery.for('update') : await requestQuery
    if (!request) throw notFound()
    const side = request.organizationId === orgId ? 'customer' : pair.organizationId === orgId ? 'vendor' : null
    if (!side) throw notFound()
    const proposalQuery = ctx.db.select().from(serviceProposals).where(eq(serviceProposals.id, proposalId))
    const [proposal] = lock ? await proposalQuery.for('update') : await proposalQuery
    if (!proposal) throw notFound()
    return { request, proposal, side: side as 'customer' | 'vendor' }
  }

  /** The uploaded files as the proposal names them; only the caller's own uploads can be attached. */
  async function attachedFiles(ctx: Ctx, fileIds: string[]): Promise<AttachedFile[]> {
    const ids = [...new Set(fileIds.map((id) => id.toLowerCase()))]
    if (!ids.length) return []
    const found = new Map((await deps.files.describeMany(ctx, ids)).map((f) => [f.id, f]))
    return ids.map((id) => {
      const file = found.get(id)
      if (!file)
        throw new AppError('invalid', PROPOSAL_MESSAGES.fileNotFound, { fileIds: PROPOSAL_MESSAGES.fileNotFound })
      return { fileId: file.id, name: file.originalName, size: file.size, mimeType: file.mimeType }
    })
  }

  /**
   * Tells of a change in the caller's transaction: the other side's members by e-mail, and both
   * in the proposal's conversation (the notifications module decides).
   */
  async function tell(
    ctx: Ctx,
    change: Change,
    request: RequestRow,
    proposal: ProposalRow,
    extra: { reason?: string | null; serviceOrderNumber?: string | null } = {},
  ) {
    await deps.events.emit(ctx, {
      type: 'exchange.proposal_changed',
      change,
      request: { number: request.number, title: request.title },
      proposal: { priceKopecks: proposal.priceKopecks, startsOn: proposal.startsOn, endsOn: proposal.endsOn },
      customer: { id: request.organizationId, name: request.customer.name },
      vendor: { id: proposal.organizationId, name: proposal.vendor.name },
      reason: extra.reason ?? null,
      serviceOrderNumber: extra.serviceOrderNumber ?? null,
      room: proposal.chatRoomId,
    })
  }

  async function viewOne(ctx: Ctx, row: ProposalRow): Promise<ProposalView> {
    return (await viewProposals(ctx, [row]))[0]!
  }

  async function reread(ctx: Ctx, id: string): Promise<ProposalRow> {
    const [row] = await ctx.db.select().from(serviceProposals).where(eq(serviceProposals.id, id))
    return row!
  }

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

    async submit(ctx, requestNumber, input, idempotencyKey) {
      const user = requireUser(ctx)
      const data = parse(ProposalInput, input ?? {})
      const key = idempotencyKeyOf(idempotencyKey)
      await checkIdempotencyKey(ctx.db, `proposals.create:${user.id}:${requestNumber}`, key, data)
      await deps.limiter.hit(`proposals:${user.id}`, PROPOSAL_WRITE_RATE_LIMIT)
      let outcome: { row: ProposalRow; repeated: boolean }
      try {
        outcome = await ctx.db.transaction(async (tx) => {
          const txCtx = withDb(ctx, tx)
          // The request row is locked: submissions and the award cannot cross.
          const { request } = await findVisibleRequest(txCtx, requestNumber, { forUpdate: true })
          const own = await ownProposal(txCtx, request)
          if (own && key && own.creationKey === key) return { row: own, repeated: true }
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
          return { row: row!, repeated: false }
        })
      } catch (error) {
        // The unique (request, vendor) index decides a race the lock did not see.
        if (isUniqueViolation(error)) throw new AppError('conflict', PROPOSAL_MESSAGES.duplicate)
        throw error
      }
      if (!outcome.repeated) deps.events.afterCommit()
      return viewOne(ctx, outcome.row)
    },

    async revise(ctx, proposalId, input) {
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
    },

    async accept(ctx, proposalId) {
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
    },

    async reject(ctx, proposalId, input) {
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
    },

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
