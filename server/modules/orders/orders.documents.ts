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
    const invoice: InvoiceDocument = {
      number: row.number,
      date: row.confirmedAt,
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
      totals: { ...totals, vatByRate: vatByRate(lines) },
      amountInWords: amountInWords(row.totalKopecks),
      paymentTermDays: INVOICE_PAYMENT_DAYS,
      basis: `Заказ № ${row.number}`,
      // Orders confirmed before signatories were kept have none: their blanks stay for a pen.
      signatories: row.sellerDocumentSettings
        ? {
            ...invoiceSignatories(row.sellerDocumentSettings),
            signatureImage: await pictureOf(row.sellerDocumentSettings.signatureFileId, readImage),
            stampImage: await pictureOf(row.sellerDocumentSettings.stampFileId, readImage),
          }
        : undefined,
    }
    return renderInvoice(invoice)
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
