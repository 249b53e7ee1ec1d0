import type { CatalogService } from '../catalog/index.ts'
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import {
  type OwnReview,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type Review,
  type ReviewKind,
  type ReviewPage,
  type Reviewable,
  reviewAuthor,
} from '#common/reviews.ts'
import {
  ProductReviewInput,
  ReviewAnswerInput,
  ReviewEditInput,
  ReviewListQuery,
  SellerReviewInput,
} from '#common/reviews.schemas.ts'
import { type Ctx, requireUser } from '../../context.ts'
import { onPage } from '../../db/pages.ts'
import { AppError } from '../../errors.ts'
import { parse, parseId } from '../../parse.ts'
import type { OrdersService } from '../orders/index.ts'
import type { Events } from '../notifications/index.ts'
import type { MemberDirectory } from '../organizations/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import type { SellersService } from '../sellers/index.ts'
import { productReviews, sellerReviews } from './reviews.table.ts'
import { type Row, TABLES, reviewKindOf, toReview, toOwnReview, findReview, DAY_MS, summaryOf } from './reviews.rows.ts'
import { createStaffReviews } from './reviews.staff.ts'

/** Reviews, answers and edits are written by people, a few a day; more is a script. */
export const REVIEW_WRITE_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 }

export interface ReviewsDeps {
  /** The orders module's read of a purchase: the only proof that the buyer received the goods. */
  orders: Pick<OrdersService, 'purchaseForReview'>
  /** Confirmed vendors' ids by slug, for the seller page's reviews. */
  sellers: Pick<SellersService, 'resolveVendorSlugs'>
  /** The owners of both sides of a purchase, to refuse a review of oneself. */
  members: Pick<MemberDirectory, 'membersOf'>
  events: Events
  limiter: RateLimiter
  /** The offers of a product's model: a model's reviews are those of all its offers. */
  catalog: Pick<CatalogService, 'modelOfferIds'>
}

export function createReviewsService(deps: ReviewsDeps) {
  /** Tells of a new review (the reviewed seller's members hear of it, with a link to where it shows). */
  async function tellSeller(ctx: Ctx, row: Row, kind: ReviewKind) {
    await deps.events.emit(ctx, {
      type: 'reviews.created',
      kind,
      seller: { id: row.sellerOrganizationId },
      subject:
        'productId' in row
          ? { title: row.productTitle, path: `/product/${row.productSlug}` }
          : { title: row.sellerName, path: `/sellers/${row.sellerSlug}` },
      orderNumber: row.orderNumber,
      rating: row.rating,
      text: row.text,
      author: reviewAuthor(row.authorName, row.organizationName),
    })
  }

  /** The member writing, and the organization the review is from. */
  /**
   * Whether the buyer is the seller itself or shares an owner with it: a review of oneself,
   * however «verified» the order looks, is not one buyers may trust.
   */
  async function isSelfDealing(ctx: Ctx, purchase: { buyer: { id: string }; seller: { id: string } }) {
    if (purchase.buyer.id === purchase.seller.id) return true
    const members = await deps.members.membersOf(ctx.db, [purchase.buyer.id, purchase.seller.id])
    const owners = (organizationId: string) =>
      new Set(members.filter((m) => m.organizationId === organizationId && m.role === 'owner').map((m) => m.userId))
    const sellerOwners = owners(purchase.seller.id)
    return [...owners(purchase.buyer.id)].some((userId) => sellerOwners.has(userId))
  }

  async function reviewablePurchase(ctx: Ctx, orderNumber: string) {
    const purchase = await deps.orders.purchaseForReview(ctx, orderNumber)
    if (!purchase.received) throw new AppError('conflict', REVIEW_MESSAGES.notDelivered)
    if (await isSelfDealing(ctx, purchase)) throw new AppError('forbidden', REVIEW_MESSAGES.ownSeller)
    return purchase
  }

  async function writer(ctx: Ctx) {
    const user = requireUser(ctx)
    if (!ctx.organization) throw new AppError('not_found', REVIEW_MESSAGES.notFound)
    await deps.limiter.hit(`reviews:${user.id}`, REVIEW_WRITE_RATE_LIMIT)
    return { user, organizationId: ctx.organization.id }
  }

  /**
   * A page of visible reviews about one subject, newest first, with their summary: two
   * statements whatever the page holds (the names were copied when the reviews were written).
   */
  async function listVisible(
    ctx: Ctx,
    kind: ReviewKind,
    subject: SQL,
    query: unknown,
    sellerOrganizationId: string | null,
  ): Promise<ReviewPage> {
    const { page } = parse(ReviewListQuery, query ?? {})
    const table = TABLES[kind]
    const where = and(subject, isNull(table.hiddenAt))
    const pageSize = REVIEW_LIMITS.pageSize
    const [rows, byRating] = await Promise.all([
      onPage(ctx.db.select().from(table).where(where).orderBy(desc(table.createdAt), desc(table.id)).$dynamic(), {
        page,
        pageSize,
      }),
      ctx.db.select({ rating: table.rating, n: count() }).from(table).where(where).groupBy(table.rating),
    ])
    const summary = summaryOf(byRating)
    const mine = ctx.organization?.id ?? null
    const seller = sellerOrganizationId ?? rows[0]?.sellerOrganizationId ?? null
    return {
      summary,
      items: rows.map((r) => toReview(r, kind)),
      page,
      pageSize,
      total: summary.count,
      canAnswer: Boolean(ctx.user && mine && mine === seller),
    }
  }

  return {
    /** Public: a product's visible reviews with the average, count and distribution. */
    /** Public: the reviews of the product's model, whichever seller's offer each buyer bought. */
    async listForProduct(ctx: Ctx, productId: string, query?: unknown): Promise<ReviewPage> {
      const id = parseId(productId, 'Товар не найден')
      const offers = await deps.catalog.modelOfferIds(ctx, id)
      return listVisible(ctx, 'product', inArray(productReviews.productId, offers), query, null)
    },

    /**
     * Public: the sellers' ratings from their visible reviews (the average to a tenth and the
     * count), for lists that show several sellers at once; a seller without reviews is absent.
     */
    async sellerRatings(ctx: Ctx, sellerIds: string[]): Promise<Map<string, { average: number; count: number }>> {
      const ratings = new Map<string, { average: number; count: number }>()
      if (!sellerIds.length) return ratings
      const rows = await ctx.db
        .select({ seller: sellerReviews.sellerOrganizationId, rating: sellerReviews.rating, n: count() })
        .from(sellerReviews)
        .where(
          and(inArray(sellerReviews.sellerOrganizationId, [...new Set(sellerIds)]), isNull(sellerReviews.hiddenAt)),
        )
        .groupBy(sellerReviews.sellerOrganizationId, sellerReviews.rating)
      const bySeller = new Map<string, typeof rows>()
      for (const row of rows) bySeller.set(row.seller, [...(bySeller.get(row.seller) ?? []), row])
      for (const [seller, counted] of bySeller) {
        const { average, count: total } = summaryOf(counted)
        ratings.set(seller, { average, count: total })
      }
      return ratings
    },

    /** Public: a confirmed vendor's visible reviews; anyone else is a 404. */
    async listForSeller(ctx: Ctx, slug: string, query?: unknown): Promise<ReviewPage> {
      const id = (await deps.sellers.resolveVendorSlugs(ctx, [slug])).get(slug)
      if (!id) throw new AppError('not_found', 'Продавец не найден')
      return listVisible(ctx, 'seller', eq(sellerReviews.sellerOrganizationId, id), query, id)
    },

    /**
     * What the buyer may still review in its order, and the reviews it wrote: the order page's
     * «Отзывы» block. Another organization's order is a 404.
     */
    async reviewableFor(ctx: Ctx, orderNumber: string): Promise<Reviewable> {
      const purchase = await deps.orders.purchaseForReview(ctx, orderNumber)
      const open = purchase.received && !(await isSelfDealing(ctx, purchase))
      const productIds = [...new Set(purchase.lines.map((l) => l.productId))]
      const [products, [seller]] = await Promise.all([
        productIds.length
          ? ctx.db
              .select()
              .from(productReviews)
              .where(
                and(
                  eq(productReviews.organizationId, purchase.buyer.id),
                  inArray(productReviews.productId, productIds),
                ),
              )
          : Promise.resolve([]),
        ctx.db.select().from(sellerReviews).where(eq(sellerReviews.orderId, purchase.id)),
      ])
      const byProduct = new Map(products.map((r) => [r.productId, r]))
      const seen = new Set<string>()
      return {
        orderNumber: purchase.number,
        delivered: purchase.received,
        seller: {
          ...purchase.seller,
          canReview: open && !seller,
          review: seller ? toOwnReview(seller, 'seller') : null,
        },
        products: purchase.lines
          .filter((l) => !seen.has(l.productId) && seen.add(l.productId))
          .map((l) => {
            const review = byProduct.get(l.productId)
            return {
              productId: l.productId,
              title: l.title,
              slug: l.slug,
              canReview: open && !review,
              review: review ? toOwnReview(review, 'product') : null,
            }
          }),
      }
    },

    /** The buyer rates a product of its delivered order; one review per product per organization. */
    async createProductReview(ctx: Ctx, input: unknown): Promise<OwnReview> {
      const { user } = await writer(ctx)
      const data = parse(ProductReviewInput, input)
      const purchase = await reviewablePurchase(ctx, data.orderNumber)
      const productId = data.productId.toLowerCase()
      const line = purchase.lines.find((l) => l.productId === productId)
      if (!line) throw new AppError('not_found', REVIEW_MESSAGES.productNotInOrder)
      const [created] = await ctx.db
        .insert(productReviews)
        .values({
          orderId: purchase.id,
          orderNumber: purchase.number,
          organizationId: purchase.buyer.id,
          organizationName: purchase.buyer.name,
          authorUserId: user.id,
          authorName: user.name,
          sellerOrganizationId: purchase.seller.id,
          productId,
          productTitle: line.title,
          productSlug: line.slug,
          rating: data.rating,
          text: data.text,
        })
        .onConflictDoNothing()
        .returning()
      if (!created) throw new AppError('conflict', REVIEW_MESSAGES.productReviewed)
      await tellSeller(ctx, created, 'product')
      return toOwnReview(created, 'product')
    },

    /** The buyer rates the seller of its delivered order; one review per order. */
    async createSellerReview(ctx: Ctx, input: unknown): Promise<OwnReview> {
      const { user } = await writer(ctx)
      const data = parse(SellerReviewInput, input)
      const purchase = await reviewablePurchase(ctx, data.orderNumber)
      const [created] = await ctx.db
        .insert(sellerReviews)
        .values({
          orderId: purchase.id,
          orderNumber: purchase.number,
          organizationId: purchase.buyer.id,
          organizationName: purchase.buyer.name,
          authorUserId: user.id,
          authorName: user.name,
          sellerOrganizationId: purchase.seller.id,
          sellerName: purchase.seller.name,
          sellerSlug: purchase.seller.slug,
          rating: data.rating,
          text: data.text,
        })
        .onConflictDoNothing()
        .returning()
      if (!created) throw new AppError('conflict', REVIEW_MESSAGES.sellerReviewed)
      await tellSeller(ctx, created, 'seller')
      return toOwnReview(created, 'seller')
    },

    /** The author's organization changes its review within 30 days of writing it. */
    async editReview(ctx: Ctx, kindParam: string, id: string, input: unknown): Promise<OwnReview> {
      const kind = reviewKindOf(kindParam)
      const { organizationId } = await writer(ctx)
      const data = parse(ReviewEditInput, input)
      const table = TABLES[kind]
      const row = await findReview(ctx, kind, id)
      // Someone else's review is not theirs to find.
      if (row.organizationId !== organizationId) throw new AppError('not_found', REVIEW_MESSAGES.notFound)
      if (Date.now() - row.createdAt.getTime() > REVIEW_LIMITS.editableDays * DAY_MS) {
        throw new AppError('conflict', REVIEW_MESSAGES.editExpired)
      }
      const [updated] = await ctx.db
        .update(table)
        .set({ rating: data.rating, text: data.text, updatedAt: new Date() })
        .where(eq(table.id, row.id))
        .returning()
      return toOwnReview(updated!, kind)
    },

    /** The reviewed seller answers a visible review, once. */
    async answer(ctx: Ctx, kindParam: string, id: string, input: unknown): Promise<Review> {
      const kind = reviewKindOf(kindParam)
      const { user, organizationId } = await writer(ctx)
      const data = parse(ReviewAnswerInput, input)
      const table = TABLES[kind]
      const row = await findReview(ctx, kind, id)
      if (row.hiddenAt) throw new AppError('not_found', REVIEW_MESSAGES.notFound)
      if (row.sellerOrganizationId !== organizationId) throw new AppError('forbidden', REVIEW_MESSAGES.notSeller)
      const [updated] = await ctx.db
        .update(table)
        .set({ sellerAnswer: data.text, answeredAt: new Date(), answeredBy: user.id })
        .where(and(eq(table.id, row.id), isNull(table.sellerAnswer)))
        .returning()
      if (!updated) throw new AppError('conflict', REVIEW_MESSAGES.answered)
      return toReview(updated, kind)
    },

    ...createStaffReviews(),
  }
}

export type ReviewsService = ReturnType<typeof createReviewsService>
