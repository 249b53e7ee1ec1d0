import { and, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import {
  CancelOrderInput,
  type CheckoutResult,
  ConfirmOrderInput,
  ORDER_FILTER_STATUSES,
  ORDER_LIMITS,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  OrderCommentInput,
  type OrderDetails,
  type OrderList,
  OrderListQuery,
  OrderNumber,
  type OrderSide,
  type OrderStatus,
  ShipOrderInput,
} from '#common/orders.ts'
import { formatPrice } from '#common/catalog/format.ts'
import type { BankRequisites } from '#common/bank-requisites.ts'
import type { WhoamiOrganization } from '#common/organizations.ts'
import { type Ctx, requireStaff, requireUser, systemCtx, withDb } from '../../context.ts'
import { recordAudit } from '../audit/index.ts'
import { AppError } from '../../errors.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import { targetOf } from '../../lifecycle/index.ts'
import { parse } from '../../parse.ts'
import type { CatalogService } from '../catalog/index.ts'
import { type ChatService, wordsOf } from '../chat/index.ts'
import type { FilesService } from '../files/index.ts'
import type { Events } from '../notifications/index.ts'
import type { MemberDirectory, PartyDirectory } from '../organizations/index.ts'
import type { ProductStock } from '../products/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import { checkout } from './checkout.ts'
import { type OrderActor, type OrderEvent, moveOrder, orderLifecycle, orderTransition } from './orders.machine.ts'
import { orderLines, orders } from './orders.table.ts'
import { renderOrderDocument } from './orders.documents.ts'
import { lineCounts, type OrderRow, toSummary, viewOrder } from './orders.view.ts'

/** Sellers and buyers click through their orders; more than this is a script. */
export const ORDER_WRITE_RATE_LIMIT: RateLimitRule = { limit: 120, windowMs: 60_000 }

export const AUTO_DELIVER_JOB = 'orders.auto_deliver'
export const AUTO_COMPLETE_JOB = 'orders.auto_complete'
export const REGISTRATION_REMINDER_JOB = 'orders.registration_reminder'
const DAY_MS = 24 * 60 * 60_000

export interface OrdersDeps {
  catalog: Pick<CatalogService, 'describeOffers'>
  members: Pick<MemberDirectory, 'describe' | 'membersOf'>
  parties: PartyDirectory
  stock: ProductStock
  organizations: {
    listMine(ctx: Ctx): Promise<WhoamiOrganization[]>
    bankRequisitesOf(ctx: Ctx, organizationId: string): Promise<BankRequisites | null>
  }
  describeUsers(ctx: Ctx, ids: string[]): Promise<{ id: string; name: string; email: string }[]>
  events: Events
  /** The order's conversation; absent where the chat is not built (some tests). */
  chat?: Pick<ChatService, 'openRequestRoom' | 'postNews' | 'publishNews'>
  jobs: Pick<JobsService, 'register' | 'enqueue'>
  /** The shipping document: the seller's upload, read back by both sides. */
  files: Pick<FilesService, 'describeMany' | 'readAttached'>
  limiter: RateLimiter
  log: (msg: string, err?: unknown) => void
}

export interface OrdersService {
  checkout(ctx: Ctx, input: unknown): Promise<CheckoutResult>
  list(ctx: Ctx, query: unknown): Promise<OrderList>
  get(ctx: Ctx, side: string, number: string): Promise<OrderDetails>
  confirm(ctx: Ctx, number: string, input: unknown): Promise<OrderDetails>
  markPaid(ctx: Ctx, number: string, input: unknown): Promise<OrderDetails>
  ship(ctx: Ctx, number: string, input: unknown): Promise<OrderDetails>
  confirmDelivery(ctx: Ctx, number: string, input: unknown): Promise<OrderDetails>
  complete(ctx: Ctx, number: string, input: unknown): Promise<OrderDetails>
  cancel(ctx: Ctx, side: string, number: string, input: unknown): Promise<OrderDetails>
  /** The buyer says the order's drones are registered: the reminders stop. */
  markRegistered(ctx: Ctx, number: string): Promise<OrderDetails>
  /** Staff: every organization's orders, read-only; each order opened is written to the audit log. */
  staffList(ctx: Ctx, query: unknown): Promise<OrderList>
  staffGet(ctx: Ctx, number: string): Promise<OrderDetails>
  /** The shipping document the seller attached (a transport company's waybill), for both sides. */
  shippingDocument(ctx: Ctx, side: string, number: string): Promise<{ data: Buffer; mimeType: string; name: string }>
  /** The invoice or the delivery note of the caller's order, as PDF bytes. */
  document(ctx: Ctx, side: string, number: string, kind: string): Promise<{ pdf: Buffer; filename: string }>
  /**
   * For reviews: the caller's organization's purchase by its number (anyone else's is a 404),
   * whether it reached the buyer, its seller and the products bought. Two statements.
   */
  purchaseForReview(ctx: Ctx, number: string): Promise<PurchaseForReview>
}

export interface PurchaseForReview {
  id: string
  number: string
  /** Delivered or completed: the buyer has the goods. */
  received: boolean
  buyer: { id: string; name: string }
  seller: { id: string; name: string; slug: string }
  lines: { productId: string; title: string; slug: string }[]
}

const SIDE_COLUMN = { purchase: orders.buyerOrganizationId, sale: orders.sellerOrganizationId } as const
const ACTOR_OF: Record<OrderSide, 'buyer' | 'seller'> = { purchase: 'buyer', sale: 'seller' }

/** LIKE's wildcards typed in a search are literal. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** By number, or by the seller's or the buyer's name. */
function searchCondition(q: string): SQL {
  const pattern = likePattern(q)
  return or(
    ilike(orders.number, pattern),
    ilike(sql`${orders.seller} ->> 'name'`, pattern),
    ilike(sql`${orders.buyer} ->> 'name'`, pattern),
  )!
}

export function createOrdersService(deps: OrdersDeps): OrdersService {
  /** The organization the caller works as; orders are its, whoever of its members acts. */
  function workingAs(ctx: Ctx): string {
    requireUser(ctx)
    if (!ctx.organization) throw new AppError('not_found', ORDER_MESSAGES.notFound)
    return ctx.organization.id
  }

  function sideOf(side: string): OrderSide {
    if (side !== 'purchase' && side !== 'sale') throw new AppError('not_found', ORDER_MESSAGES.notFound)
    return side
  }

  /** The caller's organization's order by its number on that side; anyone else's is a 404. */
  async function findOrder(ctx: Ctx, side: OrderSide, number: string, lock = false): Promise<OrderRow> {
    const organizationId = workingAs(ctx)
    if (!OrderNumber.safeParse(number).success) throw new AppError('not_found', ORDER_MESSAGES.notFound)
    const query = ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.number, number), eq(SIDE_COLUMN[side], organizationId)))
    const [row] = lock ? await query.for('update') : await query
    if (!row) throw new AppError('not_found', ORDER_MESSAGES.notFound)
    return row
  }

  const view = (ctx: Ctx, row: OrderRow, side: OrderSide) => viewOrder(ctx, row, side, deps.describeUsers)

  /**
   * Makes the move, with what it writes beside the status, then tells the other side by e-mail
   * and in the order's conversation. A repeated click (the order already where the event leads)
   * answers the order as it is.
   */
  async function move(
    ctx: Ctx,
    side: OrderSide,
    number: string,
    event: Exclude<OrderEvent, 'place'>,
    opts: {
      comment?: string | null
      /** Checks and extra columns, inside the transaction, from the locked row. */
      prepare?: (tx: Ctx, row: OrderRow) => Promise<Record<string, unknown> | void>
      after?: (tx: Ctx, row: OrderRow) => Promise<void>
    } = {},
  ): Promise<OrderDetails> {
    workingAs(ctx)
    await deps.limiter.hit(`orders:${ctx.user!.id}`, ORDER_WRITE_RATE_LIMIT)
    const who = ACTOR_OF[side]
    const moved = await ctx.db.transaction(async (tx) => {
      const txCtx = withDb(ctx, tx)
      const row = await findOrder(txCtx, side, number, true)
      if (row.status === targetOf(orderLifecycle, event) && event !== 'cancel') return null
      if (event === 'cancel' && row.status === 'cancelled') return null
      const step = orderTransition(row.status, event, who, row.number)
      const set = (await opts.prepare?.(txCtx, row)) ?? {}
      await moveOrder(txCtx, row.id, step, { comment: opts.comment ?? null, set })
      const after = { ...row, ...set, status: step.to } as OrderRow
      await opts.after?.(txCtx, after)
      await tell(txCtx, after, who, opts.comment ?? null)
      await postToConversation(txCtx, after, who, opts.comment ?? null)
      return after
    })
    const row = moved ?? (await findOrder(ctx, side, number))
    if (moved) deps.chat?.publishNews()
    return view(ctx, row, side)
  }

  /** E-mails the members of the side that did not move the order, in the mover's transaction. */
  async function tell(ctx: Ctx, row: OrderRow, by: OrderActor, comment: string | null) {
    const toldSides: OrderSide[] = by === 'buyer' ? ['sale'] : by === 'seller' ? ['purchase'] : ['purchase', 'sale']
    for (const side of toldSides) {
      const organizationId = side === 'purchase' ? row.buyerOrganizationId : row.sellerOrganizationId
      const members = await deps.members.membersOf(ctx.db, [organizationId])
      const recipients = await deps.describeUsers(
        ctx,
        members.map((m) => m.userId),
      )
      if (!recipients.length) continue
      const counterpart = side === 'purchase' ? row.seller : row.buyer
      await deps.events.emit(ctx, {
        type: 'orders.status_changed',
        order: { number: row.number, status: row.status, totalKopecks: row.totalKopecks },
        side,
        counterpart: { id: counterpart.id, name: counterpart.name },
        by,
        comment,
        recipients,
      })
    }
  }

  /**
   * The order's news as a system message in its conversation, written in the move's transaction
   * (so a crash after the commit loses none, and a move rolled back says nothing).
   */
  async function postToConversation(ctx: Ctx, row: OrderRow, by: OrderActor, comment: string | null) {
    if (!deps.chat) return
    const who = by === 'buyer' ? 'Покупатель' : by === 'seller' ? 'Продавец' : 'Платформа'
    const text =
      row.status === 'created'
        ? `Оформлен заказ № ${row.number} на сумму ${formatPrice(row.totalKopecks)}.`
        : `${who}: заказ № ${row.number} — «${ORDER_STATUS_LABELS[row.status]}».${comment ? ` ${row.status === 'cancelled' ? 'Причина' : 'Комментарий'} — в следующем сообщении.` : ''}`
    const room = row.chatRoomId ?? ((inner: Ctx) => openConversation(inner, row))
    await deps.chat.postNews(ctx, room, text, wordsOf(ctx, comment), `order ${row.number}`)
  }

  async function openConversation(
    ctx: Ctx,
    row: Pick<OrderRow, 'id' | 'number' | 'buyerOrganizationId' | 'sellerOrganizationId'>,
  ) {
    const { guid } = await deps.chat!.openRequestRoom(ctx, {
      requestId: row.id,
      title: `Заказ № ${row.number}`,
      customerOrganizationId: row.buyerOrganizationId,
      vendorOrganizationId: row.sellerOrganizationId,
    })
    await ctx.db.update(orders).set({ chatRoomId: guid }).where(eq(orders.id, row.id))
    return guid
  }

  /** Stock goes back when an order that took it is cancelled. */
  async function releaseStock(ctx: Ctx, row: OrderRow) {
    const lines = await ctx.db
      .select({ productId: orderLines.productId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, row.id))
    await deps.stock.release(ctx, lines)
  }

  // The platform's own moves: a shipped order counts as delivered, a delivered one as completed.
  const autoMoves = [
    [AUTO_DELIVER_JOB, 'shipped', 'confirmDelivery'],
    [AUTO_COMPLETE_JOB, 'delivered', 'complete'],
  ] as const
  for (const [kind, from, event] of autoMoves) {
    deps.jobs.register(kind, async (run) => {
      const { orderId } = run.job.payload as { orderId: string }
      const ctx = systemCtx(run.db, { requestId: `job:${run.job.id}` })
      const moved = await run.db.transaction(async (tx) => {
        const txCtx = withDb(ctx, tx)
        const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
        // The buyer got there first, or the order went another way: nothing to do.
        if (!row || row.status !== from) return null
        const step = orderTransition(row.status, event, 'system', row.number)
        const set = event === 'confirmDelivery' ? { deliveredAt: new Date() } : {}
        await moveOrder(txCtx, row.id, step, { set })
        const after = { ...row, ...set, status: step.to } as OrderRow
        if (event === 'confirmDelivery') await scheduleCompletion(txCtx, after)
        await tell(txCtx, after, 'system', null)
        await postToConversation(txCtx, after, 'system', null)
        return after
      })
      if (moved) deps.chat?.publishNews()
      return { moved: moved?.status ?? null }
    })
  }

  /**
   * The buyer is reminded to register the order's drones on the days after shipping that
   * ORDER_LIMITS names, until they mark it done; an order without drones to register has none.
   */
  async function scheduleRegistrationReminder(ctx: Ctx, row: Pick<OrderRow, 'id' | 'shippedAt'>, index: number) {
    const day = ORDER_LIMITS.registrationReminderDays[index]
    if (day === undefined || !row.shippedAt) return
    const [drone] = await ctx.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, row.id), ne(orderLines.registration, 'none')))
      .limit(1)
    if (!drone) return
    await deps.jobs.enqueue(
      ctx.db,
      REGISTRATION_REMINDER_JOB,
      { orderId: row.id, index },
      { key: `${row.id}:${index}`, runAt: new Date(row.shippedAt.getTime() + day * DAY_MS) },
    )
  }

  deps.jobs.register(REGISTRATION_REMINDER_JOB, async (run) => {
    const { orderId, index } = run.job.payload as { orderId: string; index: number }
    const ctx = systemCtx(run.db, { requestId: `job:${run.job.id}` })
    const [row] = await run.db.select().from(orders).where(eq(orders.id, orderId))
    if (!row || row.registrationDoneAt || !row.shippedAt || row.status === 'cancelled') return { sent: false }
    const lines = await run.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), ne(orderLines.registration, 'none')))
      .orderBy(orderLines.position)
    const members = await deps.members.membersOf(run.db, [row.buyerOrganizationId])
    const recipients = await deps.describeUsers(
      ctx,
      members.map((m) => m.userId),
    )
    // The e-mail, the next reminder and this one's completion at once: a re-run sends nothing twice.
    return run.commit(async (tx) => {
      const txCtx = withDb(ctx, tx)
      await deps.events.emit(txCtx, {
        type: 'orders.registration_reminder',
        order: { number: row.number, shippedAt: row.shippedAt! },
        drones: lines.map((l) => ({
          title: l.title,
          registration: l.registration === 'state' ? 'state' : 'account',
          serialNumbers: l.serialNumbers,
        })),
        recipients,
      })
      await scheduleRegistrationReminder(txCtx, row, index + 1)
      return { sent: recipients.length }
    })
  })

  function scheduleCompletion(ctx: Ctx, row: OrderRow) {
    return deps.jobs.enqueue(
      ctx.db,
      AUTO_COMPLETE_JOB,
      { orderId: row.id },
      {
        key: row.id,
        runAt: new Date(Date.now() + ORDER_LIMITS.autoCompletedAfterDays * DAY_MS),
      },
    )
  }

  return {
    async checkout(ctx, input) {
      const { result, placed } = await checkout(ctx, { ...deps }, input, announce)
      if (placed.length) deps.chat?.publishNews()
      return result
    },

    async list(ctx, query) {
      const { side, filter, q, page } = parse(OrderListQuery, query ?? {})
      const conditions: SQL[] = [eq(SIDE_COLUMN[side], workingAs(ctx))]
      if (filter) conditions.push(inArray(orders.status, [...ORDER_FILTER_STATUSES[filter]]))
      if (q) conditions.push(searchCondition(q))
      return listPage(ctx, and(...conditions), side, page)
    },

    async get(ctx, side, number) {
      const s = sideOf(side)
      return view(ctx, await findOrder(ctx, s, number), s)
    },

    confirm(ctx, number, input) {
      const data = parse(ConfirmOrderInput, input ?? {})
      const today = new Date().toISOString().slice(0, 10)
      if (data.deliveryDate && data.deliveryDate < today) {
        throw new AppError('invalid', ORDER_MESSAGES.deliveryDate, { deliveryDate: ORDER_MESSAGES.deliveryDate })
      }
      return move(ctx, 'sale', number, 'confirm', {
        comment: data.comment || null,
        // The invoice is issued now: it prints the seller's bank requisites of today, for good.
        prepare: async (tx, row) => {
          const bank = await deps.organizations.bankRequisitesOf(tx, row.sellerOrganizationId)
          if (!bank) throw new AppError('conflict', ORDER_MESSAGES.noBankRequisites)
          return {
            confirmedAt: new Date(),
            sellerBank: bank,
            ...(data.deliveryDate && { deliveryDate: data.deliveryDate }),
          }
        },
      })
    },

    markPaid(ctx, number, input) {
      const { comment } = parse(OrderCommentInput, input ?? {})
      return move(ctx, 'sale', number, 'markPaid', { comment: comment || null })
    },

    ship(ctx, number, input) {
      const data = parse(ShipOrderInput, input ?? {})
      if (!data.trackingNumber && !data.documentFileId) {
        throw new AppError('invalid', ORDER_MESSAGES.shipment, { trackingNumber: ORDER_MESSAGES.shipment })
      }
      return move(ctx, 'sale', number, 'ship', {
        comment: data.comment || null,
        prepare: async (tx, row) => {
          const lines = await tx.db.select().from(orderLines).where(eq(orderLines.orderId, row.id))
          const given = new Map(data.serials.map((s) => [s.lineId.toLowerCase(), s.numbers]))
          for (const line of lines) {
            const numbers = given.get(line.id) ?? []
            const needed = line.registration !== 'none'
            if (needed && new Set(numbers).size !== line.quantity) {
              throw new AppError('invalid', `${ORDER_MESSAGES.serials}: «${line.title}» — ${line.quantity} шт.`, {
                serials: ORDER_MESSAGES.serials,
              })
            }
            if (numbers.length > line.quantity) {
              throw new AppError('invalid', `«${line.title}»: серийных номеров больше, чем единиц товара`, {
                serials: ORDER_MESSAGES.serials,
              })
            }
            if (numbers.length) {
              await tx.db.update(orderLines).set({ serialNumbers: numbers }).where(eq(orderLines.id, line.id))
            }
          }
          if (data.documentFileId) {
            const [file] = await deps.files.describeMany(tx, [data.documentFileId])
            if (!file)
              throw new AppError('invalid', ORDER_MESSAGES.shippingDocument, {
                documentFileId: ORDER_MESSAGES.shippingDocument,
              })
          }
          return {
            shippedAt: new Date(),
            carrier: data.carrier || null,
            trackingNumber: data.trackingNumber || null,
            shippingDocumentFileId: data.documentFileId ?? null,
          }
        },
        after: async (tx, row) => {
          await deps.jobs.enqueue(
            tx.db,
            AUTO_DELIVER_JOB,
            { orderId: row.id },
            { key: row.id, runAt: new Date(Date.now() + ORDER_LIMITS.autoDeliveredAfterDays * DAY_MS) },
          )
          await scheduleRegistrationReminder(tx, row, 0)
        },
      })
    },

    confirmDelivery(ctx, number, input) {
      const { comment } = parse(OrderCommentInput, input ?? {})
      return move(ctx, 'purchase', number, 'confirmDelivery', {
        comment: comment || null,
        prepare: async () => ({ deliveredAt: new Date() }),
        after: (tx, row) => scheduleCompletion(tx, row).then(() => undefined),
      })
    },

    complete(ctx, number, input) {
      const { comment } = parse(OrderCommentInput, input ?? {})
      return move(ctx, 'purchase', number, 'complete', { comment: comment || null })
    },

    cancel(ctx, side, number, input) {
      const s = sideOf(side)
      const { reason } = parse(CancelOrderInput, input)
      return move(ctx, s, number, 'cancel', {
        comment: reason,
        prepare: async () => ({ cancelReason: reason }),
        after: (tx, row) => releaseStock(tx, row),
      })
    },

    async markRegistered(ctx, number) {
      const row = await findOrder(ctx, 'purchase', number)
      // Only drones that were shipped, in an order that stands, are registered; a repeat changes nothing.
      const details = await view(ctx, row, 'purchase')
      if (!details.registration.required) throw new AppError('conflict', ORDER_MESSAGES.registrationNotDue)
      if (!row.registrationDoneAt) {
        await ctx.db
          .update(orders)
          .set({ registrationDoneAt: new Date() })
          .where(and(eq(orders.id, row.id), ne(orders.status, 'cancelled')))
      }
      return view(ctx, await findOrder(ctx, 'purchase', number), 'purchase')
    },

    async staffList(ctx, query) {
      requireStaff(ctx)
      const { filter, q, page } = parse(OrderListQuery, query ?? {})
      const conditions: SQL[] = []
      if (filter) conditions.push(inArray(orders.status, [...ORDER_FILTER_STATUSES[filter]]))
      if (q) conditions.push(searchCondition(q))
      const where = conditions.length ? and(...conditions) : undefined
      return listPage(ctx, where, 'purchase', page)
    },

    async staffGet(ctx, number) {
      requireStaff(ctx)
      const [row] = OrderNumber.safeParse(number).success
        ? await ctx.db.select().from(orders).where(eq(orders.number, number))
        : []
      if (!row) throw new AppError('not_found', ORDER_MESSAGES.notFound)
      await recordAudit(ctx, { action: 'order.staff_view', targetType: 'order', targetId: row.id, details: { number } })
      return { ...(await view(ctx, row, 'purchase')), actions: [] }
    },

    async shippingDocument(ctx, side, number) {
      const row = await findOrder(ctx, sideOf(side), number)
      if (!row.shippingDocumentFileId) throw new AppError('not_found', ORDER_MESSAGES.noDocument)
      const { meta, data } = await deps.files.readAttached(ctx, row.shippingDocumentFileId)
      return { data, mimeType: meta.mimeType, name: meta.originalName }
    },

    async document(ctx, side, number, kind) {
      if (kind !== 'invoice' && kind !== 'delivery-note') throw new AppError('not_found', ORDER_MESSAGES.noDocument)
      const row = await findOrder(ctx, sideOf(side), number)
      const lines = await ctx.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, row.id))
        .orderBy(orderLines.position)
      const pdf = await renderOrderDocument(kind, row, lines)
      const title = kind === 'invoice' ? 'schet' : 'nakladnaya'
      return { pdf, filename: `${title}-${row.number}.pdf` }
    },

    async purchaseForReview(ctx, number) {
      const row = await findOrder(ctx, 'purchase', number)
      const lines = await ctx.db
        .select({ productId: orderLines.productId, title: orderLines.title, slug: orderLines.slug })
        .from(orderLines)
        .where(eq(orderLines.orderId, row.id))
        .orderBy(orderLines.position)
      return {
        id: row.id,
        number: row.number,
        received: row.status === 'delivered' || row.status === 'completed',
        buyer: { id: row.buyerOrganizationId, name: row.buyer.name },
        seller: { id: row.sellerOrganizationId, name: row.seller.name, slug: row.seller.slug },
        lines,
      }
    },
  }

  /** A page of orders, newest first, with their line counts: three statements whatever the page. */
  async function listPage(ctx: Ctx, where: SQL | undefined, side: OrderSide, page: number): Promise<OrderList> {
    const pageSize = ORDER_LIMITS.pageSize
    const [rows, totals] = await Promise.all([
      ctx.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.number))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      ctx.db.select({ total: count() }).from(orders).where(where),
    ])
    const counts = await lineCounts(
      ctx,
      rows.map((r) => r.id),
    )
    return {
      items: rows.map((r) => toSummary(r, side, counts.get(r.id) ?? 0)),
      total: totals[0]?.total ?? 0,
      page,
      pageSize,
    }
  }

  /** A new order: its seller hears of it, and it gets its conversation. */
  async function announce(ctx: Ctx, row: OrderRow) {
    await tell(ctx, row, 'buyer', row.comment || null)
    await postToConversation(ctx, row, 'buyer', null)
  }
}

export type { OrderStatus }
