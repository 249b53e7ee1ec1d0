import { formatIsoDate } from '#common/calendar-date.ts'
import { formatKopecks, formatQuantity, formatTaxIds, formatVatRate } from './format.ts'
import { contentWidth, drawLabelled, drawRule, drawSignature, keepTogether, openPdf, writeText } from './pdf.ts'
import { drawTable } from './table.ts'
import type { Party, VatRate } from './types.ts'

/**
 * «Коммерческое предложение» a seller gives in answer to a buyer's request, on its own
 * requisites: the seller's name, ИНН/КПП, ОГРН and address at the head, the offer's number and
 * date, to whom and on which request, the items with the price of one with VAT, the rate, the VAT
 * and the sum, the totals with VAT by rate and the total in words, the delivery term, how long
 * the offer holds, and the signatory. A4 portrait. Every sum arrives computed.
 */

export interface CommercialOfferLine {
  name: string
  unit: string
  quantity: number
  /** One unit with VAT, kopecks. */
  unitPriceKopecks: number
  vatRate: VatRate
  vatKopecks: number
  amountKopecks: number
}

export interface CommercialOfferDocument {
  /** «KP-2612-00001/2». */
  number: string
  /** YYYY-MM-DD. */
  date: string
  seller: Party
  buyer: { name: string }
  request: { number: string; date: string; title: string }
  lines: CommercialOfferLine[]
  totals: { amountKopecks: number; vatByRate: { rate: VatRate; vatKopecks: number }[] }
  /** «Сто тысяч рублей 00 копеек». */
  amountInWords: string
  deliveryTerm: string
  paymentTerms: string
  /** YYYY-MM-DD: the last day the prices hold. */
  validUntil: string
  comment: string
  signatory: { name: string; position: string }
}

const TEXT = 9

export async function renderCommercialOffer(offer: CommercialOfferDocument): Promise<Buffer> {
  const title = `Коммерческое предложение № ${offer.number} от ${formatIsoDate(offer.date)}`
  const { doc, finish } = await openPdf({
    title,
    author: offer.seller.name,
    layout: 'portrait',
    date: new Date(`${offer.date}T12:00:00Z`),
  })
  const left = doc.page.margins.left
  const width = contentWidth(doc)

  // The letterhead: who offers, with the requisites a buyer's accountant checks.
  writeText(doc, offer.seller.name, left, doc.y, 'bold', 12, { width })
  doc.moveDown(0.2)
  const requisites = [
    formatTaxIds(offer.seller),
    offer.seller.ogrn ? `ОГРН ${offer.seller.ogrn}` : null,
    offer.seller.address,
  ]
    .filter(Boolean)
    .join(' · ')
  writeText(doc, requisites, left, doc.y, 'regular', TEXT - 1, { width })
  doc.moveDown(0.4)
  drawRule(doc, 1.5, 10)

  writeText(doc, title, left, doc.y, 'bold', 14, { width })
  doc.moveDown(0.6)
  drawLabelled(doc, 'Кому:', offer.buyer.name, 110, TEXT)
  drawLabelled(
    doc,
    'На запрос:',
    `№ ${offer.request.number} от ${formatIsoDate(offer.request.date)} — ${offer.request.title}`,
    110,
    TEXT,
  )
  doc.moveDown(0.4)

  drawTable(doc, {
    columns: [
      { header: '№', width: 22, align: 'center' },
      { header: 'Наименование', width: 'fill' },
      { header: 'Ед.', width: 36, align: 'center' },
      { header: 'Кол-во', width: 44, align: 'right' },
      { header: 'Цена за ед. с НДС, руб.', width: 74, align: 'right' },
      { header: 'Ставка НДС', width: 42, align: 'center' },
      { header: 'Сумма НДС, руб.', width: 66, align: 'right' },
      { header: 'Сумма с НДС, руб.', width: 78, align: 'right' },
    ],
    rows: offer.lines.map((line, i) => ({
      cells: [
        String(i + 1),
        line.name,
        line.unit,
        formatQuantity(line.quantity),
        formatKopecks(line.unitPriceKopecks),
        formatVatRate(line.vatRate),
        line.vatRate === 'none' ? 'без НДС' : formatKopecks(line.vatKopecks),
        formatKopecks(line.amountKopecks),
      ],
    })),
    fontSize: TEXT - 0.5,
    headerFontSize: TEXT - 1.5,
  })
  doc.moveDown(0.5)

  keepTogether(doc, 60)
  const totals: [string, string][] = [
    ['Итого:', formatKopecks(offer.totals.amountKopecks)],
    ...(offer.totals.vatByRate.length
      ? offer.totals.vatByRate.map(({ rate, vatKopecks }): [string, string] =>
          rate === 'none' ? ['Без НДС:', '—'] : [`В том числе НДС ${formatVatRate(rate)}:`, formatKopecks(vatKopecks)],
        )
      : [['Без НДС:', '—'] as [string, string]]),
  ]
  for (const [label, value] of totals) {
    const y = doc.y
    writeText(doc, label, left, y, 'bold', TEXT, { width: width - 90, align: 'right' })
    writeText(doc, value, left + width - 86, y, 'bold', TEXT, { width: 86, align: 'right' })
    doc.y = y + TEXT + 5
  }
  doc.moveDown(0.3)
  writeText(
    doc,
    `Всего наименований ${offer.lines.length}, на сумму ${formatKopecks(offer.totals.amountKopecks)} руб.: ${offer.amountInWords}`,
    left,
    doc.y,
    'bold',
    TEXT,
    { width },
  )
  doc.moveDown(0.8)

  const terms: [string, string][] = [
    ['Срок поставки:', offer.deliveryTerm],
    ['Условия оплаты:', offer.paymentTerms || 'по договорённости'],
    ['Предложение действительно до:', `${formatIsoDate(offer.validUntil)} включительно`],
    ...(offer.comment ? [['Комментарий:', offer.comment] as [string, string]] : []),
  ]
  for (const [label, value] of terms) drawLabelled(doc, label, value, 160, TEXT)

  doc.moveDown(1.5)
  keepTogether(doc, 40)
  drawSignature(doc, left, doc.y, width, {
    label: offer.signatory.position,
    labelWidth: 200,
    name: offer.signatory.name,
  })
  return finish((page, pages) => `Коммерческое предложение № ${offer.number} · страница ${page} из ${pages}`)
}
