import type { Specs } from '#common/catalog/attributes.ts'
import type { Availability } from '#common/catalog/products.ts'
import type { VatRate } from '#common/catalog/vat.ts'

/** A published product as the feeds write it; the catalogue service builds these. */
export interface FeedProduct {
  id: string
  slug: string
  sku: string
  title: string
  brand: string
  model: string
  categorySlug: string
  /** Null: the price is on request. */
  priceKopecks: number | null
  vatRate: VatRate
  availability: Availability
  /** Sanitized HTML. */
  description: string
  /** Absolute addresses. */
  imageUrls: string[]
  specs: Specs
  /** Days to deliver «под заказ», units in stock, sphere slugs: the CSV's own columns. */
  leadTimeDays: number | null
  stockQuantity: number | null
  areas: readonly string[]
  /** The offer's terms (common/catalog/offer-terms.ts). */
  warrantyMonths: number | null
  minOrderQuantity: number
  deliveryRegions: readonly string[]
  /** The model's part number and GTIN by its maker; '' when unknown. */
  partNumber: string
  gtin: string
  /** The product page, absolute. */
  url: string
}

export interface FeedShop {
  /** The short name shown on the marketplace. */
  name: string
  /** The legal name. */
  company: string
  url: string
}
