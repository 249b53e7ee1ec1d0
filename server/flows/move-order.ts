import { ORDER_LIMITS, ORDER_MESSAGES, type OrderDetails, type OrderSide } from '#common/orders.ts'
import { CancelOrderInput, ConfirmOrderInput, OrderCommentInput, ShipOrderInput } from '#common/orders.schemas.ts'
import { type Ctx, requireUser, systemCtx, withDb } from '../context.ts'
import { AppError } from '../errors.ts'
import type { OrderMove, OrderRow } from '../modules/orders/index.ts'
import type { RateLimitRule } from '../modules/rate-limit/index.ts'
import { parse } from '../parse.ts'
import { updIssueOf } from './closing-documents.ts'
import type { MailAttachment } from '../modules/mail/index.ts'
import type { FlowInfrastructure, FlowServices } from './flow.ts'
import type { OrderNews } from './order-news.ts'
import type { RegistrationReminders } from './registration-reminders.ts'

/** Sellers and buyers click through their orders; more than this is a script. */
export const ORDER_WRITE_RATE_LIMIT: RateLimitRule = { limit: 120, windowMs: 60_000 }

export const AUTO_DELIVER_JOB = 'orders.auto_deliver'
export const AUTO_COMPLETE_JOB = 'orders.auto_complete'
const DAY_MS = 24 * 60 * 60_000

const ACTOR_OF = { purchase: 'buyer', sale: 'seller' } as const

interface MoveSteps {
  comment?: string | null
  /** Checks and the columns the move sets beside the status, inside its transaction, from the locked order. */
  prepare?: (tx: Ctx, row: OrderRow) => Promise<Record<string, unknown> | void>
  /** What follows from the move in the same transaction: stock back, the platform's later moves. */
  after?: (tx: Ctx, row: OrderRow) => Promise<void>
  /** Files the other side's e-mail carries: the shipment's УПД. */
  attachments?: (tx: Ctx, row: OrderRow) => Promise<MailAttachment[]>
}

/**
 * An order's moves by its two sides, and the platform's own (a shipped order counts as delivered,
 * a delivered one as completed, after the days ORDER_LIMITS names). Each move is one transaction:
 * the orders module checks it against the lifecycle and writes it (orders.moves.ts), the other
 * modules add their part (the seller's bank requisites on the invoice, the shipping document,
 * the stock back on a cancellation), and the other side hears of it. A repeated click (the order
 * already where the event leads) answers the order as it is.
 */
export function createMoveOrder(
  { orders, organizations, files, products, documents, jobs, notifications }: FlowServices,
  { limiter }: FlowInfrastructure,
  news: OrderNews,
  reminders: RegistrationReminders,
) {
  async function move(
    ctx: Ctx,
    side: OrderSide,
    number: string,
    event: OrderMove,
    steps: MoveSteps = {},
  ): Promise<OrderDetails> {
    const user = requireUser(ctx)
    if (!ctx.organization) throw new AppError('not_found', ORDER_MESSAGES.notFound)
    await limiter.hit(`orders:${user.id}`, ORDER_WRITE_RATE_LIMIT)
    const by = ACTOR_OF[side]
    const comment = steps.comment ?? null
    const { row, moved } = await ctx.db.transaction(async (db) => {
      const tx = withDb(ctx, db)
      const row = await orders.moves.lock(tx, side, number)
      const step = orders.moves.stepFor(row, event, by)
      if (!step) return { row, moved: false }
      const set = (await steps.prepare?.(tx, row)) ?? {}
      const after = await orders.moves.apply(tx, row, step, { comment, set })
      await steps.after?.(tx, after)
      await news.moved(tx, after, by, comment, await steps.attachments?.(tx, after))
      return { row: after, moved: true }
    })
    if (moved) notifications.afterCommit()
    return orders.view(ctx, row, side)
  }

  /** The УПД of a shipped order, dated the day of shipping, from the lines and origins of now. */
  async function issueUpdOf(tx: Ctx, row: OrderRow) {
    const lines = await orders.moves.lines(tx, row.id)
    const origins = await products.origins.of(
      tx,
      row.sellerOrganizationId,
      lines.map((line) => line.productId),
    )
    const buyerSettings = await organizations.documentSettingsOf(tx, row.buyerOrganizationId)
    return documents.issueUpd(
      tx,
      updIssueOf(row, lines, origins, row.shippedAt!, buyerSettings?.edoParticipantId ?? null),
    )
  }

  /** The order's УПД as the files an e-mail carries: the printed PDF and the exchange XML. */
  async function updAttachments(tx: Ctx, row: OrderRow): Promise<MailAttachment[]> {
    const files = await Promise.all(
      (['pdf', 'xml'] as const).map((format) => documents.download(tx, 'upd', format, 'sale', row.number)),
    )
    return files.map((file) => ({
      filename: file.name,
      contentType: file.mimeType,
      contentBase64: file.data.toString('base64'),
    }))
  }

  function scheduleCompletion(tx: Ctx, row: OrderRow) {
    return jobs.enqueue(
      tx.db,
      AUTO_COMPLETE_JOB,
      { orderId: row.id },
      { key: row.id, runAt: new Date(Date.now() + ORDER_LIMITS.autoCompletedAfterDays * DAY_MS) },
    )
  }

  // The platform's own moves, each a job scheduled by the move before it.
  const autoMoves = [
    [AUTO_DELIVER_JOB, 'shipped', 'confirmDelivery'],
    [AUTO_COMPLETE_JOB, 'delivered', 'complete'],
  ] as const
  for (const [kind, from, event] of autoMoves) {
    jobs.register(kind, async (run) => {
      const { orderId } = run.job.payload as { orderId: string }
      const ctx = systemCtx(run.db, { requestId: `job:${run.job.id}` })
      const moved = await run.db.transaction(async (db) => {
        const tx = withDb(ctx, db)
        const row = await orders.moves.lockById(tx, orderId)
        // The buyer got there first, or the order went another way: nothing to do.
        if (!row || row.status !== from) return null
        const step = orders.moves.stepFor(row, event, 'system')!
        const set = event === 'confirmDelivery' ? { deliveredAt: new Date() } : {}
        const after = await orders.moves.apply(tx, row, step, { comment: null, set })
        if (event === 'confirmDelivery') await scheduleCompletion(tx, after)
        await news.moved(tx, after, 'system', null)
        return after
      })
      if (moved) notifications.afterCommit()
      return { moved: moved?.status ?? null }
    })
  }

  return {
    confirm(ctx: Ctx, number: string, input: unknown) {
      const data = parse(ConfirmOrderInput, input ?? {})
      const today = new Date().toISOString().slice(0, 10)
      if (data.deliveryDate && data.deliveryDate < today) {
        throw new AppError('invalid', ORDER_MESSAGES.deliveryDate, { deliveryDate: ORDER_MESSAGES.deliveryDate })
      }
      return move(ctx, 'sale', number, 'confirm', {
        comment: data.comment || null,
        // The invoice is issued now: it prints the seller's bank requisites and signatories of
        // today, for good.
        prepare: async (tx, row) => {
          const bank = await organizations.bankRequisitesOf(tx, row.sellerOrganizationId)
          if (!bank) throw new AppError('conflict', ORDER_MESSAGES.noBankRequisites)
          const settings = await organizations.documentSettingsOf(tx, row.sellerOrganizationId)
          if (!settings) throw new AppError('conflict', ORDER_MESSAGES.noSignatories)
          return {
            confirmedAt: new Date(),
            sellerBank: bank,
            sellerDocumentSettings: settings,
            ...(data.deliveryDate && { deliveryDate: data.deliveryDate }),
          }
        },
        // The invoice goes into both sides' documents registry as printed.
        after: async (tx, row) =>
          documents.registerInvoice(tx, {
            sellerOrganizationId: row.sellerOrganizationId,
            buyerOrganizationId: row.buyerOrganizationId,
            content: await orders.moves.invoice(tx, row),
            signatureFileId: row.sellerDocumentSettings?.signatureFileId ?? null,
            stampFileId: row.sellerDocumentSettings?.stampFileId ?? null,
          }),
      })
    },

    markPaid(ctx: Ctx, number: string, input: unknown) {
      const { comment } = parse(OrderCommentInput, input ?? {})
      return move(ctx, 'sale', number, 'markPaid', {
        comment: comment || null,
        after: (tx, row) => documents.setInvoiceState(tx, row.number, 'paid'),
      })
    },

    ship(ctx: Ctx, number: string, input: unknown) {
      const data = parse(ShipOrderInput, input ?? {})
      if (!data.trackingNumber && !data.documentFileId) {
        throw new AppError('invalid', ORDER_MESSAGES.shipment, { trackingNumber: ORDER_MESSAGES.shipment })
      }
      return move(ctx, 'sale', number, 'ship', {
        comment: data.comment || null,
        prepare: async (tx, row) => {
          await orders.moves.recordSerials(tx, row, data.serials)
          if (data.documentFileId) {
            const [file] = await files.describeMany(tx, [data.documentFileId])
            if (!file)
              throw new AppError('invalid', ORDER_MESSAGES.shippingDocument, {
                documentFileId: ORDER_MESSAGES.shippingDocument,
              })
          }
          const shipment = {
            shippedAt: new Date(),
            carrier: data.carrier || null,
            trackingNumber: data.trackingNumber || null,
            shippingDocumentFileId: data.documentFileId ?? null,
          }
          // The seller's transfer document is issued with the shipment, numbered next for its year.
          const upd = await issueUpdOf(tx, { ...row, ...shipment })
          return { ...shipment, upd }
        },
        after: async (tx, row) => {
          await jobs.enqueue(
            tx.db,
            AUTO_DELIVER_JOB,
            { orderId: row.id },
            { key: row.id, runAt: new Date(Date.now() + ORDER_LIMITS.autoDeliveredAfterDays * DAY_MS) },
          )
          await reminders.schedule(tx, row, 0)
        },
        attachments: updAttachments,
      })
    },

    /**
     * The УПД of an order shipped without one (shipped before the platform issued them): the
     * seller issues it now, dated the day of shipping and numbered next; the buyer hears of it.
     * An order that has one answers as it is.
     */
    async issueUpd(ctx: Ctx, number: string): Promise<OrderDetails> {
      const user = requireUser(ctx)
      if (!ctx.organization) throw new AppError('not_found', ORDER_MESSAGES.notFound)
      await limiter.hit(`orders:${user.id}`, ORDER_WRITE_RATE_LIMIT)
      const row = await ctx.db.transaction(async (db) => {
        const tx = withDb(ctx, db)
        const row = await orders.moves.lock(tx, 'sale', number)
        if (row.upd) return row
        if (!row.shippedAt || row.status === 'cancelled')
          throw new AppError('conflict', ORDER_MESSAGES.updBeforeShipping)
        const upd = await issueUpdOf(tx, row)
        const after = await orders.moves.recordUpd(tx, row, upd)
        await news.updIssued(tx, after, await updAttachments(tx, after))
        return after
      })
      notifications.afterCommit()
      return orders.view(ctx, row, 'sale')
    },

    confirmDelivery(ctx: Ctx, number: string, input: unknown) {
      const { comment } = parse(OrderCommentInput, input ?? {})
      return move(ctx, 'purchase', number, 'confirmDelivery', {
        comment: comment || null,
        prepare: async () => ({ deliveredAt: new Date() }),
        after: (tx, row) => scheduleCompletion(tx, row).then(() => undefined),
      })
    },

    complete(ctx: Ctx, number: string, input: unknown) {
      const { comment } = parse(OrderCommentInput, input ?? {})
      return move(ctx, 'purchase', number, 'complete', { comment: comment || null })
    },

    cancel(ctx: Ctx, side: string, number: string, input: unknown) {
      if (side !== 'purchase' && side !== 'sale') throw new AppError('not_found', ORDER_MESSAGES.notFound)
      const { reason } = parse(CancelOrderInput, input)
      return move(ctx, side, number, 'cancel', {
        comment: reason,
        prepare: async () => ({ cancelReason: reason }),
        // Stock goes back when an order that took it is cancelled, and its invoice is void.
        after: async (tx, row) => {
          await products.stock.release(tx, await orders.moves.quantities(tx, row.id))
          await documents.setInvoiceState(tx, row.number, 'cancelled')
        },
      })
    },
  }
}

export type MoveOrder = ReturnType<typeof createMoveOrder>
