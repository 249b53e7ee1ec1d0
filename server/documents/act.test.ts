import { describe, expect, it } from 'vitest'
import { renderAct } from './act.ts'
import { sampleAct } from './fixtures.ts'
import { readPdf } from './testing.ts'

describe('renderAct', () => {
  it('prints the work, its volume, period, price and VAT, the acceptance and both sides', async () => {
    const pdf = await readPdf(await renderAct(sampleAct()))
    expect(pdf.pages).toHaveLength(1)
    expect(pdf.sizes[0]![1]).toBeGreaterThan(pdf.sizes[0]![0])
    for (const expected of [
      'Акт № 5 от 28 ноября 2026 г.',
      'сдачи-приёмки выполненных работ (оказанных услуг)',
      'Исполнитель: Общество с ограниченной ответственностью «АэроТех Системы», ИНН 7701234567, КПП 770101001',
      'Заказчик: Акционерное общество «Агрохолдинг Заря»',
      'Основание: Заказ на бирже услуг № S-2611-00007 от 10.11.2026',
      'Агрохимическая обработка: обработать 120 га пшеницы гербицидом',
      'Объём: 120 га',
      'Срок выполнения: с 15.11.2026 по 20.11.2026',
      'Результат: Обработано 120 га',
      'В том числе НДС 22%: 64 918,03',
      'Триста шестьдесят тысяч рублей 00 копеек',
      'Работы приняты заказчиком (АО «Агрохолдинг Заря») на платформе «БАС Маркет» 28.11.2026 в 14:05 (мск), пользователь Вера Покупатель.',
      'ИСПОЛНИТЕЛЬ',
      'ЗАКАЗЧИК',
      'Генеральный директор',
      'Орлов С. В.',
    ]) {
      expect(pdf.text).toContain(expected)
    }
    // One line: 120 ha at 3 000,00 for 360 000,00.
    expect(pdf.squashed).toContain('120га3000,00360000,00')
  })

  it('says «Без налога (НДС)» for a contractor that charges none', async () => {
    const act = sampleAct()
    const pdf = await readPdf(await renderAct({ ...act, work: { ...act.work, vatRate: 'none', vatKopecks: 0 } }))
    expect(pdf.text).toContain('Без налога (НДС)')
    expect(pdf.text).toContain(', без НДС')
  })
})
