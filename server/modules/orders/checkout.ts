import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  CheckoutInput,
  type CheckoutResult,
  type Delivery,
  formatOrderNumber,
  ORDER_LIMITS,
  ORDER_MESSAGES,
  stockLimitMessage,
  vatIncluded,
} from '#common/orders.ts'
import { type Ctx, requireUser, withDb } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import { cartOwner, type CartDeps, pricedCart } from './cart.service.ts'
import { recordPlacement } from './orders.machine.ts'
import { cartItems, orderLines, orders } from './orders.table.ts'
import type { OrdersDeps } from './orders.service.ts'
import type { OrderRow } from './orders.view.ts'

/** Checkouts are rare clicks; more than this is a script. */
export const CHECKOUT_RATE_LIMIT = { limit: 30, windowMs: 60 * 60_000 }

/**
 * The selected organization's cart becomes one order per seller, all in one transaction: prices,
 * VAT and both parties' requisites are copied, the stock is taken, the ordered lines leave the
 * cart. Items on request and items off sale stay in the cart. The checkout key makes it
 * idempotent: the same key again answers the orders it made, and two requests with it at once
 * are serialized by the cart's lock, so one set of orders is ever made.
 */
export async function checkout(
  ctx: Ctx,
  deps: OrdersDeps & Pick<CartDeps, 'catalog' | 'members'>,
  input: unknown,
  /** Tells the seller and the order's conversation, in the checkout's transaction. */
  announce: (tx: Ctx, order: OrderRow) => Promise<void>,
): Promise<{ result: CheckoutResult; placed: OrderRow[] }> {
  const user = requireUser(ctx)
  const data = parse(CheckoutInput, input)
  const owner = cartOwner(ctx)
  const mine = await deps.organizations.listMine(ctx)
  const payer = mine.find((o) => o.id === data.payerOrganizationId.toLowerCase())
  if (!payer?.roles.some((r) => r.type === 'buyer' && r.status === 'confirmed')) {
    throw new AppError('invalid', ORDER_MESSAGES.payerNotBuyer, { payerOrganizationId: ORDER_MESSAGES.payerNotBuyer })
  }
  await deps.limiter.hit(`checkout:${user.id}`, CHECKOUT_RATE_LIMIT)

  return ctx.db.transaction(async (tx) => {
    const txCtx = withDb(ctx, tx)
    // One checkout of a cart at a time: a double click waits for the first, then finds its orders.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${owner}`}))`)
    const earlier = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.buyerOrganizationId, payer.id), eq(orders.checkoutKey, data.checkoutKey)))
    if (earlier.length) {
      const left = await tx
        .select({ productId: cartItems.productId })
        .from(cartItems)
        .where(eq(cartItems.organizationId, owner))
      return {
        result: {
          orders: earlier.map((o) => ({ number: o.number, seller: partyRef(o.seller), totalKopecks: o.totalKopecks })),
          leftInCart: left.length,
        },
        placed: [],
      }
    }

    const cart = await pricedCart(txCtx, deps, owner)
    // What the buyer saw is not what can be ordered now: say which items ran short, if any did.
    const short = cart.shortages.map((s) => ({ title: s.title, available: s.available }))
    if (!cart.orderableCount || cart.totalKopecks !== data.expectedTotalKopecks) {
      if (short.length) throw shortageError(short)
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

    const bought = [...cart.orderable.values()].flat()
    const shortages = await deps.stock.reserve(
      txCtx,
      bought.map(({ item }) => ({ productId: item.productId, quantity: item.quantity })),
    )
    if (shortages.length) {
      const titles = new Map(bought.map(({ item }) => [item.productId, item.title]))
      throw shortageError(shortages.map((s) => ({ title: titles.get(s.productId) ?? '', available: s.available })))
    }

    const parties = await deps.parties.describeParties(tx, [payer.id, ...cart.orderable.keys()])
    const buyer = parties.get(payer.id)!
    const placed: OrderRow[] = []
    for (const [sellerId, items] of cart.orderable) {
      const seller = parties.get(sellerId)!
      const delivery: Delivery = {
        method: data.deliveryMethod,
        address: data.deliveryMethod === 'pickup' ? seller.address : data.address,
        carrier: data.deliveryMethod === 'carrier' ? data.carrier : null,
      }
      const numbered = await tx.execute<{ next: number }>(sql`select nextval('order_numbers')::int as next`)
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
      const [order] = await tx
        .insert(orders)
        .values({
          number: formatOrderNumber(now, next),
          status: 'created',
          buyerOrganizationId: buyer.id,
          sellerOrganizationId: seller.id,
          buyer,
          seller,
          checkoutKey: data.checkoutKey,
          createdByUserId: user.id,
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
      await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order!.id })))
      await recordPlacement(txCtx, order!.id, data.comment || null)
      // With the order, not after it: a crash after the commit loses no e-mail and no message.
      await announce(txCtx, order!)
      placed.push(order!)
    }
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.organizationId, owner),
        inArray(
          cartItems.productId,
          bought.map(({ item }) => item.productId),
        ),
      ),
    )
    return {
      result: {
        orders: placed.map((o) => ({ number: o.number, seller: partyRef(o.seller), totalKopecks: o.totalKopecks })),
        leftInCart: cart.count - bought.length,
      },
      placed,
    }
  })
}

function shortageError(items: { title: string; available: number }[]): AppError {
  return new AppError(
    'conflict',
    `Не хватает товара: ${items.map((s) => stockLimitMessage(s.title, s.available)).join('; ')}. Уменьшите количество или удалите товар из корзины.`,
  )
}

const partyRef = (p: { id: string; name: string; slug: string }) => ({ id: p.id, name: p.name, slug: p.slug })
