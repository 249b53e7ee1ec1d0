import { and, eq, sql } from 'drizzle-orm'
import { ORDER_MESSAGES, type OrderSide } from '#common/orders.ts'
import type { Ctx } from '../../context.ts'
import { type UpdDocument, renderUpd } from '../../documents/index.ts'
import { AppError } from '../../errors.ts'
import type { FilesService } from '../files/index.ts'
import { closingDocumentCounters, closingDocuments } from './documents.table.ts'

export interface IssuedDocument {
  number: string
  /** YYYY-MM-DD. */
  date: string
}

export interface UpdIssue {
  sellerOrganizationId: string
  buyerOrganizationId: string
  orderNumber: string
  /** Everything the form prints but its number, which the seller's sequence gives. */
  content: Omit<UpdDocument, 'number'>
  signatureFileId: string | null
  stampFileId: string | null
}

/**
 * Closing documents: the seller's transfer documents, numbered in its own sequence per year,
 * kept as printed and served to both sides of the order they close.
 */
export function createDocumentsService(deps: { files: Pick<FilesService, 'readAttached'> }) {
  /** The seller's next number of this kind for the year, inside the caller's transaction. */
  async function nextNumber(ctx: Ctx, organizationId: string, year: number): Promise<number> {
    const [row] = await ctx.db
      .insert(closingDocumentCounters)
      .values({ organizationId, kind: 'upd', year, last: 1 })
      .onConflictDoUpdate({
        target: [closingDocumentCounters.organizationId, closingDocumentCounters.kind, closingDocumentCounters.year],
        set: { last: sql`${closingDocumentCounters.last} + 1` },
      })
      .returning({ last: closingDocumentCounters.last })
    return row!.last
  }

  /** A picture the seller had; one removed since prints as a blank, not an error. */
  async function picture(ctx: Ctx, fileId: string | null): Promise<Buffer | null> {
    if (!fileId) return null
    try {
      return (await deps.files.readAttached(ctx, fileId)).data
    } catch {
      return null
    }
  }

  return {
    /**
     * Issues the УПД of a shipped order, numbered next in the seller's sequence for the year of
     * its date, in the caller's transaction (the shipment's). An order has one: issuing again
     * answers the one it has.
     */
    async issueUpd(ctx: Ctx, issue: UpdIssue): Promise<IssuedDocument> {
      const [existing] = await ctx.db
        .select({ number: closingDocuments.number, date: closingDocuments.date })
        .from(closingDocuments)
        .where(and(eq(closingDocuments.orderNumber, issue.orderNumber), eq(closingDocuments.kind, 'upd')))
      if (existing) return existing
      const year = Number(issue.content.date.slice(0, 4))
      const sequence = await nextNumber(ctx, issue.sellerOrganizationId, year)
      const number = String(sequence)
      await ctx.db.insert(closingDocuments).values({
        kind: 'upd',
        sellerOrganizationId: issue.sellerOrganizationId,
        buyerOrganizationId: issue.buyerOrganizationId,
        orderNumber: issue.orderNumber,
        year,
        sequence,
        number,
        date: issue.content.date,
        status: issue.content.status,
        totalKopecks: issue.content.totals.amountKopecks,
        vatKopecks: issue.content.totals.vatKopecks,
        content: { ...issue.content, number },
        signatureFileId: issue.signatureFileId,
        stampFileId: issue.stampFileId,
      })
      return { number, date: issue.content.date }
    },

    /**
     * The order's УПД as PDF, for either side of it: the seller («sale») or the buyer
     * («purchase»). Anyone else, and an order without one yet, gets a 404.
     */
    async updPdf(ctx: Ctx, side: string, orderNumber: string): Promise<{ pdf: Buffer; filename: string }> {
      const organizationId = ctx.organization?.id
      if (!organizationId || (side !== 'sale' && side !== 'purchase')) {
        throw new AppError('not_found', ORDER_MESSAGES.notFound)
      }
      const party =
        (side as OrderSide) === 'sale' ? closingDocuments.sellerOrganizationId : closingDocuments.buyerOrganizationId
      const [row] = await ctx.db
        .select()
        .from(closingDocuments)
        .where(
          and(
            eq(closingDocuments.orderNumber, orderNumber),
            eq(closingDocuments.kind, 'upd'),
            eq(party, organizationId),
          ),
        )
      if (!row) throw new AppError('not_found', ORDER_MESSAGES.noDocument)
      const [signature, stamp] = await Promise.all([picture(ctx, row.signatureFileId), picture(ctx, row.stampFileId)])
      const pdf = await renderUpd(row.content, { signature, stamp })
      return { pdf, filename: `upd-${row.number}-${row.date}.pdf` }
    },
  }
}

export type DocumentsService = ReturnType<typeof createDocumentsService>
