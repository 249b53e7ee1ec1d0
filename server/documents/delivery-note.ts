import { NBSP, formatDateInWords, formatKopecks, formatQuantity, formatTaxIds, formatVatRate } from './format.ts'
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
import { type CellParagraph, type TableRow, drawTable } from './table.ts'
import type { Party, Seller, VatRate } from './types.ts'

/**
 * A simplified «Товарная накладная» (after ТОРГ-12) for a shipment of an order: who ships and
 * who receives, the lines with VAT and, under each line, the serial numbers of the units shipped
 * (drones are registered by them), the carrier, totals and the signatures of both sides.
 * A4 landscape: the VAT columns need the width. Every sum arrives computed.
 */

export interface DeliveryNoteLine {
  name: string
  /** Vendor's article, printed under the name. */
  sku?: string | null
  quantity: number
  /** Unit of measure: «шт». */
  unit: string
  /** Price of one unit, VAT included, in kopecks. */
  priceKopecks: number
  /** quantity × price, VAT included, in kopecks. */
  amountKopecks: number
  vatRate: VatRate
  /** VAT included in `amountKopecks`, in kopecks (0 for 'none'). */
  vatKopecks: number
  /** Serial numbers of the units shipped on this line, in the order they are listed. */
  serialNumbers?: string[]
}

export interface DeliveryNoteDocument {
  /** The note's own number. */
  number: string
  /** Printed as the day in Moscow: «25 ноября 2026 г.». */
  date: Date
  /** The order the shipment belongs to: «2611-00042». */
  orderNumber: string
  orderDate?: Date | null
  /** Грузоотправитель and поставщик. */
  seller: Seller
  /** Грузополучатель and плательщик. */
  buyer: Party
  /** Where the goods go when it is not the buyer's legal address. */
  deliveryAddress?: string | null
  /** The carrier and its tracking number, when the goods travel with one. */
  shipment?: { carrier: string; trackingNumber?: string | null } | null
  lines: DeliveryNoteLine[]
  totals: {
    /** VAT included, in kopecks. */
    amountKopecks: number
    /** VAT included in the total, in kopecks. */
    vatKopecks: number
  }
  /** The total in words, written by the caller. */
  amountInWords: string
}

const TEXT = 8.5
const SERIALS_PER_ROW = 60

export async function renderDeliveryNote(note: DeliveryNoteDocument): Promise<Buffer> {
  const title = `Товарная накладная № ${note.number} от ${formatDateInWords(note.date)}`
  const { doc, finish } = await openPdf({
    title,
    author: note.seller.name,
    layout: 'landscape',
    date: note.date,
  })
  const x = doc.page.margins.left

  writeText(doc, title, x, doc.y, 'bold', 14, { width: contentWidth(doc) })
  doc.y += 4
  drawRule(doc, 2, 8)

  const { seller, buyer } = note
  const bank = `расчётный счёт ${seller.bank.settlementAccount} в ${seller.bank.bankName}, БИК${NBSP}${seller.bank.bik}, корр. счёт ${seller.bank.correspondentAccount}`
  drawLabelled(doc, 'Грузоотправитель\nи поставщик:', `${partyLine(seller)}, ${bank}`, 120, TEXT)
  drawLabelled(doc, 'Грузополучатель\nи плательщик:', partyLine(buyer), 120, TEXT)
  if (note.deliveryAddress) drawLabelled(doc, 'Адрес доставки:', note.deliveryAddress, 120, TEXT)
  const order = note.orderDate ? `${note.orderNumber} от ${formatDateInWords(note.orderDate)}` : note.orderNumber
  drawLabelled(doc, 'Основание:', `Заказ № ${order}`, 120, TEXT)
  if (note.shipment) {
    const tracking = note.shipment.trackingNumber ? `, трек-номер ${note.shipment.trackingNumber}` : ''
    drawLabelled(doc, 'Перевозчик:', `${note.shipment.carrier}${tracking}`, 120, TEXT)
  }
  doc.y += 4

  drawTable(doc, {
    columns: [
      { header: '№', width: 24, align: 'center' },
      { header: 'Товар: наименование, артикул, серийные номера', width: 'fill' },
      { header: 'Ед.', width: 32 },
      { header: 'Кол-во', width: 48, align: 'right' },
      { header: 'Цена с НДС, руб.', width: 70, align: 'right' },
      { header: 'Сумма без НДС, руб.', width: 78, align: 'right' },
      { header: 'Ставка НДС', width: 50, align: 'center' },
      { header: 'Сумма НДС, руб.', width: 70, align: 'right' },
      { header: 'Сумма с НДС, руб.', width: 78, align: 'right' },
    ],
    rows: [...note.lines.flatMap(lineRows), totalsRow(note)],
    fontSize: TEXT,
    headerFontSize: 8,
  })

  drawClosing(doc, note)
  return finish((page, pages) => `Товарная накладная № ${note.number} · страница ${page} из ${pages}`)
}

function partyLine(party: Party): string {
  return `${party.name}, ${formatTaxIds(party)}, ${party.address}`
}

/**
 * A line's row, and for a long list of serial numbers rows that continue it, so that no single
 * row is taller than a page.
 */
function lineRows(line: DeliveryNoteLine, index: number): TableRow[] {
  const serials = line.serialNumbers ?? []
  const chunks: string[][] = []
  for (let start = 0; start < serials.length; start += SERIALS_PER_ROW) {
    chunks.push(serials.slice(start, start + SERIALS_PER_ROW))
  }
  const serialParagraph = (chunk: string[] | undefined, first: boolean): CellParagraph[] =>
    chunk
      ? [{ text: `${first ? 'Серийные номера' : 'Серийные номера (продолжение)'}: ${chunk.join(', ')}`, size: 7.5 }]
      : []
  const name: CellParagraph[] = [
    { text: line.name },
    ...(line.sku ? [{ text: `Артикул: ${line.sku}`, size: 7.5, color: '#333333' }] : []),
    ...serialParagraph(chunks[0], true),
  ]
  return [
    {
      cells: [
        String(index + 1),
        name,
        line.unit,
        formatQuantity(line.quantity),
        formatKopecks(line.priceKopecks),
        formatKopecks(line.amountKopecks - line.vatKopecks),
        formatVatRate(line.vatRate),
        line.vatRate === 'none' ? '-' : formatKopecks(line.vatKopecks),
        formatKopecks(line.amountKopecks),
      ],
    },
    ...chunks.slice(1).map((chunk) => ({ cells: ['', serialParagraph(chunk, false)] })),
  ]
}

function totalsRow(note: DeliveryNoteDocument): TableRow {
  const quantity = note.lines.reduce((sum, line) => sum + line.quantity, 0)
  const { amountKopecks, vatKopecks } = note.totals
  return {
    bold: true,
    cells: [
      '',
      [{ text: 'Итого', font: 'bold' }],
      '',
      formatQuantity(quantity),
      '×',
      formatKopecks(amountKopecks - vatKopecks),
      '×',
      vatKopecks ? formatKopecks(vatKopecks) : '-',
      formatKopecks(amountKopecks),
    ],
  }
}

function drawClosing(doc: Pdf, note: DeliveryNoteDocument): void {
  const x = doc.page.margins.left
  const width = contentWidth(doc)
  const count = `Всего наименований ${note.lines.length}, на сумму ${formatKopecks(note.totals.amountKopecks)} руб.`
  doc.y += 8
  keepTogether(
    doc,
    measure(doc, count, width, 'regular', TEXT + 0.5) +
      measure(doc, note.amountInWords, width, 'bold', TEXT + 1.5) +
      110,
  )
  doc.fillColor('#000000')
  writeText(doc, count, x, doc.y, 'regular', TEXT + 0.5, { width })
  writeText(doc, note.amountInWords, x, doc.y + 1, 'bold', TEXT + 1.5, { width })
  doc.y += 6
  drawRule(doc, 1, 16)

  const top = doc.y
  const half = width / 2
  const right = x + half + 16
  const column = half - 16
  let left = top
  left +=
    drawSignature(doc, x, left, column, { label: 'Отпуск груза разрешил', withPosition: true, labelWidth: 130 }) + 14
  left +=
    drawSignature(doc, x, left, column, { label: 'Отпуск груза произвёл', withPosition: true, labelWidth: 130 }) + 14
  let received = top
  received +=
    drawSignature(doc, right, received, column, { label: 'Груз принял', withPosition: true, labelWidth: 90 }) + 14
  received +=
    drawSignature(doc, right, received, column, { label: 'Груз получил', withPosition: true, labelWidth: 90 }) + 14

  doc.font('regular').fontSize(TEXT).fillColor('#000000')
  doc.text('М. П.', x, left, { lineBreak: false })
  doc.text('М. П.', right, received, { lineBreak: false })
  doc.text('«____» ________________ 20___ г.', right + 60, received, { lineBreak: false })
  doc.y = Math.max(left, received) + 16
  doc.x = x
}
