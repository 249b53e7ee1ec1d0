import { formatIsoDate } from '#common/calendar-date.ts'
import { type Justification, PROCUREMENT_LIMITS, procurementUnit } from '#common/procurement.ts'
import { formatKopecks, formatQuantity } from './format.ts'
import { contentWidth, drawLabelled, keepTogether, openPdf, writeText } from './pdf.ts'
import { type TableColumn, type TableRow, drawTable } from './table.ts'

/**
 * «Обоснование начальной (максимальной) цены контракта» by the method of comparable market prices
 * in the table the ministry's recommendations (order No. 567 of 02.10.2013) show: per item the
 * suppliers' unit prices, anonymised as «Поставщик 1, 2, 3…», the mean, the standard deviation,
 * the coefficient of variation and НМЦК, with the total; the notes on heterogeneous samples and
 * old prices; and the appendix naming the suppliers behind the numbers. A4 landscape.
 */

export interface NmckDocument {
  /** The request: «KP-2612-00001». */
  requestNumber: string
  /** YYYY-MM-DD: when the request was sent. */
  requestDate: string
  /** The purchase's subject. */
  title: string
  /** «Закупка по 44-ФЗ». */
  purpose: string
  customer: { name: string; inn: string }
  justification: Justification
}

const TEXT = 8

/** «1 234,56» or a dash for nothing. */
const money = (kopecks: number | null) => (kopecks === null ? '—' : formatKopecks(kopecks))
const percent = (value: number | null) => (value === null ? '—' : value.toFixed(2).replace('.', ','))

export async function renderNmck(nmck: NmckDocument): Promise<Buffer> {
  const { justification } = nmck
  const calculated = new Date(justification.calculatedAt)
  const { doc, finish } = await openPdf({
    title: `Обоснование НМЦК по запросу КП № ${nmck.requestNumber}`,
    author: nmck.customer.name,
    layout: 'landscape',
    date: calculated,
  })
  writeText(doc, 'Обоснование начальной (максимальной) цены контракта', doc.page.margins.left, doc.y, 'bold', 13, {
    width: contentWidth(doc),
    align: 'center',
  })
  doc.moveDown(0.3)
  writeText(
    doc,
    'Метод сопоставимых рыночных цен (анализа рынка): методические рекомендации, утверждённые приказом Минэкономразвития России от 02.10.2013 № 567',
    doc.page.margins.left,
    doc.y,
    'regular',
    TEXT,
    { width: contentWidth(doc), align: 'center' },
  )
  doc.moveDown(0.8)
  const labelWidth = 150
  drawLabelled(doc, 'Предмет закупки:', nmck.title, labelWidth, TEXT + 1)
  drawLabelled(doc, 'Основание:', nmck.purpose, labelWidth, TEXT + 1)
  drawLabelled(doc, 'Заказчик:', `${nmck.customer.name}, ИНН ${nmck.customer.inn}`, labelWidth, TEXT + 1)
  drawLabelled(
    doc,
    'Источник цен:',
    `коммерческие предложения по запросу № ${nmck.requestNumber} от ${formatIsoDate(nmck.requestDate)}, получено: ${justification.suppliers.length}`,
    labelWidth,
    TEXT + 1,
  )
  drawLabelled(
    doc,
    'Дата расчёта:',
    calculated.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' }),
    labelWidth,
    TEXT + 1,
  )
  doc.moveDown(0.6)

  const suppliers = justification.suppliers.map((s) => s.supplier)
  const fixed = 18 + 34 + 40 + 62 + 56 + 38 + 70
  const supplierWidth = Math.max(36, Math.min(64, (contentWidth(doc) - fixed - 150) / Math.max(1, suppliers.length)))
  const columns: TableColumn[] = [
    { header: '№', width: 18, align: 'center' },
    { header: 'Наименование товара, работы, услуги', width: 'fill' },
    { header: 'Ед. изм.', width: 34, align: 'center' },
    { header: 'Кол-во', width: 40, align: 'right' },
    ...suppliers.map((n): TableColumn => ({
      header: `Поставщик ${n}`,
      width: supplierWidth,
      align: 'right',
      group: 'Цена за единицу с НДС, руб.',
    })),
    { header: 'Средняя цена, руб.', width: 62, align: 'right' },
    { header: 'Среднее квадратичное отклонение, руб.', width: 56, align: 'right' },
    { header: 'Коэффициент вариации, %', width: 38, align: 'right' },
    { header: 'НМЦК, руб.', width: 70, align: 'right' },
  ]
  const rows: TableRow[] = justification.items.map((item) => {
    const prices = new Map(item.prices.map((p) => [p.supplier, p]))
    return {
      cells: [
        String(item.position),
        item.name,
        procurementUnit(item.unit).symbol,
        formatQuantity(item.quantity),
        ...suppliers.map((n) => {
          const price = prices.get(n)
          return price ? `${money(price.unitPriceKopecks)}${price.stale ? '*' : ''}` : '—'
        }),
        money(item.meanKopecks),
        money(item.deviationKopecks),
        `${percent(item.variationPercent)}${item.homogeneous === false ? '!' : ''}`,
        money(item.nmckKopecks),
      ],
    }
  })
  rows.push({
    bold: true,
    cells: [
      '',
      [{ text: 'Итого начальная (максимальная) цена контракта', font: 'bold' }],
      '',
      '',
      ...suppliers.map(() => ''),
      '',
      '',
      '',
      money(justification.totalKopecks),
    ],
  })
  drawTable(doc, { columns, rows, fontSize: TEXT - 0.5, headerFontSize: TEXT - 1.5 })
  doc.moveDown(0.6)

  const notes = [
    `НМЦК позиции = количество × средняя цена, округлено до копеек. Совокупность цен однородна, если коэффициент вариации не больше ${PROCUREMENT_LIMITS.homogeneousV} %.`,
    ...(justification.heterogeneous
      ? [
          `! Коэффициент вариации больше ${PROCUREMENT_LIMITS.homogeneousV} %: совокупность цен неоднородна — нужно запросить дополнительные предложения или обосновать цену иначе (п. 3.20 рекомендаций).`,
        ]
      : []),
    ...(justification.stalePrices
      ? ['* Цена получена более шести месяцев назад: её актуальность следует подтвердить.']
      : []),
    ...(justification.tooFewOffers
      ? ['Получено меньше трёх коммерческих предложений: для обоснования рекомендуется не меньше трёх.']
      : []),
  ]
  for (const note of notes) {
    keepTogether(doc, 20)
    writeText(doc, note, doc.page.margins.left, doc.y, 'regular', TEXT, { width: contentWidth(doc) })
    doc.moveDown(0.3)
  }

  doc.moveDown(0.6)
  keepTogether(doc, 80)
  writeText(doc, 'Приложение. Сведения о поставщиках', doc.page.margins.left, doc.y, 'bold', TEXT + 2)
  doc.moveDown(0.4)
  drawTable(doc, {
    columns: [
      { header: 'Поставщик', width: 70 },
      { header: 'Наименование', width: 'fill' },
      { header: 'ИНН', width: 90 },
      { header: 'Коммерческое предложение', width: 150 },
    ],
    rows: justification.suppliers.map((s) => ({
      cells: [`Поставщик ${s.supplier}`, s.name, s.inn, `№ ${s.offerNumber} от ${formatIsoDate(s.offeredOn)}`],
    })),
    fontSize: TEXT,
  })
  doc.moveDown(1.5)
  keepTogether(doc, 30)
  writeText(
    doc,
    'Ответственное лицо заказчика: ____________________ / ______________________ /      «____» ______________ 20___ г.',
    doc.page.margins.left,
    doc.y,
    'regular',
    TEXT + 1,
  )
  return finish((page, pages) => `Обоснование НМЦК · запрос № ${nmck.requestNumber} · лист ${page} из ${pages}`)
}
