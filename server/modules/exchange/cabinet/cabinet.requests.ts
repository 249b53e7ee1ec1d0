import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm'
import { CABINET_LIMITS, type CabinetRequestsPage, type SuggestedRequest } from '#common/exchange/cabinet.ts'
import { CabinetRequestsQuery } from '#common/exchange/cabinet.schemas.ts'
import type { Ctx } from '../../../context.ts'
import { parse } from '../../../parse.ts'
import { publishedServiceOffers } from '../offers/offers.table.ts'
import { serviceProposals } from '../proposals/proposals.table.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { iso, requestFilter, moscowToday, likePattern, organizationOf, tabPage } from './cabinet.shared.ts'

/** The organization's requests: a page of a filter and a search, with every filter's count. */
export async function myRequests(ctx: Ctx, query: unknown): Promise<CabinetRequestsPage> {
  const org = organizationOf(ctx)
  const { filter, q, page } = parse(CabinetRequestsQuery, query ?? {})
  const own = eq(serviceRequests.organizationId, org)
  const search = q
    ? or(ilike(serviceRequests.number, likePattern(q)), ilike(serviceRequests.title, likePattern(q)))
    : undefined
  const chosen = filter ? requestFilter(filter) : undefined
  // Correlated with the outer row, which a select list names without its table otherwise.
  const outerId = sql.raw('"service_requests"."id"')
  const proposalCount = sql<number>`(select count(*)::int from ${serviceProposals}
    where ${serviceProposals.requestId} = ${outerId})`
  const lastProposalAt = sql<string | null>`(select max(${serviceProposals.createdAt}) from ${serviceProposals}
    where ${serviceProposals.requestId} = ${outerId})`
  const { rows, counts, ...paged } = await tabPage(
    page,
    ctx.db
      .select({
        id: serviceRequests.id,
        number: serviceRequests.number,
        title: serviceRequests.title,
        type: serviceRequests.type,
        status: serviceRequests.status,
        region: serviceRequests.region,
        budgetKopecks: serviceRequests.budgetKopecks,
        proposalsDeadline: serviceRequests.proposalsDeadline,
        proposalCount,
        lastProposalAt,
        createdAt: serviceRequests.createdAt,
        updatedAt: serviceRequests.updatedAt,
      })
      .from(serviceRequests)
      .where(and(own, chosen, search))
      .orderBy(desc(serviceRequests.updatedAt), desc(serviceRequests.id))
      .$dynamic(),
    (fields) => ctx.db.select(fields).from(serviceRequests).where(own),
    {
      matching: and(chosen, search),
      drafts: requestFilter('drafts'),
      open: requestFilter('open'),
      awarded: requestFilter('awarded'),
      closed: requestFilter('closed'),
    },
  )
  return {
    items: rows.map((r) => ({
      ...r,
      proposalCount: Number(r.proposalCount),
      lastProposalAt: iso(r.lastProposalAt),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    ...paged,
    filterCounts: {
      drafts: counts.drafts,
      open: counts.open,
      awarded: counts.awarded,
      closed: counts.closed,
    },
  }
}

/** Open requests the organization could answer as a vendor (see CabinetService.suggestedRequests). */
export async function suggestedRequests(ctx: Ctx): Promise<SuggestedRequest[]> {
  const org = organizationOf(ctx)
  const r = serviceRequests
  const o = publishedServiceOffers
  const p = serviceProposals
  const rows = await ctx.db
    .select({
      number: r.number,
      title: r.title,
      type: r.type,
      region: r.region,
      budgetKopecks: r.budgetKopecks,
      proposalsDeadline: r.proposalsDeadline,
      customer: r.customer,
      visibility: r.visibility,
      publishedAt: r.publishedAt,
    })
    .from(r)
    .where(
      and(
        eq(r.status, 'open'),
        ne(r.organizationId, org),
        or(eq(r.visibility, 'public'), sql`${org}::uuid = any(${r.invitedOrganizationIds})`),
        sql`(${r.proposalsDeadline} is null or ${r.proposalsDeadline} >= ${moscowToday})`,
        // One offer covers both the type and the place.
        sql`exists (select 1 from ${o} where ${o.organizationId} = ${org} and ${o.type} = ${r.type}
          and (${o.nationwide} or ${r.region} = any(${o.regions})))`,
        sql`not exists (select 1 from ${p} where ${p.requestId} = ${r.id} and ${p.organizationId} = ${org})`,
      ),
    )
    .orderBy(sql`${r.publishedAt} desc nulls last`, desc(r.createdAt), desc(r.id))
    .limit(CABINET_LIMITS.suggestions)
  return rows.map((row) => ({
    number: row.number,
    title: row.title,
    type: row.type,
    region: row.region,
    budgetKopecks: row.budgetKopecks,
    proposalsDeadline: row.proposalsDeadline,
    customerName: row.customer.name,
    invited: row.visibility === 'invited',
    publishedAt: iso(row.publishedAt),
  }))
}
