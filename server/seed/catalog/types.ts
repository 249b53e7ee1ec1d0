import type { COUNTRIES, NAVIGATION_SYSTEMS } from '#common/catalog/attributes.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import type { SphereSlug } from '#common/spheres.ts'
import type { catalogProducts } from '../../modules/catalog/catalog.table.ts'
import type { ArtFamily, ArtName } from './art.ts'

/** A row for catalog_products as the seed and the benchmark insert it. */
export type NewProductRow = typeof catalogProducts.$inferInsert

export type LeafCategory = 'multirotornye' | 'samoletnogo-tipa' | 'vtol' | 'vertoletnogo-tipa'
export type CountryCode = (typeof COUNTRIES)[number]['value']
export type Navigation = (typeof NAVIGATION_SYSTEMS)[number]['value']
export type IpRating = 'IP43' | 'IP44' | 'IP45' | 'IP54' | 'IP55' | 'IP56' | 'IP65' | 'IP66' | 'IP67'

/** The measured characteristics of a model; absent ones do not apply (no payload bay, no rating). */
export interface Performance {
  /** kg */
  mtow: number
  /** minutes */
  flightTime: number
  /** km: control link for multirotors, route for aircraft */
  range: number
  /** km/h */
  speed: number
  /** kg */
  payload?: number
  /** m/s */
  wind: number
  ip?: IpRating
  tempMin: number
  tempMax: number
}

/** A kit or configuration of a model, sold as its own product. */
export interface ModelConfig {
  /** Appended to the title: «с камерой Zenmuse H30T». Absent for the basic kit. */
  title?: string
  /** Added to the model's base price, roubles (null: the configuration is quoted on request). */
  extra?: number | null
  camera?: string
  perf?: Partial<Performance>
  /** One sentence on what the kit adds, for the description. */
  note?: string
  /** Spheres the configuration adds to the model's. */
  areas?: SphereSlug[]
  /** Extra pictures: the payload, the case, the dock. */
  art?: ArtName[]
  /** Who sells this configuration; the model's sellers otherwise. */
  sellers?: string[]
}

export interface DroneModel {
  brand: string
  model: string
  /** Title nouns; offers of different sellers take turns («Квадрокоптер», «БПЛА»). */
  nouns: readonly string[]
  category: LeafCategory
  country: CountryCode
  /** Roubles with VAT for the basic configuration; null: on request. */
  price: number | null
  perf: Performance
  camera: string
  navigation: Navigation[]
  rtk: boolean
  areas: SphereSlug[]
  /** 1 (niche) … 100 (best seller). */
  popularity: number
  art: ArtFamily
  /** Two or three sentences of facts about the model. */
  facts: readonly string[]
  /** Vendor slugs. */
  sellers: readonly string[]
  configs: readonly ModelConfig[]
}

export interface DemoVendor {
  slug: string
  legalForm: 'ooo' | 'ao'
  fullName: string
  shortName: string
  inn: string
  kpp: string
  ogrn: string
  legalAddress: string
  region: string
  description: string
  contactPhone: string
  /** The owner account: sales@{slug}.example. */
  owner: { name: string; phone: string }
  vatRate: VatRate
  /** The seller's price level against the model's base price (1.03: 3 % above). */
  markup: number
  /** Share of its offers the seller keeps in stock, 0…1. */
  stock: number
  /** Usual lead time for goods to order, days. */
  leadTime: number
}
