import { describe, expect, it } from 'vitest'
import { justify } from '../modules/procurement/procurement.justification.ts'
import { renderNmck, type NmckDocument } from './nmck.ts'
import { renderNmckXlsx } from './nmck-xlsx.ts'
import { readPdf, readXlsx } from './testing.ts'

const answeredAt = new Date('2026-11-20T10:00:00Z')
const answer = (name: string, inn: string, prices: [number, number], at = answeredAt) => ({
  supplier: { name, inn },
  offerNumber: `KP-2611-00007/${name.length}`,
  answeredAt: at,
  lines: [
    { itemId: 'drone', unitPriceKopecks: prices[0], vatRate: '22' as const },
    { itemId: 'battery', unitPriceKopecks: prices[1], vatRate: '22' as const },
  ],
})

/** Two items, three suppliers: the drone's prices homogeneous, the batteries' not; one price old. */
function sample(): NmckDocument {
  return {
    requestNumber: 'KP-2611-00007',
    requestDate: '2026-11-15',
    title: 'Беспилотники для мониторинга паводков',
    purpose: 'Закупка по 44-ФЗ',
    customer: { name: 'МКУ «Центр гражданской защиты»', inn: '2310000001' },
    justification: justify({
      purpose: '44fz',
      items: [
        { id: 'drone', position: 1, name: 'Квадрокоптер для мониторинга', unit: 'piece', quantity: 2 },
        { id: 'battery', position: 2, name: 'Аккумулятор запасной', unit: 'piece', quantity: 4 },
      ],
      answers: [
        answer('ООО «Альфа»', '7701000001', [450_000_00, 10_000_00]),
        answer('ООО «Бета»', '7701000002', [475_000_00, 30_000_00]),
        answer('АО «Гамма»', '7701000003', [500_000_00, 11_000_00], new Date('2026-04-01T10:00:00Z')),
      ],
      now: new Date('2026-12-02T09:00:00Z'),
    }),
  }
}

describe('renderNmck', () => {
  it('prints the anonymised prices, the figures per item, the total, the notes and the appendix', async () => {
    const pdf = await readPdf(await renderNmck(sample()))
    expect(pdf.sizes[0]![0]).toBeGreaterThan(pdf.sizes[0]![1])
    const text = pdf.text.replace(/\u00a0/g, ' ')
    for (const expected of [
      'Обоснование начальной (максимальной) цены контракта',
      'приказом Минэкономразвития России от 02.10.2013 № 567',
      'Предмет закупки: Беспилотники для мониторинга паводков',
      'Заказчик: МКУ «Центр гражданской защиты», ИНН 2310000001',
      'коммерческие предложения по запросу № KP-2611-00007 от 15.11.2026, получено: 3',
      'Поставщик 1',
      'Поставщик 3',
      'Итого начальная (максимальная) цена контракта',
      'Коэффициент вариации больше 33 %',
      '* Цена получена более шести месяцев назад',
      'Приложение. Сведения о поставщиках',
      'ООО «Бета»',
      '7701000003',
    ]) {
      expect(text).toContain(expected)
    }
    const squashed = pdf.squashed.replace(/\u00a0/g, '')
    // The drone: 450 000, 475 000, 500 000* → mean 475 000, σ 25 000, V 5,26 %, НМЦК 950 000.
    expect(squashed).toContain(
      '1Квадрокоптердлямониторингашт2450000,00475000,00500000,00*475000,0025000,005,26950000,00',
    )
    // The batteries: 10 000, 30 000, 11 000* → mean 17 000, σ 11 269,43, V 66,29 % (not homogeneous), НМЦК 68 000.
    expect(squashed).toContain('2Аккумуляторзапаснойшт410000,0030000,0011000,00*17000,0011269,4366,29!68000,00')
    expect(squashed).toContain('Итогоначальная(максимальная)ценаконтракта1018000,00')
  })
})

describe('renderNmckXlsx', () => {
  it('gives the prices as numbers and every figure as a live formula with its value', async () => {
    const workbook = await readXlsx(await renderNmckXlsx(sample()))
    const sheet = workbook.getWorksheet('Обоснование НМЦК')!
    expect(sheet.getCell('A1').value).toBe('Обоснование начальной (максимальной) цены контракта')
    expect(sheet.getRow(8).values).toEqual([
      undefined,
      '№',
      'Наименование товара, работы, услуги',
      'Ед. изм.',
      'Кол-во',
      'Поставщик 1, цена за ед. с НДС, руб.',
      'Поставщик 2, цена за ед. с НДС, руб.',
      'Поставщик 3, цена за ед. с НДС, руб.',
      'Средняя цена, руб.',
      'Среднее квадратичное отклонение, руб.',
      'Коэффициент вариации',
      'НМЦК, руб.',
    ])
    const drone = sheet.getRow(9)
    expect([1, 2, 3, 4, 5, 6, 7].map((c) => drone.getCell(c).value)).toEqual([
      1,
      'Квадрокоптер для мониторинга',
      'шт',
      2,
      450000,
      475000,
      500000,
    ])
    expect(drone.getCell(8).value).toEqual({ formula: 'IF(COUNT(E9:G9)>0,AVERAGE(E9:G9),"")', result: 475000 })
    expect(drone.getCell(9).value).toEqual({ formula: 'IF(COUNT(E9:G9)>1,STDEV(E9:G9),"")', result: 25000 })
    expect(drone.getCell(10).value).toEqual({ formula: 'IF(COUNT(E9:G9)>1,I9/H9,"")', result: 0.0526 })
    expect(drone.getCell(11).value).toEqual({ formula: 'IF(COUNT(E9:G9)>0,ROUND(D9*H9,2),"")', result: 950000 })
    expect(sheet.getRow(11).getCell(11).value).toEqual({ formula: 'SUM(K9:K10)', result: 1018000 })
    const suppliers = workbook.getWorksheet('Поставщики')!
    expect(suppliers.getRow(2).values).toEqual([
      undefined,
      'Поставщик 1',
      'ООО «Альфа»',
      '7701000001',
      '№ KP-2611-00007/11',
      '20.11.2026',
    ])
  })
})
