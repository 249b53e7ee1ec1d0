import { asc, inArray } from 'drizzle-orm'
import type { ProposalRevisionView, ProposalView } from '#common/exchange/proposals.ts'
import type { Ctx } from '../../../context.ts'
import { serviceProposalRevisions, type serviceProposals } from './proposals.table.ts'
import { serviceOrders } from '../service-orders/service-orders.table.ts'
import { contractorRecords } from '../service-orders/contractor-records.ts'

export type ProposalRow = typeof serviceProposals.$inferSelect

/**
 * Proposals as their author or the customer reads them, with their earlier versions and the
 * service order an acceptance made, and each author's record as a contractor: four statements
 * whatever the number of proposals.
 */
export async function viewProposals(ctx: Ctx, rows: ProposalRow[]): Promise<ProposalView[]> {
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const [revisions, orders, records] = await Promise.all([
    ctx.db
      .select()
      .from(serviceProposalRevisions)
      .where(inArray(serviceProposalRevisions.proposalId, ids))
      .orderBy(asc(serviceProposalRevisions.revision)),
    ctx.db
      .select({ proposalId: serviceOrders.proposalId, number: serviceOrders.number })
      .from(serviceOrders)
      .where(inArray(serviceOrders.proposalId, ids)),
    contractorRecords(
      ctx,
      rows.map((r) => r.vendor.id),
    ),
  ])
  const orderOf = new Map(orders.map((o) => [o.proposalId, o.number]))
  const earlierOf = new Map<string, ProposalRevisionView[]>()
  for (const r of revisions) {
    const list = earlierOf.get(r.proposalId) ?? []
    list.push({
      revision: r.revision,
      priceKopecks: r.priceKopecks,
      startsOn: r.startsOn,
      endsOn: r.endsOn,
      terms: r.terms,
      message: r.message,
      files: r.files,
      replacedAt: r.createdAt.toISOString(),
    })
    earlierOf.set(r.proposalId, list)
  }
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    vendor: { id: row.vendor.id, name: row.vendor.name, slug: row.vendor.slug, ...records.get(row.vendor.id)! },
    priceKopecks: row.priceKopecks,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    terms: row.terms,
    message: row.message,
    files: row.files,
    revision: row.revision,
    revisions: earlierOf.get(row.id) ?? [],
    rejectReason: row.rejectReason,
    chatRoomId: row.chatRoomId,
    serviceOrderNumber: orderOf.get(row.id) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }))
}

/** The (request, vendor) room's name: the request it is about. */
export const roomTitle = (request: { number: string; title: string }) => `Заявка № ${request.number}: ${request.title}`
