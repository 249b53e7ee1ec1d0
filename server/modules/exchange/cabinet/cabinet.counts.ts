import { sql } from 'drizzle-orm'
import type { CabinetCounts } from '#common/exchange/cabinet.ts'
import type { Ctx } from '../../../context.ts'
import { serviceOffers } from '../offers/offers.table.ts'
import { serviceProposals } from '../proposals/proposals.table.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { serviceOrders } from '../service-orders/service-orders.table.ts'
import { organizationOf } from './cabinet.shared.ts'

/** The four tabs' row counts of the caller's organization: one statement. */
export async function counts(ctx: Ctx): Promise<CabinetCounts> {
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
}
