import { formatIsoDate } from '#common/calendar-date.ts'
import { nameWithInitials } from '#common/document-settings.ts'
import type { Unit } from '#common/okei.ts'
import { formatKopecks, formatQuantity, formatVatRate } from './format.ts'
import { type Pdf, contentWidth, openPdf, pageBottom, writeText } from './pdf.ts'
import { type TableColumn, type TableRow, drawTable } from './table.ts'
import type { Party, VatRate } from './types.ts'
import {
  type UpdPictures,
  type UpdSignatories,
  drawSignatures,
  drawStatusHeader,
  formatIsoDateInWords,
  GOODS_COLUMNS,
  labelledLine,
  sheetsWord,
  sideLine,
  sideSignature,
  startSidesPart,
  taxIds,
} from './upd.ts'

/**
 * «Универсальный корректировочный документ» (УКД) in the printed layout the tax service recommends
 * (letter ММВ-20-15/86@ of 17.10.2014) over the correction invoice form of Government decree
 * No. 1137: the status box, the header lines (1)–(5) naming the УПД it corrects, each changed line
 * in the form's four rows — А as it stood, Б as it stands now, В the increase, Г the decrease —
 * the totals of the increases and of the decreases, the signatures, and lines [8]–[15] of both
 * sides with the basis of the change. Status 1 is a correction invoice and a document of the
 * change at once, status 2 the document of the change only. A4 landscape.
 */

/** A line's figures at one moment: prices and sums without VAT as the form prints them, and with it. */
export interface UkdFigures {
  quantity: number
  /** One unit without VAT (column 4). */
  priceKopecks: number
  amountWithoutVatKopecks: number
  vatKopecks: number
  amountKopecks: number
}

export interface UkdLine {
  /** The line's number in the УПД corrected. */
  position: number
  code: string | null
  name: string
  unit: Unit
  vatRate: VatRate
  before: UkdFigures
  after: UkdFigures
}

export interface UkdSums {
  amountWithoutVatKopecks: number
  vatKopecks: number
  amountKopecks: number
}

export interface UkdDocument {
  /** The seller's own number of correction documents for the year. */
  number: string
  /** YYYY-MM-DD: the day the change was agreed, in Moscow. */
  date: string
  status: 1 | 2
  /** The УПД (the VAT invoice) it corrects, line (1б). */
  upd: { number: string; date: string }
  seller: Party
  buyer: Party
  /** Line [8]: why the figures change and on which document it rests. */
  basis: string
  /** Line [12]: the buyer's consent as the platform recorded it. */
  consent: string
  lines: UkdLine[]
  totals: { increase: UkdSums; decrease: UkdSums }
  signatories: UpdSignatories | null
  edo: { seller: string | null; buyer: string | null }
}

const TEXT = 7
const SMALL = 6

const NO_CHANGE: UkdSums = { amountWithoutVatKopecks: 0, vatKopecks: 0, amountKopecks: 0 }

/** The increases (rows В) and the decreases (rows Г) of all lines, summed as the form's totals. */
export function ukdTotals(lines: UkdLine[]): { increase: UkdSums; decrease: UkdSums } {
  const increase = { ...NO_CHANGE }
  const decrease = { ...NO_CHANGE }
  for (const line of lines) {
    for (const key of ['amountWithoutVatKopecks', 'vatKopecks', 'amountKopecks'] as const) {
      const change = line.after[key] - line.before[key]
      if (change > 0) increase[key] += change
      else decrease[key] -= change
    }
  }
  return { increase, decrease }
}

export async function renderUkd(ukd: UkdDocument, pictures: UpdPictures = {}): Promise<Buffer> {
  const date = formatIsoDateInWords(ukd.date)
  const { doc, finish } = await openPdf({
    title: `Универсальный корректировочный документ № ${ukd.number} от ${date}`,
    author: ukd.seller.name,
    layout: 'landscape',
    date: new Date(`${ukd.date}T12:00:00Z`),
  })
  drawStatusHeader(doc, {
    name: 'Универсальный корректировочный документ',
    status: ukd.status,
    legend:
      '1 – корректировочный счет-фактура и документ об изменении стоимости отгруженных товаров (выполненных работ, оказанных услуг), переданных имущественных прав\n2 – документ об изменении стоимости',
    title: [`Корректировочный счет-фактура № ${ukd.number} от ${date}`, '(1)'],
    fields: [
      ['Исправление корректировочного счета-фактуры №', '— от —', '(1а)'],
      [
        'к счету-фактуре (счетам-фактурам), документу об отгрузке (УПД)',
        `№ ${ukd.upd.number} от ${formatIsoDateInWords(ukd.upd.date)}, с учетом исправления № — от —`,
        '(1б)',
      ],
      ['Продавец:', ukd.seller.name, '(2)'],
      ['Адрес:', ukd.seller.address, '(2а)'],
      ['ИНН/КПП продавца:', taxIds(ukd.seller), '(2б)'],
      ['Покупатель:', ukd.buyer.name, '(3)'],
      ['Адрес:', ukd.buyer.address, '(3а)'],
      ['ИНН/КПП покупателя:', taxIds(ukd.buyer), '(3б)'],
      ['Валюта: наименование, код', 'Российский рубль, 643', '(4)'],
      ['Идентификатор государственного контракта, договора (соглашения) (при наличии):', '—', '(5)'],
    ],
  })
  drawTable(doc, {
    columns: COLUMNS,
    rows: [...ukd.lines.flatMap(lineRows), ...totalsRows(ukd)],
    fontSize: SMALL + 0.5,
    headerFontSize: SMALL - 1,
  })
  const sheets = drawSignatures(doc, ukd, pictures)
  drawChangeLines(doc, ukd, pictures)
  const { count } = doc.bufferedPageRange()
  doc.switchToPage(sheets.page)
  writeText(doc, `Документ составлен на ${count} ${sheetsWord(count)}`, sheets.x, sheets.y, 'regular', TEXT, {
    width: 84,
  })
  doc.switchToPage(count - 1)
  return finish((page, pages) => `УКД № ${ukd.number} от ${date} · лист ${page} из ${pages}`)
}

const TRACED_UNIT = 'Количественная единица измерения товара, используемая в целях осуществления прослеживаемости'
const G = GOODS_COLUMNS
/** The УПД's columns for the goods, the row's letter, and the traced goods' columns of the correction form. */
const COLUMNS: TableColumn[] = [
  { header: '№ п/п в УПД', width: 20, align: 'center' },
  G.code,
  G.name,
  G.kind,
  G.unitCode,
  G.unitSymbol,
  { header: 'Строка', width: 50 },
  G.quantity,
  G.price,
  G.withoutVat,
  G.excise,
  G.rate,
  { header: 'Сумма налога\n8', width: 48, align: 'right' },
  G.withVat,
  { header: 'код\n10', width: 24, align: 'center', group: TRACED_UNIT },
  { header: 'условное обозначение\n10а', width: 30, align: 'center', group: TRACED_UNIT },
  {
    header: 'Количество товара, подлежащего прослеживаемости, в количественной единице измерения товара\n11',
    width: 44,
    align: 'right',
  },
]

const DASH = '—'
const ROWS = ['А (до изменения)', 'Б (после изменения)', 'В (увеличение)', 'Г (уменьшение)'] as const

/** A sum of a row В or Г: the change when it goes that way, a dash when it does not. */
function change(amount: number, way: 1 | -1, noVat = false): string {
  if (noVat) return 'без НДС'
  return amount * way > 0 ? formatKopecks(Math.abs(amount)) : DASH
}

/** A line in the form's four rows; the name and unit are printed once, on row А. */
function lineRows(line: UkdLine): TableRow[] {
  const noVat = line.vatRate === 'none'
  const stated = (figures: UkdFigures): string[] => [
    formatQuantity(figures.quantity),
    formatKopecks(figures.priceKopecks),
    formatKopecks(figures.amountWithoutVatKopecks),
    'без акциза',
    formatVatRate(line.vatRate),
    noVat ? 'без НДС' : formatKopecks(figures.vatKopecks),
    formatKopecks(figures.amountKopecks),
  ]
  const differences = (way: 1 | -1): string[] => {
    const { before, after } = line
    return [
      'X',
      'X',
      change(after.amountWithoutVatKopecks - before.amountWithoutVatKopecks, way),
      'X',
      'X',
      change(after.vatKopecks - before.vatKopecks, way, noVat),
      change(after.amountKopecks - before.amountKopecks, way),
    ]
  }
  const figures = [stated(line.before), stated(line.after), differences(1), differences(-1)]
  return ROWS.map((row, i) => ({
    cells: [
      i === 0 ? String(line.position) : '',
      i === 0 ? line.code || DASH : '',
      i === 0 ? line.name : '',
      i === 0 ? DASH : '',
      i === 0 ? line.unit.code : '',
      i === 0 ? line.unit.symbol : '',
      row,
      ...figures[i]!,
      i === 0 ? DASH : '',
      i === 0 ? DASH : '',
      i === 0 ? DASH : '',
    ],
  }))
}

function totalsRows(ukd: UkdDocument): TableRow[] {
  const noVat = ukd.lines.every((line) => line.vatRate === 'none')
  const row = (label: string, sums: UkdSums): TableRow => ({
    bold: true,
    cells: [
      '',
      '',
      [{ text: label, font: 'bold' }],
      '',
      '',
      '',
      '',
      'X',
      'X',
      sums.amountKopecks ? formatKopecks(sums.amountWithoutVatKopecks) : DASH,
      'X',
      'X',
      noVat ? 'без НДС' : sums.vatKopecks ? formatKopecks(sums.vatKopecks) : DASH,
      sums.amountKopecks ? formatKopecks(sums.amountKopecks) : DASH,
      '',
      '',
      '',
    ],
  })
  return [
    row('Всего увеличение (сумма строк В)', ukd.totals.increase),
    row('Всего уменьшение (сумма строк Г)', ukd.totals.decrease),
  ]
}

/** Lines [8]–[15]: the basis of the change, and who answers for it on each side. */
function drawChangeLines(doc: Pdf, ukd: UkdDocument, pictures: UpdPictures): void {
  const x = doc.page.margins.left
  const width = contentWidth(doc)
  startSidesPart(doc, 130)
  labelledLine(
    doc,
    x,
    width,
    'Основание для корректировки (согласие, уведомление) покупателя',
    `${ukd.basis}; к УПД № ${ukd.upd.number} от ${formatIsoDate(ukd.upd.date)}`,
    '[8]',
  )
  doc.y += 4
  const half = width / 2
  const column = half - 12
  const top = doc.y
  const signer = ukd.signatories
    ? { position: ukd.signatories.signer.position, name: nameWithInitials(ukd.signatories.signer.fullName) }
    : undefined
  const RESPONSIBLE = 'Ответственный за правильность оформления факта хозяйственной жизни'
  const sign = (left: number, y: number, mark: string, who: typeof signer, image?: Buffer | null) =>
    sideSignature(doc, { x: left, y, width: column }, RESPONSIBLE, mark, who, image)
  let y = sideLine(doc, x, top, column, 'Иные сведения об изменении: —', '[9]')
  y = sign(x, y, '[10]', signer, pictures.signature)
  y = sideLine(
    doc,
    x,
    y,
    column,
    `Наименование экономического субъекта – составителя документа: ${ukd.seller.name}, ИНН/КПП ${taxIds(ukd.seller)}`,
    '[11]',
  )
  writeText(doc, 'М. П.', x, y + 2, 'regular', TEXT, { lineBreak: false })
  if (pictures.stamp) doc.image(pictures.stamp, x + 30, y - 40, { fit: [90, 90], align: 'center', valign: 'center' })

  const right = x + half + 12
  let r = sideLine(doc, right, top, column, ukd.consent, '[12]')
  r = sideLine(doc, right, r, column, 'Иные сведения об изменении: —', '[13]')
  r = sign(right, r, '[14]', undefined)
  r = sideLine(
    doc,
    right,
    r,
    column,
    `Наименование экономического субъекта – составителя документа: ${ukd.buyer.name}, ИНН/КПП ${taxIds(ukd.buyer)}`,
    '[15]',
  )
  writeText(doc, 'М. П.', right, r + 2, 'regular', TEXT, { lineBreak: false })
  doc.y = Math.min(Math.max(y, r) + 16, pageBottom(doc))
  doc.x = x
}
