import type { DemoVendor } from '../types.ts'
import { DISTRIBUTORS } from './distributors.ts'
import { MAKERS } from './makers.ts'
import { REGIONAL } from './regional.ts'

/** The vendors the catalogue step creates; «АэроТех Системы» comes from accounts.ts. */
export const CATALOG_VENDORS: readonly DemoVendor[] = [...DISTRIBUTORS, ...MAKERS, ...REGIONAL]

/** The demo vendor of accounts.ts, which sells in the catalogue too. */
export const ACCOUNTS_VENDOR_SLUG = 'aerotekh-sistemy'

export type SellerTerms = Pick<DemoVendor, 'vatRate' | 'markup' | 'stock' | 'leadTime'>

/** How each seller prices and stocks its offers, by organization slug. */
export const SELLER_TERMS: ReadonlyMap<string, SellerTerms> = new Map<string, SellerTerms>([
  [ACCOUNTS_VENDOR_SLUG, { vatRate: '22', markup: 1, stock: 0.7, leadTime: 21 }],
  ...CATALOG_VENDORS.map((v): [string, SellerTerms] => [
    v.slug,
    { vatRate: v.vatRate, markup: v.markup, stock: v.stock, leadTime: v.leadTime },
  ]),
])

/** The e-mail of a vendor's owner account. */
export function vendorOwnerEmail(slug: string): string {
  return `sales@${slug}.example`
}

export function vendorLogo(slug: string): string {
  return `sellers/${slug}.svg`
}

/** A seller's terms for all its offers in the demo (common/catalog/offer-terms.ts). */
export interface DemoOfferTerms {
  warrantyMonths: number
  /** Region codes; empty: all of Russia. */
  deliveryRegions: string[]
  minOrderQuantity: number
}

/**
 * Makers give two years of warranty, distributors the manufacturer's year; the regional dealers
 * deliver to their region and its neighbours; the cargo operator sells its drones in pairs.
 */
const TERMS_BY_SLUG: Record<string, Partial<DemoOfferTerms>> = {
  'dalnevostochnyy-dron': { deliveryRegions: ['25', '27', '28', '41', '49', '65', '79'] },
  'kaluzhskiy-tsentr-bespilotnoy-aviatsii': { deliveryRegions: ['40', '32', '50', '57', '67', '71', '77'] },
  'yaroslavskiy-geotsentr': { deliveryRegions: ['76', '33', '35', '37', '44', '50', '69', '77'] },
  'zapadno-sibirskiy-aeromonitoring': { deliveryRegions: ['72', '45', '55', '66', '74', '86', '89'] },
  'baykal-geosistemy': { deliveryRegions: ['38', '03', '24', '75', '17', '19'], warrantyMonths: 24 },
  'severnyy-veter': { warrantyMonths: 36 },
  'aerotrans-logistika': { minOrderQuantity: 2 },
}

export function demoOfferTerms(vendorSlug: string): DemoOfferTerms {
  const maker = MAKERS.some((v) => v.slug === vendorSlug)
  return {
    warrantyMonths: maker ? 24 : 12,
    deliveryRegions: [],
    minOrderQuantity: 1,
    ...TERMS_BY_SLUG[vendorSlug],
  }
}
