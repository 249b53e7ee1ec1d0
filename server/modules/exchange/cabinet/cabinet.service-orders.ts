import { and, desc, eq, ilike, or } from 'drizzle-orm'
import { type CabinetOrdersPage } from '#common/exchange/cabinet.ts'
import { CabinetOrdersQuery } from '#common/exchange/cabinet.schemas.ts'
import type { ServiceOrderSide } from '#common/exchange/service-orders.ts'
import type { Ctx } from '../../../context.ts'
import { parse } from '../../../parse.ts'
import { serviceOrders } from '../service-orders/service-orders.table.ts'
import { orderFilter, likePattern, organizationOf, tabPage } from './cabinet.shared.ts'

/** The service orders the organization is customer or contractor of: a page with its counts. */
export async function myServiceOrders(ctx: Ctx, query: unknown): Promise<CabinetOrdersPage> {
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
  const { rows, counts, ...paged } = await tabPage(
    page,
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
    (fields) => ctx.db.select(fields).from(serviceOrders).where(own),
    {
      matching: and(onSide, chosen, search),
      active: and(onSide, orderFilter('active')),
      completed: and(onSide, orderFilter('completed')),
      cancelled: and(onSide, orderFilter('cancelled')),
      purchase: asCustomer,
      sale: asContractor,
    },
  )
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
    ...paged,
    filterCounts: { active: counts.active, completed: counts.completed, cancelled: counts.cancelled },
    sideCounts: { purchase: counts.purchase, sale: counts.sale },
  }
}
