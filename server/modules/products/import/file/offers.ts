import { parseVatRate } from '#common/catalog/vat.ts'
import { markupProblem, RICH_TEXT_MARKUP } from '#common/markup-limits.ts'
import { isAppError } from '../../../../errors.ts'
import { RICH_TEXT_MAX_LENGTH, richTextToPlain, toRichText } from '../../../../text/sanitize.ts'
import { IMPORT_MESSAGES as M } from './messages.ts'
import {
  type ImportedOffer,
  type ImportedParam,
  type ImportError,
  MAX_IMPORT_OFFERS,
  MAX_SKU_LENGTH,
  MAX_TITLE_LENGTH,
} from './types.ts'
import { cleanLine, isPictureUrl, parsePrice, parseWarranty, parseWhole, parseYesNo, regionCodeOf } from './values.ts'
import { MAX_MIN_ORDER, MAX_WARRANTY_MONTHS } from '#common/catalog/offer-terms.ts'
import { isValidGtin } from '#common/validators.ts'
import { type AttributeDef, getAttribute } from '#common/catalog/attributes.ts'
import { PRODUCT_LIMITS as L } from '#common/products.ts'
import type { SphereSlug } from '#common/spheres.ts'
import { matchOption } from './mapping.ts'

/** The spheres' characteristic: a sphere is read by its name, slug or synonym as a characteristic is. */
const AREAS = getAttribute('areas_of_application') as Extract<AttributeDef, { kind: 'enum' }>

/**
 * The offer's description as stored formatted text; an error of the row when it is too long or
 * its markup is over the limits (refused before it is parsed: sanitize.ts).
 */
function descriptionOf(text: string, rowErrors: string[]): string {
  const problem = markupProblem(text, RICH_TEXT_MARKUP)
  if (problem) {
    rowErrors.push(M.descriptionMarkup(problem))
    return ''
  }
  try {
    const description = toRichText(text)
    if (richTextToPlain(description).length > RICH_TEXT_MAX_LENGTH)
      rowErrors.push(M.descriptionTooLong(RICH_TEXT_MAX_LENGTH))
    return description
  } catch (error) {
    // Plain text whose line breaks, as markup, are over the limit of tags.
    if (!isAppError(error)) throw error
    rowErrors.push(M.descriptionMarkup(error.message))
    return ''
  }
}

/** An offer's fields as text, as a parser found them, before checks. */
export interface RawOffer {
  line: number
  sku?: string
  title?: string
  brand?: string
  model?: string
  category?: string
  price?: string
  currency?: string
  vat?: string
  /** Text from a CSV cell, or the YML attribute already read. */
  available?: string | boolean
  description?: string
  params: ImportedParam[]
  pictures: string[]
  /** Cells of the columns only a CSV has; undefined when the file has no such column. */
  leadTime?: string
  stock?: string
  areas?: string[]
  /** Months (a CSV cell) or a YML `warranty-days` period («P1Y», «365»); undefined when not given. */
  warranty?: string
  /** A bare number in `warranty` counts days (YML's `warranty-days`), not months. */
  warrantyInDays?: boolean
  minOrder?: string
  /** Region names or codes; undefined when the file has no such column. */
  regions?: string[]
  partNumber?: string
  /** YML's `barcode`, a CSV's «GTIN». */
  gtin?: string
}

const ROUBLES = new Set(['RUR', 'RUB', 'РУБ'])

/**
 * Checks offers one by one and keeps the good ones; the YML and CSV parsers share it, so a row
 * means the same in both. Every problem of a row is reported, and a row with any is left out.
 */
export class OfferCollector {
  readonly offers: ImportedOffer[] = []
  readonly errors: ImportError[] = []
  private readonly skuLines = new Map<string, number>()
  private count = 0

  /** False once the file has more offers than an import takes; the parser should stop. */
  add(raw: RawOffer): boolean {
    if (++this.count > MAX_IMPORT_OFFERS) return false
    const rowErrors: string[] = []
    const sku = cleanLine(raw.sku)
    const title = cleanLine(raw.title)
    if (!sku) rowErrors.push(M.noSku)
    else if (sku.length > MAX_SKU_LENGTH) rowErrors.push(M.skuTooLong(MAX_SKU_LENGTH))
    else {
      const seenAt = this.skuLines.get(sku.toLowerCase())
      if (seenAt !== undefined) rowErrors.push(M.duplicateSku(sku, seenAt))
      else this.skuLines.set(sku.toLowerCase(), raw.line)
    }
    if (!title) rowErrors.push(M.noTitle)
    else if (title.length > MAX_TITLE_LENGTH) rowErrors.push(M.titleTooLong(MAX_TITLE_LENGTH))

    const price = parsePrice(raw.price)
    if (price.error) rowErrors.push(price.error)
    const currency = cleanLine(raw.currency).toUpperCase()
    if (currency && !ROUBLES.has(currency) && price.kopecks != null) rowErrors.push(M.currency(currency))

    const vatText = cleanLine(raw.vat)
    const vatRate = vatText ? parseVatRate(vatText) : undefined
    if (vatRate === null) rowErrors.push(M.vatUnknown(vatText))

    const available = typeof raw.available === 'boolean' ? raw.available : parseYesNo(raw.available, true)
    if (available === null) rowErrors.push(M.availableUnknown(cleanLine(raw.available as string)))

    const leadTimeDays = raw.leadTime === undefined ? undefined : parseWhole(raw.leadTime, 1, L.maxLeadTimeDays)
    if (leadTimeDays === null) rowErrors.push(M.leadTimeInvalid(cleanLine(raw.leadTime), L.maxLeadTimeDays))
    const stockQuantity = raw.stock === undefined ? undefined : parseWhole(raw.stock, 0, L.maxStock)
    if (stockQuantity === null) rowErrors.push(M.stockInvalid(cleanLine(raw.stock)))
    else if (available === false && (stockQuantity ?? 0) > 0) rowErrors.push(M.toOrderWithStock)
    const areas: SphereSlug[] = []
    for (const name of raw.areas ?? []) {
      const slug = matchOption(AREAS, name) as SphereSlug | undefined
      if (slug) areas.push(slug)
      else rowErrors.push(M.areaUnknown(name))
    }

    const warrantyMonths = parseWarranty(raw.warranty, raw.warrantyInDays)
    if (warrantyMonths === null) rowErrors.push(M.warrantyInvalid(cleanLine(raw.warranty), MAX_WARRANTY_MONTHS))
    const minOrderQuantity = raw.minOrder === undefined ? undefined : parseWhole(raw.minOrder, 1, MAX_MIN_ORDER)
    if (minOrderQuantity === null) rowErrors.push(M.minOrderInvalid(cleanLine(raw.minOrder), MAX_MIN_ORDER))
    const deliveryRegions: string[] = []
    for (const name of raw.regions ?? []) {
      const code = regionCodeOf(name)
      if (code === 'all') continue
      if (code) deliveryRegions.push(code)
      else rowErrors.push(M.regionUnknown(name))
    }

    const partNumber = cleanLine(raw.partNumber).slice(0, 60)
    const gtin = cleanLine(raw.gtin).replace(/[\s-]/g, '')
    if (gtin && !isValidGtin(gtin)) rowErrors.push(M.gtinInvalid(cleanLine(raw.gtin)))

    const pictures = raw.pictures.map((url) => url.trim()).filter(Boolean)
    for (const url of pictures) if (!isPictureUrl(url)) rowErrors.push(M.pictureInvalid(url))

    const description = descriptionOf(raw.description ?? '', rowErrors)

    if (rowErrors.length) {
      for (const message of rowErrors) this.errors.push({ line: raw.line, message: M.atLine(raw.line, message) })
      return true
    }
    this.offers.push({
      line: raw.line,
      sku,
      title,
      brand: cleanLine(raw.brand),
      model: cleanLine(raw.model),
      fileCategory: cleanLine(raw.category),
      priceKopecks: price.kopecks ?? null,
      ...(vatRate ? { vatRate } : {}),
      available: available ?? true,
      description,
      params: raw.params
        .map((p) => ({
          name: cleanLine(p.name),
          ...(cleanLine(p.unit) ? { unit: cleanLine(p.unit) } : {}),
          value: cleanLine(p.value),
        }))
        .filter((p) => p.name && p.value),
      pictures: [...new Set(pictures)],
      ...(partNumber && { partNumber }),
      ...(gtin && { gtin }),
      // Only what the file has a column for: an update keeps the rest as the form left it.
      ...(raw.leadTime !== undefined && { leadTimeDays: leadTimeDays ?? null }),
      ...(raw.stock !== undefined && { stockQuantity: stockQuantity ?? null }),
      ...(raw.areas !== undefined && { areas: [...new Set(areas)] }),
      // An empty cell of a column the file has: no warranty stated, a minimum of one.
      ...(raw.warranty !== undefined && { warrantyMonths: warrantyMonths ?? null }),
      ...(raw.minOrder !== undefined && { minOrderQuantity: minOrderQuantity ?? 1 }),
      ...(raw.regions !== undefined && { deliveryRegions: [...new Set(deliveryRegions)] }),
    })
    return true
  }

  /** The file-level refusal when `add` said stop. */
  static tooManyOffers(): ImportError {
    return { line: 0, message: M.tooManyOffers(MAX_IMPORT_OFFERS) }
  }
}
