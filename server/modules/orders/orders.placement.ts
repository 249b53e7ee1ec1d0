import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  type CheckoutResult,
  type Delivery,
  ORDER_LIMITS,
  ORDER_MESSAGES,
  orderNumberPrefix,
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
import { placementHistory } from './orders.machine.ts'
import { cartItems, orderEvents, orderLines, orders } from './orders.table.ts'
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
  /**
   * One order per seller with its lines and its first history entry; the ordered lines leave the
   * cart. One statement however many sellers.
   */
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
      const now = new Date()
      // The ids are made here, so that the lines and the history can name their orders in the
      // same statement.
      const placing = [...cart.orderable].map(([sellerId, items]) => ({
        id: randomUUID(),
        seller: parties.get(sellerId)!,
        lines: orderLinesOf(items),
      }))
      const bought = placing.flatMap((order) => order.lines.map((line) => line.productId))
      const lines = tx.db
        .insert(orderLines)
        .values(placing.flatMap((order) => order.lines.map((line) => ({ ...line, orderId: order.id }))))
      const history = tx.db.insert(orderEvents).values(
        placementHistory(
          tx,
          placing.map((order) => order.id),
          data.comment || null,
        ),
      )
      const emptied = tx.db
        .delete(cartItems)
        .where(and(eq(cartItems.organizationId, cart.owner), inArray(cartItems.productId, bought)))
      // One statement however many sellers: the orders, numbered by the sequence as they are
      // written, their lines and first history entries, and the ordered lines gone from the cart.
      // The lines' and history's references to the orders are checked at its end.
      const returned = await tx.db
        .with(
          tx.db.$with('lines', {}).as(lines.getSQL()),
          tx.db.$with('history', {}).as(history.getSQL()),
          tx.db.$with('emptied', {}).as(emptied.getSQL()),
        )
        .insert(orders)
        .values(
          placing.map(({ id, seller, lines }) => ({
            id,
            number: nextOrderNumber(now),
            status: 'created' as const,
            buyerOrganizationId: buyer.id,
            sellerOrganizationId: seller.id,
            buyer,
            seller,
            checkoutKey: data.checkoutKey,
            createdByUserId: tx.user!.id,
            delivery: deliveryOf(data, seller),
            contactName: data.contactName,
            contactPhone: data.contactPhone,
            comment: data.comment,
            totalKopecks: lines.reduce((s, l) => s + l.amountKopecks, 0),
            vatKopecks: lines.reduce((s, l) => s + l.vatKopecks, 0),
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning()
      const byId = new Map(returned.map((order) => [order.id, order]))
      const placed = placing.map((order) => byId.get(order.id)!)
      return { placed, result: { orders: placed.map(placedOrder), leftInCart: cart.count - bought.length } }
    },

    shortage,
  }
}

/**
 * The next number of the sequence as `formatOrderNumber` writes it, taken as the row is written:
 * each row of a multi-row insert has its own sub-select, so each takes a number of its own.
 */
function nextOrderNumber(now: Date) {
  return sql<string>`(select ${orderNumberPrefix(now)} || lpad(n::text, greatest(5, length(n::text)), '0')
    from nextval('order_numbers') as n)`
}

/** Pickup is at the seller's address; a carrier or courier takes the buyer's. */
function deliveryOf(data: Checkout, seller: OrderParty): Delivery {
  return {
    method: data.deliveryMethod,
    address: data.deliveryMethod === 'pickup' ? seller.address : data.address,
    carrier: data.deliveryMethod === 'carrier' ? data.carrier : null,
  }
}

/** The order's lines as bought: numbered, priced, with VAT and whether the drone needs registering. */
function orderLinesOf(items: OrderableItem[]) {
  return items.map(({ item, offer }, i) => ({
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
