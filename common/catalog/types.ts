import type { AttributeCode, SpecValue } from './attributes.ts'
import type { ListingQuery, Sort } from './listing.ts'
import type { Availability, ProductImage, ProductStatus } from './products.ts'
import type { VatRate } from './vat.ts'
import type { RegistrationRequirement } from './registration.ts'
import type { SanitizedHtml } from '../html.ts'

/** What the REST API and the page loaders return; the shapes are the contract of both. */

export interface VendorRef {
  id: string
  slug: string
  name: string
}

export interface CategoryRef {
  slug: string
  title: string
}

/** A characteristic ready to show: the value formatted in Russian with its unit. */
export interface SpecEntry {
  code: AttributeCode
  title: string
  value: SpecValue
  display: string
}

export interface ProductCard {
  id: string
  /** The offer's own slug; its old address redirects to `href` (common/catalog/product-href.ts). */
  slug: string
  /** The model's slug: its page is /product/{modelSlug}; null for an offer not yet given a model. */
  modelSlug: string | null
  /** Where the card links: the model's page with this offer chosen. */
  href: string
  title: string
  brand: string
  model: string
  category: CategoryRef
  vendor: VendorRef
  /** Kopecks; null when the price is on request. */
  priceKopecks: number | null
  vatRate: VatRate
  availability: Availability
  /** Days to deliver when `to_order`. */
  leadTimeDays: number | null
  image: ProductImage | null
  keySpecs: SpecEntry[]
  /**
   * The title with search matches wrapped in <mark>…</mark> (the rest HTML-escaped); present
   * only for searches.
   */
  titleHighlighted?: string
  /** A snippet of the description around the match, escaped, with <mark>; searches only. */
  snippetHighlighted?: string
  /**
   * In the catalogue's listing, a model that more than one offer (of this seller or others)
   * passing the filters: the card is the model's default offer, the best price in stock.
   */
  offers?: ModelOffersSummary
}

/** A seller's terms for its offer beyond price and stock (common/catalog/offer-terms.ts). */
export interface OfferTerms {
  /** Null: the seller does not say; 0: without warranty. */
  warrantyMonths: number | null
  /** Region codes (common/regions.ts); empty: all of Russia. */
  deliveryRegions: string[]
  minOrderQuantity: number
}

/** An offer of the model a product page shows, in «Другие предложения». */
export interface OfferCard extends ProductCard {
  terms: OfferTerms
}

/** A model with every seller's offer on sale (GET /catalog/models/{slug}, decision 061). */
export interface ModelDetails {
  id: string
  slug: string
  /** Its page, /product/{slug}. */
  href: string
  title: string
  brand: string
  /** The model name as its maker writes it. */
  name: string
  /** The maker's part number; '' when unknown. */
  partNumber: string
  /** GTIN; '' when unknown. */
  gtin: string
  category: CategoryRef
  image: ProductImage | null
  offerCount: number
  /** The lowest and highest stated price; null when every offer's is on request. */
  lowPriceKopecks: number | null
  highPriceKopecks: number | null
  /** The offer its page shows first: the best price among those in stock. */
  defaultOfferId: string
  /** In stock first, then cheaper, a price on request last (the page's order); at most 100. */
  offers: OfferCard[]
  /** For a payload, accessory or spare part: the drone models it fits. */
  fits: CompatibleModel[]
  /** For a drone: the payloads, accessories and spare parts that fit it. */
  accessories: CompatibleModel[]
}

/** A model on the other side of a compatibility: a drone an accessory fits, or an accessory of a drone. */
export interface CompatibleModel {
  slug: string
  /** Its page. */
  href: string
  title: string
  brand: string
  /** In stock when any of its offers is. */
  availability: Availability
  category: CategoryRef
  image: ProductImage | null
  /** Offers on sale. */
  offerCount: number
  /** The lowest stated price; null when every offer's is on request. */
  lowPriceKopecks: number | null
}

/** A drone's accessories of one kind: «Аккумуляторы и зарядные». */
export interface CompatibleGroup {
  kind: CategoryRef
  models: CompatibleModel[]
}

/** The offers of a model a catalogue card stands for. */
export interface ModelOffersSummary {
  count: number
  /** The lowest stated price among them; null when every one is on request. */
  lowPriceKopecks: number | null
  sellerCount: number
}

export interface TermsFacetOption {
  value: string
  label: string
  count: number
  selected: boolean
}

export type Facet =
  | {
      kind: 'terms'
      key: string
      title: string
      options: TermsFacetOption[]
      /**
       * Set on a page's long list sent folded (listingView): how many options the whole list has.
       * `options` are then its first FACET_TOP_OPTIONS and any chosen one after them.
       */
      optionCount?: number
      /** Set on a long list the page was asked for whole (`?all_options=1`): it is shown open. */
      unfolded?: true
    }
  | {
      kind: 'range'
      key: string
      title: string
      unit: string
      /** The bounds over the products matching every other filter; null when there are none. */
      min: number | null
      max: number | null
      selectedMin?: number
      selectedMax?: number
    }
  | { kind: 'flag'; key: string; title: string; count: number; selected: boolean }

export interface Listing {
  items: ProductCard[]
  /** Cards: in the catalogue one per model, on a seller's page one per offer. */
  total: number
  /** Offers passing the filters (in the catalogue several can be one model's card). */
  offerTotal: number
  page: number
  pageSize: number
  pageCount: number
  sort: Sort
  /** In display order: areas of application first. */
  facets: Facet[]
  /** The query as understood (invalid values dropped). */
  query: ListingQuery
  /** A corrected spelling the search also tried ("квадракоптер" → "квадрокоптер"), if any. */
  correctedQuery?: string
}

/** How many characteristics a card shows. */
export const TILE_SPECS = 4

/**
 * A card as a listing page draws it: what the page's data carries for the card to hydrate, and no
 * more. The API's card also has the slugs, the category, the seller's id and the specs' raw values;
 * on a page of 24 they were a fifth of the data sent with it.
 */
export type ProductTile = Omit<ProductCard, 'slug' | 'modelSlug' | 'category' | 'vendor' | 'keySpecs' | 'image'> & {
  vendor: Pick<VendorRef, 'slug' | 'name'>
  keySpecs: Pick<SpecEntry, 'code' | 'title' | 'display'>[]
  /** The card's picture repeats its title's link and is drawn without a text of its own (alt=""). */
  image: Pick<ProductImage, 'src'> | null
}

/** A listing as a page draws it: its cards as tiles. */
export type ListingView = Omit<Listing, 'items'> & { items: ProductTile[] }

export function tileOf(card: ProductCard): ProductTile {
  const { slug: _slug, modelSlug: _modelSlug, category: _category, vendor, keySpecs, image, ...rest } = card
  return {
    ...rest,
    image: image && { src: image.src },
    vendor: { slug: vendor.slug, name: vendor.name },
    keySpecs: keySpecs.slice(0, TILE_SPECS).map(({ code, title, display }) => ({ code, title, display })),
  }
}

/** A long list of a facet (brands, sellers, spheres) shows this many options and folds the rest. */
export const FACET_TOP_OPTIONS = 8

/**
 * A terms facet as a page sends it: a long list without its empty options, and, unless the page
 * asks for every option (`?all_options=1`: «Показать все» before JavaScript, and its fetch after),
 * folded to its first FACET_TOP_OPTIONS and the chosen ones. Forty brands and thirty sellers were
 * 11 kB of the catalogue's HTML and data, behind a «Показать все» most visitors never open.
 */
export function facetView(facet: Facet, allOptions: boolean): Facet {
  if (facet.kind !== 'terms' || facet.options.length <= FACET_TOP_OPTIONS + 1) return facet
  // A short list keeps its empty options (disabled) so it does not jump; a long one drops them.
  const options = facet.options.filter((o) => o.count > 0 || o.selected)
  if (options.length <= FACET_TOP_OPTIONS + 1) return { ...facet, options }
  if (allOptions) return { ...facet, options, unfolded: true }
  const folded = options.filter((o, i) => i < FACET_TOP_OPTIONS || o.selected)
  return { ...facet, options: folded, optionCount: options.length }
}

/** The listing a page sends its browser: the cards as tiles, long facets folded (facetView). */
export const listingView = (listing: Listing, { allOptions = false } = {}): ListingView => ({
  ...listing,
  items: listing.items.map(tileOf),
  facets: listing.facets.map((f) => facetView(f, allOptions)),
})

export interface Suggestion {
  kind: 'product' | 'brand' | 'category'
  /** What to show (escaped, matches in <mark>). */
  labelHighlighted: string
  /** Where choosing it goes. */
  href: string
  /**
   * Only on a product whose title another suggestion has too (sellers of the same model): whose
   * offer it is and its price, shown with the title so that no two lines read the same.
   */
  offer?: SuggestionOffer
}

export interface SuggestionOffer {
  /** The seller's name as cards show it (VendorRef.name); empty when it is unknown. */
  vendorName: string
  /** Kopecks; null when the price is on request. */
  priceKopecks: number | null
}

export interface ProductDocumentRef {
  fileId: string
  name: string
}

export interface ProductDetails extends ProductCard {
  status: ProductStatus
  description: string
  /** The vendor's formatted description, sanitized on the server; '' when there is only plain text. */
  descriptionHtml: SanitizedHtml
  /** The vendor's article number; '' when it has none. */
  sku: string
  images: ProductImage[]
  /** Certificates and spec sheets (PDF): downloaded from /api/v1/products/{id}/documents/{fileId}. */
  documents: ProductDocumentRef[]
  specs: SpecEntry[]
  areas: { slug: string; title: string }[]
  registration: RegistrationRequirement
  breadcrumbs: CategoryRef[]
  vendorCard: SellerCard
  /** The model this is an offer of (catalog_models); null for a product not yet given one. */
  modelId: string | null
  terms: OfferTerms
  createdAt: string
  updatedAt: string
}

export interface SellerCard {
  id: string
  slug: string
  name: string
  description: string
  region: string | null
  /** Path below /marketplace-frontend-assets/, or null for the initials placeholder. */
  logo: string | null
  productCount: number
  website: string | null
}
