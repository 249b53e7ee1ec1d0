import { formatDateInWords, formatKopecks, formatQuantity, formatTaxIds } from './format.ts'
import {
  type Pdf,
  contentWidth,
  drawLabelled,
  drawRule,
  drawSignature,
  keepTogether,
  measure,
  openPdf,
  writeText,
} from './pdf.ts'
import { drawTable } from './table.ts'
import type { Party, Seller, VatRate } from './types.ts'

/**
 * «Счёт на оплату» as every Russian accountant knows it from 1С: the payee's bank details in a
 * bordered grid, the title, the parties, the lines, the totals with VAT, the amount in words and
 * the signatures. Pure rendering: every sum arrives computed, nothing is read from a database.
 */

export interface InvoiceLine {
  /** The product's name as ordered; long names wrap inside the cell. */
  name: string
  quantity: number
  /** Unit of measure: «шт». */
  unit: string
  /** Price of one unit, VAT included, in kopecks. */
  priceKopecks: number
  /** quantity × price, VAT included, in kopecks. */
  amountKopecks: number
  vatRate: VatRate
}

export interface InvoiceDocument {
  /** «2611-00042». */
  number: string
  /** Printed as the day in Moscow: «25 ноября 2026 г.». */
  date: Date
  /** The payee: its bank block heads the invoice. */
  seller: Seller
  buyer: Party
  lines: InvoiceLine[]
  totals: {
    /** Total to pay, VAT included, in kopecks. */
    amountKopecks: number
    /** VAT included in that total, in kopecks (0 when no line carries VAT). */
    vatKopecks: number
    /**
     * VAT per rate when the lines' rates differ, one «В том числе НДС N%» row each. Without it the
     * rate is taken from the lines when they share one.
     */
    vatByRate?: { rate: VatRate; vatKopecks: number }[]
  }
  /** The total in words, written by the caller: «Сто двадцать тысяч рублей 00 копеек». */
  amountInWords: string
  /** «Оплатить не позднее …», counted in calendar days from the invoice's date. */
  paymentTermDays?: number | null
  /** «Основание:» line, e.g. «Заказ № 2611-00042». */
  basis?: string | null
  /** Free text under the amount in words. */
  comment?: string | null
  /**
   * Names printed by the signature blanks; blank lines when absent. `headBasis` is printed under
   * the head's line when someone signs for the head: «Коммерческий директор, по доверенности № 7 от …».
   */
  signatories?: {
    head?: string | null
    headBasis?: string | null
    accountant?: string | null
    /** Pictures of the signer's signature (on both lines when the signer signs for the accountant) and the stamp. */
    signatureImage?: Buffer | null
    accountantSignsToo?: boolean
    stampImage?: Buffer | null
  }
}

const TEXT = 9
const AMOUNT_COLUMN = 80

export async function renderInvoice(invoice: InvoiceDocument): Promise<Buffer> {
  const title = `Счёт на оплату № ${invoice.number} от ${formatDateInWords(invoice.date)}`
  const { doc, finish } = await openPdf({
    title,
    author: invoice.seller.name,
    layout: 'portrait',
    date: invoice.date,
  })

  drawBankBlock(doc, invoice.seller)
  doc.y += 16
  writeText(doc, title, doc.page.margins.left, doc.y, 'bold', 14, { width: contentWidth(doc) })
  doc.y += 4
  drawRule(doc, 2, 8)

  drawLabelled(doc, 'Поставщик\n(Исполнитель):', partyLine(invoice.seller), 90, TEXT)
  drawLabelled(doc, 'Покупатель\n(Заказчик):', partyLine(invoice.buyer), 90, TEXT)
  if (invoice.basis) drawLabelled(doc, 'Основание:', invoice.basis, 90, TEXT)
  doc.y += 4

  drawTable(doc, {
    columns: [
      { header: '№', width: 24, align: 'center' },
      { header: 'Товары (работы, услуги)', width: 'fill' },
      { header: 'Кол-во', width: 52, align: 'right' },
      { header: 'Ед.', width: 34, align: 'left' },
      { header: 'Цена', width: 72, align: 'right' },
      { header: 'Сумма', width: AMOUNT_COLUMN, align: 'right' },
    ],
    rows: invoice.lines.map((line, index) => ({
      cells: [
        String(index + 1),
        line.name,
        formatQuantity(line.quantity),
        line.unit,
        formatKopecks(line.priceKopecks),
        formatKopecks(line.amountKopecks),
      ],
    })),
    fontSize: TEXT,
  })

  drawTotals(doc, invoice)
  drawClosing(doc, invoice)

  return finish((page, pages) => `Счёт на оплату № ${invoice.number} · страница ${page} из ${pages}`)
}

function partyLine(party: Party): string {
  return `${party.name}, ${formatTaxIds(party)}, ${party.address}`
}

/** The payee's bank details as the payment order needs them, in 1С's grid. */
function drawBankBlock(doc: Pdf, seller: Seller): void {
  const x = doc.page.margins.left
  const y = doc.y
  const width = contentWidth(doc)
  const a = Math.round(width * 0.56)
  const b = 46
  const c = width - a - b
  const pad = 3
  const line = TEXT * 1.2
  const caption = 8

  const bankNameHeight = measure(doc, seller.bank.bankName, a - 2 * pad, 'regular', TEXT)
  const sellerNameHeight = measure(doc, seller.name, a - 2 * pad, 'regular', TEXT)
  const bikHeight = line + 2 * pad
  const bankHeight = Math.max(bankNameHeight + caption * 1.2 + 4 + 2 * pad, bikHeight + line + 2 * pad)
  const taxHeight = line + 2 * pad
  const payeeHeight = Math.max(sellerNameHeight + caption * 1.2 + 4 + 2 * pad, 2 * line + 2 * pad)
  const height = bankHeight + taxHeight + payeeHeight

  doc.save().lineWidth(0.5).strokeColor('#000000')
  doc.rect(x, y, width, height)
  doc.moveTo(x + a, y).lineTo(x + a, y + height)
  doc.moveTo(x + a + b, y).lineTo(x + a + b, y + height)
  doc.moveTo(x, y + bankHeight).lineTo(x + width, y + bankHeight)
  doc.moveTo(x, y + bankHeight + taxHeight).lineTo(x + a, y + bankHeight + taxHeight)
  doc.moveTo(x + a, y + bikHeight).lineTo(x + width, y + bikHeight)
  doc.moveTo(x + a / 2, y + bankHeight).lineTo(x + a / 2, y + bankHeight + taxHeight)
  doc.stroke().restore()

  const cell = (text: string, left: number, top: number, cellWidth: number, size = TEXT): void => {
    doc.fillColor('#000000')
    writeText(doc, text, left + pad, top + pad, 'regular', size, { width: cellWidth - 2 * pad })
  }
  cell(seller.bank.bankName, x, y, a)
  cell('Банк получателя', x, y + bankHeight - caption * 1.2 - pad, a, caption)
  cell(`ИНН ${seller.inn}`, x, y + bankHeight, a / 2)
  cell(seller.kpp ? `КПП ${seller.kpp}` : 'КПП', x + a / 2, y + bankHeight, a / 2)
  cell(seller.name, x, y + bankHeight + taxHeight, a)
  cell('Получатель', x, y + height - caption * 1.2 - pad, a, caption)
  cell('БИК', x + a, y, b)
  cell(seller.bank.bik, x + a + b, y, c)
  cell('Сч. №', x + a, y + bikHeight, b)
  cell(seller.bank.correspondentAccount, x + a + b, y + bikHeight, c)
  cell('Сч. №', x + a, y + bankHeight, b)
  cell(seller.bank.settlementAccount, x + a + b, y + bankHeight, c)

  doc.y = y + height
  doc.x = x
}

function vatRows(invoice: InvoiceDocument): [string, string][] {
  const byRate = invoice.totals.vatByRate?.filter((entry) => entry.rate !== 'none')
  if (byRate?.length) {
    return byRate.map((entry) => [`В том числе НДС ${entry.rate}%:`, formatKopecks(entry.vatKopecks)])
  }
  const rates = [...new Set(invoice.lines.map((line) => line.vatRate).filter((rate) => rate !== 'none'))]
  if (!rates.length) return [['Без налога (НДС)', '-']]
  const label = rates.length === 1 ? `В том числе НДС ${rates[0]}%:` : 'В том числе НДС:'
  return [[label, formatKopecks(invoice.totals.vatKopecks)]]
}

function drawTotals(doc: Pdf, invoice: InvoiceDocument): void {
  const rows: [string, string][] = [
    ['Итого:', formatKopecks(invoice.totals.amountKopecks)],
    ...vatRows(invoice),
    ['Всего к оплате:', formatKopecks(invoice.totals.amountKopecks)],
  ]
  const rowHeight = TEXT * 1.45
  doc.y += 4
  keepTogether(doc, rows.length * rowHeight)
  const x = doc.page.margins.left
  const labelWidth = contentWidth(doc) - AMOUNT_COLUMN
  for (const [label, amount] of rows) {
    const top = doc.y
    doc.font('bold').fontSize(TEXT).fillColor('#000000')
    doc.text(label, x, top, { width: labelWidth - 6, align: 'right', lineBreak: false })
    doc.text(amount, x + labelWidth, top, { width: AMOUNT_COLUMN - 3, align: 'right', lineBreak: false })
    doc.y = top + rowHeight
  }
  doc.x = x
}

function drawClosing(doc: Pdf, invoice: InvoiceDocument): void {
  const x = doc.page.margins.left
  const width = contentWidth(doc)
  const count = `Всего наименований ${invoice.lines.length}, на сумму ${formatKopecks(invoice.totals.amountKopecks)} руб.`
  const notes = [
    invoice.paymentTermDays != null ? `Оплатить не позднее ${dueDate(invoice)}` : null,
    invoice.comment || null,
  ].filter((note): note is string => note !== null)

  const height =
    measure(doc, count, width, 'regular', TEXT) +
    measure(doc, invoice.amountInWords, width, 'bold', TEXT + 1) +
    notes.reduce((sum, note) => sum + measure(doc, note, width, 'regular', TEXT) + 3, 0) +
    (invoice.signatories?.headBasis ? 82 : 70) +
    (invoice.signatories?.stampImage ? 40 : 0)
  doc.y += 4
  keepTogether(doc, height)

  doc.fillColor('#000000')
  writeText(doc, count, x, doc.y, 'regular', TEXT, { width })
  writeText(doc, invoice.amountInWords, x, doc.y + 1, 'bold', TEXT + 1, { width })
  doc.y += 6
  for (const note of notes) {
    writeText(doc, note, x, doc.y, 'regular', TEXT, { width })
    doc.y += 3
  }
  doc.y += 4
  drawRule(doc, 2, 18)

  const top = doc.y
  const half = width / 2
  const signatories = invoice.signatories
  const signature = signatories?.signatureImage
  const signed = drawSignature(doc, x, top, half - 12, {
    label: 'Руководитель',
    name: signatories?.head,
    image: signature,
  })
  drawSignature(doc, x + half + 12, top, half - 12, {
    label: 'Бухгалтер',
    name: signatories?.accountant,
    image: signatories?.accountantSignsToo ? signature : null,
  })
  // The stamp over the end of the head's line, where a stamp is put by hand.
  if (signatories?.stampImage)
    doc.image(signatories.stampImage, x + half - 110, top - 30, { fit: [96, 96], align: 'center', valign: 'center' })
  const basis = signatories?.headBasis
  if (basis) writeText(doc, basis, x, top + signed + 2, 'regular', 7.5, { width: half - 12 })
  doc.y = top + (basis ? 42 : 30)
  doc.x = x
}

function dueDate(invoice: InvoiceDocument): string {
  const due = new Date(invoice.date.getTime() + (invoice.paymentTermDays ?? 0) * 24 * 60 * 60 * 1000)
  return formatDateInWords(due)
}
