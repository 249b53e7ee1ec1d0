import { and, avg, count, desc, eq, isNull } from 'drizzle-orm'
import {
  SERVICE_ORDER_ACTOR_OF,
  SERVICE_ORDER_MESSAGES,
  type ServiceOrderDetails,
  type ServiceOrderSide,
  type ServiceResult,
  type ServiceReviewsSummary,
  type ServiceSubmission,
} from '#common/exchange/service-orders.ts'
import {
  CancelServiceOrderInput,
  ReworkServiceOrderInput,
  ServiceOrderNumber,
  ServiceReviewInput,
  SubmitServiceResultInput,
} from '#common/exchange/service-orders.schemas.ts'
import type { AttachedFile } from '#common/exchange/services.ts'
import { type Ctx, requireStaff, requireUser, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { targetOf } from '../../../lifecycle/index.ts'
import { parse } from '../../../parse.ts'
import { recordAudit } from '../../audit/index.ts'
import type { ChatService } from '../../chat/index.ts'
import type { DocumentsService } from '../../documents/index.ts'
import type { DocumentSettings } from '#common/document-settings.ts'
import type { FilesService } from '../../files/index.ts'
import type { Events } from '../../notifications/index.ts'
import type { RateLimiter, RateLimitRule } from '../../rate-limit/index.ts'
import { serviceRequests } from '../requests/requests.table.ts'
import {
  moveServiceOrder,
  SERVICE_ORDER_TRANSITIONS,
  type ServiceOrderActor,
  type ServiceOrderEvent,
  serviceOrderLifecycle,
  serviceOrderTransition,
} from './service-orders.machine.ts'
import { serviceOrders, serviceReviews } from './service-orders.table.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import { reviewView, submissionOf, viewServiceOrder } from './service-orders.view.ts'
import { actIssueOf, actRequestOf } from './service-orders.act.ts'

/** The two sides click through their order; more than this is a script. */
export const SERVICE_ORDER_WRITE_RATE_LIMIT: RateLimitRule = { limit: 120, windowMs: 60_000 }

export type ServiceOrderRow = typeof serviceOrders.$inferSelect
/** The newest reviews a seller's page lists; the count and the average cover them all. */
const REVIEWS_SHOWN = 50
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Move = Exclude<ServiceOrderEvent, 'create'>

export interface ServiceOrdersDeps {
  /** Names of the members in the order's history. */
  describeUsers(ctx: Ctx, ids: string[]): Promise<{ id: string; name: string }[]>
  events: Events
  /** The order's room; absent where the chat is not built. */
  chat?: Pick<ChatService, 'openRequestRoom'>
  files: Pick<FilesService, 'describeMany' | 'readAttached'>
  limiter: RateLimiter
  /** The act of accepted work is issued in the acceptance's transaction. */
  documents: Pick<DocumentsService, 'issueAct'>
  /** The contractor's signatories and VAT status: what its act prints. */
  documentSettingsOf(ctx: Ctx, organizationId: string): Promise<DocumentSettings | null>
}

export interface ServiceOrdersService {
  /** The order on the caller's side (`purchase`: the customer, `sale`: the contractor); anyone else's is a 404. */
  get(ctx: Ctx, side: string, number: string): Promise<ServiceOrderDetails>
  /** Staff: any order, read-only; each opening is written to the audit log. */
  staffGet(ctx: Ctx, number: string): Promise<ServiceOrderDetails>
  start(ctx: Ctx, side: string, number: string): Promise<ServiceOrderDetails>
  /** The contractor hands over the result: a report, files uploaded through /files, or both. */
  submitResult(ctx: Ctx, side: string, number: string, input: unknown): Promise<ServiceOrderDetails>
  accept(ctx: Ctx, side: string, number: string): Promise<ServiceOrderDetails>
  requestRework(ctx: Ctx, side: string, number: string, input: unknown): Promise<ServiceOrderDetails>
  cancel(ctx: Ctx, side: string, number: string, input: unknown): Promise<ServiceOrderDetails>
  /** After completion each side rates the other once. */
  review(ctx: Ctx, side: string, number: string, input: unknown): Promise<ServiceOrderDetails>
  /** A file of the result (the current one or an earlier version), for both sides. */
  resultFile(
    ctx: Ctx,
    side: string,
    number: string,
    fileId: string,
  ): Promise<{ data: Buffer; mimeType: string; name: string }>
  /** The customers' visible reviews of a contractor and their average, newest first. */
  reviewsOf(ctx: Ctx, sellerOrganizationId: string): Promise<ServiceReviewsSummary>
}

const SIDE_COLUMN = {
  purchase: serviceOrders.customerOrganizationId,
  sale: serviceOrders.contractorOrganizationId,
} as const

export function createServiceOrdersService(deps: ServiceOrdersDeps): ServiceOrdersService {
  const notFound = () => new AppError('not_found', SERVICE_ORDER_MESSAGES.notFound)

  /** The organization the caller works as; orders are its, whoever of its members acts. */
  function workingAs(ctx: Ctx): string {
    requireUser(ctx)
    if (!ctx.organization) throw notFound()
    return ctx.organization.id
  }

  function sideOf(side: string): ServiceOrderSide {
    if (side !== 'purchase' && side !== 'sale') throw notFound()
    return side
  }

  /** The caller's organization's order by its number on that side; anyone else's is a 404. */
  async function findOrder(ctx: Ctx, side: ServiceOrderSide, number: string, lock = false) {
    const organizationId = workingAs(ctx)
    if (!ServiceOrderNumber.safeParse(number).success) throw notFound()
    const query = ctx.db
      .select()
      .from(serviceOrders)
      .where(and(eq(serviceOrders.number, number), eq(SIDE_COLUMN[side], organizationId)))
    const [row] = lock ? await query.for('update') : await query
    if (!row) throw notFound()
    return row
  }

  /**
   * A click repeated after the move went through (the order already where this side's event
   * leads) answers the order as it is. An event this side never makes is still refused.
   */
  function isRepeat(row: ServiceOrderRow, event: Move, who: ServiceOrderActor): boolean {
    const makes = SERVICE_ORDER_TRANSITIONS.some((t) => t.event === event && t.who === who)
    return makes && row.status === targetOf(serviceOrderLifecycle, event)
  }

  /**
   * Makes the move with what it writes beside the status, and tells the other side by e-mail and
   * in the order's room, all in one transaction: a crash after the commit loses no notice.
   */
  async function move(
    ctx: Ctx,
    sideParam: string,
    number: string,
    event: Move,
    opts: {
      comment?: string | null
      prepare?: (tx: Ctx, row: ServiceOrderRow) => Promise<Partial<ServiceOrderRow>>
    } = {},
  ): Promise<ServiceOrderDetails> {
    const side = sideOf(sideParam)
    workingAs(ctx)
    await deps.limiter.hit(`service-orders:${ctx.user!.id}`, SERVICE_ORDER_WRITE_RATE_LIMIT)
    const who = SERVICE_ORDER_ACTOR_OF[side]
    const comment = opts.comment ?? null
    const moved = await ctx.db.transaction(async (tx) => {
      const txCtx = withDb(ctx, tx)
      const row = await findOrder(txCtx, side, number, true)
      if (isRepeat(row, event, who)) return null
      const step = serviceOrderTransition(row.status, event, who, row.number)
      const set = (await opts.prepare?.(txCtx, row)) ?? {}
      await moveServiceOrder(txCtx, row.id, step, { comment, set })
      const after: ServiceOrderRow = { ...row, ...set, status: step.to }
      await tell(
        txCtx,
        { ...after, chatRoomId: after.chatRoomId ?? (await openRoom(txCtx, after)) },
        who,
        event,
        comment,
      )
      return after
    })
    if (moved) deps.events.afterCommit()
    return viewServiceOrder(ctx, deps, moved ?? (await findOrder(ctx, side, number)), side)
  }

  /**
   * Tells of the move in its transaction: the side that did not make it by e-mail, both in the
   * order's conversation (the notifications module decides).
   */
  async function tell(ctx: Ctx, row: ServiceOrderRow, by: ServiceOrderActor, event: Move, comment: string | null) {
    await deps.events.emit(ctx, {
      type: 'exchange.service_order_changed',
      order: { number: row.number, title: row.title, status: row.status, priceKopecks: row.priceKopecks },
      customer: { id: row.customer.id, name: row.customer.name },
      contractor: { id: row.contractor.id, name: row.contractor.name },
      by,
      event,
      comment,
      room: row.chatRoomId,
    })
  }

  /** An order made without a room (the proposal had none) gets the request's room between the two. */
  async function openRoom(ctx: Ctx, row: ServiceOrderRow): Promise<string | null> {
    if (!deps.chat) return null
    const [request] = await ctx.db
      .select({ number: serviceRequests.number, title: serviceRequests.title })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, row.requestId))
    const { guid } = await deps.chat.openRequestRoom(ctx, {
      requestId: row.requestId,
      title: request ? `Заявка № ${request.number}: ${request.title}` : `Заказ № ${row.number}`,
      customerOrganizationId: row.customerOrganizationId,
      vendorOrganizationId: row.contractorOrganizationId,
    })
    await ctx.db.update(serviceOrders).set({ chatRoomId: guid }).where(eq(serviceOrders.id, row.id))
    return guid
  }

  /** The uploaded files as the result names them; a file the caller may not see is refused. */
  async function attachedFiles(ctx: Ctx, fileIds: string[]): Promise<AttachedFile[]> {
    const ids = [...new Set(fileIds.map((id) => id.toLowerCase()))]
    if (!ids.length) return []
    const found = new Map((await deps.files.describeMany(ctx, ids)).map((f) => [f.id, f]))
    return ids.map((id) => {
      const file = found.get(id)
      if (!file) throw new AppError('invalid', 'Файл не найден: загрузите его ещё раз', { fileIds: 'Файл не найден' })
      return { fileId: file.id, name: file.originalName, size: file.size, mimeType: file.mimeType }
    })
  }

  return {
    async get(ctx, side, number) {
      const s = sideOf(side)
      return viewServiceOrder(ctx, deps, await findOrder(ctx, s, number), s)
    },

    async staffGet(ctx, number) {
      requireStaff(ctx)
      const [row] = ServiceOrderNumber.safeParse(number).success
        ? await ctx.db.select().from(serviceOrders).where(eq(serviceOrders.number, number))
        : []
      if (!row) throw notFound()
      await recordAudit(ctx, {
        action: 'service_order.staff_view',
        targetType: 'service_order',
        targetId: row.id,
        details: { number },
      })
      return viewServiceOrder(ctx, deps, row, 'purchase', true)
    },

    start(ctx, side, number) {
      return move(ctx, side, number, 'start')
    },

    async submitResult(ctx, side, number, input) {
      const data = parse(SubmitServiceResultInput, input ?? {})
      if (!data.report && !data.fileIds.length) {
        throw new AppError('invalid', SERVICE_ORDER_MESSAGES.report, { report: SERVICE_ORDER_MESSAGES.report })
      }
      return move(ctx, side, number, 'submitResult', {
        prepare: async (tx, row) => {
          // The act the customer's acceptance issues is signed by the contractor's signatories.
          if (!(await deps.documentSettingsOf(tx, row.contractorOrganizationId))) {
            throw new AppError('conflict', SERVICE_ORDER_MESSAGES.noSignatories)
          }
          const files = await attachedFiles(tx, data.fileIds)
          const submission: ServiceSubmission = { report: data.report, files, submittedAt: new Date().toISOString() }
          const earlier = row.result ? [...row.result.earlier, submissionOf(row.result)] : []
          const result: ServiceResult = { ...submission, earlier }
          return { result, reworkComment: null }
        },
      })
    },

    accept(ctx, side, number) {
      return move(ctx, side, number, 'accept', {
        // The act is issued with the acceptance, numbered next in the contractor's acts of the year.
        prepare: async (tx, row) => {
          const settings = await deps.documentSettingsOf(tx, row.contractorOrganizationId)
          if (!settings) throw new AppError('conflict', SERVICE_ORDER_MESSAGES.noSignatories)
          const request = await actRequestOf(tx, row.requestId)
          const issue = actIssueOf(row, request, settings, { at: new Date(), byName: tx.user?.name ?? null })
          return { act: await deps.documents.issueAct(tx, issue) }
        },
      })
    },

    requestRework(ctx, side, number, input) {
      const { comment } = parse(ReworkServiceOrderInput, input ?? {})
      return move(ctx, side, number, 'requestRework', {
        comment,
        prepare: async () => ({ reworkComment: comment }),
      })
    },

    cancel(ctx, side, number, input) {
      const { reason } = parse(CancelServiceOrderInput, input ?? {})
      return move(ctx, side, number, 'cancel', { comment: reason, prepare: async () => ({ cancelReason: reason }) })
    },

    async review(ctx, side, number, input) {
      const s = sideOf(side)
      const user = requireUser(ctx)
      const { rating, text } = parse(ServiceReviewInput, input ?? {})
      await deps.limiter.hit(`service-orders:${user.id}`, SERVICE_ORDER_WRITE_RATE_LIMIT)
      const row = await findOrder(ctx, s, number)
      if (row.status !== 'completed') throw new AppError('conflict', SERVICE_ORDER_MESSAGES.reviewTooEarly)
      const author = s === 'purchase' ? row.customer : row.contractor
      const subject = s === 'purchase' ? row.contractor : row.customer
      try {
        await ctx.db.transaction(async (tx) => {
          await tx.insert(serviceReviews).values({
            orderId: row.id,
            orderNumber: row.number,
            side: s,
            authorOrganizationId: author.id,
            authorUserId: user.id,
            authorName: user.name,
            authorOrganizationName: author.name,
            subjectOrganizationId: subject.id,
            serviceType: row.type,
            rating,
            text,
          })
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', SERVICE_ORDER_MESSAGES.reviewExists)
        throw error
      }
      return viewServiceOrder(ctx, deps, row, s)
    },

    async resultFile(ctx, side, number, fileId) {
      const row = await findOrder(ctx, sideOf(side), number)
      const versions = row.result ? [...row.result.earlier, row.result] : []
      const attached = versions.flatMap((v) => v.files).find((f) => f.fileId === fileId.toLowerCase())
      if (!attached) throw new AppError('not_found', 'Файл не найден')
      const { meta, data } = await deps.files.readAttached(ctx, attached.fileId)
      return { data, mimeType: meta.mimeType, name: meta.originalName }
    },

    async reviewsOf(ctx, sellerOrganizationId) {
      if (!UUID.test(sellerOrganizationId)) return { items: [], count: 0, average: null }
      const visible = and(
        eq(serviceReviews.subjectOrganizationId, sellerOrganizationId),
        eq(serviceReviews.side, 'purchase'),
        isNull(serviceReviews.hiddenAt),
      )
      const [rows, totals] = await Promise.all([
        ctx.db
          .select()
          .from(serviceReviews)
          .where(visible)
          .orderBy(desc(serviceReviews.createdAt))
          .limit(REVIEWS_SHOWN),
        ctx.db
          .select({ count: count(), average: avg(serviceReviews.rating) })
          .from(serviceReviews)
          .where(visible),
      ])
      const total = Number(totals[0]?.count ?? 0)
      const average = total ? Math.round(Number(totals[0]!.average) * 10) / 10 : null
      return { items: rows.map(reviewView), count: total, average }
    },
  }
}
