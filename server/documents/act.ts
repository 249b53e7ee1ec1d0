import type { Unit } from '#common/okei.ts'
import { formatIsoDate } from '#common/calendar-date.ts'
import { formatDateShort, formatKopecks, formatQuantity, formatTaxIds, formatVatRate } from './format.ts'
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
import type { Party, VatRate } from './types.ts'
import { basisLine, formatIsoDateInWords, type UpdBasis } from './upd.ts'

/**
 * «Акт сдачи-приёмки выполненных работ (оказанных услуг)» for drone work ordered on the services
 * exchange: the contractor and the customer, the basis, the work with its description, period,
 * volume or area, price and VAT, the amount in words, the customer's acceptance on the platform
 * (who and when) and the signatures of both sides. A4 portrait. Every sum arrives computed; the
 * content is what the contractor's registry keeps, so it is plain JSON.
 */

export interface ActDocument {
  /** The contractor's own number for the year: «5». */
  number: string
  /** YYYY-MM-DD: the day the customer accepted the work, in Moscow. */
  date: string
  contractor: Party
  customer: Party
  bases: UpdBasis[]
  work: {
    /** «Агрохимическая обработка: обработать 120 га пшеницы гербицидом». */
    name: string
    /** What the contractor reported on handing the result over. */
    description: string
    /** YYYY-MM-DD, the agreed period. */
    startsOn: string
    endsOn: string
    /** The volume or area as agreed (hectares, km, objects, hours), or one service unit. */
    quantity: number
    unit: Unit
    /** «120 га», «обследование 3 объектов»; null when the request named none. */
    volumeText: string | null
    /** The price, VAT included, in kopecks. */
    amountKopecks: number
    vatRate: VatRate
    vatKopecks: number
  }
  /** The acceptance recorded on the platform. */
  acceptance: { at: string; byName: string | null; organizationName: string }
  amountInWords: string
  /** The contractor's signer, as its document settings named them on acceptance; null: blank lines. */
  signer: { name: string; position: string; basis: string | null } | null
}

export interface ActPictures {
  signature?: Buffer | null
  stamp?: Buffer | null
}

const TEXT = 9

export async function renderAct(act: ActDocument, pictures: ActPictures = {}): Promise<Buffer> {
  const title = `Акт № ${act.number} от ${formatIsoDateInWords(act.date)}`
  const { doc, finish } = await openPdf({
    title,
    author: act.contractor.name,
    layout: 'portrait',
    date: new Date(`${act.date}T12:00:00Z`),
  })
  const x = doc.page.margins.left
  const width = contentWidth(doc)
  writeText(doc, title, x, doc.y, 'bold', 14, { width })
  writeText(doc, 'сдачи-приёмки выполненных работ (оказанных услуг)', x, doc.y + 2, 'regular', 10, { width })
  doc.y += 6
  drawRule(doc, 2, 8)

  drawLabelled(doc, 'Исполнитель:', partyLine(act.contractor), 90, TEXT)
  drawLabelled(doc, 'Заказчик:', partyLine(act.customer), 90, TEXT)
  drawLabelled(doc, 'Основание:', basisLine(act.bases), 90, TEXT)
  doc.y += 4

  const { work } = act
  const withoutVat = work.amountKopecks - work.vatKopecks
  const period = `Срок выполнения: с ${formatIsoDate(work.startsOn)} по ${formatIsoDate(work.endsOn)}`
  drawTable(doc, {
    columns: [
      { header: '№', width: 22, align: 'center' },
      { header: 'Наименование работ, услуг', width: 'fill' },
      { header: 'Кол-во', width: 50, align: 'right' },
      { header: 'Ед.', width: 40 },
      { header: 'Цена', width: 72, align: 'right' },
      { header: 'Сумма', width: 80, align: 'right' },
    ],
    rows: [
      {
        cells: [
          '1',
          [
            { text: work.name },
            ...(work.volumeText ? [{ text: `Объём: ${work.volumeText}`, size: 8 }] : []),
            { text: period, size: 8 },
            ...(work.description ? [{ text: `Результат: ${work.description}`, size: 8, color: '#333333' }] : []),
          ],
          formatQuantity(work.quantity),
          work.unit.symbol,
          formatKopecks(Math.round(work.amountKopecks / work.quantity)),
          formatKopecks(work.amountKopecks),
        ],
      },
    ],
    fontSize: TEXT,
  })

  const totals: [string, string][] = [
    ['Итого:', formatKopecks(work.amountKopecks)],
    work.vatRate === 'none'
      ? ['Без налога (НДС)', '-']
      : [`В том числе НДС ${formatVatRate(work.vatRate)}:`, formatKopecks(work.vatKopecks)],
  ]
  doc.y += 4
  keepTogether(doc, 3 * TEXT * 1.45)
  for (const [label, amount] of totals) {
    const top = doc.y
    doc.font('bold').fontSize(TEXT).fillColor('#000000')
    doc.text(label, x, top, { width: width - 86, align: 'right', lineBreak: false })
    doc.text(amount, x + width - 80, top, { width: 77, align: 'right', lineBreak: false })
    doc.y = top + TEXT * 1.45
  }
  doc.x = x

  drawClosing(doc, act, withoutVat, pictures)
  return finish((page, pages) => `Акт № ${act.number} · страница ${page} из ${pages}`)
}

function partyLine(party: Party): string {
  return `${party.name}, ${formatTaxIds(party)}, ${party.address}`
}

function drawClosing(doc: Pdf, act: ActDocument, withoutVat: number, pictures: ActPictures): void {
  const x = doc.page.margins.left
  const width = contentWidth(doc)
  const count = `Всего оказано услуг 1, на сумму ${formatKopecks(act.work.amountKopecks)} руб.${
    act.work.vatRate === 'none' ? ', без НДС' : `, в том числе НДС ${formatKopecks(act.work.vatKopecks)} руб.`
  } (без НДС — ${formatKopecks(withoutVat)} руб.)`
  const statement =
    'Вышеперечисленные работы (услуги) выполнены полностью и в срок. Заказчик претензий по объёму, качеству и срокам оказания услуг не имеет.'
  const acceptedAt = new Date(act.acceptance.at)
  const acceptedBy = act.acceptance.byName ? `, пользователь ${act.acceptance.byName}` : ''
  const acceptance = `Работы приняты заказчиком (${act.acceptance.organizationName}) на платформе «БАС Маркет» ${formatDateShort(acceptedAt)} в ${moscowTime(acceptedAt)} (мск)${acceptedBy}.`
  const height =
    measure(doc, count, width, 'regular', TEXT) +
    measure(doc, act.amountInWords, width, 'bold', TEXT + 1) +
    measure(doc, statement, width, 'regular', TEXT) +
    measure(doc, acceptance, width, 'regular', TEXT) +
    110
  doc.y += 4
  keepTogether(doc, height)
  doc.fillColor('#000000')
  writeText(doc, count, x, doc.y, 'regular', TEXT, { width })
  writeText(doc, act.amountInWords, x, doc.y + 1, 'bold', TEXT + 1, { width })
  doc.y += 6
  writeText(doc, statement, x, doc.y, 'regular', TEXT, { width })
  doc.y += 4
  writeText(doc, acceptance, x, doc.y, 'regular', TEXT, { width })
  doc.y += 6
  drawRule(doc, 2, 14)

  const half = width / 2
  const top = doc.y
  doc.font('bold').fontSize(TEXT)
  doc.text('ИСПОЛНИТЕЛЬ', x, top, { lineBreak: false })
  doc.text('ЗАКАЗЧИК', x + half + 12, top, { lineBreak: false })
  writeText(doc, act.contractor.name, x, top + 14, 'regular', TEXT - 1, { width: half - 12 })
  writeText(doc, act.customer.name, x + half + 12, top + 14, 'regular', TEXT - 1, { width: half - 12 })
  const names = Math.max(
    measure(doc, act.contractor.name, half - 12, 'regular', TEXT - 1),
    measure(doc, act.customer.name, half - 12, 'regular', TEXT - 1),
  )
  const line = top + 14 + names + 18
  if (act.signer) writeText(doc, act.signer.position, x, line - 12, 'regular', TEXT - 1, { width: half - 12 })
  drawSignature(doc, x, line, half - 12, {
    label: '',
    labelWidth: 1,
    name: act.signer?.name ?? null,
    image: pictures.signature,
  })
  drawSignature(doc, x + half + 12, line, half - 12, { label: '', labelWidth: 1 })
  if (act.signer?.basis) writeText(doc, act.signer.basis, x, line + 22, 'regular', 7.5, { width: half - 12 })
  doc.font('regular').fontSize(TEXT)
  doc.text('М. П.', x, line + 36, { lineBreak: false })
  doc.text('М. П.', x + half + 12, line + 36, { lineBreak: false })
  if (pictures.stamp) doc.image(pictures.stamp, x + 30, line - 10, { fit: [90, 90], align: 'center', valign: 'center' })
  doc.y = line + 52
  doc.x = x
}

const MOSCOW_TIME = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

function moscowTime(at: Date): string {
  return MOSCOW_TIME.format(at)
}
