import { describe, expect, it } from 'vitest'
import { sampleUkd } from './fixtures.ts'
import { readPdf } from './testing.ts'
import { renderUkd, ukdTotals } from './ukd.ts'

describe('renderUkd', () => {
  it('prints the header naming the УПД, the four rows of a changed line and both totals, landscape', async () => {
    const pdf = await readPdf(await renderUkd(sampleUkd()))
    expect(pdf.sizes[0]![0]).toBeGreaterThan(pdf.sizes[0]![1])
    // The form's name wraps in its narrow strip.
    expect(pdf.squashed).toContain('Универсальныйкорректировочныйдокумент')
    for (const expected of [
      'Статус: 1',
      'Корректировочный счет-фактура № 3 от 3 декабря 2026 г. (1)',
      'Исправление корректировочного счета-фактуры № — от — (1а)',
      '№ 17 от 27 ноября 2026 г., с учетом исправления № — от — (1б)',
      'Продавец: Общество с ограниченной ответственностью «АэроТех Системы» (2)',
      'ИНН/КПП продавца: 7701234567/770101001 (2б)',
      'Покупатель: Акционерное общество «Агрохолдинг Заря» (3)',
      'ИНН/КПП покупателя: 2312345678/231201001 (3б)',
      'Валюта: наименование, код Российский рубль, 643 (4)',
      'Документ составлен на 1 листе',
      'Возврат товара: корректировка № 1 по заказу № 2611-00042 от 02.12.2026, причина: брак ячейки; к УПД № 17 от 27.11.2026 [8]',
      'Согласие покупателя: запрос покупателя от 02.12.2026 на платформе «БАС Маркет» [12]',
      'Орлов С. В.',
      'Белова Н. А.',
    ]) {
      expect(pdf.text).toContain(expected)
    }
    // The battery's rows: А as shipped, Б after the return, В no increase, Г the decrease.
    for (const row of [
      'А(доизменения)29016,4018032,79безакциза22%3967,2122000,00',
      'Б(послеизменения)19016,399016,39безакциза22%1983,6111000,00',
      'В(увеличение)XX—XX——',
      'Г(уменьшение)XX9016,40XX1983,6011000,00',
      'Всегоувеличение(суммастрокВ)XX—XX——',
      'Всегоуменьшение(суммастрокГ)XX9016,40XX1983,6011000,00',
    ]) {
      expect(pdf.squashed.replace(/\u00a0/g, '')).toContain(row)
    }
  })

  it('prints status 2 for a seller without VAT and «без НДС» in the tax columns', async () => {
    const ukd = sampleUkd()
    const lines = ukd.lines.map((line) => ({
      ...line,
      vatRate: 'none' as const,
      before: { ...line.before, vatKopecks: 0 },
      after: { ...line.after, vatKopecks: 0 },
    }))
    const pdf = await readPdf(await renderUkd({ ...ukd, status: 2, lines, totals: ukdTotals(lines) }))
    expect(pdf.text).toContain('Статус: 2')
    expect(pdf.text).toContain('без НДС')
  })
})

describe('ukdTotals', () => {
  it('sums increases and decreases apart, each as a positive figure', () => {
    const { lines } = sampleUkd()
    const raised = { ...lines[0]!, position: 1, before: lines[0]!.after, after: lines[0]!.before }
    expect(ukdTotals([...lines, raised])).toEqual({
      increase: { amountWithoutVatKopecks: 901_640, vatKopecks: 198_360, amountKopecks: 1_100_000 },
      decrease: { amountWithoutVatKopecks: 901_640, vatKopecks: 198_360, amountKopecks: 1_100_000 },
    })
  })
})
