import { type AttributeDef, getAttribute, type SpecValue } from './catalog/attributes.ts'
import { getCategory, isLeafCategory } from './catalog/categories.ts'
import { formatNumber } from './format.ts'
import { CHARACTERS_UP_TO, MODELS_UP_TO, PRODUCTS_UP_TO } from '#common/counted-words.ts'
import { AVAILABILITIES } from './catalog/products.ts'
import { VAT_RATES } from './catalog/vat.ts'
import { MEDIA_MESSAGES } from './product-media.ts'
import { BULK_ACTIONS, CABINET_SORTS, PRODUCT_LIMITS as L, PRODUCT_TABS } from './products.ts'
import { SPHERE_SLUGS } from './spheres.ts'
import { MAX_MIN_ORDER, MAX_WARRANTY_MONTHS } from './catalog/offer-terms.ts'
import { isRegionCode, REGION_CODES } from './regions.ts'
import { RICH_TEXT_MARKUP } from './markup-limits.ts'
import { formattedHtml, multiLineText, singleLineText } from './text.ts'
import { isUuid, isValidGtin } from './validators.ts'
import { fromDigits, z } from './zod.ts'
import { formatCount } from '#common/format.ts'

/**
 * The product form's schemas, shared by the cabinet's form, its page actions and the REST API
 * (through the service). A draft may be saved half-filled at any time; `draftProblems` says
 * what it still lacks before it can go to moderation.
 */

const line = (max: number, what: string) =>
  singleLineText({ error: `${what}: ожидается текст` }).max(max, `Не длиннее ${formatCount(max, CHARACTERS_UP_TO)}`)

const wholeNumber = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what}: введите число` })
    .int(`${what}: целое число`)
    .min(min, `${what}: не меньше ${min}`)
    .max(max, `${what}: не больше ${formatNumber(max)}`)

/** Raw HTML from the editor; the server sanitizes it (server/text/sanitize.ts) before storing. */
export const DESCRIPTION_MAX_HTML = 100_000

/** A characteristic's value as the form sends it. */
const SpecValueInput = z.union([z.number(), z.string().max(500), z.boolean(), z.array(z.string().max(100)).max(30)])

/** «Под заказ» means nothing is on hand: a quantity in stock beside it contradicts it. */
export const TO_ORDER_WITH_STOCK = 'Товар под заказ не лежит на складе: уберите количество или выберите «В наличии»'

/** The most drone models a payload, accessory or spare part can name as fitting. */
export const MAX_FITS = 50

export const DraftInput = z
  .object({
    sku: line(L.sku, 'Артикул').optional(),
    title: line(L.title, 'Название').optional(),
    brand: line(L.brand, 'Бренд').optional(),
    model: line(L.model, 'Модель').optional(),
    /** The manufacturer's part number and GTIN of the model, for a model the vendor proposes. */
    partNumber: line(60, 'Артикул производителя').optional(),
    gtin: singleLineText({ error: 'GTIN: ожидаются цифры' })
      .transform((text) => text.replace(/[\s-]/g, ''))
      .refine((text) => text === '' || isValidGtin(text), 'GTIN: 8, 12, 13 или 14 цифр с верной контрольной цифрой')
      .optional(),
    categorySlug: z.string().refine(isLeafCategory, 'Выберите категорию из списка').nullable().optional(),
    /** Kopecks; null with `priceOnRequest` for «по запросу». */
    priceKopecks: wholeNumber(100, L.maxPriceRubles * 100, 'Цена')
      .nullable()
      .optional(),
    priceOnRequest: z.boolean().optional(),
    vatRate: z.enum(VAT_RATES, 'Выберите ставку НДС').optional(),
    availability: z.enum(AVAILABILITIES, 'Выберите наличие').optional(),
    leadTimeDays: wholeNumber(1, L.maxLeadTimeDays, 'Срок поставки').nullable().optional(),
    stockQuantity: wholeNumber(0, L.maxStock, 'Количество').nullable().optional(),
    /** Offer terms (catalog/offer-terms.ts): null warranty is «не указана», no regions is all of Russia. */
    warrantyMonths: wholeNumber(0, MAX_WARRANTY_MONTHS, 'Гарантия').nullable().optional(),
    deliveryRegions: z
      .array(z.string().refine(isRegionCode, 'Выберите регионы из списка'))
      .max(REGION_CODES.length)
      .transform((codes) => [...new Set(codes)])
      .optional(),
    minOrderQuantity: wholeNumber(1, MAX_MIN_ORDER, 'Минимальный заказ').optional(),
    /** For a payload, accessory or spare part: the drone models it fits (catalog models' ids). */
    fitsModelIds: z
      .array(z.string().refine(isUuid, 'Выберите модели из найденных'))
      .max(MAX_FITS, `Не больше ${formatCount(MAX_FITS, MODELS_UP_TO)}`)
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
      .optional(),
    description: formattedHtml(DESCRIPTION_MAX_HTML, RICH_TEXT_MARKUP, 'Описание слишком длинное').optional(),
    areas: z.array(z.enum(SPHERE_SLUGS, 'Неизвестная сфера применения')).max(SPHERE_SLUGS.length).optional(),
    /** Characteristic values by code; checked against the category by `specProblems`. */
    specs: z.record(z.string().max(50), SpecValueInput.nullable()).optional(),
  })
  .refine((d) => !(d.availability === 'to_order' && (d.stockQuantity ?? 0) > 0), {
    path: ['stockQuantity'],
    message: TO_ORDER_WITH_STOCK,
  })
export type DraftInput = z.output<typeof DraftInput>

export const ModelSearchQuery = z.object({
  q: singleLineText().max(100).catch('').default(''),
  /** `drones`: only drone models, for an accessory's «Совместимость». */
  kind: z.enum(['any', 'drones']).catch('any').default('any'),
})

export const AttachModelInput = z.object({
  modelId: z.string('Выберите модель из найденных').refine(isUuid, 'Выберите модель из найденных').nullable(),
})

export const CabinetListQuery = z.object({
  tab: z.enum(PRODUCT_TABS).default('published'),
  q: singleLineText().max(100).optional().catch(undefined),
  sort: z.enum(CABINET_SORTS).default('updated').catch('updated'),
  page: fromDigits(z.number().int().min(1).max(10_000)).default(1).catch(1),
})
export type CabinetListQuery = z.output<typeof CabinetListQuery>

const ProductId = z.string().refine(isUuid, 'Неизвестный товар')

export const BulkInput = z.object({
  action: z.enum(BULK_ACTIONS, 'Неизвестное действие'),
  ids: z
    .array(ProductId)
    .min(1, 'Выберите товары')
    .max(L.bulk, `Не больше ${formatCount(L.bulk, PRODUCTS_UP_TO)} за раз`),
})

export const FixesInput = z.object({
  comment: multiLineText().min(1, 'Напишите, что нужно исправить').max(L.staffComment, 'Не длиннее 2000 символов'),
})

export const StaffQueueQuery = z.object({
  vendor: z.string().refine(isUuid).optional().catch(undefined),
  category: z.string().refine(isLeafCategory).optional().catch(undefined),
  page: fromDigits(z.number().int().min(1).max(10_000)).default(1).catch(1),
})
export type StaffQueueQuery = z.output<typeof StaffQueueQuery>

/** Why a value does not fit its characteristic, or null when it does. */
function specValueProblem(def: AttributeDef, value: SpecValue): string | null {
  switch (def.kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e9 ? null : 'Введите число'
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Выберите «да» или «нет»'
    case 'text':
      return typeof value === 'string' && value.trim().length <= 500 ? null : 'Не длиннее 500 символов'
    case 'enum': {
      const known = (v: unknown) => def.options.some((o) => o.value === v)
      if (def.multiple) return Array.isArray(value) && value.every(known) ? null : 'Выберите значения из списка'
      return known(value) ? null : 'Выберите значение из списка'
    }
  }
}

/**
 * Field errors of the characteristics (`specs.<code>`): unknown in the category, or a value that
 * does not fit its kind. Empty values (null, '', []) mean «not filled» and are fine in a draft.
 */
export function specProblems(categorySlug: string | null, specs: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {}
  const allowed = new Set<string>(categorySlug ? (getCategory(categorySlug)?.attributes ?? []) : [])
  for (const [code, value] of Object.entries(specs)) {
    if (isEmptySpec(value)) continue
    const def = getAttribute(code)
    if (!def || !allowed.has(code)) {
      problems[`specs.${code}`] = 'Эта характеристика не относится к выбранной категории'
      continue
    }
    const problem = specValueProblem(def, value as SpecValue)
    if (problem) problems[`specs.${code}`] = problem
  }
  return problems
}

export function isEmptySpec(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
}

/** The characteristics a vendor fills in for a category: its own, less those the category fixes. */
export function formAttributes(categorySlug: string): AttributeDef[] {
  const category = getCategory(categorySlug)
  if (!category) return []
  return category.attributes
    .filter((code) => code !== 'type' && code !== 'areas_of_application')
    .map((code) => getAttribute(code)!)
}

/** What the form holds of a draft: the fields `draftProblems` checks. */
export interface DraftFields {
  sku: string
  title: string
  brand: string
  model: string
  categorySlug: string | null
  priceKopecks: number | null
  priceOnRequest: boolean
  availability: string
  leadTimeDays: number | null
  stockQuantity?: number | null
  /** Plain text of the description (the HTML without tags). */
  descriptionText: string
  specs: Record<string, unknown>
  /** How many photos the product has; the first is its main picture. */
  photoCount: number
}

/** What a draft still lacks before it can go to moderation, per field; empty when it is complete. */
export function draftProblems(d: DraftFields): Record<string, string> {
  const problems: Record<string, string> = {}
  if (!d.title.trim()) problems.title = 'Укажите название'
  if (!d.brand.trim()) problems.brand = 'Укажите бренд'
  if (!d.model.trim()) problems.model = 'Укажите модель'
  if (!d.sku.trim()) problems.sku = 'Укажите артикул'
  if (!d.categorySlug) problems.categorySlug = 'Выберите категорию'
  if (d.priceKopecks === null && !d.priceOnRequest)
    problems.priceKopecks = 'Укажите цену или отметьте «Цена по запросу»'
  if (d.availability === 'to_order' && !d.leadTimeDays) problems.leadTimeDays = 'Укажите срок поставки под заказ'
  if (d.availability === 'to_order' && (d.stockQuantity ?? 0) > 0) problems.stockQuantity = TO_ORDER_WITH_STOCK
  if (d.descriptionText.trim().length < 20) problems.description = 'Опишите товар: хотя бы пару предложений'
  if (d.photoCount < 1) problems.photos = MEDIA_MESSAGES.photoRequired
  if (d.categorySlug) {
    for (const def of formAttributes(d.categorySlug)) {
      if (def.required && isEmptySpec(d.specs[def.code])) problems[`specs.${def.code}`] = 'Заполните характеристику'
    }
    Object.assign(problems, specProblems(d.categorySlug, d.specs))
  }
  return problems
}
