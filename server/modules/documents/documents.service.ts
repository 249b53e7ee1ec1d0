import { and, eq } from 'drizzle-orm'
import { ORDER_MESSAGES, type OrderSide } from '#common/orders.ts'
import type { Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import type { FilesService } from '../files/index.ts'
import { issueAct, issueUkd, issueUpd, registerInvoice, setInvoiceState, updOf } from './documents.issue.ts'
import { createDocumentsRegistry } from './documents.registry.ts'
import { type DocumentFile, renderDocumentFile } from './documents.render.ts'
import { type ClosingDocumentKind, closingDocuments } from './documents.table.ts'

/**
 * Closing documents: the seller's transfer documents and acts, numbered in its own sequence per
 * kind and year, and the invoices, kept as printed and served to both sides of the order.
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
  async function findOwn(ctx: Ctx, kind: ClosingDocumentKind, side: string, orderNumber: string, correction = 0) {
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
        and(
          eq(closingDocuments.orderNumber, orderNumber),
          eq(closingDocuments.kind, kind),
          eq(closingDocuments.correction, correction),
          eq(party, organizationId),
        ),
      )
    if (!row) throw new AppError('not_found', ORDER_MESSAGES.noDocument)
    return row
  }

  return {
    /** The organization's registry of documents and its months' archives. */
    registry: createDocumentsRegistry({ readImage: picture }),
    issueUpd,
    issueAct,
    issueUkd,
    updOf,
    registerInvoice,
    setInvoiceState,

    /**
     * A document of an order as a file, for either side of it: a goods order's УПД (PDF, or the
     * tax service's XML for an exchange operator) or a service order's act (PDF), to its seller
     * («sale», the contractor) or buyer («purchase», the customer). Anyone else, and an order
     * without one yet, gets a 404.
     */
    async download(
      ctx: Ctx,
      kind: 'upd' | 'act',
      format: 'pdf' | 'xml',
      side: string,
      orderNumber: string,
    ): Promise<DocumentFile> {
      return renderDocumentFile(ctx, await findOwn(ctx, kind, side, orderNumber), format, picture)
    },

    /** The correction document of an order's accepted correction, as PDF, for either side of it. */
    async downloadUkd(ctx: Ctx, side: string, orderNumber: string, correction: string): Promise<DocumentFile> {
      if (!/^[1-9]\d{0,3}$/.test(correction)) throw new AppError('not_found', ORDER_MESSAGES.noDocument)
      const row = await findOwn(ctx, 'ukd', side, orderNumber, Number(correction))
      return renderDocumentFile(ctx, row, 'pdf', picture)
    },
  }
}

export type DocumentsService = ReturnType<typeof createDocumentsService>
