import type { Specs } from '#common/catalog/attributes.ts'
import type { ArtName } from '../art.ts'
import type { CountryCode } from '../types.ts'

/** A payload, accessory or spare part of the demo catalogue, and the drones it fits. */
export interface AccessoryModel {
  brand: string
  model: string
  /** The title's noun: «Аккумулятор», «Лидар». */
  noun: string
  /** A leaf under ACCESSORY_ROOT (common/catalog/categories.ts). */
  category: string
  country: CountryCode
  /** Roubles with VAT. */
  price: number
  /** Its own characteristics (the category's), without the country. */
  specs: Specs
  /** Two sentences of facts. */
  facts: readonly string[]
  /** The drones it fits, as «brand model»: a drone's kits fit too. */
  fits: readonly string[]
  /** Vendor slugs. */
  sellers: readonly string[]
  art: ArtName
}
