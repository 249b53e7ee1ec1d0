import { describe, expect, it } from 'vitest'
import { renderDeliveryNote } from './delivery-note.ts'
import { sampleDeliveryNote } from './fixtures.ts'
import { readPdf } from './testing.ts'

describe('renderDeliveryNote', () => {
  it('renders the delivery note with the serial numbers of the units shipped', async () => {
    const bytes = await renderDeliveryNote(sampleDeliveryNote())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')

    const pdf = await readPdf(bytes)
    expect(pdf.pages).toHaveLength(1)
    expect(pdf.sizes[0]![0]).toBeGreaterThan(pdf.sizes[0]![1]) // A4 landscape
    for (const expected of [
      'Товарная накладная № ТН-2611-00042-1 от 27 ноября 2026 г.',
      'Грузоотправитель и поставщик:',
      'Общество с ограниченной ответственностью «АэроТех Системы», ИНН 7701234567, КПП 770101001',
      'расчётный счёт 40702810938000012345 в ПАО «Сбербанк России», г. Москва, БИК 044525225, корр. счёт 30101810400000000225',
      'Грузополучатель и плательщик:',
      'Акционерное общество «Агрохолдинг Заря», ИНН 2312345678, КПП 231201001',
      'Адрес доставки:',
      'Заказ № 2611-00042 от 25 ноября 2026 г.',
      'ООО «Деловые Линии», трек-номер 26-00123456789',
      'Агродрон АТ-30 для внесения СЗР, бак 30 л',
      'Артикул: AT-30-AGRO',
      'Серийные номера: AT30-2026-000117',
      'Серийные номера: B14S-7781-0001, B14S-7781-0002',
      '80 327,87',
      '17 672,13',
      'Итого',
      '98 360,66',
      '21 639,34',
      '120 000,00',
      'Сто двадцать тысяч рублей 00 копеек',
      'Отпуск груза разрешил',
      'Груз получил',
    ]) {
      expect(pdf.text).toContain(expected)
    }
    expect(pdf.info.Author).toBe('Общество с ограниченной ответственностью «АэроТех Системы»')
    expect(pdf.info.Language).toBe('ru')
  })

  it('leaves the carrier out when the goods travel without one', async () => {
    const pdf = await readPdf(await renderDeliveryNote(sampleDeliveryNote({ shipment: null, deliveryAddress: null })))
    expect(pdf.text).not.toContain('Перевозчик')
    expect(pdf.text).not.toContain('Адрес доставки')
  })

  it('prints every serial number of a large shipment, across pages', async () => {
    const base = sampleDeliveryNote()
    const serialNumbers = Array.from({ length: 400 }, (_, index) => `SN-${String(index + 1).padStart(6, '0')}`)
    const drones = { ...base.lines[0]!, quantity: 400, serialNumbers }
    const lines = [drones, ...Array.from({ length: 15 }, () => base.lines[1]!)]
    const pdf = await readPdf(await renderDeliveryNote(sampleDeliveryNote({ lines })))
    expect(pdf.pages.length).toBeGreaterThan(1)
    for (const serial of serialNumbers) expect(pdf.squashed).toContain(serial)
    pdf.pages.forEach((page) => expect(page).toContain('Сумма с НДС'))
    expect(pdf.text).toContain('Серийные номера (продолжение)')
    expect(pdf.pages.at(-1)).toContain('Груз получил')
  })
})
