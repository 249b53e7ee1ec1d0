import { amountInWords } from '#common/money-words.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import { invoiceSignatories } from '#common/document-settings.ts'
import { ORDER_MESSAGES } from '#common/orders.ts'
import {
  type DeliveryNoteDocument,
  type InvoiceDocument,
  renderDeliveryNote,
  renderInvoice,
} from '../../documents/index.ts'
import { AppError } from '../../errors.ts'
import type { OrderLineRow, OrderRow } from './orders.view.ts'

/** How long the buyer has to pay an invoice, in calendar days. */
export const INVOICE_PAYMENT_DAYS = 5

export type OrderDocumentKind = 'invoice' | 'delivery-note'

const party = (p: OrderRow['buyer']) => ({ name: p.fullName, inn: p.inn, kpp: p.kpp, address: p.address })

function seller(row: OrderRow) {
  if (!row.sellerBank) throw new AppError('not_found', ORDER_MESSAGES.noDocument)
  return { ...party(row.seller), bank: row.sellerBank }
}

/** VAT per rate when the lines' rates differ: one «В том числе НДС N%» row each. */
function vatByRate(lines: OrderLineRow[]) {
  const byRate = new Map<VatRate, number>()
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.vatKopecks)
  return [...byRate].map(([rate, vatKopecks]) => ({ rate, vatKopecks }))
}

/** A signature's or stamp's picture; a file gone since is printed as a blank, not an error. */
async function pictureOf(
  fileId: string | null | undefined,
  readImage: (fileId: string) => Promise<Buffer>,
): Promise<Buffer | null> {
  if (!fileId) return null
  try {
    return await readImage(fileId)
  } catch {
    return null
  }
}

/**
 * The invoice of a confirmed order as printed, without the pictures (they are files, read when it
 * is drawn): dated the day of confirmation, with the seller's bank requisites and signatories of
 * that day. What the order page serves and the documents registry keeps.
 */
export function invoiceOf(row: OrderRow, lines: OrderLineRow[]): InvoiceDocument {
  return {
    number: row.number,
    date: row.confirmedAt!,
    seller: seller(row),
    buyer: party(row.buyer),
    lines: lines.map((l) => ({
      name: l.title,
      quantity: l.quantity,
      unit: 'шт',
      priceKopecks: l.priceKopecks,
      amountKopecks: l.amountKopecks,
      vatRate: l.vatRate,
    })),
    totals: { amountKopecks: row.totalKopecks, vatKopecks: row.vatKopecks, vatByRate: vatByRate(lines) },
    amountInWords: amountInWords(row.totalKopecks),
    paymentTermDays: INVOICE_PAYMENT_DAYS,
    basis: `Заказ № ${row.number}`,
    signatories: row.sellerDocumentSettings ? invoiceSignatories(row.sellerDocumentSettings) : undefined,
  }
}

/**
 * The order's documents as PDF bytes, from what the order copied: the invoice once confirmed
 * (dated the day of confirmation, with the seller's bank requisites of that day), the delivery
 * note once shipped (with the serial numbers). Anything earlier is not there yet: a 404.
 */
export async function renderOrderDocument(
  kind: OrderDocumentKind,
  row: OrderRow,
  lines: OrderLineRow[],
  readImage: (fileId: string) => Promise<Buffer>,
): Promise<Buffer> {
  const totals = { amountKopecks: row.totalKopecks, vatKopecks: row.vatKopecks }
  if (kind === 'invoice') {
    if (!row.confirmedAt) throw new AppError('not_found', ORDER_MESSAGES.noDocument)
    const settings = row.sellerDocumentSettings
    const invoice = invoiceOf(row, lines)
    return renderInvoice({
      ...invoice,
      // Orders confirmed before signatories were kept have none: their blanks stay for a pen.
      signatories: invoice.signatories && {
        ...invoice.signatories,
        signatureImage: await pictureOf(settings?.signatureFileId, readImage),
        stampImage: await pictureOf(settings?.stampFileId, readImage),
      },
    })
  }
  if (!row.shippedAt) throw new AppError('not_found', ORDER_MESSAGES.noDocument)
  const note: DeliveryNoteDocument = {
    number: row.number,
    date: row.shippedAt,
    orderNumber: row.number,
    orderDate: row.createdAt,
    seller: seller(row),
    buyer: party(row.buyer),
    deliveryAddress: row.delivery.address,
    shipment:
      row.carrier || row.trackingNumber ? { carrier: row.carrier ?? '', trackingNumber: row.trackingNumber } : null,
    lines: lines.map((l) => ({
      name: l.title,
      sku: l.sku || null,
      quantity: l.quantity,
      unit: 'шт',
      priceKopecks: l.priceKopecks,
      amountKopecks: l.amountKopecks,
      vatRate: l.vatRate,
      vatKopecks: l.vatKopecks,
      serialNumbers: l.serialNumbers,
    })),
    totals,
    amountInWords: amountInWords(row.totalKopecks),
  }
  return renderDeliveryNote(note)
}
