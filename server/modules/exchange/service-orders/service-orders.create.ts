import { sql } from 'drizzle-orm'
import { formatServiceOrderNumber } from '#common/exchange/services.ts'
import type { Ctx } from '../../../context.ts'
import type { serviceProposals } from '../proposals/proposals.table.ts'
import type { serviceRequests } from '../requests/requests.table.ts'
import { recordServiceOrderCreation } from './service-orders.machine.ts'
import { serviceOrders } from './service-orders.table.ts'
import { rowsOf } from '../../../db/rows.ts'

type RequestRow = typeof serviceRequests.$inferSelect
type ProposalRow = typeof serviceProposals.$inferSelect

/**
 * The service order an accepted proposal makes, with its first history row. Call it inside the
 * transaction that accepts the proposal (ctx.db is that transaction), so both happen or neither.
 * The unique index on the proposal makes a repeated accept find the same order: the caller
 * checks the proposal's status first, and this returns the order that exists if one does.
 */
export async function createServiceOrder(
  ctx: Ctx,
  request: RequestRow,
  proposal: ProposalRow,
): Promise<{ id: string; number: string }> {
  const [existing] = await ctx.db
    .select({ id: serviceOrders.id, number: serviceOrders.number })
    .from(serviceOrders)
    .where(sql`${serviceOrders.proposalId} = ${proposal.id}`)
  if (existing) return existing
  const numbered = await ctx.db.execute<{ next: number }>(sql`select nextval('service_order_numbers')::int as next`)
  const next = Number(rowsOf<{ next: number }>(numbered)[0]!.next)
  const [order] = await ctx.db
    .insert(serviceOrders)
    .values({
      number: formatServiceOrderNumber(new Date(), next),
      requestId: request.id,
      proposalId: proposal.id,
      customerOrganizationId: request.organizationId,
      contractorOrganizationId: proposal.organizationId,
      customer: request.customer,
      contractor: proposal.vendor,
      type: request.type,
      title: request.title,
      priceKopecks: proposal.priceKopecks,
      startsOn: proposal.startsOn,
      endsOn: proposal.endsOn,
      terms: proposal.terms,
      flight: request.flight,
      chatRoomId: proposal.chatRoomId,
    })
    .returning({ id: serviceOrders.id, number: serviceOrders.number })
  await recordServiceOrderCreation(ctx, order!.id)
  return order!
}
