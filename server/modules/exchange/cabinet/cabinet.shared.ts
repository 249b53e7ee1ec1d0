import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import {
  CABINET_LIMITS,
  CABINET_MESSAGES,
  CABINET_ORDER_FILTER_STATUSES,
  CABINET_REQUEST_FILTER_STATUSES,
  type CabinetOfferFilter,
  type CabinetOrderFilter,
  type CabinetRequestFilter,
} from '#common/exchange/cabinet.ts'
import { type Ctx, requireUser } from '../../../context.ts'
import { countedPage } from '../../../db/pages.ts'
import { AppError } from '../../../errors.ts'
import { serviceOffers } from '../offers/offers.table.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { serviceOrders } from '../service-orders/service-orders.table.ts'

/** What the cabinet's tabs share: the caller's organization, filters, counting. */

/** The organization the caller works as; without one the cabinet has nothing to show. */
export function organizationOf(ctx: Ctx): string {
  requireUser(ctx)
  if (!ctx.organization) throw new AppError('forbidden', CABINET_MESSAGES.noOrganization)
  return ctx.organization.id
}

/** LIKE's wildcards typed in a search are literal. */
export { likePattern } from '../../../db/like.ts'

export const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString()

/** The rows of an offers tab, as the products' tabs are cut (products.service.ts). */
export function offerTabFilter(tab: CabinetOfferFilter): SQL {
  switch (tab) {
    case 'published':
      return eq(serviceOffers.published, true)
    case 'moderation':
      return eq(serviceOffers.status, 'moderation')
    case 'non-published':
      return and(eq(serviceOffers.published, false), ne(serviceOffers.status, 'moderation'))!
  }
}

export const requestFilter = (filter: CabinetRequestFilter) =>
  inArray(serviceRequests.status, [...CABINET_REQUEST_FILTER_STATUSES[filter]])

export const orderFilter = (filter: CabinetOrderFilter) =>
  inArray(serviceOrders.status, [...CABINET_ORDER_FILTER_STATUSES[filter]])

/** Today in Moscow, the platform's zone: a proposals deadline lasts to the end of its day there. */
export const moscowToday = sql`(now() at time zone 'Europe/Moscow')::date`

/** A tab's page with its counts: the shared counted page at the cabinet's page size. */
export function tabPage<Q extends PgSelect, K extends string>(
  page: number,
  rows: Q,
  counted: (fields: Record<string, SQL<number>>) => PromiseLike<Record<string, number>[]>,
  conditions: Record<K | 'matching', SQL | undefined>,
) {
  return countedPage({ page, pageSize: CABINET_LIMITS.pageSize }, rows, counted, conditions)
}
