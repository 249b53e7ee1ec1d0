import { SaxesParser } from 'saxes'
import { describe, expect, it } from 'vitest'
import { CATEGORIES } from '#common/catalog/categories.ts'
import { parseYml } from '../../products/import/file/yml.ts'
import { expectSameProducts, FEED_PRODUCTS } from './feeds.testing.ts'
import { cdata, escapeXml, writeYmlFeed, ymlDate, ymlFeedWriter } from './yml.ts'

const SHOP = { name: 'БАС Маркет', company: 'ООО «БАС & Ко»', url: 'https://bas.example' }
const DATE = new Date('2026-11-25T10:00:00Z')
const feed = writeYmlFeed(SHOP, CATEGORIES, FEED_PRODUCTS, { date: DATE })
const utf8 = (text: string) => new TextEncoder().encode(text)

describe('writeYmlFeed', () => {
  it('writes a well-formed YML document with the shop, currencies and categories', () => {
    expect(
      feed.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="2026-11-25T13:00+03:00">\n'),
    ).toBe(true)
    const parser = new SaxesParser()
    const names: string[] = []
    parser.on('opentag', (tag) => names.push(tag.name))
    parser.write(feed).close()
    expect(names.slice(0, 8)).toEqual([
      'yml_catalog',
      'shop',
      'name',
      'company',
      'url',
      'currencies',
      'currency',
      'categories',
    ])
    expect(feed).toContain('<company>ООО «БАС &amp; Ко»</company>')
    expect(feed).toContain('<currency id="RUR" rate="1"/>')
    expect(feed).toContain('<category id="1">Беспилотники</category>')
    expect(feed).toContain('<category id="2" parentId="1">Мультироторные</category>')
  })

  it('writes offers with the fields Yandex Market reads, escaped', () => {
    const first = feed.slice(feed.indexOf('<offer '), feed.indexOf('</offer>'))
    expect(first).toContain('<offer id="AT-30" available="true">')
    expect(first).toContain('<price>1250000.50</price>')
    expect(first).toContain('<currencyId>RUR</currencyId>')
    expect(first).toContain('<categoryId>2</categoryId>')
    expect(first).toContain('<picture>https://cdn.example/at30-1.jpg?w=800&amp;h=600</picture>')
    expect(first).toContain('<name>Агродрон «АТ-30» &amp; станция &lt;зарядки&gt;</name>')
    expect(first).toContain('<vendor>АэроТех</vendor>')
    expect(first).toContain('<vendorCode>AT-30</vendorCode>')
    expect(first).toContain('<vat>VAT_22</vat>')
    expect(first).toContain(
      '<description><![CDATA[<p>Бак <b>30 л</b> &amp; «насос»; цена &lt; рынка.</p><p>Строка с ]]&gt; внутри</p>]]></description>',
    )
    expect(first).toContain('<param name="Максимальная взлётная масса" unit="кг">67.5</param>')
    expect(first).toContain('<param name="Навигация">GPS, ГЛОНАСС, RTK</param>')
    expect(first).toContain('<param name="Камера / полезная нагрузка">FPV-камера &quot;обзор&quot; 1080p</param>')
  })

  it('leaves out the price of a product on request, or the offer when asked', () => {
    // The SKU has spaces, which YML ids may not: the offer goes by the product id.
    const second = feed.slice(feed.indexOf('<offer id="5d1c7a9e11114c2b8e0e000000000002"'), feed.lastIndexOf('<offer '))
    expect(second).toContain('available="false"')
    expect(second).toContain('<vendorCode>Геоскан 201/М (ред. 2)</vendorCode>')
    expect(second).not.toContain('<price>')
    expect(second).toContain('<name>Геоскан 201 &apos;картограф&apos;</name>')
    const skipped = writeYmlFeed(SHOP, CATEGORIES, FEED_PRODUCTS, { date: DATE, withoutPrice: 'skip-offer' })
    expect(skipped.match(/<offer /g)).toHaveLength(2)
    expect(skipped).not.toContain('Геоскан 201')
  })

  it('writes the same document in parts, batch by batch, as in one piece', () => {
    const writer = ymlFeedWriter(SHOP, CATEGORIES, { date: DATE })
    const parts = writer.head + FEED_PRODUCTS.map((p) => writer.offers([p])).join('') + writer.offers([]) + writer.tail
    expect(parts).toBe(feed)
  })

  it('identifies every offer by the product id when asked, whatever its SKU', () => {
    const out = writeYmlFeed(SHOP, CATEGORIES, FEED_PRODUCTS, { date: DATE, offerId: 'product' })
    const ids = [...out.matchAll(/<offer id="([^"]+)"/g)].map((m) => m[1])
    expect(ids).toEqual(FEED_PRODUCTS.map((p) => p.id))
    expect(parseYml(utf8(out)).offers.map((o) => o.sku)).toEqual(FEED_PRODUCTS.map((p) => p.sku))
  })

  it('identifies an offer by the product id when the SKU does not fit YML', () => {
    const [product] = FEED_PRODUCTS
    const out = writeYmlFeed(SHOP, CATEGORIES, [{ ...product!, sku: 'A B "C"' }], { date: DATE })
    expect(out).toContain('<offer id="0b7c5c1e8a3f4f0e9a512f6f1f3c9d11"')
    expect(out).toContain('<vendorCode>A B &quot;C&quot;</vendorCode>')
  })

  it('round-trips through the YML import to the same products', () => {
    const parsed = parseYml(utf8(feed))
    expectSameProducts(parsed)
  })
})

describe('XML helpers', () => {
  it('escapes markup and quotes and drops characters XML cannot carry', () => {
    expect(escapeXml(`a & b < c > d " e ' f\u0000\u0007g`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; fg')
    expect(cdata('x]]>y')).toBe('<![CDATA[x]]]]><![CDATA[>y]]>')
    expect(ymlDate(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01T01:30+03:00')
  })
})
