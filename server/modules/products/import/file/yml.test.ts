import { readFileSync } from 'node:fs'
import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { IMPORT_MESSAGES as M } from './messages.ts'
import { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_OFFERS } from './types.ts'
import { parseYml } from './yml.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)
const fixture = readFileSync(new URL('./fixtures/catalog.yml', import.meta.url))

function yml(offers: string, prolog = '<?xml version="1.0" encoding="UTF-8"?>'): string {
  return `${prolog}\n<yml_catalog date="2026-11-20">\n<shop>\n<offers>\n${offers}\n</offers>\n</shop>\n</yml_catalog>\n`
}

const offer = (id: string, extra = '') => `<offer id="${id}"><name>Дрон ${id}</name><price>100</price>${extra}</offer>`

describe('parseYml', () => {
  it('reads categories and offers of a Yandex Market file with their lines', () => {
    const result = parseYml(fixture)
    expect(result.errors).toEqual([])
    expect(result.categories).toEqual([
      { id: '1', name: 'Беспилотники' },
      { id: '2', parentId: '1', name: 'Квадрокоптеры' },
      { id: '3', parentId: '1', name: 'Самолётного типа' },
    ])
    expect(result.offers).toEqual([
      {
        line: 14,
        sku: 'AT-30',
        title: 'Агродрон АТ-30 & станция',
        brand: 'АэроТех',
        model: 'АТ-30',
        fileCategory: '2',
        priceKopecks: 125_000_050,
        vatRate: '22',
        available: true,
        description: '<p>Опрыскиватель <b>30 л</b></p>',
        params: [
          { name: 'Время полёта', unit: 'мин', value: '22' },
          { name: 'Максимальная взлётная масса', unit: 'кг', value: '67,5' },
        ],
        pictures: ['https://aerotech.example/img/101-1.jpg', 'https://aerotech.example/img/101-2.jpg'],
      },
      {
        line: 30,
        sku: '102',
        title: 'БПЛА Геоскан 201',
        brand: 'Геоскан',
        model: '201',
        fileCategory: '3',
        priceKopecks: null,
        available: false,
        description: '<p>Картограф</p>',
        params: [],
        pictures: [],
      },
    ])
  })

  it('reads a windows-1251 file that declares its encoding', () => {
    const text = yml(offer('1', '<vendor>Геоскан</vendor>'), '<?xml version="1.0" encoding="windows-1251"?>')
    const result = parseYml(iconv.encode(text, 'windows-1251'))
    expect(result.errors).toEqual([])
    expect(result.offers[0]).toMatchObject({ title: 'Дрон 1', brand: 'Геоскан' })
  })

  it('counts lines the same with Windows line ends', () => {
    const text = yml([offer('1'), '<offer><name>Без артикула</name></offer>'].join('\n')).replace(/\n/g, '\r\n')
    expect(parseYml(utf8(text)).errors).toEqual([{ line: 6, message: 'Строка 6: не указан артикул' }])
  })

  it('reads UTF-8 with a BOM', () => {
    const result = parseYml(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(yml(offer('1')))]))
    expect(result.offers).toHaveLength(1)
  })

  it('refuses bytes that are not in the declared encoding', () => {
    const result = parseYml(iconv.encode(yml(offer('1')), 'windows-1251'))
    expect(result).toEqual({ categories: [], offers: [], errors: [{ line: 0, message: M.undecodable('UTF-8') }] })
    expect(parseYml(utf8(yml(offer('1'), '<?xml version="1.0" encoding="x-unknown"?>'))).errors[0]!.message).toBe(
      M.unsupportedEncoding('x-unknown'),
    )
  })

  it('refuses entity declarations: no XXE, no billion laughs', () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE yml_catalog [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<yml_catalog><shop><offers><offer id="1"><name>&xxe;</name></offer></offers></shop></yml_catalog>`
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n<yml_catalog>&lol2;</yml_catalog>`
    for (const text of [xxe, laughs]) {
      expect(parseYml(utf8(text))).toEqual({ categories: [], offers: [], errors: [{ line: 0, message: M.doctype }] })
    }
  })

  it('accepts the bare DOCTYPE of old Yandex examples, which names a DTD nobody fetches', () => {
    const text = yml(offer('1')).replace('\n<yml_catalog', '\n<!DOCTYPE yml_catalog SYSTEM "shops.dtd">\n<yml_catalog')
    expect(parseYml(utf8(text)).offers).toHaveLength(1)
  })

  it('gives the line of malformed XML', () => {
    const text = yml(`${offer('1')}\n<offer id="2"><name>Дрон</nam></offer>`)
    const result = parseYml(utf8(text))
    expect(result.offers).toEqual([])
    expect(result.errors).toHaveLength(1)
    expect(result.errors[0]!.line).toBe(6)
    expect(result.errors[0]!.message).toMatch(/^Строка 6: файл повреждён, XML не разобран \(.+\)$/)
    expect(parseYml(utf8('<yml_catalog><shop>')).errors[0]!.message).toMatch(/^Строка 1: файл повреждён/)
  })

  it('refuses a file that is not YML', () => {
    expect(parseYml(utf8('<?xml version="1.0"?><rss><channel/></rss>')).errors).toEqual([
      { line: 0, message: M.notYml },
    ])
    expect(parseYml(utf8(yml(''))).errors).toEqual([{ line: 0, message: M.noOffers }])
  })

  it('reads warranty-days as days or a period, and min-quantity', () => {
    const result = parseYml(
      utf8(
        yml(
          [
            offer('a', '<warranty-days>P1Y</warranty-days><min-quantity>3</min-quantity>'),
            offer('b', '<warranty-days>365</warranty-days>'),
            offer('c', '<warranty-days>P6M20D</warranty-days>'),
            offer('d', '<warranty-days>P20Y</warranty-days><min-quantity>ноль</min-quantity>'),
            offer('e'),
          ].join('\n'),
        ),
      ),
    )
    expect(result.offers.map((o) => [o.sku, o.warrantyMonths, o.minOrderQuantity])).toEqual([
      ['a', 12, 3],
      ['b', 12, undefined],
      ['c', 7, undefined],
      ['e', undefined, undefined],
    ])
    expect(result.errors.map((e) => e.message)).toEqual([
      `Строка 8: ${M.warrantyInvalid('P20Y', 120)}`,
      `Строка 8: ${M.minOrderInvalid('ноль', 10_000)}`,
    ])
  })

  it('reports each bad offer in Russian with its line and keeps the good ones', () => {
    const text = yml(
      [
        offer('1'),
        '<offer><name>Без артикула</name></offer>',
        '<offer id="3"><price>abc</price></offer>',
        offer('1'),
        offer('5', '<currencyId>USD</currencyId>'),
        offer('6', '<vat>VAT_20</vat>'),
        offer('7', '<picture>javascript:alert(1)</picture>'),
      ].join('\n'),
    )
    const result = parseYml(utf8(text))
    expect(result.offers.map((o) => o.sku)).toEqual(['1'])
    expect(result.errors).toEqual([
      { line: 6, message: 'Строка 6: не указан артикул' },
      { line: 7, message: 'Строка 7: не указано название' },
      { line: 7, message: 'Строка 7: цена «abc» не число' },
      { line: 8, message: 'Строка 8: артикул «1» уже встречался в строке 5' },
      { line: 9, message: `Строка 9: ${M.currency('USD')}` },
      { line: 10, message: `Строка 10: ${M.vatUnknown('VAT_20')}` },
      { line: 11, message: `Строка 11: ${M.pictureInvalid('javascript:alert(1)')}` },
    ])
  })

  it('keeps a description written as XML elements as sanitized HTML', () => {
    const text = yml(offer('1', '<description>Текст <p>абзац &amp; <b onclick="x">жирный</b></p></description>'))
    expect(parseYml(utf8(text)).offers[0]!.description).toBe('Текст <p>абзац &amp; <b>жирный</b></p>')
  })

  it('refuses files over the size and offer limits', () => {
    expect(parseYml(new Uint8Array(MAX_IMPORT_FILE_BYTES + 1)).errors[0]!.message).toBe(M.fileTooLarge(20))
    expect(parseYml(new Uint8Array()).errors[0]!.message).toBe(M.emptyFile)
    const many = yml(
      Array.from({ length: MAX_IMPORT_OFFERS + 1 }, (_, i) => `<offer id="${i}"><name>x</name></offer>`).join(''),
    )
    const result = parseYml(utf8(many))
    expect(result.offers).toEqual([])
    expect(result.errors).toEqual([{ line: 0, message: M.tooManyOffers(10_000) }])
  })

  it('parses 5 000 generated offers in bounded memory', () => {
    const offers = Array.from(
      { length: 5000 },
      (_, i) =>
        `<offer id="${i}" available="true"><price>${1000 + i}</price><currencyId>RUR</currencyId><categoryId>2</categoryId>` +
        `<picture>https://x.example/${i}.jpg</picture><name>Квадрокоптер ${i}</name><vendor>АэроТех</vendor>` +
        `<description><![CDATA[<p>Описание товара ${i}: ${'текст '.repeat(40)}</p>]]></description>` +
        `<param name="Время полёта" unit="мин">${i % 90}</param></offer>`,
    )
    const bytes = utf8(yml(offers.join('\n')))
    global.gc?.()
    const before = process.memoryUsage().heapUsed
    const result = parseYml(bytes)
    const grown = process.memoryUsage().heapUsed - before
    expect(result.errors).toEqual([])
    expect(result.offers).toHaveLength(5000)
    expect(result.offers[4999]).toMatchObject({ line: 5004, sku: '4999', priceKopecks: 599_900 })
    // The file is about 2.5 MB; the offers kept are of the same order, not a DOM of it.
    expect(grown).toBeLessThan(150 * 1024 * 1024)
  })
})

describe('a description with hostile markup', () => {
  it('is an error of its row, found without parsing it, while the other offers import', () => {
    const hostile = `<description><![CDATA[${'<b>'.repeat(80_000)}]]></description>`
    const result = parseYml(utf8(yml(`${offer('1', hostile)}\n${offer('2', '<description>Обычный</description>')}`)))
    expect(result.offers.map((o) => o.sku)).toEqual(['2'])
    expect(result.errors).toHaveLength(1)
    expect(result.errors[0]!.message).toMatch(/описание: слишком глубокая вложенность разметки: не больше 32/)
  })

  it('of plain text with more lines than the markup allows tags is an error of its row too', () => {
    const lines = Array.from({ length: 6_000 }, (_, i) => `строка ${i}`).join('\n')
    const result = parseYml(utf8(yml(offer('1', `<description>${lines}</description>`))))
    expect(result.offers).toEqual([])
    expect(result.errors[0]!.message).toMatch(/описание: слишком много разметки/)
  })
})
