import { and, desc, eq, ilike, or } from 'drizzle-orm'
import { CABINET_LIMITS, type CabinetProposalsPage, CabinetProposalsQuery } from '#common/exchange/cabinet.ts'
import type { Ctx } from '../../../context.ts'
import { onPage } from '../../../db/pages.ts'
import { parse } from '../../../parse.ts'
import { serviceProposals } from '../proposals/proposals.table.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { countWhere, likePattern, organizationOf } from './cabinet.shared.ts'

/** The organization's proposals on other organizations' requests: a page with its counts. */
export async function myProposals(ctx: Ctx, query: unknown): Promise<CabinetProposalsPage> {
  const org = organizationOf(ctx)
  const { filter, q, page } = parse(CabinetProposalsQuery, query ?? {})
  const own = eq(serviceProposals.organizationId, org)
  const search = q
    ? or(ilike(serviceRequests.number, likePattern(q)), ilike(serviceRequests.title, likePattern(q)))
    : undefined
  const chosen = filter ? eq(serviceProposals.status, filter) : undefined
  const [rows, [counts]] = await Promise.all([
    onPage(
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
      { page, pageSize: CABINET_LIMITS.pageSize },
    ),
    ctx.db
      .select({
        all: countWhere(undefined),
        matching: countWhere(and(chosen, search)),
        reviewing: countWhere(eq(serviceProposals.status, 'reviewing')),
        accepted: countWhere(eq(serviceProposals.status, 'accepted')),
        rejected: countWhere(eq(serviceProposals.status, 'rejected')),
      })
      .from(serviceProposals)
      .innerJoin(serviceRequests, eq(serviceRequests.id, serviceProposals.requestId))
      .where(own),
  ])
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
    page,
    pageSize: CABINET_LIMITS.pageSize,
    total: counts!.matching,
    all: counts!.all,
    filterCounts: { reviewing: counts!.reviewing, accepted: counts!.accepted, rejected: counts!.rejected },
  }
}
