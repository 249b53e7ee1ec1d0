import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { splitParamHeader } from './columns.ts'
import { detectSeparator, parseCsv } from './csv.ts'
import { IMPORT_MESSAGES as M } from './messages.ts'
import { parseImportFile } from './parse.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)

const RUSSIAN = [
  'Артикул;Название;Бренд;Модель;Категория;Цена;НДС;Наличие;Описание;Фото;"Время полёта, мин";Рабочая температура, от;Навигация',
  'AT-30;Агродром АТ-30;АэроТех;АТ-30;Агродроны;"1 250 000,50";22%;да;"Первая строка',
  'вторая, с ""кавычками"""; https://x.example/1.jpg | https://x.example/2.jpg ;22;-20;GPS, ГЛОНАСС',
  '',
  'G-201;Геоскан 201;Геоскан;201;Самолётного типа;;без НДС;под заказ;<p>Картограф</p>;;;;',
].join('\r\n')

describe('parseCsv', () => {
  it('reads a Russian spreadsheet export: «;», quoted line breaks, params from the other columns', () => {
    const result = parseCsv(utf8(RUSSIAN))
    expect(result.errors).toEqual([])
    expect(result.categories).toEqual([
      { id: 'Агродроны', name: 'Агродроны' },
      { id: 'Самолётного типа', name: 'Самолётного типа' },
    ])
    expect(result.offers).toEqual([
      {
        line: 2,
        sku: 'AT-30',
        title: 'Агродром АТ-30',
        brand: 'АэроТех',
        model: 'АТ-30',
        fileCategory: 'Агродроны',
        priceKopecks: 125_000_050,
        vatRate: '22',
        available: true,
        description: '<p>Первая строка<br />вторая, с "кавычками"</p>',
        params: [
          { name: 'Время полёта', unit: 'мин', value: '22' },
          { name: 'Рабочая температура, от', value: '-20' },
          { name: 'Навигация', value: 'GPS, ГЛОНАСС' },
        ],
        pictures: ['https://x.example/1.jpg', 'https://x.example/2.jpg'],
      },
      {
        line: 5,
        sku: 'G-201',
        title: 'Геоскан 201',
        brand: 'Геоскан',
        model: '201',
        fileCategory: 'Самолётного типа',
        priceKopecks: null,
        vatRate: 'none',
        available: false,
        description: '<p>Картограф</p>',
        params: [],
        pictures: [],
      },
    ])
  })

  it('reads English headers, «,» as the separator and windows-1251 bytes', () => {
    const text =
      'sku,title,brand,price,available,pictures,Flight time\n1,"Дрон, большой",Геоскан,100.5,true,https://x.example/a.jpg;https://x.example/b.jpg,40\n'
    const result = parseCsv(iconv.encode(text, 'windows-1251'))
    expect(result.errors).toEqual([])
    expect(result.offers[0]).toMatchObject({
      sku: '1',
      title: 'Дрон, большой',
      brand: 'Геоскан',
      priceKopecks: 10050,
      available: true,
      pictures: ['https://x.example/a.jpg', 'https://x.example/b.jpg'],
      params: [{ name: 'Flight time', value: '40' }],
    })
  })

  it('reads UTF-8 with a BOM', () => {
    const result = parseCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Артикул;Название\n1;Дрон\n')]))
    expect(result.offers).toMatchObject([{ sku: '1', title: 'Дрон' }])
  })

  it('reports bad rows with their lines in Russian and keeps the good ones', () => {
    const text = [
      'Артикул;Название;Цена;НДС;Наличие;Фото',
      '1;Дрон;100;;;',
      ';Без артикула;100;;;',
      '3;Дрон;abc;;;',
      '1;Повтор;100;;;',
      '5;Дрон;-5;20%;может быть;ftp://x.example/a.jpg',
    ].join('\n')
    const result = parseCsv(utf8(text))
    expect(result.offers.map((o) => o.sku)).toEqual(['1'])
    expect(result.errors).toEqual([
      { line: 3, message: 'Строка 3: не указан артикул' },
      { line: 4, message: 'Строка 4: цена «abc» не число' },
      { line: 5, message: 'Строка 5: артикул «1» уже встречался в строке 2' },
      { line: 6, message: `Строка 6: ${M.priceNegative('-5')}` },
      { line: 6, message: `Строка 6: ${M.vatUnknown('20%')}` },
      { line: 6, message: `Строка 6: ${M.availableUnknown('может быть')}` },
      { line: 6, message: `Строка 6: ${M.pictureInvalid('ftp://x.example/a.jpg')}` },
    ])
  })

  it('reads the lead time, the stock and the spheres, and says exactly what is wrong with them', () => {
    const text = [
      'Артикул;Название;Наличие;Срок поставки, дней;Остаток, шт;Сферы применения',
      '1;Дрон;да;;12;Сельское хозяйство, экология',
      '2;Дрон под заказ;нет;30;;',
      '3;Дрон;нет;три недели;5;Космос',
    ].join('\n')
    const result = parseCsv(utf8(text))
    expect(result.offers.map((o) => [o.sku, o.leadTimeDays, o.stockQuantity, o.areas])).toEqual([
      ['1', null, 12, ['selskoe-khozyaistvo', 'ekologiya']],
      ['2', 30, null, []],
    ])
    expect(result.errors).toEqual([
      { line: 4, message: `Строка 4: ${M.leadTimeInvalid('три недели', 365)}` },
      { line: 4, message: `Строка 4: ${M.toOrderWithStock}` },
      { line: 4, message: `Строка 4: ${M.areaUnknown('Космос')}` },
    ])
    // A file without those columns says nothing of them: an update keeps what the form has.
    const plain = parseCsv(utf8('Артикул;Название\n1;Дрон\n')).offers[0]!
    expect('leadTimeDays' in plain || 'stockQuantity' in plain || 'areas' in plain).toBe(false)
  })

  it('reads the seller’s warranty, minimum order and delivery regions by name or code', () => {
    const text = [
      'Артикул;Название;Гарантия, мес;Минимальный заказ;Регионы доставки',
      '1;Дрон;24;2;Свердловская область | 74 | свердловская  ОБЛАСТЬ',
      '2;Дрон;;;Вся Россия',
      '3;Дрон;P1Y6M;1;',
      '4;Дрон;сто;0;Атлантида',
    ].join('\n')
    const result = parseCsv(utf8(text))
    expect(result.offers.map((o) => [o.sku, o.warrantyMonths, o.minOrderQuantity, o.deliveryRegions])).toEqual([
      ['1', 24, 2, ['66', '74']],
      ['2', null, 1, []],
      ['3', 18, 1, []],
    ])
    expect(result.errors).toEqual([
      { line: 5, message: `Строка 5: ${M.warrantyInvalid('сто', 120)}` },
      { line: 5, message: `Строка 5: ${M.minOrderInvalid('0', 10_000)}` },
      { line: 5, message: `Строка 5: ${M.regionUnknown('Атлантида')}` },
    ])
    const plain = parseCsv(utf8('Артикул;Название\n1;Дрон\n')).offers[0]!
    expect('warrantyMonths' in plain || 'minOrderQuantity' in plain || 'deliveryRegions' in plain).toBe(false)
  })

  it('refuses a file without the required columns or with a column twice', () => {
    expect(parseCsv(utf8('Название;Цена\nДрон;1\n')).errors).toEqual([{ line: 1, message: M.missingColumn('Артикул') }])
    expect(parseCsv(utf8('sku;Артикул;Название\n1;2;3\n')).errors).toEqual([
      { line: 1, message: `Строка 1: ${M.duplicateColumn('Артикул')}` },
    ])
  })

  it('refuses an unclosed quote and undecodable text instead of throwing', () => {
    const result = parseCsv(utf8('Артикул;Название\n1;"Дрон\n2;Ещё\n'))
    expect(result.offers).toEqual([])
    expect(result.errors[0]!.message).toMatch(/^Строка \d+: кавычка открыта и не закрыта до конца файла$/)
    expect(parseCsv(new Uint8Array([0x41, 0x3b, 0x42, 0x0a, 0x98, 0x3b, 0x31])).errors).toEqual([
      { line: 0, message: M.undecodable('windows-1251') },
    ])
    expect(parseCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])).errors).toEqual([
      { line: 0, message: M.notText },
    ])
    expect(parseCsv(utf8('Артикул;Название\n')).errors).toEqual([{ line: 0, message: M.noOffers }])
  })
})

describe('CSV helpers', () => {
  it('detects the separator of the header', () => {
    expect(detectSeparator('a;b;c\n1,5;2;3')).toBe(';')
    expect(detectSeparator('a,b,c\n1;2;3')).toBe(',')
    expect(detectSeparator('a\tb\n')).toBe('\t')
    expect(detectSeparator('a')).toBe(';')
  })

  it('splits a unit off a characteristic header, but not a word of its name', () => {
    expect(splitParamHeader('Время полёта, мин')).toEqual({ name: 'Время полёта', unit: 'мин' })
    expect(splitParamHeader('Рабочая температура, от, °C')).toEqual({ name: 'Рабочая температура, от', unit: '°C' })
    expect(splitParamHeader('Рабочая температура, от')).toEqual({ name: 'Рабочая температура, от' })
    expect(splitParamHeader('Камера')).toEqual({ name: 'Камера' })
  })
})

describe('parseImportFile', () => {
  it('picks the parser by content first and by name second', () => {
    const yml = utf8(
      '<?xml version="1.0"?><yml_catalog><shop><offers><offer id="1"><name>Д</name></offer></offers></shop></yml_catalog>',
    )
    expect(parseImportFile(yml, 'catalog.csv').offers).toMatchObject([{ sku: '1' }])
    expect(parseImportFile(utf8('Артикул;Название\n1;Дрон\n'), 'КАТАЛОГ.CSV').offers).toMatchObject([{ sku: '1' }])
    expect(parseImportFile(utf8('Артикул;Название\n1;Дрон\n'), 'catalog.xlsx').errors).toEqual([
      { line: 0, message: M.unknownFormat },
    ])
    expect(parseImportFile(utf8('Артикул;Название\n'), 'feed.yml').errors[0]!.message).toMatch(
      /^Строка 2: файл повреждён, XML не разобран/,
    )
  })
})
