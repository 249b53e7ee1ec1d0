import { ATTRIBUTES, getAttribute, type SpecValue } from '#common/catalog/attributes.ts'
import { formatSpecValue } from '#common/catalog/format.ts'
import type { Availability, ProductImage } from '#common/catalog/products.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import { isEmptySpec } from '#common/products.schemas.ts'
import type { SanitizedHtml } from '#common/html.ts'

/**
 * What staff compare on the review page: the product on moderation (the vendor's draft) against
 * the version the catalogue shows. The two come in different shapes (the draft keeps a price with
 * «по запросу» beside it, the catalogue a null price; the catalogue adds the drone type and the
 * spheres to the characteristics), so both are first brought to one shape and only then compared:
 * a field counts as changed only when a buyer would see a difference.
 */

/** The fields in the order the review page shows them. */
export const REVIEW_FIELDS = [
  'title',
  'brand',
  'model',
  'sku',
  'category',
  'price',
  'vat',
  'availability',
  'stock',
  'areas',
  'specs',
  'description',
  'photos',
  'documents',
] as const
export type ReviewField = (typeof REVIEW_FIELDS)[number]

export const REVIEW_FIELD_LABELS: Record<ReviewField, string> = {
  title: 'Название',
  brand: 'Бренд',
  model: 'Модель',
  sku: 'Артикул',
  category: 'Категория',
  price: 'Цена',
  vat: 'Ставка НДС',
  availability: 'Наличие и срок поставки',
  stock: 'Количество на складе',
  areas: 'Сферы применения',
  specs: 'Характеристики',
  description: 'Описание',
  photos: 'Фотографии',
  documents: 'Документы',
}

export interface ProductDocumentRef {
  fileId: string
  name: string
}

/** One version of a product in the shape both sides share. */
export interface ComparableVersion {
  title: string
  brand: string
  model: string
  sku: string
  categorySlug: string | null
  /** Kopecks; null when the price is on request. */
  priceKopecks: number | null
  vatRate: VatRate
  availability: Availability
  /** Only when the product is made to order. */
  leadTimeDays: number | null
  stockQuantity: number | null
  areas: string[]
  /** Filled characteristics only, without those the category fixes (drone type, spheres). */
  specs: Record<string, SpecValue>
  descriptionHtml: SanitizedHtml
  images: ProductImage[]
  documents: ProductDocumentRef[]
}

/** The vendor's working copy as the moderation service returns it. */
export interface DraftVersion extends Omit<ComparableVersion, 'descriptionHtml' | 'specs'> {
  priceOnRequest: boolean
  /** The formatted description, sanitized when the vendor saved it. */
  description: SanitizedHtml
  specs: Record<string, unknown>
}

/** The catalogue's version as the moderation service returns it (`live`). */
export interface LiveVersion extends Omit<ComparableVersion, 'specs'> {
  specs: Record<string, unknown>
}

/** Characteristics the catalogue derives (from the category and the spheres), not the vendor's own. */
const DERIVED_SPECS = new Set(['type', 'areas_of_application'])

function ownSpecs(specs: Record<string, unknown>): Record<string, SpecValue> {
  const own: Record<string, SpecValue> = {}
  for (const [code, value] of Object.entries(specs)) {
    if (!DERIVED_SPECS.has(code) && !isEmptySpec(value)) own[code] = value as SpecValue
  }
  return own
}

const common = (v: Omit<ComparableVersion, 'specs' | 'descriptionHtml' | 'priceKopecks' | 'leadTimeDays'>) => ({
  title: v.title,
  brand: v.brand,
  model: v.model,
  sku: v.sku,
  categorySlug: v.categorySlug,
  vatRate: v.vatRate,
  availability: v.availability,
  stockQuantity: v.stockQuantity,
  areas: v.areas,
  images: v.images,
  documents: v.documents,
})

export function fromDraft(d: DraftVersion): ComparableVersion {
  return {
    ...common(d),
    priceKopecks: d.priceOnRequest ? null : d.priceKopecks,
    leadTimeDays: d.availability === 'to_order' ? d.leadTimeDays : null,
    specs: ownSpecs(d.specs),
    descriptionHtml: d.description,
  }
}

export function fromLive(v: LiveVersion): ComparableVersion {
  return {
    ...common(v),
    priceKopecks: v.priceKopecks,
    leadTimeDays: v.availability === 'to_order' ? v.leadTimeDays : null,
    specs: ownSpecs(v.specs),
    descriptionHtml: v.descriptionHtml,
  }
}

/** Order does not matter in a set of spheres or of navigation systems. */
const sorted = (values: readonly string[]) => [...values].sort()

function sameSpec(a: SpecValue | undefined, b: SpecValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return sameList(sorted(a), sorted(b))
  return a === b
}

function sameList<T>(a: readonly T[], b: readonly T[], key: (item: T) => unknown = (x) => x): boolean {
  return a.length === b.length && a.every((item, i) => key(item) === key(b[i]!))
}

/** The codes of every characteristic either version has, in the registry's display order. */
export function specCodes(a: ComparableVersion, b: ComparableVersion | null): string[] {
  const present = new Set([...Object.keys(a.specs), ...Object.keys(b?.specs ?? {})])
  const known = ATTRIBUTES.map((attr) => attr.code as string).filter((code) => present.has(code))
  // A code the registry no longer has still shows, last.
  return [...known, ...[...present].filter((code) => !getAttribute(code))]
}

export interface ProductDiff {
  /** The fields that differ, in display order. */
  fields: ReviewField[]
  /** The characteristics that differ, in display order. */
  specs: string[]
}

/** Which fields of the draft differ from the version on sale. */
export function diffVersions(draft: ComparableVersion, live: ComparableVersion): ProductDiff {
  const specs = specCodes(draft, live).filter((code) => !sameSpec(draft.specs[code], live.specs[code]))
  const changed: Record<ReviewField, boolean> = {
    title: draft.title !== live.title,
    brand: draft.brand !== live.brand,
    model: draft.model !== live.model,
    sku: draft.sku !== live.sku,
    category: draft.categorySlug !== live.categorySlug,
    price: draft.priceKopecks !== live.priceKopecks,
    vat: draft.vatRate !== live.vatRate,
    availability: draft.availability !== live.availability || draft.leadTimeDays !== live.leadTimeDays,
    stock: draft.stockQuantity !== live.stockQuantity,
    areas: !sameList(sorted(draft.areas), sorted(live.areas)),
    specs: specs.length > 0,
    description: draft.descriptionHtml.trim() !== live.descriptionHtml.trim(),
    photos: !sameList(draft.images, live.images, (image) => image.src),
    documents: !sameList(draft.documents, live.documents, (doc) => `${doc.fileId} ${doc.name}`),
  }
  return { fields: REVIEW_FIELDS.filter((field) => changed[field]), specs }
}

/** «цена», but «IP-рейтинг» stays as it is. */
function lowerFirst(text: string): string {
  const [first = '', second = ''] = text
  return second && second === second.toUpperCase() && second !== second.toLowerCase()
    ? text
    : first.toLowerCase() + text.slice(1)
}

/**
 * «Изменено: цена, описание»; the characteristics by name: «Изменено: характеристики (время
 * полёта, дальность)». «Изменений нет» when the draft repeats the version on sale.
 */
export function changeSummary(diff: ProductDiff): string {
  if (!diff.fields.length) return 'Изменений нет'
  const parts = diff.fields.map((field) => {
    const label = lowerFirst(REVIEW_FIELD_LABELS[field])
    if (field !== 'specs') return label
    const titles = diff.specs.map((code) => lowerFirst(getAttribute(code)?.title ?? code))
    return `${label} (${titles.join(', ')})`
  })
  return `Изменено: ${parts.join(', ')}`
}

/** A characteristic's value in Russian with its unit («42 мин»), or null when it is not filled. */
export function specDisplay(code: string, value: SpecValue | undefined): string | null {
  if (value === undefined || isEmptySpec(value)) return null
  const attr = getAttribute(code)
  return attr ? formatSpecValue(attr, value) : String(value)
}
