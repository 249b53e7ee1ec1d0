import type { OrderStatus } from '#common/orders.ts'
import type { Ctx } from '../context.ts'
import { isAppError } from '../errors.ts'
import type { FlowServices } from './flow.ts'
import type { MoveOrder } from './move-order.ts'
import type { OrderChange } from '../modules/exchange-1c/index.ts'

export interface OrderChangesOutcome {
  /** Orders that moved. */
  moved: number
  /** Ready-to-show texts of the moves not made, and why. */
  refused: { line: number; message: string }[]
}

/** Every history entry these moves write says where they came from. */
const FROM_1C = 'из 1С'

// How far along each status is: 1С's «paid» about an order already shipped says nothing new.
const STAGE: Record<OrderStatus, number> = {
  created: 0,
  confirmed: 1,
  paid: 2,
  shipped: 3,
  delivered: 4,
  completed: 5,
  cancelled: 6,
}

/**
 * The seller's accounting system moves its orders (the 1С exchange's `sale` file): through the
 * same moves, checks and news as the seller's own clicks, each marked «из 1С» in the history. A
 * move the order cannot make (shipping an order not paid, cancelling a paid one, an order that
 * is not the seller's) is not made: it is reported with the lifecycle's own reason.
 */
export function createOrdersFrom1c({ orders }: FlowServices, moveOrder: MoveOrder) {
  async function applyOne(ctx: Ctx, change: OrderChange): Promise<boolean> {
    const status = (await orders.get(ctx, 'sale', change.number)).status
    if (change.cancelled) {
      if (status === 'cancelled') return false
      const reason = change.cancelled.reason ? `${FROM_1C}: ${change.cancelled.reason}` : `Отменён ${FROM_1C}`
      await moveOrder.cancel(ctx, 'sale', change.number, { reason: reason.slice(0, 1000) })
      return true
    }
    let moved = false
    if ((change.paid || change.shipped) && STAGE[status] < STAGE.paid) {
      await moveOrder.markPaid(ctx, change.number, { comment: FROM_1C })
      moved = true
    }
    if (change.shipped && STAGE[status] < STAGE.shipped) {
      if (!change.shipped.number)
        throw new Refusal('1С не передала номер отгрузки: отметьте отгрузку в личном кабинете')
      await moveOrder.ship(ctx, change.number, { trackingNumber: change.shipped.number, comment: FROM_1C, serials: [] })
      moved = true
    }
    return moved
  }

  return {
    async apply(ctx: Ctx, changes: OrderChange[]): Promise<OrderChangesOutcome> {
      const outcome: OrderChangesOutcome = { moved: 0, refused: [] }
      for (const change of changes) {
        try {
          if (await applyOne(ctx, change)) outcome.moved++
        } catch (error) {
          if (!(error instanceof Refusal) && !isAppError(error)) throw error
          outcome.refused.push({ line: change.line, message: `Заказ № ${change.number}: ${error.message}` })
        }
      }
      return outcome
    },
  }
}

class Refusal extends Error {}

export type OrdersFrom1c = ReturnType<typeof createOrdersFrom1c>
