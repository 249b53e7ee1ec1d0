import { describe, expect, it } from 'vitest'
import { sampleInvoice, sampleLines } from './fixtures.ts'
import { type InvoiceLine, renderInvoice } from './invoice.ts'
import { readPdf, squash } from './testing.ts'

describe('renderInvoice', () => {
  it('renders «Счёт на оплату» with its Cyrillic text embedded', async () => {
    const bytes = await renderInvoice(sampleInvoice())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')

    const pdf = await readPdf(bytes)
    expect(pdf.pages).toHaveLength(1)
    expect(pdf.sizes[0]![1]).toBeGreaterThan(pdf.sizes[0]![0]) // A4 portrait
    for (const expected of [
      'Счёт на оплату № 2611-00042 от 25 ноября 2026 г.',
      'Общество с ограниченной ответственностью «АэроТех Системы»',
      'Банк получателя',
      'ПАО «Сбербанк России», г. Москва',
      '044525225',
      '30101810400000000225',
      '40702810938000012345',
      'ИНН 7701234567',
      'КПП 770101001',
      'Поставщик',
      'Акционерное общество «Агрохолдинг Заря»',
      'ИНН 2312345678, КПП 231201001',
      'Товары (работы, услуги)',
      'Агродрон АТ-30 для внесения СЗР, бак 30 л',
      '98 000,00',
      'Итого:',
      'В том числе НДС 22%:',
      '21 639,34',
      'Всего к оплате:',
      '120 000,00',
      'Всего наименований 2, на сумму 120 000,00 руб.',
      'Сто двадцать тысяч рублей 00 копеек',
      'Оплатить не позднее 30 ноября 2026 г.',
      'Основание:',
      'Заказ № 2611-00042',
      'Руководитель',
      'Бухгалтер',
    ]) {
      expect(pdf.text).toContain(expected)
    }
  })

  it('names the seller as the author and Russian as the language', async () => {
    const pdf = await readPdf(await renderInvoice(sampleInvoice()))
    expect(pdf.info.Title).toBe('Счёт на оплату № 2611-00042 от 25 ноября 2026 г.')
    expect(pdf.info.Author).toBe('Общество с ограниченной ответственностью «АэроТех Системы»')
    expect(pdf.info.Language).toBe('ru')
  })

  it('embeds its own font and uses no standard PDF font', async () => {
    const raw = (await renderInvoice(sampleInvoice())).toString('latin1')
    expect(raw).toMatch(/\/FontFile2/)
    expect(raw.match(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)?.map((font) => font.split('+')[1])).toEqual(
      expect.arrayContaining(['Arimo-Regular', 'Arimo-Bold']),
    )
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/)
  })

  it('says «Без налога (НДС)» when no line carries VAT', async () => {
    const lines = sampleLines.map((line) => ({ ...line, vatRate: 'none' as const }))
    const pdf = await readPdf(
      await renderInvoice(sampleInvoice({ lines, totals: { amountKopecks: 12_000_000, vatKopecks: 0 } })),
    )
    expect(pdf.text).toContain('Без налога (НДС)')
    expect(pdf.text).not.toContain('В том числе НДС')
  })

  it('lists VAT per rate when the lines differ', async () => {
    const lines: InvoiceLine[] = [sampleLines[0]!, { ...sampleLines[1]!, vatRate: '10' }]
    const totals = {
      amountKopecks: 12_000_000,
      vatKopecks: 1_967_213,
      vatByRate: [
        { rate: '22' as const, vatKopecks: 1_767_213 },
        { rate: '10' as const, vatKopecks: 200_000 },
      ],
    }
    const pdf = await readPdf(await renderInvoice(sampleInvoice({ lines, totals })))
    expect(pdf.text).toContain('В том числе НДС 22%: 17 672,13')
    expect(pdf.text).toContain('В том числе НДС 10%: 2 000,00')
  })

  it('flows 60 lines onto further pages with the table header on each', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({ ...sampleLines[1]!, name: `Позиция номер ${index + 1}` }))
    const pdf = await readPdf(await renderInvoice(sampleInvoice({ lines })))
    expect(pdf.pages.length).toBeGreaterThan(1)
    pdf.pages.forEach((page, index) => {
      expect(page).toContain('Товары (работы, услуги)')
      expect(page.replace(/\s+/g, ' ')).toContain(`страница ${index + 1} из ${pdf.pages.length}`)
    })
    for (let number = 1; number <= 60; number++) expect(pdf.text).toContain(`Позиция номер ${number}`)
    // Totals and signatures come once, after the last line.
    expect(pdf.pages.at(-1)).toContain('Всего к оплате:')
    expect(pdf.text).toContain('Всего наименований 60')
  })

  it('wraps a 300-character product name inside its cell', async () => {
    const name = `Беспилотный авиационный комплекс ${'с расширенной комплектацией '.repeat(10)}`.slice(0, 300)
    expect(name).toHaveLength(300)
    const lines = [{ ...sampleLines[0]!, name }, sampleLines[1]!]
    const pdf = await readPdf(await renderInvoice(sampleInvoice({ lines })))
    expect(pdf.pages).toHaveLength(1)
    expect(pdf.squashed).toContain(squash(name))
    expect(pdf.text).toContain('Всего к оплате:')
  })

  it('renders a sole trader without a КПП and names the signatories', async () => {
    const seller = {
      ...sampleInvoice().seller,
      name: 'Индивидуальный предприниматель Соколов Илья Петрович',
      kpp: null,
    }
    const pdf = await readPdf(
      await renderInvoice(sampleInvoice({ seller, signatories: { head: 'Соколов И. П.', accountant: null } })),
    )
    expect(pdf.text).toContain('Индивидуальный предприниматель Соколов Илья Петрович, ИНН 7701234567, 125009')
    expect(pdf.text).toContain('Соколов И. П.')
    expect(pdf.text).not.toContain('КПП 770101001')
  })
})
