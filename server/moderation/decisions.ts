import type { DraftStatus } from '#common/products.ts'
import { type Ctx, requireStaff, withDb } from '../context.ts'
import { AppError } from '../errors.ts'
import { recordAudit } from '../modules/audit/index.ts'
import type { ModerationTransition, moderationOf } from './machine.ts'

/** What every moderated listing's row has. */
interface ModeratedRow {
  id: string
  title: string
  status: DraftStatus
  staffComment: string | null
}

/** A kind of moderated listing as the staff decisions need it: its moves, and its own part of each. */
export interface DecidedListing<Row extends ModeratedRow, Published> {
  moderation: ReturnType<typeof moderationOf>
  /** The audit log's names: `product` → `product.approve`, `product.request_fixes`. */
  auditName: string
  /** Any listing by id (staff see every vendor's); a 404 when there is none. */
  find(ctx: Ctx, id: string): Promise<Row>
  /** What is still missing before it may be approved, by field. */
  problemsOf(row: Row): Record<string, string>
  /** Refusal of an approval while something is missing. */
  incomplete: string
  /**
   * Publishes the approved revision, in the decision's transaction: the public pages show this
   * version from now on (the catalogue's version of a product, the exchange's copy of an offer).
   */
  publish(tx: Ctx, row: Row): Promise<Published>
  /** Tells the vendor, in the same transaction; `published` is what an approval published. */
  tell(
    tx: Ctx,
    decision: 'approved' | 'fixes_requested',
    row: Row,
    comment: string | null,
    published: Published | null,
  ): Promise<void>
}

/**
 * Staff decisions on a moderated listing, one transaction each: the move with its history, the
 * publication of an approved revision, the audit entry and the vendor's notice. A second click
 * (the listing already where the decision leads, with the same comment) changes nothing.
 */
export function staffDecisions<Row extends ModeratedRow, Published>(listing: DecidedListing<Row, Published>) {
  const step = (row: Row, event: 'approve' | 'requestFixes'): ModerationTransition =>
    listing.moderation.transition(row.status, event, 'staff', row.title || undefined)

  return {
    async approve(ctx: Ctx, id: string): Promise<Row> {
      requireStaff(ctx)
      const row = await listing.find(ctx, id)
      if (row.status === 'approved') return row
      const approve = step(row, 'approve')
      if (Object.keys(listing.problemsOf(row)).length) throw new AppError('conflict', listing.incomplete)
      await ctx.db.transaction(async (db) => {
        const tx = withDb(ctx, db)
        await listing.moderation.move(tx, row.id, approve, { set: { published: true, staffComment: null } })
        const published = await listing.publish(tx, row)
        await recordAudit(tx, {
          action: `${listing.auditName}.approve`,
          targetType: listing.auditName,
          targetId: row.id,
        })
        await listing.tell(tx, 'approved', row, null, published)
      })
      return listing.find(ctx, id)
    },

    /** Sends the listing back with what to fix; a published version stays on the public pages. */
    async requestFixes(ctx: Ctx, id: string, comment: string): Promise<Row> {
      requireStaff(ctx)
      const row = await listing.find(ctx, id)
      if (row.status === 'needFixes' && row.staffComment === comment) return row
      const requestFixes = step(row, 'requestFixes')
      await ctx.db.transaction(async (db) => {
        const tx = withDb(ctx, db)
        await listing.moderation.move(tx, row.id, requestFixes, { comment, set: { staffComment: comment } })
        await recordAudit(tx, {
          action: `${listing.auditName}.request_fixes`,
          targetType: listing.auditName,
          targetId: row.id,
          details: { comment },
        })
        await listing.tell(tx, 'fixes_requested', row, comment, null)
      })
      return listing.find(ctx, id)
    },
  }
}
