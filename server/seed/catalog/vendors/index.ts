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
