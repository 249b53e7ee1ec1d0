import { expect } from 'vitest'
import type { ImportResult } from '../../products/import/file/types.ts'
import { offerToDraft, suggestCategoryMapping, suggestParamMapping } from '../../products/import/file/mapping.ts'
import type { FeedProduct } from './types.ts'

/** Products for the feeds' tests: every kind of characteristic, a price on request, text to escape. */
export const FEED_PRODUCTS: FeedProduct[] = [
  {
    id: '0b7c5c1e-8a3f-4f0e-9a51-2f6f1f3c9d11',
    slug: 'agrodron-at-30',
    sku: 'AT-30',
    title: 'Агродрон «АТ-30» & станция <зарядки>',
    brand: 'АэроТех',
    model: 'АТ-30',
    categorySlug: 'multirotornye',
    priceKopecks: 125_000_050,
    vatRate: '22',
    availability: 'in_stock',
    description: '<p>Бак <b>30 л</b> &amp; «насос»; цена &lt; рынка.</p><p>Строка с ]]&gt; внутри</p>',
    imageUrls: ['https://cdn.example/at30-1.jpg?w=800&h=600', 'https://cdn.example/at30-2.jpg'],
    specs: {
      type: 'multirotor',
      max_takeoff_weight: 67.5,
      flight_time: 22,
      operating_temp_min: -20,
      navigation: ['gps', 'glonass', 'rtk'],
      rtk: true,
      country: 'RU',
      camera: 'FPV-камера "обзор" 1080p',
      areas_of_application: ['selskoe-khozyaistvo', 'lesnoe-khozyaistvo'],
    },
    leadTimeDays: null,
    stockQuantity: 12,
    areas: ['selskoe-khozyaistvo', 'ekologiya'],
    warrantyMonths: 24,
    minOrderQuantity: 2,
    deliveryRegions: ['66', '74'],
    partNumber: 'AT-30-STD',
    gtin: '4006381333931',
    url: 'https://bas.example/product/agrodron-at-30',
  },
  {
    id: '5d1c7a9e-1111-4c2b-8e0e-000000000002',
    slug: 'geoskan-201',
    sku: 'Геоскан 201/М (ред. 2)',
    title: "Геоскан 201 'картограф'",
    brand: 'Геоскан',
    model: '201',
    categorySlug: 'samoletnogo-tipa',
    priceKopecks: null,
    vatRate: 'none',
    availability: 'to_order',
    description: '<p>Самолёт для картографии</p>',
    imageUrls: [],
    specs: { type: 'fixed_wing', max_takeoff_weight: 8.5, range: 120.5, rtk: false, ip_rating: 'IP54' },
    leadTimeDays: 30,
    stockQuantity: null,
    areas: [],
    warrantyMonths: null,
    minOrderQuantity: 1,
    deliveryRegions: [],
    partNumber: '',
    gtin: '',
    url: 'https://bas.example/product/geoskan-201',
  },
  {
    id: '9a9a9a9a-2222-4c2b-8e0e-000000000003',
    slug: 'formula',
    sku: 'F-1',
    title: '=HYPERLINK("http://evil.example")',
    brand: '@brand',
    model: '+1',
    categorySlug: 'vtol',
    priceKopecks: 99_900,
    vatRate: '5',
    availability: 'in_stock',
    description: '<p>VTOL</p>',
    imageUrls: ['https://cdn.example/f1.jpg'],
    specs: { type: 'vtol', max_takeoff_weight: 12, wind_resistance: 15 },
    leadTimeDays: null,
    stockQuantity: null,
    areas: [],
    warrantyMonths: null,
    minOrderQuantity: 1,
    deliveryRegions: [],
    partNumber: '',
    gtin: '',
    url: 'https://bas.example/product/formula',
  },
]

/** A feed read back by the import, mapped as suggested, gives FEED_PRODUCTS' fields unchanged. */
export function expectSameProducts(parsed: ImportResult, format: 'yml' | 'csv' = 'yml'): void {
  expect(parsed.errors).toEqual([])
  const categories = suggestCategoryMapping(parsed.categories)
  const params = suggestParamMapping(parsed.offers.flatMap((o) => o.params))
  expect(Object.values(params)).not.toContain(null)
  const drafts = parsed.offers.map((offer) => offerToDraft(offer, { categories, params }))
  expect(drafts.flatMap((d) => d.errors)).toEqual([])
  expect(drafts.map((d) => d.draft)).toEqual(
    FEED_PRODUCTS.map((p) => ({
      sku: p.sku,
      title: p.title,
      brand: p.brand,
      model: p.model,
      categorySlug: p.categorySlug,
      priceKopecks: p.priceKopecks,
      vatRate: p.vatRate,
      availability: p.availability,
      description: p.description,
      pictures: p.imageUrls,
      // A CSV has columns of its own for the lead time, the stock, the spheres and the offer's terms.
      ...(format === 'csv'
        ? {
            specs: Object.fromEntries(Object.entries(p.specs).filter(([code]) => code !== 'areas_of_application')),
            leadTimeDays: p.leadTimeDays,
            stockQuantity: p.stockQuantity,
            areas: p.areas,
            warrantyMonths: p.warrantyMonths,
            minOrderQuantity: p.minOrderQuantity,
            deliveryRegions: p.deliveryRegions,
            ...(p.partNumber && { partNumber: p.partNumber }),
            ...(p.gtin && { gtin: p.gtin }),
          }
        : {
            specs: p.specs,
            // YML's own elements: warranty-days when stated, min-quantity above one.
            ...(p.warrantyMonths !== null && { warrantyMonths: p.warrantyMonths }),
            ...(p.minOrderQuantity > 1 && { minOrderQuantity: p.minOrderQuantity }),
            ...(p.gtin && { gtin: p.gtin }),
          }),
    })),
  )
}
