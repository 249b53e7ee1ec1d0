import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { ContractorRecord } from '#common/exchange/service-orders.ts'
import type { Ctx } from '../../../context.ts'
import { serviceOrders, serviceReviews as reviews } from './service-orders.table.ts'

/** The reviews a contractor's rating counts: customers' reviews of its work that staff did not hide. */
export const customersVisibleReviews = and(eq(reviews.side, 'purchase'), isNull(reviews.hiddenAt))

/** A contractor's rating as a column of a statement over its organizations (the listing's cards). */
export const contractorRatingOf = (organizationId: AnyPgColumn) => sql<{ average: number; count: number }>`(
  select json_build_object('average', coalesce(round(avg(${reviews.rating}), 2), 0), 'count', count(*))
  from ${reviews}
  where ${reviews.subjectOrganizationId} = ${organizationId} and ${customersVisibleReviews}
)`

/**
 * What a customer weighs beside a proposal's price: each contractor's rating from customers'
 * reviews and the number of service orders it has completed. Two statements for any number.
 */
export async function contractorRecords(ctx: Ctx, organizationIds: string[]): Promise<Map<string, ContractorRecord>> {
  const ids = [...new Set(organizationIds)]
  const records = new Map<string, ContractorRecord>(
    ids.map((id) => [id, { rating: { average: 0, count: 0 }, completedOrders: 0 }]),
  )
  if (!ids.length) return records
  const [ratings, completed] = await Promise.all([
    ctx.db
      .select({
        id: reviews.subjectOrganizationId,
        average: sql<number>`coalesce(round(avg(${reviews.rating}), 2), 0)::float8`,
        count: count(),
      })
      .from(reviews)
      .where(and(inArray(reviews.subjectOrganizationId, ids), customersVisibleReviews))
      .groupBy(reviews.subjectOrganizationId),
    ctx.db
      .select({ id: serviceOrders.contractorOrganizationId, count: count() })
      .from(serviceOrders)
      .where(and(inArray(serviceOrders.contractorOrganizationId, ids), eq(serviceOrders.status, 'completed')))
      .groupBy(serviceOrders.contractorOrganizationId),
  ])
  for (const r of ratings) records.get(r.id)!.rating = { average: Number(r.average), count: Number(r.count) }
  for (const c of completed) records.get(c.id)!.completedOrders = Number(c.count)
  return records
}
