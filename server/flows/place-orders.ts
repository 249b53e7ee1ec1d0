import { type CheckoutResult, ORDER_MESSAGES } from '#common/orders.ts'
import { CheckoutInput } from '#common/orders.schemas.ts'
import { type Ctx, requireUser, withDb } from '../context.ts'
import { AppError } from '../errors.ts'
import { partyDirectory } from '../modules/organizations/index.ts'
import type { RateLimitRule } from '../modules/rate-limit/index.ts'
import { parse } from '../parse.ts'
import type { FlowInfrastructure, FlowServices } from './flow.ts'
import type { OrderNews } from './order-news.ts'

/** Checkouts are rare clicks; more than this is a script. */
export const CHECKOUT_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 }

/**
 * The checkout: the selected organization's cart becomes one order per seller, all in one
 * transaction. The orders module prices the cart under its lock and writes the orders
 * (orders.placement.ts); the products module takes the stock; the organizations' requisites are
 * copied into each order; each seller hears of its order and the order gets its conversation.
 * Items on request and items off sale stay in the cart. The checkout key makes it idempotent:
 * the same key again answers the orders it made.
 */
export function createPlaceOrders(
  { orders, organizations, products, notifications }: FlowServices,
  { limiter }: FlowInfrastructure,
  news: OrderNews,
) {
  return async function placeOrders(ctx: Ctx, input: unknown): Promise<CheckoutResult> {
    const user = requireUser(ctx)
    const data = parse(CheckoutInput, input)
    const mine = await organizations.listMine(ctx)
    const payer = mine.find((o) => o.id === data.payerOrganizationId.toLowerCase())
    if (!payer?.roles.some((r) => r.type === 'buyer' && r.status === 'confirmed')) {
      throw new AppError('invalid', ORDER_MESSAGES.payerNotBuyer, { payerOrganizationId: ORDER_MESSAGES.payerNotBuyer })
    }
    await limiter.hit(`checkout:${user.id}`, CHECKOUT_RATE_LIMIT)

    const { result, placed } = await ctx.db.transaction(async (db) => {
      const tx = withDb(ctx, db)
      const cart = await orders.placement.open(tx, payer, data)
      if (cart.done) return { result: cart.done, placed: 0 }

      const bought = [...cart.orderable.values()].flat()
      const shortages = await products.stock.reserve(
        tx,
        bought.map(({ item }) => ({ productId: item.productId, quantity: item.quantity })),
      )
      if (shortages.length) {
        const titles = new Map(bought.map(({ item }) => [item.productId, item.title]))
        throw orders.placement.shortage(
          shortages.map((s) => ({ title: titles.get(s.productId) ?? '', available: s.available })),
        )
      }

      const parties = await partyDirectory.describeParties(db, [payer.id, ...cart.orderable.keys()])
      const written = await orders.placement.write(tx, cart, parties, payer.id, data)
      // With the orders, not after them: a crash after the commit loses no e-mail and no message.
      await news.placed(tx, written.placed)
      return { result: written.result, placed: written.placed.length }
    })
    if (placed) notifications.afterCommit()
    return result
  }
}
