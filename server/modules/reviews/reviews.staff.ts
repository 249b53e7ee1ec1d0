import { count, desc, eq, isNotNull, isNull } from 'drizzle-orm'
import { REVIEW_LIMITS, type ReviewKind, type StaffReview } from '#common/reviews.ts'
import { ReviewHideInput, StaffReviewListQuery } from '#common/reviews.schemas.ts'
import { type Ctx, requireStaff, withDb } from '../../context.ts'
import { parse } from '../../parse.ts'
import { recordAudit } from '../audit/index.ts'
import { TABLES, reviewKindOf, toStaffReview, findReview } from './reviews.rows.ts'

/** Staff's side of reviews: both kinds in one list, hiding abuse and showing it again, audited. */
export function createStaffReviews() {
  async function setHidden(ctx: Ctx, kindParam: string, id: string, reason: string | null): Promise<StaffReview> {
    const staff = requireStaff(ctx)
    const kind = reviewKindOf(kindParam)
    const table = TABLES[kind]
    return ctx.db.transaction(async (tx) => {
      const txCtx = withDb(ctx, tx)
      const row = await findReview(txCtx, kind, id, true)
      const set = reason
        ? { hiddenAt: new Date(), hiddenBy: staff.id, hiddenReason: reason }
        : { hiddenAt: null, hiddenBy: null, hiddenReason: null }
      const [updated] = await tx.update(table).set(set).where(eq(table.id, row.id)).returning()
      await recordAudit(txCtx, {
        action: reason ? 'review.hide' : 'review.unhide',
        targetType: `${kind}_review`,
        targetId: row.id,
        details: reason ? { reason } : {},
      })
      return toStaffReview(updated!, kind)
    })
  }

  return {
    /**
     * Staff: reviews of both kinds, newest first, visible or hidden. Each table gives its newest
     * up to the page's end and the two are merged: four statements whatever the page.
     */
    async listForStaff(
      ctx: Ctx,
      query: unknown,
    ): Promise<{ items: StaffReview[]; page: number; pageSize: number; total: number }> {
      requireStaff(ctx)
      const { status, page } = parse(StaffReviewListQuery, query ?? {})
      const pageSize = REVIEW_LIMITS.staffPageSize
      const hidden = (t: (typeof TABLES)[ReviewKind]) =>
        status === 'hidden' ? isNotNull(t.hiddenAt) : isNull(t.hiddenAt)
      const newest = (kind: ReviewKind) => {
        const t = TABLES[kind]
        return ctx.db
          .select()
          .from(t)
          .where(hidden(t))
          .orderBy(desc(t.createdAt), desc(t.id))
          .limit(page * pageSize)
      }
      const total = (kind: ReviewKind) => ctx.db.select({ n: count() }).from(TABLES[kind]).where(hidden(TABLES[kind]))
      const [products, sellers, [p], [s]] = await Promise.all([
        newest('product'),
        newest('seller'),
        total('product'),
        total('seller'),
      ])
      const merged = [
        ...products.map((r) => toStaffReview(r, 'product')),
        ...sellers.map((r) => toStaffReview(r, 'seller')),
      ].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
      return {
        items: merged.slice((page - 1) * pageSize, page * pageSize),
        page,
        pageSize,
        total: Number(p?.n ?? 0) + Number(s?.n ?? 0),
      }
    },

    /** Staff hide an abusive review with a reason; the audit log keeps who and why. */
    hide(ctx: Ctx, kind: string, id: string, input: unknown): Promise<StaffReview> {
      requireStaff(ctx)
      const { reason } = parse(ReviewHideInput, input)
      return setHidden(ctx, kind, id, reason)
    },

    /** Staff show a hidden review again. */
    unhide(ctx: Ctx, kind: string, id: string): Promise<StaffReview> {
      return setHidden(ctx, kind, id, null)
    },
  }
}
