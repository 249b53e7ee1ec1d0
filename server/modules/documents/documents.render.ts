import type { Ctx } from '../../context.ts'
import {
  type ActDocument,
  type InvoiceDocument,
  type UkdDocument,
  type UpdDocument,
  renderAct,
  renderUkd,
  renderInvoice,
  renderUpd,
  renderUpdXml,
} from '../../documents/index.ts'
import type { closingDocuments } from './documents.table.ts'

type Row = typeof closingDocuments.$inferSelect

/** A kept document as a file: what a download answers and the archive holds. */
export interface DocumentFile {
  name: string
  data: Buffer
  mimeType: string
}

export type ReadImage = (ctx: Ctx, fileId: string | null) => Promise<Buffer | null>

/** The formats a kind is kept in: every document prints as PDF, a УПД is also the exchange XML. */
export const formatsOf = (kind: Row['kind']): ('pdf' | 'xml')[] => (kind === 'upd' ? ['pdf', 'xml'] : ['pdf'])

const PDF_PREFIX: Record<Row['kind'], string> = { upd: 'upd', act: 'akt', invoice: 'schet', ukd: 'ukd' }

/**
 * A kept document rendered as printed: the PDF with the seller's signature and stamp as they were
 * when it was issued, or a УПД's XML named by its format's rule. The same row gives the same file.
 */
export async function renderDocumentFile(
  ctx: Ctx,
  row: Row,
  format: 'pdf' | 'xml',
  readImage: ReadImage,
): Promise<DocumentFile> {
  if (format === 'xml') {
    const xml = renderUpdXml(row.content as UpdDocument, { guid: row.id, issuedAt: row.createdAt })
    return { name: xml.fileName, data: xml.bytes, mimeType: 'application/xml; charset=windows-1251' }
  }
  const [signature, stamp] = await Promise.all([readImage(ctx, row.signatureFileId), readImage(ctx, row.stampFileId)])
  const pictures = { signature, stamp }
  let data: Buffer
  if (row.kind === 'invoice') {
    const invoice = row.content as InvoiceDocument
    data = await renderInvoice({
      ...invoice,
      // Kept as JSON: the date comes back as its ISO text.
      date: new Date(invoice.date),
      signatories: invoice.signatories && { ...invoice.signatories, signatureImage: signature, stampImage: stamp },
    })
  } else if (row.kind === 'act') {
    data = await renderAct(row.content as ActDocument, pictures)
  } else if (row.kind === 'ukd') {
    data = await renderUkd(row.content as UkdDocument, pictures)
  } else {
    data = await renderUpd(row.content as UpdDocument, pictures)
  }
  return { name: `${PDF_PREFIX[row.kind]}-${row.number}-${row.date}.pdf`, data, mimeType: 'application/pdf' }
}
