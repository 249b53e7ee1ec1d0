import { eq } from 'drizzle-orm'
import {
  averageOf,
  type OwnReview,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type Review,
  type ReviewKind,
  type ReviewSummary,
  reviewAuthor,
  type StaffReview,
} from '#common/reviews.ts'
import { type Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { parseId } from '../../parse.ts'
import { productReviews, sellerReviews } from './reviews.table.ts'

export const DAY_MS = 24 * 60 * 60_000

export type ProductRow = typeof productReviews.$inferSelect
export type SellerRow = typeof sellerReviews.$inferSelect
export type Row = ProductRow | SellerRow

export const TABLES = { product: productReviews, seller: sellerReviews } as const

/** Visible reviews counted per rating (the rows of a GROUP BY rating) as their summary. */
export function summaryOf(byRating: readonly { rating: number; n: number }[]): ReviewSummary {
  const distribution: ReviewSummary['distribution'] = [0, 0, 0, 0, 0]
  for (const r of byRating) distribution[r.rating - 1] = Number(r.n)
  return { average: averageOf(distribution), count: distribution.reduce((s, n) => s + n, 0), distribution }
}

/** `products` / `sellers` in URLs, `product` / `seller` in answers. */
export function reviewKindOf(kind: string): ReviewKind {
  if (kind === 'product' || kind === 'products') return 'product'
  if (kind === 'seller' || kind === 'sellers') return 'seller'
  throw new AppError('not_found', REVIEW_MESSAGES.notFound)
}

export function toReview(row: Row, kind: ReviewKind): Review {
  return {
    id: row.id,
    kind,
    rating: row.rating,
    text: row.text,
    author: reviewAuthor(row.authorName, row.organizationName),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    answer: row.sellerAnswer && row.answeredAt ? { text: row.sellerAnswer, at: row.answeredAt.toISOString() } : null,
  }
}

export function toOwnReview(row: Row, kind: ReviewKind): OwnReview {
  const until = row.createdAt.getTime() + REVIEW_LIMITS.editableDays * DAY_MS
  return {
    ...toReview(row, kind),
    hidden: row.hiddenAt !== null,
    hiddenReason: row.hiddenReason,
    editableUntil: new Date(until).toISOString(),
    editable: Date.now() < until,
  }
}

export function toStaffReview(row: Row, kind: ReviewKind): StaffReview {
  const subject =
    'productId' in row
      ? { title: row.productTitle, href: `/product/${row.productSlug}` }
      : { title: row.sellerName, href: `/sellers/${row.sellerSlug}` }
  return {
    ...toReview(row, kind),
    subject,
    organizationId: row.organizationId,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    hiddenReason: row.hiddenReason,
  }
}

/** A review by id for a write; a malformed or unknown id is a 404. */
export async function findReview(ctx: Ctx, kind: ReviewKind, id: string, lock = false): Promise<Row> {
  const table = TABLES[kind]
  const query = ctx.db
    .select()
    .from(table)
    .where(eq(table.id, parseId(id, REVIEW_MESSAGES.notFound)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError('not_found', REVIEW_MESSAGES.notFound)
  return row
}
