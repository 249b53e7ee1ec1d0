import {
  CORRECTION_DECISIONS,
  CORRECTION_MESSAGES,
  type CorrectionDecision,
  CorrectionDecisionInput,
  CorrectionRequestInput,
} from '#common/order-corrections.ts'
import { ORDER_MESSAGES, type OrderDetails, type OrderSide } from '#common/orders.ts'
import { type Ctx, requireUser, withDb } from '../context.ts'
import { AppError } from '../errors.ts'
import { parse } from '../parse.ts'
import { ukdIssueOf } from './closing-documents.ts'
import type { FlowInfrastructure, FlowServices } from './flow.ts'
import { ORDER_WRITE_RATE_LIMIT } from './move-order.ts'
import type { OrderNews } from './order-news.ts'

const SIDE_OF = { purchase: 'buyer', sale: 'seller' } as const

function sideOf(side: string): OrderSide {
  if (side !== 'purchase' && side !== 'sale') throw new AppError('not_found', ORDER_MESSAGES.notFound)
  return side
}

/**
 * Returns and price changes of a received order (common/order-corrections.ts). Each step is one
 * transaction on the locked order: the orders module checks and writes it, the other side hears
 * of it in the order's conversation and by e-mail. An acceptance issues the correction document
 * (УКД) against the order's УПД, numbered next in the seller's sequence, with the seller's
 * signatories of today, and marks the УПД corrected.
 */
export function createCorrectOrder(
  { orders, organizations, documents, notifications }: FlowServices,
  { limiter }: FlowInfrastructure,
  news: OrderNews,
) {
  async function step(
    ctx: Ctx,
    side: string,
    number: string,
    act: (tx: Ctx, row: Awaited<ReturnType<typeof orders.moves.lock>>, side: OrderSide) => Promise<void>,
  ): Promise<OrderDetails> {
    const user = requireUser(ctx)
    const s = sideOf(side)
    if (!ctx.organization) throw new AppError('not_found', ORDER_MESSAGES.notFound)
    await limiter.hit(`orders:${user.id}`, ORDER_WRITE_RATE_LIMIT)
    const row = await ctx.db.transaction(async (db) => {
      const tx = withDb(ctx, db)
      const row = await orders.moves.lock(tx, s, number)
      await act(tx, row, s)
      return row
    })
    notifications.afterCommit()
    return orders.view(ctx, (await orders.moves.byId(ctx, row.id))!, s)
  }

  return {
    /** A return (the buyer) or new prices (either side) for some lines of a received order. */
    propose(ctx: Ctx, side: string, number: string, input: unknown): Promise<OrderDetails> {
      const request = parse(CorrectionRequestInput, input)
      return step(ctx, side, number, async (tx, row, s) => {
        const correction = await orders.corrections.propose(tx, row, s, request)
        await news.corrected(tx, row, correction, SIDE_OF[s])
      })
    },

    /** The other side accepts or refuses an awaiting correction; its author may withdraw it. */
    decide(
      ctx: Ctx,
      side: string,
      number: string,
      correctionNumber: string,
      decision: string,
      input: unknown,
    ): Promise<OrderDetails> {
      const n = /^\d{1,4}$/.test(correctionNumber) ? Number(correctionNumber) : NaN
      if (!Number.isInteger(n) || !(CORRECTION_DECISIONS as readonly string[]).includes(decision)) {
        throw new AppError('not_found', CORRECTION_MESSAGES.notFound)
      }
      const { comment } = parse(CorrectionDecisionInput, input ?? {})
      return step(ctx, side, number, async (tx, row, s) => {
        const correction = await orders.corrections.lock(tx, row, n)
        let decided = await orders.corrections.decide(tx, row, correction, s, decision as CorrectionDecision, comment)
        if (decided.status === 'accepted') {
          const upd = await documents.updOf(tx, row.number)
          if (!upd) throw new AppError('conflict', CORRECTION_MESSAGES.noUpd)
          const lines = await orders.moves.lines(tx, row.id)
          const settings = await organizations.documentSettingsOf(tx, row.sellerOrganizationId)
          const ukd = await documents.issueUkd(
            tx,
            ukdIssueOf(
              row,
              upd,
              decided,
              lines.map((line) => line.id),
              decided.decidedAt!,
              settings,
            ),
          )
          await orders.corrections.setUkd(tx, decided.id, ukd)
          decided = { ...decided, ukd }
        }
        await news.corrected(tx, row, decided, SIDE_OF[s])
      })
    },
  }
}

export type CorrectOrder = ReturnType<typeof createCorrectOrder>
