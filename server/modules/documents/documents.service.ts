import { and, eq } from 'drizzle-orm'
import { ORDER_MESSAGES, type OrderSide } from '#common/orders.ts'
import type { Ctx } from '../../context.ts'
import { type ActDocument, type UpdDocument, renderAct, renderUpd, renderUpdXml } from '../../documents/index.ts'
import { AppError } from '../../errors.ts'
import type { FilesService } from '../files/index.ts'
import { issueAct, issueUpd, registerInvoice, setInvoiceState } from './documents.issue.ts'
import { createDocumentsRegistry } from './documents.registry.ts'
import { type ClosingDocumentKind, closingDocuments } from './documents.table.ts'

/**
 * Closing documents: the seller's transfer documents, numbered in its own sequence per year,
 * kept as printed and served to both sides of the order they close.
 */
export function createDocumentsService(deps: { files: Pick<FilesService, 'readAttached'> }) {
  /** A picture the seller had; one removed since prints as a blank, not an error. */
  async function picture(ctx: Ctx, fileId: string | null): Promise<Buffer | null> {
    if (!fileId) return null
    try {
      return (await deps.files.readAttached(ctx, fileId)).data
    } catch {
      return null
    }
  }

  /**
   * The order's document of the kind as its seller («sale», the contractor of a service order)
   * or buyer («purchase», the customer) sees it; anyone else finds none.
   */
  async function findOwn(ctx: Ctx, kind: ClosingDocumentKind, side: string, orderNumber: string) {
    const organizationId = ctx.organization?.id
    // A goods order's number («2611-00042») or a service order's («S-2611-00042»); anything else has no document.
    if (!organizationId || (side !== 'sale' && side !== 'purchase') || !/^(S-)?\d{4}-\d{5,}$/.test(orderNumber)) {
      throw new AppError('not_found', ORDER_MESSAGES.notFound)
    }
    const party =
      (side as OrderSide) === 'sale' ? closingDocuments.sellerOrganizationId : closingDocuments.buyerOrganizationId
    const [row] = await ctx.db
      .select()
      .from(closingDocuments)
      .where(
        and(eq(closingDocuments.orderNumber, orderNumber), eq(closingDocuments.kind, kind), eq(party, organizationId)),
      )
    if (!row) throw new AppError('not_found', ORDER_MESSAGES.noDocument)
    return row
  }

  const findUpd = async (ctx: Ctx, side: string, orderNumber: string) => {
    const row = await findOwn(ctx, 'upd', side, orderNumber)
    return { ...row, content: row.content as UpdDocument }
  }

  return {
    /** The organization's registry of documents and its months' archives. */
    registry: createDocumentsRegistry({ readImage: picture }),
    issueUpd,
    issueAct,
    registerInvoice,
    setInvoiceState,

    /**
     * The order's УПД as PDF, for either side of it: the seller («sale») or the buyer
     * («purchase»). Anyone else, and an order without one yet, gets a 404.
     */
    async updPdf(ctx: Ctx, side: string, orderNumber: string): Promise<{ pdf: Buffer; filename: string }> {
      const row = await findUpd(ctx, side, orderNumber)
      const [signature, stamp] = await Promise.all([picture(ctx, row.signatureFileId), picture(ctx, row.stampFileId)])
      const pdf = await renderUpd(row.content, { signature, stamp })
      return { pdf, filename: `upd-${row.number}-${row.date}.pdf` }
    },

    /**
     * The same УПД as the tax service's exchange file (format 5.03, Windows-1251), named by the
     * format's rule, for upload to an exchange operator; the same two sides only.
     */
    /** The act of a service order the customer accepted, for its contractor («sale») and customer («purchase»). */
    async actPdf(ctx: Ctx, side: string, orderNumber: string): Promise<{ pdf: Buffer; filename: string }> {
      const row = await findOwn(ctx, 'act', side, orderNumber)
      const [signature, stamp] = await Promise.all([picture(ctx, row.signatureFileId), picture(ctx, row.stampFileId)])
      const pdf = await renderAct(row.content as ActDocument, { signature, stamp })
      return { pdf, filename: `akt-${row.number}-${row.date}.pdf` }
    },

    async updXml(ctx: Ctx, side: string, orderNumber: string): Promise<{ bytes: Buffer; filename: string }> {
      const row = await findUpd(ctx, side, orderNumber)
      const { fileName, bytes } = renderUpdXml(row.content, { guid: row.id, issuedAt: row.createdAt })
      return { bytes, filename: fileName }
    },
  }
}

export type DocumentsService = ReturnType<typeof createDocumentsService>
