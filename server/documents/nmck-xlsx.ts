import ExcelJS from 'exceljs'
import { formatIsoDate } from '#common/calendar-date.ts'
import { PROCUREMENT_LIMITS, procurementUnit } from '#common/procurement.ts'
import type { NmckDocument } from './nmck.ts'

/**
 * The same justification as a workbook the customer's economist can check and extend: the
 * suppliers' prices as numbers and every figure as a live formula over them — the mean
 * (AVERAGE), the sample standard deviation (STDEV, n − 1), the coefficient of variation and
 * НМЦК = ROUND(quantity × mean; 2) with their sum — so a price changed or a supplier added
 * recalculates the sheet. Each formula carries the value it had here, for viewers that do not
 * calculate. A second sheet names the suppliers behind «Поставщик 1, 2, 3…».
 */

const HEADER_ROW = 8
const FIRST_PRICE_COLUMN = 5
const RUBLES = '#,##0.00'

/** «A», «B», … «AA»: a column's letters by its number from 1. */
function letters(column: number): string {
  let name = ''
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

const rubles = (kopecks: number | null) => (kopecks === null ? '' : kopecks / 100)

export async function renderNmckXlsx(nmck: NmckDocument): Promise<Buffer> {
  const { justification } = nmck
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'БАС Маркет'
  workbook.created = new Date(justification.calculatedAt)
  // Open in Excel or LibreOffice: everything is recalculated from the prices.
  workbook.calcProperties.fullCalcOnLoad = true

  const sheet = workbook.addWorksheet('Обоснование НМЦК', {
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  })
  const suppliers = justification.suppliers.map((s) => s.supplier)
  const meanColumn = FIRST_PRICE_COLUMN + suppliers.length
  const [deviationColumn, variationColumn, nmckColumn] = [meanColumn + 1, meanColumn + 2, meanColumn + 3]
  sheet.columns = [
    { width: 5 },
    { width: 48 },
    { width: 9 },
    { width: 9 },
    ...suppliers.map(() => ({ width: 15 })),
    { width: 16 },
    { width: 16 },
    { width: 12 },
    { width: 18 },
  ]

  sheet.getCell('A1').value = 'Обоснование начальной (максимальной) цены контракта'
  sheet.getCell('A1').font = { bold: true, size: 14 }
  sheet.getCell('A2').value =
    'Метод сопоставимых рыночных цен (анализа рынка), приказ Минэкономразвития России от 02.10.2013 № 567'
  const facts: [string, string][] = [
    ['Предмет закупки', nmck.title],
    ['Основание', nmck.purpose],
    ['Заказчик', `${nmck.customer.name}, ИНН ${nmck.customer.inn}`],
    [
      'Источник цен',
      `коммерческие предложения по запросу № ${nmck.requestNumber} от ${formatIsoDate(nmck.requestDate)}`,
    ],
  ]
  facts.forEach(([label, value], i) => {
    sheet.getCell(3 + i, 1).value = label
    sheet.getCell(3 + i, 1).font = { bold: true }
    sheet.getCell(3 + i, 3).value = value
  })

  const header = sheet.getRow(HEADER_ROW)
  header.values = [
    '№',
    'Наименование товара, работы, услуги',
    'Ед. изм.',
    'Кол-во',
    ...suppliers.map((n) => `Поставщик ${n}, цена за ед. с НДС, руб.`),
    'Средняя цена, руб.',
    'Среднее квадратичное отклонение, руб.',
    'Коэффициент вариации',
    'НМЦК, руб.',
  ]
  header.font = { bold: true }
  header.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' }
  header.height = 48

  const cell = (row: number, column: number) => `${letters(column)}${row}`
  justification.items.forEach((item, i) => {
    const r = HEADER_ROW + 1 + i
    const row = sheet.getRow(r)
    row.getCell(1).value = item.position
    row.getCell(2).value = item.name
    row.getCell(3).value = procurementUnit(item.unit).symbol
    row.getCell(4).value = item.quantity
    const prices = new Map(item.prices.map((p) => [p.supplier, p.unitPriceKopecks]))
    suppliers.forEach((n, s) => {
      const price = prices.get(n)
      const target = row.getCell(FIRST_PRICE_COLUMN + s)
      if (price !== undefined) target.value = price / 100
      target.numFmt = RUBLES
    })
    const range = `${cell(r, FIRST_PRICE_COLUMN)}:${cell(r, meanColumn - 1)}`
    const mean = cell(r, meanColumn)
    const deviation = cell(r, deviationColumn)
    row.getCell(meanColumn).value = {
      formula: `IF(COUNT(${range})>0,AVERAGE(${range}),"")`,
      result: rubles(item.meanKopecks),
    }
    row.getCell(deviationColumn).value = {
      formula: `IF(COUNT(${range})>1,STDEV(${range}),"")`,
      result: rubles(item.deviationKopecks),
    }
    row.getCell(variationColumn).value = {
      formula: `IF(COUNT(${range})>1,${deviation}/${mean},"")`,
      result: item.variationPercent === null ? '' : item.variationPercent / 100,
    }
    row.getCell(nmckColumn).value = {
      formula: `IF(COUNT(${range})>0,ROUND(D${r}*${mean},2),"")`,
      result: rubles(item.nmckKopecks),
    }
    for (const column of [meanColumn, deviationColumn, nmckColumn]) row.getCell(column).numFmt = RUBLES
    row.getCell(variationColumn).numFmt = '0.00%'
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' }
  })

  const last = HEADER_ROW + justification.items.length
  const total = sheet.getRow(last + 1)
  total.getCell(2).value = 'Итого начальная (максимальная) цена контракта'
  total.getCell(nmckColumn).value = {
    formula: `SUM(${cell(HEADER_ROW + 1, nmckColumn)}:${cell(last, nmckColumn)})`,
    result: rubles(justification.totalKopecks),
  }
  total.getCell(nmckColumn).numFmt = RUBLES
  total.font = { bold: true }

  const notes = [
    `Совокупность цен однородна, если коэффициент вариации не больше ${PROCUREMENT_LIMITS.homogeneousV} %; иначе нужны дополнительные предложения.`,
    'НМЦК позиции = количество × средняя цена, округлено до копеек.',
  ]
  notes.forEach((note, i) => {
    sheet.getCell(last + 3 + i, 2).value = note
  })

  const appendix = workbook.addWorksheet('Поставщики')
  appendix.columns = [{ width: 14 }, { width: 60 }, { width: 16 }, { width: 24 }, { width: 14 }]
  appendix.addRow(['Поставщик', 'Наименование', 'ИНН', 'Коммерческое предложение', 'Дата']).font = { bold: true }
  for (const supplier of justification.suppliers) {
    appendix.addRow([
      `Поставщик ${supplier.supplier}`,
      supplier.name,
      supplier.inn,
      `№ ${supplier.offerNumber}`,
      formatIsoDate(supplier.offeredOn),
    ])
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
