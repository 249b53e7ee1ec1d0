import { and, eq, sql } from 'drizzle-orm'
import {
  PROPOSAL_BLOCK_MESSAGES,
  PROPOSAL_MESSAGES,
  type ProposalBlock,
  type ProposalView,
} from '#common/exchange/proposals.ts'
import { moscowToday } from '#common/moscow-days.ts'
import type { AttachedFile } from '#common/exchange/services.ts'
import { type Ctx, requireUser } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { parseId } from '../../../parse.ts'
import type { ExchangeProposalEvent } from '../../notifications/index.ts'
import { publishedServiceOffers } from '../offers/offers.table.ts'
import type { RequestRow } from '../requests/request-access.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import type { ChatService } from '../../chat/index.ts'
import type { FilesService } from '../../files/index.ts'
import type { Events } from '../../notifications/index.ts'
import type { PartyDirectory } from '../../organizations/index.ts'
import type { RateLimiter, RateLimitRule } from '../../rate-limit/index.ts'
import { serviceProposals } from './proposals.table.ts'
import { type ProposalRow, viewProposals } from './proposals.view.ts'

/** Proposals, revisions and decisions are clicks; more than this a minute is a script. */
export const PROPOSAL_WRITE_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60_000 }

export interface ProposalsDeps {
  parties: PartyDirectory
  events: Events
  /** Opens the (request, vendor) room; absent where the chat is not built. */
  chat?: Pick<ChatService, 'openRequestRoom'>
  files: Pick<FilesService, 'describeMany' | 'readAttached'>
  limiter: RateLimiter
}

type Change = ExchangeProposalEvent['change']

/** Requests take proposals until the end of the deadline's day, Moscow time. */
export const takesProposals = (request: RequestRow) =>
  request.status === 'open' && (!request.proposalsDeadline || request.proposalsDeadline >= moscowToday())

/**
 * What the proposals' use-cases share: who may propose, finding a proposal for its two sides
 * (everyone else gets the same 404), the attached files, telling of a change, the view.
 */
export function createProposalParts(deps: ProposalsDeps) {
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

  return { notFound, blockOf, refuse, ownProposal, findProposal, attachedFiles, tell, viewOne, reread }
}

export type ProposalParts = ReturnType<typeof createProposalParts>
