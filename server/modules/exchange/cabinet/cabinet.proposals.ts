import { and, desc, eq, ilike, or } from 'drizzle-orm'
import { type CabinetProposalsPage } from '#common/exchange/cabinet.ts'
import { CabinetProposalsQuery } from '#common/exchange/cabinet.schemas.ts'
import type { Ctx } from '../../../context.ts'
import { parse } from '../../../parse.ts'
import { serviceProposals } from '../proposals/proposals.table.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { likePattern, organizationOf, tabPage } from './cabinet.shared.ts'

/** The organization's proposals on other organizations' requests: a page with its counts. */
export async function myProposals(ctx: Ctx, query: unknown): Promise<CabinetProposalsPage> {
  const org = organizationOf(ctx)
  const { filter, q, page } = parse(CabinetProposalsQuery, query ?? {})
  const own = eq(serviceProposals.organizationId, org)
  const search = q
    ? or(ilike(serviceRequests.number, likePattern(q)), ilike(serviceRequests.title, likePattern(q)))
    : undefined
  const chosen = filter ? eq(serviceProposals.status, filter) : undefined
  const { rows, counts, ...paged } = await tabPage(
    page,
    ctx.db
      .select({
        id: serviceProposals.id,
        status: serviceProposals.status,
        priceKopecks: serviceProposals.priceKopecks,
        startsOn: serviceProposals.startsOn,
        endsOn: serviceProposals.endsOn,
        revision: serviceProposals.revision,
        createdAt: serviceProposals.createdAt,
        updatedAt: serviceProposals.updatedAt,
        requestNumber: serviceRequests.number,
        requestTitle: serviceRequests.title,
        requestType: serviceRequests.type,
        requestStatus: serviceRequests.status,
        customer: serviceRequests.customer,
        proposalsDeadline: serviceRequests.proposalsDeadline,
      })
      .from(serviceProposals)
      .innerJoin(serviceRequests, eq(serviceRequests.id, serviceProposals.requestId))
      .where(and(own, chosen, search))
      .orderBy(desc(serviceProposals.updatedAt), desc(serviceProposals.id))
      .$dynamic(),
    (fields) =>
      ctx.db
        .select(fields)
        .from(serviceProposals)
        .innerJoin(serviceRequests, eq(serviceRequests.id, serviceProposals.requestId))
        .where(own),
    {
      matching: and(chosen, search),
      reviewing: eq(serviceProposals.status, 'reviewing'),
      accepted: eq(serviceProposals.status, 'accepted'),
      rejected: eq(serviceProposals.status, 'rejected'),
    },
  )
  return {
    items: rows.map((r) => ({
      id: r.id,
      status: r.status,
      priceKopecks: r.priceKopecks,
      startsOn: r.startsOn,
      endsOn: r.endsOn,
      revision: r.revision,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      request: {
        number: r.requestNumber,
        title: r.requestTitle,
        type: r.requestType,
        status: r.requestStatus,
        customerName: r.customer.name,
        proposalsDeadline: r.proposalsDeadline,
      },
    })),
    ...paged,
    filterCounts: { reviewing: counts.reviewing, accepted: counts.accepted, rejected: counts.rejected },
  }
}
