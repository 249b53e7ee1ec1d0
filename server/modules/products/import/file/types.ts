import type { VatRate } from '#common/catalog/vat.ts'
import type { SphereSlug } from '#common/spheres.ts'

/** The largest file an import accepts: a catalogue of 10 000 offers with descriptions fits. */
export const MAX_IMPORT_FILE_BYTES = 20 * 1024 * 1024
export const MAX_IMPORT_OFFERS = 10_000
export const MAX_SKU_LENGTH = 100
export const MAX_TITLE_LENGTH = 300

/** A category as the file has it; the vendor maps it to one of ours (mapping.ts). */
export interface FileCategory {
  id: string
  parentId?: string
  name: string
}

export interface ImportedParam {
  name: string
  unit?: string
  value: string
}

/** One product of the file, checked and normalized but not yet mapped to our catalogue. */
export interface ImportedOffer {
  /** Where the offer starts in the file (1-based), for messages. */
  line: number
  sku: string
  title: string
  brand: string
  model: string
  /** The category as the file names it: an id of `categories` (YML) or a name (CSV). */
  fileCategory: string
  /** Null: the price is on request (no price, or 0). */
  priceKopecks: number | null
  vatRate?: VatRate
  available: boolean
  /** Sanitized HTML. */
  description: string
  params: ImportedParam[]
  pictures: string[]
  /** Days to deliver «под заказ»; absent when the file has no such column. */
  leadTimeDays?: number | null
  /** Units in stock; absent when the file has no such column. */
  stockQuantity?: number | null
  /** Spheres of application; absent when the file has no such column. */
  areas?: SphereSlug[]
  /** Offer terms (common/catalog/offer-terms.ts); each absent when the file does not give it. */
  warrantyMonths?: number | null
  minOrderQuantity?: number
  /** Region codes; empty: all of Russia. */
  deliveryRegions?: string[]
  /** The model's identity by its maker, to find it in the catalogue; absent when the row has none. */
  partNumber?: string
  gtin?: string
}

/** A problem with the file (line 0) or with one of its rows; the message is ready to show. */
export interface ImportError {
  line: number
  message: string
}

/** What a parser gives. Nothing throws on bad input: a row with errors is left out of `offers`. */
export interface ImportResult {
  categories: FileCategory[]
  offers: ImportedOffer[]
  errors: ImportError[]
}
