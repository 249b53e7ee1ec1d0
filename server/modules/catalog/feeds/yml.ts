import type { Category } from '#common/catalog/categories.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import { feedParams } from './specs.ts'
import type { FeedProduct, FeedShop } from './types.ts'

/**
 * A Yandex Market YML document (the format Yandex Market, Avito autoload and most aggregators
 * read). Categories get numeric ids in the order given, as YML asks; offers are identified by
 * the vendor's SKU when it fits YML's id, by the product id otherwise.
 */

export interface YmlFeedOptions {
  /** The catalogue's date; now by default. */
  date?: Date
  /**
   * A product whose price is on request: `omit-price` keeps the offer without <price> (the
   * consumer decides; Yandex Market skips such offers with a warning), `skip-offer` leaves it out.
   */
  withoutPrice?: 'omit-price' | 'skip-offer'
  /**
   * `sku` (the default): the vendor's SKU when it fits YML's id, the product id otherwise.
   * `product`: always the product id, which never changes, so a consumer that tracks offers by id
   * (Avito autoload's ads, Yandex Market's offers) keeps them when the vendor renames an SKU.
   */
  offerId?: 'sku' | 'product'
}

const YML_VAT: Record<VatRate, string> = { '22': 'VAT_22', '10': 'VAT_10', '7': 'VAT_7', '5': 'VAT_5', none: 'NO_VAT' }
const OFFER_ID = /^[\p{L}\p{N}.,/\\()[\]=_-]{1,80}$/u

// Characters XML 1.0 cannot carry at all, even escaped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** Text in a CDATA section; a «]]>» inside is split across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replace(NOT_XML, '').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`
}

/** «2026-11-25T13:00+03:00»: the catalogue's time in Moscow, as YML's date attribute has it. */
export function ymlDate(date: Date): string {
  return `${new Date(date.getTime() + 3 * 3600_000).toISOString().slice(0, 16)}+03:00`
}

function element(name: string, text: string, attributes = ''): string {
  return `<${name}${attributes}>${escapeXml(text)}</${name}>`
}

function priceText(kopecks: number): string {
  return kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2)
}

function offerIdOf(product: FeedProduct, kind: YmlFeedOptions['offerId']): string {
  if (kind === 'product' && OFFER_ID.test(product.id)) return product.id
  return OFFER_ID.test(product.sku) ? product.sku : product.id.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 80)
}

function offerXml(product: FeedProduct, categoryId: string | undefined, options: YmlFeedOptions): string {
  const id = offerIdOf(product, options.offerId)
  const lines = [
    `<offer id="${escapeXml(id)}" available="${product.availability === 'in_stock'}">`,
    element('url', product.url),
    ...(product.priceKopecks !== null ? [element('price', priceText(product.priceKopecks))] : []),
    element('currencyId', 'RUR'),
    ...(categoryId ? [element('categoryId', categoryId)] : []),
    ...product.imageUrls.map((url) => element('picture', url)),
    element('name', product.title),
    ...(product.brand ? [element('vendor', product.brand)] : []),
    element('vendorCode', product.sku),
    ...(product.model ? [element('model', product.model)] : []),
    `<description>${cdata(product.description)}</description>`,
    element('vat', YML_VAT[product.vatRate]),
    // Yandex's period format: whole years as P1Y, else months.
    ...(product.warrantyMonths === null
      ? []
      : [
          element(
            'warranty-days',
            product.warrantyMonths % 12 === 0 && product.warrantyMonths > 0
              ? `P${product.warrantyMonths / 12}Y`
              : `P${product.warrantyMonths}M`,
          ),
        ]),
    ...(product.minOrderQuantity > 1 ? [element('min-quantity', String(product.minOrderQuantity))] : []),
    ...(product.gtin ? [element('barcode', product.gtin)] : []),
    ...feedParams(product.specs, product.categorySlug).map((p) =>
      element('param', p.value, ` name="${escapeXml(p.name)}"${p.unit ? ` unit="${escapeXml(p.unit)}"` : ''}`),
    ),
  ]
  return `      ${lines[0]}\n${lines
    .slice(1)
    .map((line) => `        ${line}\n`)
    .join('')}      </offer>`
}

/**
 * A YML document written in parts, so a large catalogue can be sent as it is read: `head`, then
 * `offers` for each batch of products, then `tail`. Joined, the parts are `writeYmlFeed`'s output.
 */
export function ymlFeedWriter(shop: FeedShop, categories: readonly Category[], options: YmlFeedOptions = {}) {
  const ids = new Map(categories.map((c, i) => [c.slug, String(i + 1)]))
  const categoryLines = categories.map((c) => {
    const parent = c.parent ? ids.get(c.parent) : undefined
    return `      ${element('category', c.title, ` id="${ids.get(c.slug)}"${parent ? ` parentId="${parent}"` : ''}`)}`
  })
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${ymlDate(options.date ?? new Date())}">`,
    '  <shop>',
    `    ${element('name', shop.name)}`,
    `    ${element('company', shop.company)}`,
    `    ${element('url', shop.url)}`,
    '    <currencies>',
    '      <currency id="RUR" rate="1"/>',
    '    </currencies>',
    '    <categories>',
    ...categoryLines,
    '    </categories>',
    '    <offers>',
    '',
  ].join('\n')
  return {
    head,
    /** The offers of these products, each line ending with a newline ('' for none). */
    offers: (products: readonly FeedProduct[]): string =>
      products
        .filter((p) => p.priceKopecks !== null || options.withoutPrice !== 'skip-offer')
        .map((p) => `${offerXml(p, ids.get(p.categorySlug), options)}\n`)
        .join(''),
    tail: ['    </offers>', '  </shop>', '</yml_catalog>', ''].join('\n'),
  }
}

export function writeYmlFeed(
  shop: FeedShop,
  categories: readonly Category[],
  products: readonly FeedProduct[],
  options: YmlFeedOptions = {},
): string {
  const writer = ymlFeedWriter(shop, categories, options)
  return writer.head + writer.offers(products) + writer.tail
}
