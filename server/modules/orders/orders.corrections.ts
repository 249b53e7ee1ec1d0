import { and, asc, eq, max } from 'drizzle-orm'
import {
  CORRECTION_LIMITS,
  CORRECTION_MESSAGES,
  type CorrectionDecision,
  type CorrectionFigures,
  type CorrectionLine,
  type CorrectionRequest,
  type OrderCorrection,
  type OrderCorrections,
} from '#common/order-corrections.ts'
import { isReceived, type OrderSide, vatIncluded } from '#common/orders.ts'
import type { Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { recordMove } from '../../lifecycle/index.ts'
import { orderLifecycle } from './orders.machine.ts'
import { orderCorrections, orderLines } from './orders.table.ts'
import type { OrderLineRow, OrderRow } from './orders.view.ts'

export type CorrectionRow = typeof orderCorrections.$inferSelect
type Side = 'buyer' | 'seller'

const SIDE_OF: Record<OrderSide, Side> = { purchase: 'buyer', sale: 'seller' }

/** A line's figures with `quantity` units at `priceKopecks` each (with VAT). */
function figures(quantity: number, priceKopecks: number, line: Pick<OrderLineRow, 'vatRate'>): CorrectionFigures {
  const amountKopecks = quantity * priceKopecks
  return { quantity, priceKopecks, amountKopecks, vatKopecks: vatIncluded(amountKopecks, line.vatRate) }
}

/**
 * Each line as it stands after the accepted corrections, oldest first: a line a correction
 * changed is what that correction made it; the rest are as bought.
 */
export function currentFigures(lines: OrderLineRow[], corrections: CorrectionRow[]): Map<string, CorrectionFigures> {
  const current = new Map<string, CorrectionFigures>(
    lines.map((line) => [
      line.id,
      {
        quantity: line.quantity,
        priceKopecks: line.priceKopecks,
        amountKopecks: line.amountKopecks,
        vatKopecks: line.vatKopecks,
      },
    ]),
  )
  for (const correction of [...corrections].sort((a, b) => a.number - b.number)) {
    if (correction.status !== 'accepted') continue
    for (const line of correction.lines) current.set(line.lineId, line.after)
  }
  return current
}

/**
 * What a correction asks, line by line, from how the lines stand now: units back (at most what
 * is left of the line) or a new price (another than today's). A refusal names the line.
 */
function changedLines(
  request: Pick<CorrectionRequest, 'kind'> & { lines: CorrectionRow['requested'] },
  lines: OrderLineRow[],
  current: Map<string, CorrectionFigures>,
): CorrectionLine[] {
  const byId = new Map(lines.map((line) => [line.id, line]))
  const seen = new Set<string>()
  return request.lines.map((asked) => {
    const line = byId.get(asked.lineId.toLowerCase())
    if (!line)
      throw new AppError('invalid', CORRECTION_MESSAGES.unknownLine, { lines: CORRECTION_MESSAGES.unknownLine })
    if (seen.has(line.id))
      throw new AppError('invalid', CORRECTION_MESSAGES.lineTwice, { lines: CORRECTION_MESSAGES.lineTwice })
    seen.add(line.id)
    const before = current.get(line.id)!
    let after: CorrectionFigures
    if (request.kind === 'return') {
      const units = asked.quantity ?? 0
      if (units > before.quantity) {
        const message = CORRECTION_MESSAGES.tooManyUnits(line.title, before.quantity)
        throw new AppError('invalid', message, { lines: message })
      }
      after = figures(before.quantity - units, before.priceKopecks, line)
    } else {
      const price = asked.priceKopecks ?? 0
      if (price === before.priceKopecks) {
        const message = CORRECTION_MESSAGES.samePrice(line.title)
        throw new AppError('invalid', message, { lines: message })
      }
      after = figures(before.quantity, price, line)
    }
    return { lineId: line.id, position: line.position, title: line.title, before, after }
  })
}

/**
 * What a correction asked now changes, from the lines and the corrections before it: for the
 * demo data, which writes its corrections as if made on past days.
 */
export function correctionLinesOf(
  kind: CorrectionRow['kind'],
  requested: CorrectionRow['requested'],
  lines: OrderLineRow[],
  earlier: CorrectionRow[],
): CorrectionLine[] {
  return changedLines({ kind, lines: requested }, lines, currentFigures(lines, earlier))
}

/** What a correction changes in the order's sum with VAT: after − before, negative for a return. */
export const correctionDifference = (lines: CorrectionLine[]) =>
  lines.reduce((sum, line) => sum + line.after.amountKopecks - line.before.amountKopecks, 0)

/** The history entry of a correction's step: the order stays where it is, the entry says what happened. */
function recordStep(tx: Ctx, row: OrderRow, event: string, by: Side, comment: string | null) {
  return recordMove(tx, orderLifecycle, row.id, { from: row.status, to: row.status, event: `${event}.${by}` }, comment)
}

/**
 * An order's corrections (common/order-corrections.ts) on the orders' side: proposing one,
 * deciding it, and what the order page shows. What an acceptance issues (the УКД) and tells is
 * the flow's (server/flows/correct-order.ts).
 */
export const orderCorrectionsStore = {
  list(ctx: Ctx, orderId: string): Promise<CorrectionRow[]> {
    return ctx.db
      .select()
      .from(orderCorrections)
      .where(eq(orderCorrections.orderId, orderId))
      .orderBy(asc(orderCorrections.number))
  },

  /**
   * A new correction of a received order with its УПД, by `side`: a return only by the buyer.
   * One awaits its decision at a time. Written with its history entry, in the caller's transaction
   * on the locked order.
   */
  async propose(tx: Ctx, row: OrderRow, side: OrderSide, request: CorrectionRequest): Promise<CorrectionRow> {
    const by = SIDE_OF[side]
    if (!isReceived(row.status)) throw new AppError('conflict', CORRECTION_MESSAGES.notReceived)
    if (!row.upd) throw new AppError('conflict', CORRECTION_MESSAGES.noUpd)
    if (request.kind === 'return' && by !== 'buyer') throw new AppError('conflict', CORRECTION_MESSAGES.returnByBuyer)
    const existing = await orderCorrectionsStore.list(tx, row.id)
    if (existing.some((c) => c.status === 'requested')) throw new AppError('conflict', CORRECTION_MESSAGES.open)
    if (existing.length >= CORRECTION_LIMITS.perOrder) throw new AppError('conflict', CORRECTION_MESSAGES.tooMany)
    const lines = await tx.db.select().from(orderLines).where(eq(orderLines.orderId, row.id))
    const changed = changedLines(request, lines, currentFigures(lines, existing))
    const [last] = await tx.db
      .select({ number: max(orderCorrections.number) })
      .from(orderCorrections)
      .where(eq(orderCorrections.orderId, row.id))
    const [created] = await tx.db
      .insert(orderCorrections)
      .values({
        orderId: row.id,
        number: (last?.number ?? 0) + 1,
        kind: request.kind,
        proposedBy: by,
        proposedByUserId: tx.user!.id,
        reason: request.reason,
        requested: request.lines,
        lines: changed,
      })
      .returning()
    await recordStep(
      tx,
      row,
      request.kind === 'return' ? 'return_requested' : 'price_proposed',
      by,
      `Корректировка № ${created!.number}: ${request.reason}`,
    )
    return created!
  },

  /** The order's correction by its number, locked for its decision; another's is a 404. */
  async lock(tx: Ctx, row: OrderRow, number: number): Promise<CorrectionRow> {
    const [correction] = await tx.db
      .select()
      .from(orderCorrections)
      .where(and(eq(orderCorrections.orderId, row.id), eq(orderCorrections.number, number)))
      .for('update')
    if (!correction) throw new AppError('not_found', CORRECTION_MESSAGES.notFound)
    return correction
  },

  /**
   * The decision on an awaiting correction: the other side accepts or refuses it (a refusal says
   * why), its author may withdraw it. An acceptance takes the lines again from how they stand, so
   * the document prints exactly what changed. Returns the correction as decided.
   */
  async decide(
    tx: Ctx,
    row: OrderRow,
    correction: CorrectionRow,
    side: OrderSide,
    decision: CorrectionDecision,
    comment: string,
  ): Promise<CorrectionRow> {
    const by = SIDE_OF[side]
    if (correction.status !== 'requested') throw new AppError('conflict', CORRECTION_MESSAGES.decided)
    if (decision === 'withdraw' ? by !== correction.proposedBy : by === correction.proposedBy) {
      throw new AppError(
        'conflict',
        decision === 'withdraw' ? CORRECTION_MESSAGES.notAuthor : CORRECTION_MESSAGES.notYours,
      )
    }
    if (decision === 'refuse' && comment.length < 3) {
      throw new AppError('invalid', CORRECTION_MESSAGES.refusalReason, { comment: CORRECTION_MESSAGES.refusalReason })
    }
    let lines = correction.lines
    if (decision === 'accept') {
      const all = await tx.db.select().from(orderLines).where(eq(orderLines.orderId, row.id))
      const earlier = (await orderCorrectionsStore.list(tx, row.id)).filter((c) => c.id !== correction.id)
      lines = changedLines({ kind: correction.kind, lines: correction.requested }, all, currentFigures(all, earlier))
    }
    const status = { accept: 'accepted', refuse: 'refused', withdraw: 'withdrawn' } as const
    const [decided] = await tx.db
      .update(orderCorrections)
      .set({
        status: status[decision],
        lines,
        decisionComment: comment || null,
        decidedByUserId: tx.user?.id ?? null,
        decidedAt: new Date(),
      })
      .where(eq(orderCorrections.id, correction.id))
      .returning()
    const said = comment ? `: ${comment}` : ''
    await recordStep(tx, row, `correction_${status[decision]}`, by, `Корректировка № ${correction.number}${said}`)
    return decided!
  },

  /** Keeps the number and date of the document an acceptance issued. */
  async setUkd(tx: Ctx, correctionId: string, ukd: { number: string; date: string }) {
    await tx.db.update(orderCorrections).set({ ukd }).where(eq(orderCorrections.id, correctionId))
  },
}

/** What the caller's side may do with a correction now. */
function actionsOf(correction: CorrectionRow, by: Side): CorrectionDecision[] {
  if (correction.status !== 'requested') return []
  return correction.proposedBy === by ? ['withdraw'] : ['accept', 'refuse']
}

/** The order page's corrections part, for the side looking. */
export function viewCorrections(
  row: OrderRow,
  side: OrderSide,
  lines: OrderLineRow[],
  corrections: CorrectionRow[],
): OrderCorrections {
  const by = SIDE_OF[side]
  const current = currentFigures(lines, corrections)
  const figures = [...current.values()]
  const open = corrections.some((c) => c.status === 'requested')
  const canPropose =
    isReceived(row.status) && row.upd && !open && corrections.length < CORRECTION_LIMITS.perOrder
      ? by === 'buyer'
        ? (['return', 'price'] as const)
        : (['price'] as const)
      : []
  return {
    items: corrections.map((c): OrderCorrection => ({
      number: c.number,
      kind: c.kind,
      status: c.status,
      proposedBy: c.proposedBy,
      reason: c.reason,
      decisionComment: c.decisionComment,
      lines: c.lines,
      differenceKopecks: correctionDifference(c.lines),
      createdAt: c.createdAt.toISOString(),
      decidedAt: c.decidedAt?.toISOString() ?? null,
      ukd: c.ukd ? { ...c.ukd, href: `/api/v1/orders/${side}/${row.number}/corrections/${c.number}/ukd.pdf` } : null,
      actions: actionsOf(c, by),
    })),
    totals: {
      totalKopecks: figures.reduce((sum, f) => sum + f.amountKopecks, 0),
      vatKopecks: figures.reduce((sum, f) => sum + f.vatKopecks, 0),
    },
    current: lines.map((line) => ({
      lineId: line.id,
      quantity: current.get(line.id)!.quantity,
      priceKopecks: current.get(line.id)!.priceKopecks,
    })),
    canPropose: [...canPropose],
  }
}
