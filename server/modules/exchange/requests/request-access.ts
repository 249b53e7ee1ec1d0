import { and, eq } from 'drizzle-orm'
import { REQUEST_MESSAGES } from '#common/exchange/requests.ts'
import type { Ctx } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { serviceProposals } from '../proposals/proposals.table.ts'
import { serviceRequests } from './requests.table.ts'

export type RequestRow = typeof serviceRequests.$inferSelect

/**
 * How the caller stands to a request: its customer (any member of the organization that posted
 * it), a vendor that has a proposal on it, platform staff, or anyone else allowed to read it.
 */
export type RequestViewer = 'customer' | 'proposer' | 'staff' | 'reader'

/** Request numbers as formatRequestNumber writes them; anything else is not found without a query. */
const REQUEST_NUMBER = /^Z-\d{4}-\d{5,}$/

/**
 * The request with this number as the caller may see it, or the same 404 whether it does not
 * exist or is not theirs to see, so numbers cannot be probed:
 * - the customer's members see it in every status, drafts included;
 * - staff see every request that was ever published;
 * - a vendor with a proposal on it keeps seeing it whatever happens to it;
 * - anyone else (guests too) sees a published public request, and an invited one only when
 *   their organization is invited. Drafts and cancelled requests stay with their customer.
 * `forUpdate` locks the row for the caller's transaction (proposals and awards race on it).
 */
export async function findVisibleRequest(
  ctx: Ctx,
  number: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ request: RequestRow; viewer: RequestViewer }> {
  if (!REQUEST_NUMBER.test(number)) throw new AppError('not_found', REQUEST_MESSAGES.notFound)
  const query = ctx.db.select().from(serviceRequests).where(eq(serviceRequests.number, number))
  const [request] = options.forUpdate ? await query.for('update') : await query
  if (!request) throw new AppError('not_found', REQUEST_MESSAGES.notFound)
  const viewer = await viewerOf(ctx, request)
  if (!viewer) throw new AppError('not_found', REQUEST_MESSAGES.notFound)
  return { request, viewer }
}

/** How the caller stands to the request, or null when they may not see it. */
export async function viewerOf(ctx: Ctx, request: RequestRow): Promise<RequestViewer | null> {
  const orgId = ctx.organization?.id ?? null
  if (orgId && orgId === request.organizationId) return 'customer'
  if (request.status === 'draft') return null
  if (orgId) {
    const [own] = await ctx.db
      .select({ id: serviceProposals.id })
      .from(serviceProposals)
      .where(and(eq(serviceProposals.requestId, request.id), eq(serviceProposals.organizationId, orgId)))
    if (own) return 'proposer'
  }
  if (ctx.user?.isStaff) return 'staff'
  if (request.status === 'cancelled') return null
  if (request.visibility === 'public') return 'reader'
  return orgId && request.invitedOrganizationIds.includes(orgId) ? 'reader' : null
}
