import { and, asc, count, eq } from 'drizzle-orm'
import { moscowToday } from '#common/moscow-days.ts'
import { CART_LIMITS, CART_MESSAGES, type CartView, stockLimitMessage } from '#common/orders.ts'
import { CartAddInput, CartQuantityInput } from '#common/orders.schemas.ts'
import { isUuid } from '#common/validators.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import { type Ctx, requireUser } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { checkIdempotencyKey, idempotencyKeyOf } from '../../idempotency.ts'
import { parse } from '../../parse.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { MemberDirectory } from '../organizations/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import { type CartRow, maxQuantityOf, minOrderMessage, priceCart } from './cart.pricing.ts'
import { cartItems } from './orders.table.ts'

/** Steppers send a request per click; a script filling carts gets far more. */
export const CART_RATE_LIMIT: RateLimitRule = { limit: 300, windowMs: 60_000 }

export interface CartDeps {
  catalog: Pick<CatalogService, 'describeOffers'>
  members: Pick<MemberDirectory, 'describe'>
  limiter: RateLimiter
}

export interface CartService {
  view(ctx: Ctx): Promise<CartView>
  /**
   * Puts the product in the cart, or more of it; answers the header's count and the quantity now.
   * With an `Idempotency-Key` a retried request adds nothing a second time.
   */
  add(ctx: Ctx, input: unknown, idempotencyKey?: string): Promise<{ count: number; quantity: number }>
  setQuantity(ctx: Ctx, productId: string, input: unknown): Promise<CartView>
  remove(ctx: Ctx, productId: string): Promise<CartView>
  /** Lines in the selected organization's cart: the header's count. */
  count(ctx: Ctx): Promise<number>
  /**
   * Puts a seller's quoted lines in the cart (a commercial offer turned into a purchase): each at
   * the quoted price and VAT until the offer's last day, the quantity asked, replacing a line of
   * the same offer. The caller has checked that the quote is the buyer's.
   */
  putQuoted(ctx: Ctx, lines: QuotedLine[]): Promise<{ count: number }>
}

export interface QuotedLine {
  productId: string
  quantity: number
  priceKopecks: number
  vatRate: VatRate
  validUntil: string
  ref: string
}

/** The cart is the selected organization's: its members fill one list. */
export function cartOwner(ctx: Ctx): string {
  requireUser(ctx)
  if (!ctx.organization) throw new AppError('forbidden', CART_MESSAGES.noOrganization)
  return ctx.organization.id
}

export async function cartRows(ctx: Ctx, organizationId: string): Promise<CartRow[]> {
  return ctx.db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      priceKopecksAtAdd: cartItems.priceKopecksAtAdd,
      title: cartItems.title,
      createdAt: cartItems.createdAt,
      quotedPriceKopecks: cartItems.quotedPriceKopecks,
      quoteVatRate: cartItems.quoteVatRate,
      quoteValidUntil: cartItems.quoteValidUntil,
      quoteRef: cartItems.quoteRef,
    })
    .from(cartItems)
    .where(eq(cartItems.organizationId, organizationId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId))
}

/** The priced cart of an organization: three statements whatever its size. */
export async function pricedCart(ctx: Ctx, deps: Pick<CartDeps, 'catalog' | 'members'>, organizationId: string) {
  const rows = await cartRows(ctx, organizationId)
  const offers = await deps.catalog.describeOffers(
    ctx,
    rows.map((r) => r.productId),
  )
  const sellers = await deps.members.describe(
    ctx.db,
    [...offers.values()].map((o) => o.vendorOrganizationId),
  )
  return priceCart(rows, offers, sellers, moscowToday(new Date()))
}

export function createCartService(deps: CartDeps): CartService {
  async function view(ctx: Ctx, owner: string): Promise<CartView> {
    const { orderable: _, shortages: __, ...cart } = await pricedCart(ctx, deps, owner)
    return cart
  }

  async function writer(ctx: Ctx): Promise<string> {
    const owner = cartOwner(ctx)
    await deps.limiter.hit(`cart:${ctx.user!.id}`, CART_RATE_LIMIT)
    return owner
  }

  async function requireInCart(ctx: Ctx, owner: string, productId: string) {
    const [row] = isUuid(productId)
      ? await ctx.db
          .select()
          .from(cartItems)
          .where(and(eq(cartItems.organizationId, owner), eq(cartItems.productId, productId.toLowerCase())))
      : []
    if (!row) throw new AppError('not_found', CART_MESSAGES.notInCart)
    return row
  }

  return {
    view: (ctx) => view(ctx, cartOwner(ctx)),

    async add(ctx, input, idempotencyKey) {
      const owner = await writer(ctx)
      const data = parse(CartAddInput, input)
      const key = idempotencyKeyOf(idempotencyKey)
      await checkIdempotencyKey(ctx.db, `cart.add:${owner}`, key, data)
      const offer = (await deps.catalog.describeOffers(ctx, [data.productId])).get(data.productId.toLowerCase())
      if (!offer) throw new AppError('not_found', CART_MESSAGES.notFound)
      if (offer.vendorOrganizationId === owner) throw new AppError('conflict', CART_MESSAGES.ownProduct)
      return ctx.db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ quantity: cartItems.quantity, lastAddKey: cartItems.lastAddKey })
          .from(cartItems)
          .where(and(eq(cartItems.organizationId, owner), eq(cartItems.productId, offer.id)))
          .for('update')
        const [{ lines }] = (await tx
          .select({ lines: count() })
          .from(cartItems)
          .where(eq(cartItems.organizationId, owner))) as [{ lines: number }]
        // A retry of an add that already went through (its answer was lost) answers the same again.
        if (existing && key !== null && existing.lastAddKey === key)
          return { count: lines, quantity: existing.quantity }
        // A first add takes at least the seller's minimum order.
        const quantity = Math.max((existing?.quantity ?? 0) + data.quantity, offer.minOrderQuantity)
        const max = maxQuantityOf(offer)
        if (quantity > max) throw new AppError('conflict', stockLimitMessage(offer.title, max))
        if (existing) {
          await tx
            .update(cartItems)
            .set({ quantity, lastAddKey: key })
            .where(and(eq(cartItems.organizationId, owner), eq(cartItems.productId, offer.id)))
          return { count: lines, quantity }
        }
        if (lines >= CART_LIMITS.maxLines) throw new AppError('conflict', CART_MESSAGES.full)
        await tx
          .insert(cartItems)
          .values({
            organizationId: owner,
            productId: offer.id,
            quantity,
            priceKopecksAtAdd: offer.priceKopecks,
            title: offer.title,
            addedByUserId: ctx.user!.id,
            lastAddKey: key,
          })
          // Two first adds at once (a double click): the line is there once, with one add's quantity.
          .onConflictDoUpdate({ target: [cartItems.organizationId, cartItems.productId], set: { quantity } })
        return { count: lines + 1, quantity }
      })
    },

    async setQuantity(ctx, productId, input) {
      const owner = await writer(ctx)
      const { quantity } = parse(CartQuantityInput, input)
      const row = await requireInCart(ctx, owner, productId)
      const offer = (await deps.catalog.describeOffers(ctx, [row.productId])).get(row.productId)
      if (offer && quantity > maxQuantityOf(offer)) {
        throw new AppError('conflict', stockLimitMessage(offer.title, maxQuantityOf(offer)), {
          quantity: stockLimitMessage(offer.title, maxQuantityOf(offer)),
        })
      }
      if (offer && quantity < offer.minOrderQuantity) {
        const message = minOrderMessage(offer.minOrderQuantity)
        throw new AppError('conflict', message, { quantity: message })
      }
      await ctx.db
        .update(cartItems)
        .set({ quantity })
        .where(and(eq(cartItems.organizationId, owner), eq(cartItems.productId, row.productId)))
      return view(ctx, owner)
    },

    async remove(ctx, productId) {
      const owner = await writer(ctx)
      if (isUuid(productId)) {
        await ctx.db
          .delete(cartItems)
          .where(and(eq(cartItems.organizationId, owner), eq(cartItems.productId, productId.toLowerCase())))
      }
      return view(ctx, owner)
    },

    async putQuoted(ctx, lines) {
      const owner = await writer(ctx)
      const offers = await deps.catalog.describeOffers(
        ctx,
        lines.map((l) => l.productId),
      )
      return ctx.db.transaction(async (tx) => {
        const [{ existing }] = (await tx
          .select({ existing: count() })
          .from(cartItems)
          .where(eq(cartItems.organizationId, owner))) as [{ existing: number }]
        if (existing + lines.length > CART_LIMITS.maxLines) throw new AppError('conflict', CART_MESSAGES.full)
        for (const line of lines) {
          const offer = offers.get(line.productId.toLowerCase())
          if (!offer) throw new AppError('not_found', CART_MESSAGES.notFound)
          const quoted = {
            quantity: Math.max(line.quantity, offer.minOrderQuantity),
            priceKopecksAtAdd: offer.priceKopecks,
            quotedPriceKopecks: line.priceKopecks,
            quoteVatRate: line.vatRate,
            quoteValidUntil: line.validUntil,
            quoteRef: line.ref,
          }
          await tx
            .insert(cartItems)
            .values({
              organizationId: owner,
              productId: offer.id,
              title: offer.title,
              addedByUserId: ctx.user!.id,
              ...quoted,
            })
            .onConflictDoUpdate({ target: [cartItems.organizationId, cartItems.productId], set: quoted })
        }
        const [{ total }] = (await tx
          .select({ total: count() })
          .from(cartItems)
          .where(eq(cartItems.organizationId, owner))) as [{ total: number }]
        return { count: total }
      })
    },

    async count(ctx) {
      if (!ctx.user || !ctx.organization) return 0
      const [{ lines }] = (await ctx.db
        .select({ lines: count() })
        .from(cartItems)
        .where(eq(cartItems.organizationId, ctx.organization.id))) as [{ lines: number }]
      return lines
    },
  }
}
