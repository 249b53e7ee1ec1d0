import { describe, expect, it } from 'vitest'
import { sampleUpd } from './fixtures.ts'
import { readPdf } from './testing.ts'
import { renderUpd } from './upd.ts'

describe('renderUpd', () => {
  it('prints every header line, column and transfer line of the form, landscape', async () => {
    const pdf = await readPdf(await renderUpd(sampleUpd()))
    expect(pdf.sizes[0]![0]).toBeGreaterThan(pdf.sizes[0]![1])
    expect(pdf.pages).toHaveLength(1)
    for (const expected of [
      'Универсальный передаточный документ',
      'Статус: 1',
      'Счет-фактура № 17 от 27 ноября 2026 г.',
      'Исправление № — от — (1а)',
      'Продавец: Общество с ограниченной ответственностью «АэроТех Системы» (2)',
      'Адрес: 125009, г. Москва, ул. Тверская, д. 7, офис 12 (2а)',
      'ИНН/КПП продавца: 7701234567/770101001 (2б)',
      'Грузоотправитель и его адрес: он же (3)',
      'Грузополучатель и его адрес: Акционерное общество «Агрохолдинг Заря», Краснодарский край',
      'Документ об отгрузке № п/п 1–2 № 17 от 27 ноября 2026 г. (5а)',
      'Покупатель: Акционерное общество «Агрохолдинг Заря» (6)',
      'ИНН/КПП покупателя: 2312345678/231201001 (6б)',
      'Валюта: наименование, код Российский рубль, 643 (7)',
      'Документ составлен на 1 листе',
      'Основание передачи (сдачи) / получения (приемки) Заказ № 2611-00042 от 25.11.2026; Счет на оплату № 2611-00042 от 26.11.2026 [8]',
      'Данные о транспортировке и грузе ООО «Деловые Линии», трек-номер 26-00123456789 [9]',
      'Дата отгрузки, передачи (сдачи): 27 ноября 2026 г. [11]',
      'Генеральный директор',
      'Орлов С. В.',
      'Белова Н. А.',
    ]) {
      expect(pdf.text).toContain(expected)
    }
    for (const header of [
      'Код товара/ работ, услуг',
      'Наименование товара (описание выполненных работ, оказанных услуг), имущественного права',
      'Код вида товара',
      'Единица измерения',
      'условное обозначение (национальное)',
      'Количество (объем)',
      'Цена (тариф) за единицу измерения',
      'имущественных прав без налога — всего',
      'В том числе сумма акциза',
      'Налоговая ставка',
      'Сумма налога, предъявляемая покупателю',
      'имущественных прав с налогом — всего',
      'Страна происхождения товара',
      'цифровой код',
      'краткое наименование',
      'Регистрационный номер декларации на товары',
      'Количественная единица измерения товара, используемая в целях осуществления прослеживаемости',
      'Количество товара, подлежащего прослеживаемости',
      'Всего к оплате (9)',
    ]) {
      expect(pdf.squashed).toContain(header.replace(/\s+/g, ''))
    }
    // The imported battery's line, column by column: А, 1, 2, 2а, 3, 4, 5, 6, 7, 8, 9, 10, 10а, 11.
    expect(pdf.squashed).toContain(
      'BAT-14S-28Аккумулятор14S28000мА·ч—796шт29016,4018032,79безакциза22%3967,2122000,00156Китай10702070/151026/5012345/1',
    )
    expect(pdf.squashed).toContain('98360,66XX21639,34120000,00')
    expect(pdf.text).toContain('Серийные номера: AT30-2026-000117')
  })

  it('prints status 2 and «без НДС» for a seller that charges no VAT', async () => {
    const upd = sampleUpd()
    const lines = upd.lines.map((line) => ({
      ...line,
      vatRate: 'none' as const,
      vatKopecks: 0,
      priceKopecks: line.amountKopecks / line.quantity,
      amountWithoutVatKopecks: line.amountKopecks,
    }))
    const pdf = await readPdf(
      await renderUpd({
        ...upd,
        status: 2,
        lines,
        totals: { amountWithoutVatKopecks: 12_000_000, vatKopecks: 0, amountKopecks: 12_000_000 },
      }),
    )
    expect(pdf.text).toContain('Статус: 2')
    expect(pdf.squashed).toContain('120000,00XXбезНДС120000,00')
    expect(pdf.text).not.toContain('22%')
  })

  it('counts its sheets when two hundred lines run over several pages', async () => {
    const upd = sampleUpd()
    const lines = Array.from({ length: 200 }, (_, i) => ({ ...upd.lines[1]!, code: `P-${i + 1}` }))
    const pdf = await readPdf(await renderUpd({ ...upd, lines }))
    expect(pdf.pages.length).toBeGreaterThan(3)
    expect(pdf.text).toContain(`Документ составлен на ${pdf.pages.length} листах`)
    expect(pdf.text).toContain('P-200')
  })
})
