import type { Country } from '#common/countries.ts'
import { formatIsoDate } from '#common/calendar-date.ts'
import { nameWithInitials } from '#common/document-settings.ts'
import type { Unit } from '#common/okei.ts'
import { NBSP, formatDateInWords, formatKopecks, formatQuantity, formatVatRate } from './format.ts'
import { type Pdf, contentWidth, drawSignature, keepTogether, measure, openPdf, pageBottom, writeText } from './pdf.ts'
import { type CellParagraph, type TableColumn, type TableRow, drawTable } from './table.ts'
import type { Party, VatRate } from './types.ts'

/**
 * «Универсальный передаточный документ» in the printed layout the tax service recommends (letter
 * ММВ-20-3/96@ of 21.10.2013) over the VAT invoice form of Government decree No. 1137: the status
 * box, the invoice's header lines (1)–(8), the lines table with every column of the form, the
 * signatures of the invoice part and the transfer part's lines [8]–[19]. Status 1 is a VAT invoice
 * and a transfer document at once, status 2 a transfer document only. A4 landscape. Every sum
 * arrives computed; the content is what the seller's registry keeps, so it is plain JSON.
 */

export interface UpdLine {
  /** The seller's article («Код товара/ работ, услуг», column А), or null. */
  code: string | null
  name: string
  /** Serial numbers of the units shipped, printed under the name. */
  serialNumbers: string[]
  unit: Unit
  quantity: number
  /** Price of one unit without VAT, in kopecks (column 4). */
  priceKopecks: number
  /** Cost without VAT (column 5). */
  amountWithoutVatKopecks: number
  vatRate: VatRate
  /** Column 8; 0 for 'none'. */
  vatKopecks: number
  /** Cost with VAT (column 9). */
  amountKopecks: number
  /** Imported goods: the country of origin (10, 10а) and the customs declaration's number (11). */
  origin: { country: Country; declaration: string | null } | null
}

export interface UpdSignatories {
  /** By «Руководитель организации или иное уполномоченное лицо»: «Иванов И. И.». */
  head: string
  /** «Коммерческий директор, по доверенности № 12 от 01.02.2026» when an attorney signs. */
  headBasis: string | null
  accountant: string
  accountantSignsToo: boolean
  /**
   * Who signs for the seller, hands the goods over (line [10]) and answers for the document
   * (line [13]): the head, or the attorney with the power of attorney's number and date.
   */
  signer: { fullName: string; position: string; powerOfAttorney: { number: string; date: string } | null }
}

/** A document the transfer rests on (line [8]): «Заказ № 2611-00042 от 25.11.2026». */
export interface UpdBasis {
  name: string
  number: string
  /** YYYY-MM-DD. */
  date: string
}

export interface UpdDocument {
  /** The seller's own number for the year: «17». */
  number: string
  /** YYYY-MM-DD: the day of shipping, in Moscow. */
  date: string
  status: 1 | 2
  seller: Party
  buyer: Party
  /** Грузополучатель: who receives the goods and where. */
  consignee: { name: string; address: string }
  /** Line [8]: the order and the invoice. */
  bases: UpdBasis[]
  /** Line [9]: the carrier and its tracking number, or null for goods handed over in person. */
  transport: string | null
  lines: UpdLine[]
  totals: { amountWithoutVatKopecks: number; vatKopecks: number; amountKopecks: number }
  /** Null for an order confirmed before its seller named signatories: the blanks stay for a pen. */
  signatories: UpdSignatories | null
  /** The two sides' electronic document exchange ids, where they gave them: the XML's file name. */
  edo: { seller: string | null; buyer: string | null }
}

export interface UpdPictures {
  signature?: Buffer | null
  stamp?: Buffer | null
}

const TEXT = 7
const SMALL = 6
const STRIP = 92

/** «Заказ № 2611-00042 от 25.11.2026; Счет на оплату № 2611-00042 от 26.11.2026». */
export function basisLine(bases: UpdBasis[]): string {
  if (!bases.length) return 'Без документа-основания'
  return bases.map((b) => `${b.name} № ${b.number} от ${formatIsoDate(b.date)}`).join('; ')
}

/** «28 ноября 2026 г.» from «2026-11-28». */
export function formatIsoDateInWords(isoDate: string): string {
  return formatDateInWords(new Date(`${isoDate}T12:00:00Z`))
}

export async function renderUpd(upd: UpdDocument, pictures: UpdPictures = {}): Promise<Buffer> {
  const title = `Универсальный передаточный документ № ${upd.number} от ${formatIsoDateInWords(upd.date)}`
  const { doc, finish } = await openPdf({
    title,
    author: upd.seller.name,
    layout: 'landscape',
    date: new Date(`${upd.date}T12:00:00Z`),
  })
  drawHeader(doc, upd)
  drawTable(doc, {
    columns: COLUMNS,
    rows: [...upd.lines.map(lineRow), totalsRow(upd)],
    fontSize: SMALL + 0.5,
    headerFontSize: SMALL - 1,
  })
  const sheets = drawSignatures(doc, upd, pictures)
  drawTransfer(doc, upd, pictures)
  // «Документ составлен на N листах» is known once every page is laid out.
  const { count } = doc.bufferedPageRange()
  doc.switchToPage(sheets.page)
  writeText(doc, `Документ составлен на ${count} ${sheetsWord(count)}`, sheets.x, sheets.y, 'regular', TEXT, {
    width: STRIP - 8,
  })
  doc.switchToPage(count - 1)
  return finish((page, pages) => `УПД № ${upd.number} от ${formatIsoDateInWords(upd.date)} · лист ${page} из ${pages}`)
}

export function sheetsWord(count: number): string {
  const last = count % 10
  return last === 1 && count % 100 !== 11 ? 'листе' : 'листах'
}

export function taxIds(party: Party): string {
  return party.kpp ? `${party.inn}/${party.kpp}` : party.inn
}

/** The status box and the title on the left, the invoice's header lines (1)–(8) on the right. */
function drawHeader(doc: Pdf, upd: UpdDocument): void {
  const date = formatIsoDateInWords(upd.date)
  drawStatusHeader(doc, {
    name: 'Универсальный передаточный документ',
    status: upd.status,
    legend: '1 – счет-фактура и передаточный документ (акт)\n2 – передаточный документ (акт)',
    title: [`Счет-фактура № ${upd.number} от ${date}`, '(1)'],
    fields: [
      ['Исправление №', '— от —', '(1а)'],
      ['Продавец:', upd.seller.name, '(2)'],
      ['Адрес:', upd.seller.address, '(2а)'],
      ['ИНН/КПП продавца:', taxIds(upd.seller), '(2б)'],
      ['Грузоотправитель и его адрес:', 'он же', '(3)'],
      ['Грузополучатель и его адрес:', `${upd.consignee.name}, ${upd.consignee.address}`, '(4)'],
      ['К платежно-расчетному документу №', '— от —', '(5)'],
      ['Документ об отгрузке', `№ п/п 1–${upd.lines.length} № ${upd.number} от ${date}`, '(5а)'],
      ['Покупатель:', upd.buyer.name, '(6)'],
      ['Адрес:', upd.buyer.address, '(6а)'],
      ['ИНН/КПП покупателя:', taxIds(upd.buyer), '(6б)'],
      ['Валюта: наименование, код', 'Российский рубль, 643', '(7)'],
      ['Идентификатор государственного контракта, договора (соглашения) (при наличии):', '—', '(8)'],
    ],
  })
}

/**
 * The head of a universal document (a УПД or a УКД): the form's name and the status box in the
 * strip on the left; the title line and the numbered header lines, each a label, its value on a
 * rule and the line's mark, on the right.
 */
export function drawStatusHeader(
  doc: Pdf,
  head: { name: string; status: number; legend: string; title: [string, string]; fields: [string, string, string][] },
): void {
  const x = doc.page.margins.left
  const top = doc.y
  const width = contentWidth(doc)

  writeText(
    doc,
    'Приложение № 1 к постановлению Правительства Российской Федерации от 26 декабря 2011 г. № 1137',
    x + width - 260,
    top - 16,
    'regular',
    SMALL,
    { width: 260, align: 'right' },
  )

  writeText(doc, head.name, x, top, 'bold', 10, { width: STRIP - 6 })
  const boxTop = top + 44
  writeText(doc, 'Статус:', x, boxTop + 5, 'regular', TEXT, { lineBreak: false })
  doc
    .save()
    .lineWidth(1.2)
    .rect(x + 36, boxTop, 24, 18)
    .stroke()
    .restore()
  writeText(doc, String(head.status), x + 36, boxTop + 4, 'bold', 10, { width: 24, align: 'center' })
  writeText(doc, head.legend, x, boxTop + 24, 'regular', SMALL - 0.5, { width: STRIP - 6 })

  const left = x + STRIP
  const fieldWidth = width - STRIP
  let y = top
  const [title, titleMark] = head.title
  writeText(doc, title, left, y, 'bold', 10, { width: fieldWidth - 30 })
  writeText(doc, titleMark, left + fieldWidth - 24, y + 2, 'regular', SMALL, { width: 24, align: 'right' })
  y += 14
  const labelWidth = 200
  const valueWidth = fieldWidth - labelWidth - 30
  for (const [label, value, mark] of head.fields) {
    const height = Math.max(
      measure(doc, label, labelWidth - 4, 'regular', TEXT),
      measure(doc, value, valueWidth, 'regular', TEXT),
    )
    writeText(doc, label, left, y, 'regular', TEXT, { width: labelWidth - 4 })
    writeText(doc, value, left + labelWidth, y, 'regular', TEXT, { width: valueWidth })
    doc
      .save()
      .lineWidth(0.4)
      .moveTo(left + labelWidth, y + height)
      .lineTo(left + labelWidth + valueWidth, y + height)
      .stroke()
      .restore()
    writeText(doc, mark, left + fieldWidth - 24, y + 1, 'regular', SMALL, { width: 24, align: 'right' })
    y += height + 0.5
  }
  // The strip's rule runs down the header, as the form draws it; the status legend may run longer.
  doc
    .save()
    .lineWidth(1)
    .moveTo(left - 6, top + 10)
    .lineTo(left - 6, y)
    .stroke()
    .restore()
  const legendBottom = boxTop + 24 + measure(doc, head.legend, STRIP - 6, 'regular', SMALL - 0.5)
  doc.y = Math.max(y, legendBottom) + 6
  doc.x = x
}

/**
 * The goods table's columns a universal document shares with its correction (УКД): the name and
 * codes, the unit, the quantity, price and sums, each with its number as the forms print it.
 */
const UNIT = 'Единица измерения'
export const GOODS_COLUMNS = {
  code: { header: 'Код товара/ работ, услуг\nА', width: 36 },
  name: {
    header: 'Наименование товара (описание выполненных работ, оказанных услуг), имущественного права\n1',
    width: 'fill',
  },
  kind: { header: 'Код вида товара\n1а', width: 22, align: 'center' },
  unitCode: { header: 'код\n2', width: 22, align: 'center', group: UNIT },
  unitSymbol: { header: 'условное обозначение (национальное)\n2а', width: 28, align: 'center', group: UNIT },
  quantity: { header: 'Количество (объем)\n3', width: 32, align: 'right' },
  price: { header: 'Цена (тариф) за единицу измерения\n4', width: 48, align: 'right' },
  withoutVat: {
    header: 'Стоимость товаров (работ, услуг), имущественных прав без налога — всего\n5',
    width: 54,
    align: 'right',
  },
  excise: { header: 'В том числе сумма акциза\n6', width: 30, align: 'center' },
  rate: { header: 'Налоговая ставка\n7', width: 28, align: 'center' },
  withVat: {
    header: 'Стоимость товаров (работ, услуг), имущественных прав с налогом — всего\n9',
    width: 54,
    align: 'right',
  },
} as const satisfies Record<string, TableColumn>

const COUNTRY = 'Страна происхождения товара'
const TRACED_UNIT = 'Количественная единица измерения товара, используемая в целях осуществления прослеживаемости'
const G = GOODS_COLUMNS
/** Every column of the УПД under its caption. */
const COLUMNS: TableColumn[] = [
  { header: '№ п/п', width: 14, align: 'center' },
  G.code,
  G.name,
  G.kind,
  G.unitCode,
  G.unitSymbol,
  G.quantity,
  G.price,
  G.withoutVat,
  G.excise,
  G.rate,
  { header: 'Сумма налога, предъявляемая покупателю\n8', width: 48, align: 'right' },
  G.withVat,
  { header: 'цифровой код\n10', width: 24, align: 'center', group: COUNTRY },
  { header: 'краткое наименование\n10а', width: 40, group: COUNTRY },
  {
    header:
      'Регистрационный номер декларации на товары или регистрационный номер партии товара, подлежащего прослеживаемости\n11',
    width: 62,
  },
  { header: 'код\n12', width: 24, align: 'center', group: TRACED_UNIT },
  { header: 'условное обозначение\n12а', width: 30, align: 'center', group: TRACED_UNIT },
  {
    header: 'Количество товара, подлежащего прослеживаемости, в количественной единице измерения товара\n13',
    width: 44,
    align: 'right',
  },
]

const DASH = '—'

function lineRow(line: UpdLine, index: number): TableRow {
  const name: CellParagraph[] = [
    { text: line.name },
    ...(line.serialNumbers.length
      ? [{ text: `Серийные номера: ${line.serialNumbers.join(', ')}`, size: SMALL - 0.5, color: '#333333' }]
      : []),
  ]
  const noVat = line.vatRate === 'none'
  return {
    cells: [
      String(index + 1),
      line.code || DASH,
      name,
      DASH,
      line.unit.code,
      line.unit.symbol,
      formatQuantity(line.quantity),
      formatKopecks(line.priceKopecks),
      formatKopecks(line.amountWithoutVatKopecks),
      'без акциза',
      formatVatRate(line.vatRate),
      noVat ? 'без НДС' : formatKopecks(line.vatKopecks),
      formatKopecks(line.amountKopecks),
      line.origin?.country.code ?? DASH,
      line.origin?.country.name ?? DASH,
      line.origin?.declaration ?? DASH,
      DASH,
      DASH,
      DASH,
    ],
  }
}

function totalsRow(upd: UpdDocument): TableRow {
  const noVat = upd.lines.every((line) => line.vatRate === 'none')
  return {
    bold: true,
    cells: [
      '',
      '',
      [{ text: 'Всего к оплате (9)', font: 'bold' }],
      '',
      '',
      '',
      '',
      '',
      formatKopecks(upd.totals.amountWithoutVatKopecks),
      'X',
      'X',
      noVat ? 'без НДС' : formatKopecks(upd.totals.vatKopecks),
      formatKopecks(upd.totals.amountKopecks),
      '',
      '',
      '',
      '',
      '',
      '',
    ],
  }
}

/**
 * The invoice part's signatures: the head's and the chief accountant's, and the sole trader's
 * line with its registration. Returns where «Документ составлен на N листах» goes.
 */
export function drawSignatures(
  doc: Pdf,
  upd: Pick<UpdDocument, 'seller' | 'signatories'>,
  pictures: UpdPictures,
): { page: number; x: number; y: number } {
  const x = doc.page.margins.left
  const width = contentWidth(doc)
  keepTogether(doc, 70)
  const sheets = { page: doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1, x, y: doc.y + 4 }
  const top = doc.y + 2
  const left = x + STRIP
  const half = (width - STRIP) / 2
  const signatories = upd.signatories
  const soleTrader = upd.seller.kpp === null
  const headRow = Math.max(
    labelledSignature(doc, left, top, half - 12, 'Руководитель организации или иное уполномоченное лицо', {
      name: soleTrader ? null : signatories?.head,
      image: soleTrader ? null : pictures.signature,
    }),
    labelledSignature(doc, left + half, top, half, 'Главный бухгалтер или иное уполномоченное лицо', {
      name: soleTrader ? null : signatories?.accountant,
      image: !soleTrader && signatories?.accountantSignsToo ? pictures.signature : null,
    }),
  )
  let y = top + headRow + 2
  if (!soleTrader && signatories?.headBasis) {
    writeText(doc, signatories.headBasis, left + SIGN_LABEL, y, 'regular', SMALL, { width: half - SIGN_LABEL - 12 })
    y += 9
  }
  const traderRow = labelledSignature(
    doc,
    left,
    y,
    half - 12,
    'Индивидуальный предприниматель или иное уполномоченное лицо',
    { name: soleTrader ? signatories?.head : null, image: soleTrader ? pictures.signature : null },
  )
  const registration = soleTrader && upd.seller.ogrn ? `ОГРНИП${NBSP}${upd.seller.ogrn}` : ''
  const lineY = y + traderRow - 10
  writeText(doc, registration, left + half, lineY - 9, 'regular', TEXT, { width: half, align: 'center' })
  doc
    .save()
    .lineWidth(0.5)
    .moveTo(left + half, lineY)
    .lineTo(left + 2 * half, lineY)
    .stroke()
    .restore()
  writeText(
    doc,
    'реквизиты свидетельства о государственной регистрации индивидуального предпринимателя',
    left + half,
    lineY + 1.5,
    'regular',
    SMALL - 0.5,
    { width: half, align: 'center' },
  )
  y += traderRow
  doc.y = y + 4
  doc.x = x
  return sheets
}

/** The transfer part: the basis, the transport, and the two sides' lines [10]–[19]. */
function drawTransfer(doc: Pdf, upd: UpdDocument, pictures: UpdPictures): void {
  const x = doc.page.margins.left
  const width = contentWidth(doc)
  startSidesPart(doc, 140)
  labelledLine(doc, x, width, 'Основание передачи (сдачи) / получения (приемки)', basisLine(upd.bases), '[8]')
  labelledLine(
    doc,
    x,
    width,
    'Данные о транспортировке и грузе',
    upd.transport ?? 'Передано без привлечения перевозчика',
    '[9]',
  )
  doc.y += 4

  const half = width / 2
  const top = doc.y
  const signer = upd.signatories
    ? { position: upd.signatories.signer.position, name: nameWithInitials(upd.signatories.signer.fullName) }
    : undefined
  const date = formatIsoDateInWords(upd.date)
  const column = half - 12
  const sign = (left: number, y: number, label: string, mark: string, who: typeof signer, image?: Buffer | null) =>
    sideSignature(doc, { x: left, y, width: column }, label, mark, who, image)
  let y = top
  y = sign(x, y, 'Товар (груз) передал / услуги, результаты работ, права сдал', '[10]', signer, pictures.signature)
  y = sideLine(doc, x, y, column, `Дата отгрузки, передачи (сдачи): ${date}`, '[11]')
  y = sideLine(doc, x, y, column, 'Иные сведения об отгрузке, передаче: —', '[12]')
  y = sign(x, y, 'Ответственный за правильность оформления факта хозяйственной жизни', '[13]', signer)
  y = sideLine(
    doc,
    x,
    y,
    column,
    `Наименование экономического субъекта – составителя документа: ${upd.seller.name}, ИНН/КПП ${taxIds(upd.seller)}`,
    '[14]',
  )
  writeText(doc, 'М. П.', x, y + 2, 'regular', TEXT, { lineBreak: false })
  if (pictures.stamp) doc.image(pictures.stamp, x + 30, y - 40, { fit: [90, 90], align: 'center', valign: 'center' })

  const right = x + half + 12
  let r = top
  r = sign(right, r, 'Товар (груз) получил / услуги, результаты работ, права принял', '[15]', undefined)
  r = sideLine(doc, right, r, column, 'Дата получения (приемки): «____» ______________ 20___ г.', '[16]')
  r = sideLine(doc, right, r, column, 'Иные сведения о получении, приемке: ________________________________', '[17]')
  r = sign(right, r, 'Ответственный за правильность оформления факта хозяйственной жизни', '[18]', undefined)
  r = sideLine(
    doc,
    right,
    r,
    column,
    `Наименование экономического субъекта – составителя документа: ${upd.buyer.name}, ИНН/КПП ${taxIds(upd.buyer)}`,
    '[19]',
  )
  writeText(doc, 'М. П.', right, r + 2, 'regular', TEXT, { lineBreak: false })
  doc.y = Math.min(Math.max(y, r) + 16, pageBottom(doc))
  doc.x = x
}

/** The sides' part of a universal document under a heavy rule, kept on one page with `height` of room. */
export function startSidesPart(doc: Pdf, height: number): void {
  const x = doc.page.margins.left
  keepTogether(doc, height)
  doc
    .save()
    .lineWidth(1.2)
    .moveTo(x, doc.y)
    .lineTo(x + contentWidth(doc), doc.y)
    .stroke()
    .restore()
  doc.y += 5
}

/**
 * A side's signature line in the sides' part, with its mark at the right of the column: the
 * position, the signature (its picture, for the issuer) and the name. Returns the y below it.
 */
export function sideSignature(
  doc: Pdf,
  at: { x: number; y: number; width: number },
  label: string,
  mark: string,
  who: { position: string; name: string } | undefined,
  image?: Buffer | null,
): number {
  writeText(doc, mark, at.x + at.width - 24, at.y, 'regular', SMALL, { width: 24, align: 'right' })
  const height = labelledSignature(doc, at.x, at.y, at.width - 28, label, {
    labelWidth: 150,
    withPosition: true,
    position: who?.position ?? null,
    name: who?.name ?? null,
    image: who ? image : null,
  })
  return at.y + height + 3
}

export function labelledLine(doc: Pdf, x: number, width: number, label: string, value: string, mark: string): void {
  const labelWidth = 190
  const valueWidth = width - labelWidth - 28
  const height = Math.max(
    measure(doc, label, labelWidth - 4, 'regular', TEXT),
    measure(doc, value, valueWidth, 'regular', TEXT),
  )
  const top = doc.y
  writeText(doc, label, x, top, 'regular', TEXT, { width: labelWidth - 4 })
  writeText(doc, value, x + labelWidth, top, 'regular', TEXT, { width: valueWidth })
  writeText(doc, mark, x + width - 24, top, 'regular', SMALL, { width: 24, align: 'right' })
  doc.y = top + height + 3
}

/** A numbered line of one side of the transfer part; returns the y below it. */
export function sideLine(doc: Pdf, x: number, y: number, width: number, text: string, mark: string): number {
  const height = measure(doc, text, width - 26, 'regular', TEXT)
  writeText(doc, text, x, y, 'regular', TEXT, { width: width - 26 })
  writeText(doc, mark, x + width - 24, y, 'regular', SMALL, { width: 24, align: 'right' })
  return y + height + 3
}

const SIGN_LABEL = 150

/** A signature line whose label, in the form's small type, wraps beside its blanks. Returns its height. */
export function labelledSignature(
  doc: Pdf,
  x: number,
  y: number,
  width: number,
  label: string,
  options: {
    name?: string | null
    image?: Buffer | null
    labelWidth?: number
    withPosition?: boolean
    /** Printed over the position's blank. */
    position?: string | null
  },
): number {
  const labelWidth = options.labelWidth ?? SIGN_LABEL
  const labelHeight = measure(doc, label, labelWidth - 6, 'regular', TEXT)
  writeText(doc, label, x, y, 'regular', TEXT, { width: labelWidth - 6 })
  const blanksTop = y + Math.max(0, labelHeight - 11)
  const height = drawSignature(doc, x, blanksTop, width, {
    label: '',
    labelWidth,
    name: options.name,
    image: options.image,
    withPosition: options.withPosition,
  })
  if (options.position) {
    const positionWidth = (width - labelWidth) * 0.3 - 6
    // Two short lines of small type fit over the blank: «Генеральный / директор».
    writeText(doc, options.position, x + labelWidth, blanksTop - 4, 'regular', SMALL - 0.5, {
      width: positionWidth,
      align: 'center',
      height: 14,
      ellipsis: true,
    })
  }
  return Math.max(labelHeight, blanksTop - y + height)
}
