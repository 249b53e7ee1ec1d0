import { and, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import {
  CABINET_LIMITS,
  CABINET_MESSAGES,
  CABINET_ORDER_FILTER_STATUSES,
  CABINET_REQUEST_FILTER_STATUSES,
  type CabinetCounts,
  type CabinetOfferFilter,
  type CabinetOffersPage,
  CabinetOffersQuery,
  type CabinetOrderFilter,
  type CabinetOrdersPage,
  CabinetOrdersQuery,
  type CabinetProposalsPage,
  CabinetProposalsQuery,
  type CabinetRequestFilter,
  type CabinetRequestsPage,
  CabinetRequestsQuery,
  type SuggestedRequest,
} from '#common/exchange/cabinet.ts'
import { CABINET_EXCHANGE_TABS, type CabinetExchangeTab } from '#common/exchange/links.ts'
import type { ServiceOrderSide } from '#common/exchange/service-orders.ts'
import { type Ctx, requireUser } from '../../../context.ts'
import { onPage } from '../../../db/pages.ts'
import { AppError } from '../../../errors.ts'
import { parse } from '../../../parse.ts'
import { publishedServiceOffers, serviceOffers } from '../offers/offers.table.ts'
import { serviceProposals } from '../proposals/proposals.table.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { serviceOrders } from '../service-orders/service-orders.table.ts'

/**
 * The exchange in the personal account: what the selected organization asked for, answered,
 * offers and works on, read straight from the module's tables. Every call is a fixed number of
 * statements (a page and its counts), whatever the page holds; other organizations' rows are never
 * read, and an organization without a role simply has empty lists.
 */
export interface CabinetService {
  /** The four tabs' row counts: one statement. */
  counts(ctx: Ctx): Promise<CabinetCounts>
  myRequests(ctx: Ctx, query: unknown): Promise<CabinetRequestsPage>
  myProposals(ctx: Ctx, query: unknown): Promise<CabinetProposalsPage>
  myOffers(ctx: Ctx, query: unknown): Promise<CabinetOffersPage>
  myServiceOrders(ctx: Ctx, query: unknown): Promise<CabinetOrdersPage>
  /**
   * Open requests a vendor could answer: public ones, and invited ones that name it, of a type
   * and region one of its published offers covers (a nationwide offer covers every region); never
   * its own nor those it already answered. Newest first, at most ten. One statement.
   */
  suggestedRequests(ctx: Ctx): Promise<SuggestedRequest[]>
  /** A tab's page by its name (the REST route's entry); an unknown tab is a 404. */
  list(ctx: Ctx, tab: string, query: unknown): Promise<CabinetTabPage>
}

export type CabinetTabPage = CabinetRequestsPage | CabinetProposalsPage | CabinetOffersPage | CabinetOrdersPage

/** LIKE's wildcards typed in a search are literal. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const countWhere = (condition: SQL | undefined) =>
  condition ? sql<number>`(count(*) filter (where ${condition}))::int` : sql<number>`count(*)::int`

const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString()

/** The rows of an offers tab, as the products' tabs are cut (products.service.ts). */
function offerTabFilter(tab: CabinetOfferFilter): SQL {
  switch (tab) {
    case 'published':
      return eq(serviceOffers.published, true)
    case 'moderation':
      return eq(serviceOffers.status, 'moderation')
    case 'non-published':
      return and(eq(serviceOffers.published, false), ne(serviceOffers.status, 'moderation'))!
  }
}

const requestFilter = (filter: CabinetRequestFilter) =>
  inArray(serviceRequests.status, [...CABINET_REQUEST_FILTER_STATUSES[filter]])

const orderFilter = (filter: CabinetOrderFilter) =>
  inArray(serviceOrders.status, [...CABINET_ORDER_FILTER_STATUSES[filter]])

/** Today in Moscow, the platform's zone: a proposals deadline lasts to the end of its day there. */
const moscowToday = sql`(now() at time zone 'Europe/Moscow')::date`

export function createCabinetService(): CabinetService {
  /** The organization the caller works as; without one the cabinet has nothing to show. */
  function organizationOf(ctx: Ctx): string {
    requireUser(ctx)
    if (!ctx.organization) throw new AppError('forbidden', CABINET_MESSAGES.noOrganization)
    return ctx.organization.id
  }

  const service: CabinetService = {
    async counts(ctx) {
      const org = organizationOf(ctx)
      const result = (await ctx.db.execute(sql`
        select
          (select count(*)::int from ${serviceRequests} where ${serviceRequests.organizationId} = ${org}) as requests,
          (select count(*)::int from ${serviceProposals} where ${serviceProposals.organizationId} = ${org}) as proposals,
          (select count(*)::int from ${serviceOffers} where ${serviceOffers.organizationId} = ${org}) as offers,
          (select count(*)::int from ${serviceOrders}
            where ${serviceOrders.customerOrganizationId} = ${org}
               or ${serviceOrders.contractorOrganizationId} = ${org}) as orders
      `)) as unknown as { rows: { requests: number; proposals: number; offers: number; orders: number }[] }
      const row = result.rows[0]
      return {
        requests: Number(row?.requests ?? 0),
        proposals: Number(row?.proposals ?? 0),
        offers: Number(row?.offers ?? 0),
        orders: Number(row?.orders ?? 0),
      }
    },

    async myRequests(ctx, query) {
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
      const [rows, [counts]] = await Promise.all([
        onPage(
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
          { page, pageSize: CABINET_LIMITS.pageSize },
        ),
        ctx.db
          .select({
            all: countWhere(undefined),
            matching: countWhere(and(chosen, search)),
            drafts: countWhere(requestFilter('drafts')),
            open: countWhere(requestFilter('open')),
            awarded: countWhere(requestFilter('awarded')),
            closed: countWhere(requestFilter('closed')),
          })
          .from(serviceRequests)
          .where(own),
      ])
      return {
        items: rows.map((r) => ({
          ...r,
          proposalCount: Number(r.proposalCount),
          lastProposalAt: iso(r.lastProposalAt),
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        })),
        page,
        pageSize: CABINET_LIMITS.pageSize,
        total: counts!.matching,
        all: counts!.all,
        filterCounts: {
          drafts: counts!.drafts,
          open: counts!.open,
          awarded: counts!.awarded,
          closed: counts!.closed,
        },
      }
    },

    async myProposals(ctx, query) {
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
    },

    async myOffers(ctx, query) {
      const org = organizationOf(ctx)
      const { filter, q, page } = parse(CabinetOffersQuery, query ?? {})
      const own = eq(serviceOffers.organizationId, org)
      const search = q ? ilike(serviceOffers.title, likePattern(q)) : undefined
      const chosen = filter ? offerTabFilter(filter) : undefined
      const [rows, [counts]] = await Promise.all([
        onPage(
          ctx.db
            .select({
              id: serviceOffers.id,
              title: serviceOffers.title,
              type: serviceOffers.type,
              status: serviceOffers.status,
              published: serviceOffers.published,
              regions: serviceOffers.regions,
              nationwide: serviceOffers.nationwide,
              priceFromKopecks: serviceOffers.priceFromKopecks,
              priceUnit: serviceOffers.priceUnit,
              staffComment: serviceOffers.staffComment,
              updatedAt: serviceOffers.updatedAt,
            })
            .from(serviceOffers)
            .where(and(own, chosen, search))
            .orderBy(desc(serviceOffers.updatedAt), desc(serviceOffers.id))
            .$dynamic(),
          { page, pageSize: CABINET_LIMITS.pageSize },
        ),
        ctx.db
          .select({
            all: countWhere(undefined),
            matching: countWhere(and(chosen, search)),
            published: countWhere(offerTabFilter('published')),
            moderation: countWhere(offerTabFilter('moderation')),
            nonPublished: countWhere(offerTabFilter('non-published')),
          })
          .from(serviceOffers)
          .where(own),
      ])
      return {
        items: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
        page,
        pageSize: CABINET_LIMITS.pageSize,
        total: counts!.matching,
        all: counts!.all,
        filterCounts: {
          published: counts!.published,
          moderation: counts!.moderation,
          'non-published': counts!.nonPublished,
        },
      }
    },

    async myServiceOrders(ctx, query) {
      const org = organizationOf(ctx)
      const { filter, side, q, page } = parse(CabinetOrdersQuery, query ?? {})
      const asCustomer = eq(serviceOrders.customerOrganizationId, org)
      const asContractor = eq(serviceOrders.contractorOrganizationId, org)
      const own = or(asCustomer, asContractor)
      const search = q
        ? or(ilike(serviceOrders.number, likePattern(q)), ilike(serviceOrders.title, likePattern(q)))
        : undefined
      const chosen = filter ? orderFilter(filter) : undefined
      const onSide = side ? (side === 'purchase' ? asCustomer : asContractor) : undefined
      const [rows, [counts]] = await Promise.all([
        onPage(
          ctx.db
            .select({
              number: serviceOrders.number,
              status: serviceOrders.status,
              title: serviceOrders.title,
              type: serviceOrders.type,
              priceKopecks: serviceOrders.priceKopecks,
              startsOn: serviceOrders.startsOn,
              endsOn: serviceOrders.endsOn,
              customerOrganizationId: serviceOrders.customerOrganizationId,
              customer: serviceOrders.customer,
              contractor: serviceOrders.contractor,
              createdAt: serviceOrders.createdAt,
            })
            .from(serviceOrders)
            .where(and(own, onSide, chosen, search))
            .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
            .$dynamic(),
          { page, pageSize: CABINET_LIMITS.pageSize },
        ),
        ctx.db
          .select({
            all: countWhere(undefined),
            matching: countWhere(and(onSide, chosen, search)),
            active: countWhere(and(onSide, orderFilter('active'))),
            completed: countWhere(and(onSide, orderFilter('completed'))),
            cancelled: countWhere(and(onSide, orderFilter('cancelled'))),
            purchase: countWhere(asCustomer),
            sale: countWhere(asContractor),
          })
          .from(serviceOrders)
          .where(own),
      ])
      return {
        items: rows.map((r) => {
          const orderSide: ServiceOrderSide = r.customerOrganizationId === org ? 'purchase' : 'sale'
          return {
            number: r.number,
            side: orderSide,
            status: r.status,
            title: r.title,
            type: r.type,
            priceKopecks: r.priceKopecks,
            startsOn: r.startsOn,
            endsOn: r.endsOn,
            counterpartName: orderSide === 'purchase' ? r.contractor.name : r.customer.name,
            createdAt: r.createdAt.toISOString(),
          }
        }),
        page,
        pageSize: CABINET_LIMITS.pageSize,
        total: counts!.matching,
        all: counts!.all,
        filterCounts: { active: counts!.active, completed: counts!.completed, cancelled: counts!.cancelled },
        sideCounts: { purchase: counts!.purchase, sale: counts!.sale },
      }
    },

    async suggestedRequests(ctx) {
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
    },

    async list(ctx, tab, query) {
      if (!(CABINET_EXCHANGE_TABS as readonly string[]).includes(tab)) {
        throw new AppError('not_found', CABINET_MESSAGES.unknownTab)
      }
      switch (tab as CabinetExchangeTab) {
        case 'requests':
          return service.myRequests(ctx, query)
        case 'proposals':
          return service.myProposals(ctx, query)
        case 'offers':
          return service.myOffers(ctx, query)
        case 'orders':
          return service.myServiceOrders(ctx, query)
      }
    },
  }
  return service
}
