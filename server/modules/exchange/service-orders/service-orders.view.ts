import { and, asc, eq, isNull } from 'drizzle-orm'
import { formatIsoDate } from '#common/calendar-date.ts'
import {
  SERVICE_ORDER_ACTOR_OF,
  type ServiceOrderAction,
  type ServiceOrderDetails,
  type ServiceOrderHistoryEntry,
  type ServiceOrderSide,
  type ServiceReviewView,
  type ServiceSubmission,
} from '#common/exchange/service-orders.ts'
import type { OrderParty } from '#common/orders.ts'
import { type Ctx } from '../../../context.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import { serviceOrderActionsFor, serviceOrderHistoryEventOf } from './service-orders.machine.ts'
import { serviceOrderEvents, type serviceOrders, serviceReviews } from './service-orders.table.ts'

const partyView = (party: OrderParty) => ({
  id: party.id,
  name: party.name,
  fullName: party.fullName,
  slug: party.slug,
  inn: party.inn,
})

export const reviewView = (r: typeof serviceReviews.$inferSelect): ServiceReviewView => ({
  side: r.side,
  rating: r.rating,
  text: r.text,
  authorName: r.authorName,
  authorOrganizationName: r.authorOrganizationName,
  createdAt: r.createdAt.toISOString(),
})

/** The order as one side (or staff, read-only) sees it: its history with names, the result's versions, the reviews. */
export async function viewServiceOrder(
  ctx: Ctx,
  deps: { describeUsers(ctx: Ctx, ids: string[]): Promise<{ id: string; name: string }[]> },
  row: typeof serviceOrders.$inferSelect,
  side: ServiceOrderSide,
  staff = false,
): Promise<ServiceOrderDetails> {
  const [events, reviews, request] = await Promise.all([
    ctx.db
      .select()
      .from(serviceOrderEvents)
      .where(eq(serviceOrderEvents.orderId, row.id))
      .orderBy(asc(serviceOrderEvents.createdAt), asc(serviceOrderEvents.id)),
    ctx.db
      .select()
      .from(serviceReviews)
      .where(and(eq(serviceReviews.orderId, row.id), isNull(serviceReviews.hiddenAt)))
      .orderBy(asc(serviceReviews.createdAt)),
    ctx.db
      .select({ number: serviceRequests.number })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, row.requestId)),
  ])
  const userIds = [...new Set(events.flatMap((e) => (e.byUserId ? [e.byUserId] : [])))]
  const names = new Map((await deps.describeUsers(ctx, userIds)).map((u) => [u.id, u.name]))
  // The n-th submission in the history is the n-th version of the result.
  const submissions: ServiceSubmission[] = row.result ? [...row.result.earlier, submissionOf(row.result)] : []
  let submitted = 0
  const history: ServiceOrderHistoryEntry[] = events.map((e) => {
    const { event, by } = serviceOrderHistoryEventOf(e.event)
    return {
      event,
      from: e.fromStatus,
      to: e.toStatus,
      by,
      byName: e.byUserId ? (names.get(e.byUserId) ?? null) : null,
      comment: e.comment,
      submission: event === 'submitResult' ? (submissions[submitted++] ?? null) : null,
      at: e.createdAt.toISOString(),
    }
  })
  const who = SERVICE_ORDER_ACTOR_OF[side]
  const mine = reviews.some((r) => r.side === side)
  return {
    number: row.number,
    side,
    status: row.status,
    type: row.type,
    title: row.title,
    priceKopecks: row.priceKopecks,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    terms: row.terms,
    flight: row.flight,
    request: { number: request[0]?.number ?? '' },
    customer: partyView(row.customer),
    contractor: partyView(row.contractor),
    result: row.result ? submissionOf(row.result) : null,
    reworkComment: row.reworkComment,
    cancelReason: row.cancelReason,
    chatRoomId: row.chatRoomId,
    history,
    actions: staff ? [] : (serviceOrderActionsFor(row.status, who) as ServiceOrderAction[]),
    documents:
      row.act && !staff
        ? [
            {
              kind: 'act' as const,
              title: `Акт выполненных работ № ${row.act.number} от ${formatIsoDate(row.act.date)}`,
              href: `/api/v1/service-orders/${side}/${row.number}/documents/act.pdf`,
            },
          ]
        : [],
    reviews: reviews.map(reviewView),
    canReview: !staff && row.status === 'completed' && !mine,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } satisfies ServiceOrderDetails
}

/** A stored result without its earlier versions. */
export function submissionOf(result: ServiceSubmission): ServiceSubmission {
  return { report: result.report, files: result.files, submittedAt: result.submittedAt }
}
