import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../products/import/file/csv.ts'
import { writeCsvFeed } from './csv.ts'
import { expectSameProducts, FEED_PRODUCTS } from './feeds.testing.ts'

const csv = writeCsvFeed(FEED_PRODUCTS)
const lines = csv.split('\r\n')

describe('writeCsvFeed', () => {
  it('writes UTF-8 with a BOM, «;» and Russian headers, a column per characteristic in use', () => {
    expect(
      csv.startsWith(
        '\uFEFFАртикул;Название;Бренд;Модель;Категория;Цена;НДС;Наличие;Описание;Фото;Срок поставки, дней;Остаток, шт;Сферы применения;Гарантия, мес;Минимальный заказ, шт;Регионы доставки;Партномер (P/N);GTIN;Тип;',
      ),
    ).toBe(true)
    // The lead time, the stock and the spheres, which an export must keep for the import to read back.
    expect(lines[1]).toContain(
      ';;12;Сельское хозяйство, Экология;24;2;Свердловская область | Челябинская область;AT-30-STD;4006381333931;',
    )
    // No warranty stated, a minimum of one, all of Russia.
    expect(lines[2]).toContain(';;1;;;;')
    expect(lines[0]).toContain(';Максимальная взлётная масса, кг;')
    expect(lines[0]).toContain(';Рабочая температура, от, °C;')
    expect(lines[0]).not.toContain('Максимальная скорость')
  })

  it('writes prices in roubles, rates and availability in Russian, quoting what needs it', () => {
    expect(lines[1]).toMatch(
      /^AT-30;Агродрон «АТ-30» & станция <зарядки>;АэроТех;АТ-30;Мультироторные;1250000,50;НДС 22%;В наличии;"<p>Бак/,
    )
    expect(lines[1]).toContain('https://cdn.example/at30-1.jpg?w=800&h=600 | https://cdn.example/at30-2.jpg')
    expect(lines[1]).toContain('"FPV-камера ""обзор"" 1080p"')
    expect(lines[2]).toMatch(
      /^Геоскан 201\/М \(ред\. 2\);Геоскан 201 'картограф';Геоскан;201;Самолётного типа;;Без НДС;Под заказ;/,
    )
  })

  it('keeps spreadsheets from reading text as formulas', () => {
    expect(lines[3]).toMatch(/^F-1;"'=HYPERLINK\(""http:\/\/evil.example""\)";'@brand;'\+1;/)
  })

  it('round-trips through the CSV import to the same products', () => {
    const parsed = parseCsv(new TextEncoder().encode(csv))
    expectSameProducts(parsed, 'csv')
  })
})
