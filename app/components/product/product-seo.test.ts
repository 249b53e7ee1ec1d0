import { describe, expect, it } from 'vitest'
import { formatPrice } from '#common/catalog/format.ts'
import type { ProductDetails } from '#common/catalog/types.ts'
import { describeProduct } from './product-display.server.ts'
import { productMeta } from './product-meta.ts'
import { buildProductSeo, priceInRoubles } from './product-seo.server.ts'
import type { SanitizedHtml } from '#common/html.ts'

const URL = 'https://bas.example'

function product(overrides: Partial<ProductDetails> = {}): ProductDetails {
  const vendor = { id: 'v1', slug: 'aerotekh', name: 'ООО «АэроТех»' }
  return {
    id: 'p1',
    slug: 'geoskan-201',
    modelSlug: null,
    href: '/product/geoskan-201',
    title: 'Геоскан 201 </script><b>',
    brand: 'Геоскан',
    model: '201',
    category: { slug: 'samoletnogo-tipa', title: 'Самолётного типа' },
    vendor,
    priceKopecks: 125_000_050,
    vatRate: '22',
    availability: 'to_order',
    leadTimeDays: 21,
    image: { src: 'catalog/a.svg', alt: 'А' },
    keySpecs: [{ code: 'flight_time', title: 'Время полёта', value: 180, display: '180 мин' }],
    status: 'published',
    description: 'Картография.\n\nДо 180 минут в воздухе.',
    descriptionHtml: '' as SanitizedHtml,
    sku: '201',
    documents: [],
    images: [
      { src: 'catalog/a.svg', alt: 'А' },
      { src: 'catalog/b.svg', alt: 'Б' },
    ],
    specs: [],
    areas: [{ slug: 'stroitelstvo', title: 'Строительство' }],
    registration: 'account',
    modelId: null,
    terms: { warrantyMonths: 12, deliveryRegions: [], minOrderQuantity: 1 },
    breadcrumbs: [
      { slug: 'bespilotniki', title: 'Беспилотники' },
      { slug: 'samoletnogo-tipa', title: 'Самолётного типа' },
    ],
    vendorCard: { ...vendor, description: '', region: 'Москва', logo: null, productCount: 21, website: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  }
}

describe('product SEO', () => {
  it("offers a model several sellers list as an AggregateOffer with this page's Offer inside", () => {
    const model = { offerCount: 4, lowKopecks: 98_500_000, highKopecks: 125_000_050 }
    const [productLd] = buildProductSeo(URL, product(), undefined, model).jsonLd
    expect(productLd!.offers).toMatchObject({
      '@type': 'AggregateOffer',
      offerCount: 4,
      lowPrice: '985000',
      highPrice: '1250000.50',
      priceCurrency: 'RUB',
      offers: [{ '@type': 'Offer', price: '1250000.50', url: `${URL}/product/geoskan-201` }],
    })
    // One listing, or prices on request only: the page's own Offer, as before.
    for (const alone of [
      { offerCount: 1, lowKopecks: 125_000_050, highKopecks: 125_000_050 },
      { offerCount: 3, lowKopecks: null, highKopecks: null },
      null,
    ])
      expect(buildProductSeo(URL, product(), undefined, alone).jsonLd[0]!.offers).toMatchObject({ '@type': 'Offer' })
  })

  it("names the model's page as canonical and the chosen offer's address in the Offer", () => {
    const offer = product({ modelSlug: 'geoskan-201-2', href: '/product/geoskan-201-2?offer=geoskan-201' })
    const { seo, jsonLd } = buildProductSeo(URL, offer)
    expect(seo.canonical).toBe(`${URL}/product/geoskan-201-2`)
    expect(jsonLd[0]).toMatchObject({
      url: `${URL}/product/geoskan-201-2`,
      offers: { '@type': 'Offer', url: `${URL}/product/geoskan-201-2?offer=geoskan-201` },
    })
  })

  it('writes prices in roubles as plain numbers', () => {
    expect(priceInRoubles(125_000_000)).toBe('1250000')
    expect(priceInRoubles(125_000_050)).toBe('1250000.50')
  })

  it('builds the Product with its Offer, seller and key characteristics, and the breadcrumbs', () => {
    const { seo, jsonLd } = buildProductSeo(URL, product())
    expect(seo).toMatchObject({
      canonical: `${URL}/product/geoskan-201`,
      type: 'product',
      image: `${URL}/marketplace-frontend-assets/catalog/a.svg?w=1200&h=900&f=png`,
    })
    expect(seo.title).toBe(`Геоскан 201 </script><b> — купить, цена ${formatPrice(125_000_050)} | БАС Маркет`)
    expect(seo.description.length).toBeLessThanOrEqual(200)
    const [item, crumbs] = jsonLd
    expect(item).toMatchObject({
      '@type': 'Product',
      sku: '201',
      mpn: '201',
      brand: { '@type': 'Brand', name: 'Геоскан' },
      category: 'Беспилотники > Самолётного типа',
      image: [
        `${URL}/marketplace-frontend-assets/catalog/a.svg?w=1200&h=900&f=webp`,
        `${URL}/marketplace-frontend-assets/catalog/b.svg?w=1200&h=900&f=webp`,
      ],
      offers: {
        '@type': 'Offer',
        price: '1250000.50',
        priceCurrency: 'RUB',
        availability: 'https://schema.org/MadeToOrder',
        deliveryLeadTime: { value: 21, unitCode: 'DAY' },
        priceSpecification: { valueAddedTaxIncluded: true },
        seller: { '@type': 'Organization', name: 'ООО «АэроТех»', url: `${URL}/sellers/aerotekh` },
      },
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Время полёта', value: '180 мин' }],
    })
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Главная', item: `${URL}/` },
        { position: 2, item: `${URL}/catalog/bespilotniki` },
        { position: 3, item: `${URL}/catalog/samoletnogo-tipa` },
        { position: 4, item: `${URL}/product/geoskan-201` },
      ],
    })
  })

  it('gives a price on request no price at all, and stock as InStock', () => {
    const { seo, jsonLd } = buildProductSeo(URL, product({ priceKopecks: null, availability: 'in_stock' }))
    expect(seo.title).toContain('цена по запросу')
    const offers = jsonLd[0]!.offers as Record<string, unknown>
    expect(offers).not.toHaveProperty('price')
    expect(offers).not.toHaveProperty('priceCurrency')
    expect(offers).not.toHaveProperty('deliveryLeadTime')
    expect(offers.availability).toBe('https://schema.org/InStock')
  })

  it('hands the JSON-LD to React Router’s escaping script:ld+json tags', () => {
    const tags = productMeta(buildProductSeo(URL, product()))
    expect(tags.filter((t) => 'script:ld+json' in t)).toHaveLength(2)
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${URL}/product/geoskan-201` })
    expect(tags).toContainEqual({ property: 'og:type', content: 'product' })
  })

  it('formats the offer and the registration notice for the page', () => {
    expect(describeProduct(product())).toEqual({
      price: formatPrice(125_000_050),
      vat: 'Цена с НДС 22%',
      availability: 'Под заказ, срок поставки 21 день',
      registration: {
        heading: 'Нужна постановка на учёт',
        notice: expect.stringContaining('поставить на учёт'),
      },
      vendorProducts: '21 товар',
      terms: [
        { label: 'Гарантия', value: '1 год' },
        { label: 'Доставка', value: 'По всей России' },
      ],
      deliveryRegions: [],
    })
    expect(
      describeProduct(product({ terms: { warrantyMonths: 0, deliveryRegions: ['66', '74'], minOrderQuantity: 2 } })),
    ).toMatchObject({
      terms: [
        { label: 'Гарантия', value: 'Без гарантии' },
        { label: 'Доставка', value: '2 региона' },
        { label: 'Минимальный заказ', value: '2 шт.' },
      ],
      deliveryRegions: ['Свердловская область', 'Челябинская область'],
    })
    expect(describeProduct(product({ priceKopecks: null, registration: 'none' }))).toMatchObject({
      price: 'Цена по запросу',
      vat: null,
      registration: null,
    })
  })

  it('states the product’s own VAT rate, and nothing about VAT for a seller without it', () => {
    expect(describeProduct(product({ vatRate: '5' })).vat).toBe('Цена с НДС 5%')
    expect(describeProduct(product({ vatRate: 'none' })).vat).toBe('Без НДС')
    const [item] = buildProductSeo(URL, product({ vatRate: 'none' })).jsonLd
    expect(JSON.stringify(item)).not.toContain('valueAddedTaxIncluded')
  })

  it('adds the rating and up to five reviews only when there are reviews', () => {
    const none = buildProductSeo(URL, product(), {
      summary: { average: 0, count: 0, distribution: [0, 0, 0, 0, 0] },
      items: [],
      page: 1,
      pageSize: 10,
      total: 0,
      canAnswer: false,
    })
    expect(none.jsonLd[0]).not.toHaveProperty('aggregateRating')
    expect(none.jsonLd[0]).not.toHaveProperty('review')
    const review = (i: number) => ({
      id: `r${i}`,
      kind: 'product' as const,
      rating: 4,
      text: 'Надёжный аппарат, рекомендуем.',
      author: 'Ирина, ООО «Заря»',
      createdAt: '2026-03-0' + (i + 1) + 'T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      answer: null,
    })
    const { jsonLd } = buildProductSeo(URL, product(), {
      summary: { average: 4.3, count: 12, distribution: [0, 1, 1, 3, 7] },
      items: Array.from({ length: 7 }, (_, i) => review(i)),
      page: 1,
      pageSize: 10,
      total: 12,
      canAnswer: false,
    })
    expect(jsonLd[0]!.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    })
    const reviews = jsonLd[0]!.review as Record<string, unknown>[]
    expect(reviews).toHaveLength(5)
    expect(reviews[0]).toMatchObject({
      '@type': 'Review',
      reviewRating: { ratingValue: 4 },
      author: { name: 'Ирина, ООО «Заря»' },
      datePublished: '2026-03-01',
    })
  })
})
