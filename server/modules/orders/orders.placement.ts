import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  type CheckoutResult,
  type Delivery,
  formatOrderNumber,
  ORDER_LIMITS,
  ORDER_MESSAGES,
  type OrderParty,
  stockLimitMessage,
  vatIncluded,
} from '#common/orders.ts'
import { type CheckoutInput } from '#common/orders.schemas.ts'
import type { z } from '#common/zod.ts'
import type { Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { cartOwner, type CartDeps, pricedCart } from './cart.service.ts'
import type { OrderableItem } from './cart.pricing.ts'
import { recordPlacement } from './orders.machine.ts'
import { cartItems, orderLines, orders } from './orders.table.ts'
import type { OrderRow } from './orders.view.ts'

type Checkout = z.output<typeof CheckoutInput>

/** The cart as the checkout found it, in its transaction: ready to become orders, or done already. */
export type OpenedCart =
  | { done: CheckoutResult }
  | {
      done?: undefined
      owner: string
      /** The lines that become orders, by seller. */
      orderable: Map<string, OrderableItem[]>
      /** Every line of the cart, ordered or not: what is left in it is this less the ordered. */
      count: number
    }

/**
 * The orders' half of a checkout (server/flows/place-orders.ts holds the whole): the selected
 * organization's cart read and priced under its lock, and the orders written from it. The
 * stock, the parties' requisites and the news are the flow's, from the modules that own them.
 */
export interface OrderPlacement {
  /**
   * Locks the cart (a double click waits for the first checkout, then finds its orders) and
   * prices it. The same checkout key again answers the orders it made. Refuses a cart whose
   * total is not what the buyer saw, an order of the payer's own products, a total over the limit.
   */
  open(
    tx: Ctx,
    payer: { id: string; name: string },
    data: Pick<Checkout, 'checkoutKey' | 'expectedTotalKopecks'>,
  ): Promise<OpenedCart>
  /** One order per seller with its lines and its first history entry; the ordered lines leave the cart. */
  write(
    tx: Ctx,
    cart: Exclude<OpenedCart, { done: CheckoutResult }>,
    parties: Map<string, OrderParty>,
    payerId: string,
    data: Checkout,
  ): Promise<{ placed: OrderRow[]; result: CheckoutResult }>
  /** The refusal naming what ran short, when the stock could not be taken. */
  shortage(items: { title: string; available: number }[]): AppError
}

export function createOrderPlacement(deps: Pick<CartDeps, 'catalog' | 'members'>): OrderPlacement {
  return {
    async open(tx, payer, data) {
      const owner = cartOwner(tx)
      await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${owner}`}))`)
      const earlier = await tx.db
        .select()
        .from(orders)
        .where(and(eq(orders.buyerOrganizationId, payer.id), eq(orders.checkoutKey, data.checkoutKey)))
      if (earlier.length) {
        const left = await tx.db
          .select({ productId: cartItems.productId })
          .from(cartItems)
          .where(eq(cartItems.organizationId, owner))
        return { done: { orders: earlier.map(placedOrder), leftInCart: left.length } }
      }

      const cart = await pricedCart(tx, deps, owner)
      // What the buyer saw is not what can be ordered now: say which items ran short, if any did.
      const short = cart.shortages.map((s) => ({ title: s.title, available: s.available }))
      if (!cart.orderableCount || cart.totalKopecks !== data.expectedTotalKopecks) {
        if (short.length) throw shortage(short)
        throw new AppError('conflict', cart.orderableCount ? ORDER_MESSAGES.pricesChanged : ORDER_MESSAGES.emptyCart)
      }
      // A seller paying itself would make «verified» reviews of its own products.
      if (cart.orderable.has(payer.id))
        throw new AppError('conflict', ORDER_MESSAGES.ownProducts(payer.name), {
          payerOrganizationId: ORDER_MESSAGES.ownProducts(payer.name),
        })
      for (const group of cart.groups)
        if (cart.orderable.has(group.seller.id) && group.subtotalKopecks > ORDER_LIMITS.maxTotalKopecks)
          throw new AppError('conflict', ORDER_MESSAGES.totalTooLarge(group.seller.name))
      return { owner, orderable: cart.orderable, count: cart.count }
    },

    async write(tx, cart, parties, payerId, data) {
      const buyer = parties.get(payerId)!
      const placed: OrderRow[] = []
      for (const [sellerId, items] of cart.orderable) {
        const seller = parties.get(sellerId)!
        const delivery: Delivery = {
          method: data.deliveryMethod,
          address: data.deliveryMethod === 'pickup' ? seller.address : data.address,
          carrier: data.deliveryMethod === 'carrier' ? data.carrier : null,
        }
        const numbered = await tx.db.execute<{ next: number }>(sql`select nextval('order_numbers')::int as next`)
        const next = Number((numbered as unknown as { rows: { next: number }[] }).rows[0]!.next)
        const now = new Date()
        const lines = items.map(({ item, offer }, i) => ({
          position: i + 1,
          productId: item.productId,
          slug: item.slug,
          title: item.title,
          sku: item.sku,
          quantity: item.quantity,
          priceKopecks: item.priceKopecks!,
          vatRate: item.vatRate,
          amountKopecks: item.amountKopecks,
          vatKopecks: vatIncluded(item.amountKopecks, item.vatRate),
          registration: offer.registration,
        }))
        const [order] = await tx.db
          .insert(orders)
          .values({
            number: formatOrderNumber(now, next),
            status: 'created',
            buyerOrganizationId: buyer.id,
            sellerOrganizationId: seller.id,
            buyer,
            seller,
            checkoutKey: data.checkoutKey,
            createdByUserId: tx.user!.id,
            delivery,
            contactName: data.contactName,
            contactPhone: data.contactPhone,
            comment: data.comment,
            totalKopecks: lines.reduce((s, l) => s + l.amountKopecks, 0),
            vatKopecks: lines.reduce((s, l) => s + l.vatKopecks, 0),
            createdAt: now,
            updatedAt: now,
          })
          .returning()
        await tx.db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order!.id })))
        await recordPlacement(tx, order!.id, data.comment || null)
        placed.push(order!)
      }
      const bought = [...cart.orderable.values()].flat().map(({ item }) => item.productId)
      await tx.db
        .delete(cartItems)
        .where(and(eq(cartItems.organizationId, cart.owner), inArray(cartItems.productId, bought)))
      return { placed, result: { orders: placed.map(placedOrder), leftInCart: cart.count - bought.length } }
    },

    shortage,
  }
}

function shortage(items: { title: string; available: number }[]): AppError {
  return new AppError(
    'conflict',
    `Не хватает товара: ${items.map((s) => stockLimitMessage(s.title, s.available)).join('; ')}. Уменьшите количество или удалите товар из корзины.`,
  )
}

const placedOrder = (o: OrderRow) => ({
  number: o.number,
  seller: { id: o.seller.id, name: o.seller.name, slug: o.seller.slug },
  totalKopecks: o.totalKopecks,
})
