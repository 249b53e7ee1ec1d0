import { AREA_OPTIONS, ATTRIBUTES, getAttribute, type Specs, type SpecValue } from '#common/catalog/attributes.ts'
import { categoryTrail, getCategory } from '#common/catalog/categories.ts'
import { formatSpecValue } from '#common/catalog/format.ts'
import type { Availability, ProductImage, ProductStatus } from '#common/catalog/products.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import { registrationRequirement } from '#common/catalog/registration.ts'
import type {
  OfferTerms,
  ProductCard,
  ProductDetails,
  SellerCard,
  SpecEntry,
  VendorRef,
} from '#common/catalog/types.ts'
import { offerHref } from '#common/catalog/product-href.ts'
import { storedHtml } from '../../text/sanitize.ts'
import type { ModelOffers } from './search/select.ts'

/** What a card needs from a product row (the listing reads the same fields as JSON). */
export interface CardRow {
  id: string
  slug: string
  title: string
  brand: string
  model: string
  categorySlug: string
  vendorOrganizationId: string
  priceKopecks: number | string | null
  vatRate: VatRate
  availability: Availability
  leadTimeDays: number | null
  modelId: string | null
  /** The model's slug (catalog_models), for the card's address. */
  modelSlug: string | null
  warrantyMonths: number | null
  deliveryRegions: string[]
  minOrderQuantity: number
  images: ProductImage[]
  specs: Specs
  /** Read for a search's cards only, for their snippets. */
  description?: string
  titleHighlighted?: string
  snippetHighlighted?: string
}

export interface DetailsRow extends CardRow {
  status: ProductStatus
  documents: { fileId: string; name: string }[]
  description: string
  descriptionHtml: string
  sku: string
  areas: string[]
  createdAt: Date
  updatedAt: Date
}

const KEY_CODES = ATTRIBUTES.filter((a) => 'key' in a && a.key).map((a) => a.code)
const AREA_LABELS = new Map(AREA_OPTIONS.map((o) => [o.value, o.label]))

function specEntry(code: string, value: SpecValue | undefined): SpecEntry | null {
  const attr = getAttribute(code)
  if (!attr || value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return null
  return { code: attr.code as SpecEntry['code'], title: attr.title, value, display: formatSpecValue(attr, value) }
}

function entries(codes: readonly string[], specs: Specs): SpecEntry[] {
  return codes.map((code) => specEntry(code, specs[code as keyof Specs])).filter((e) => e !== null)
}

/** A vendor that could not be described (removed organization) still renders. */
function unknownVendor(id: string): VendorRef {
  return { id, slug: '', name: '' }
}

export function toCard(row: CardRow, vendors: Map<string, VendorRef>): ProductCard {
  const category = getCategory(row.categorySlug)
  const card: ProductCard = {
    id: row.id,
    slug: row.slug,
    modelSlug: row.modelSlug,
    href: offerHref(row),
    title: row.title,
    brand: row.brand,
    model: row.model,
    category: { slug: row.categorySlug, title: category?.title ?? row.categorySlug },
    vendor: vendors.get(row.vendorOrganizationId) ?? unknownVendor(row.vendorOrganizationId),
    priceKopecks: row.priceKopecks === null ? null : Number(row.priceKopecks),
    vatRate: row.vatRate,
    availability: row.availability,
    leadTimeDays: row.leadTimeDays,
    image: row.images[0] ?? null,
    keySpecs: entries(KEY_CODES, row.specs),
  }
  if (row.titleHighlighted) card.titleHighlighted = row.titleHighlighted
  if (row.snippetHighlighted) card.snippetHighlighted = row.snippetHighlighted
  return card
}

/**
 * A catalogue card of a model with more than one offer passing the filters: «от … ₽ · N
 * предложений» (the card itself is the model's default offer, search/select.ts).
 */
export function withModelOffers(card: ProductCard, offers: ModelOffers | undefined): ProductCard {
  if (!offers || offers.count < 2) return card
  return {
    ...card,
    offers: { count: offers.count, lowPriceKopecks: offers.lowKopecks, sellerCount: offers.sellerCount },
  }
}

export function termsOf(row: CardRow): OfferTerms {
  return {
    warrantyMonths: row.warrantyMonths,
    deliveryRegions: row.deliveryRegions,
    minOrderQuantity: row.minOrderQuantity,
  }
}

export function toDetails(row: DetailsRow, seller: SellerCard | undefined): ProductDetails {
  const vendorCard: SellerCard = seller ?? {
    ...unknownVendor(row.vendorOrganizationId),
    description: '',
    region: null,
    logo: null,
    productCount: 0,
    website: null,
  }
  const vendors = new Map([
    [row.vendorOrganizationId, { id: vendorCard.id, slug: vendorCard.slug, name: vendorCard.name }],
  ])
  const category = getCategory(row.categorySlug)
  const weight = row.specs.max_takeoff_weight
  return {
    ...toCard(row, vendors),
    status: row.status,
    description: row.description,
    descriptionHtml: storedHtml(row.descriptionHtml),
    sku: row.sku,
    images: row.images,
    documents: row.documents,
    specs: entries(category?.attributes ?? ATTRIBUTES.map((a) => a.code), row.specs),
    areas: row.areas.map((slug) => ({ slug, title: AREA_LABELS.get(slug) ?? slug })),
    registration: registrationRequirement(typeof weight === 'number' ? weight : null),
    breadcrumbs: categoryTrail(row.categorySlug).map((c) => ({ slug: c.slug, title: c.title })),
    vendorCard,
    modelId: row.modelId,
    terms: termsOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!)
}

/** The text escaped, with every case-insensitive occurrence of the terms in <mark>. */
export function highlightTerms(text: string, terms: string[]): string {
  const usable = [...new Set(terms.map((t) => t.toLowerCase()).filter((t) => t.length >= 2))]
  if (!usable.length) return escapeHtml(text)
  const pattern = new RegExp(usable.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu')
  let out = ''
  let last = 0
  for (const m of text.matchAll(pattern)) {
    out += `${escapeHtml(text.slice(last, m.index))}<mark>${escapeHtml(m[0])}</mark>`
    last = m.index + m[0].length
  }
  return out + escapeHtml(text.slice(last))
}
