import { stringify } from 'csv-stringify/sync'
import { AREA_OPTIONS, ATTRIBUTES, getAttribute } from '#common/catalog/attributes.ts'
import { getCategory } from '#common/catalog/categories.ts'
import { AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import { VAT_RATE_LABELS } from '#common/catalog/vat.ts'
import { regionName } from '#common/regions.ts'
import { CSV_COLUMNS } from './columns.ts'
import { feedParams } from './specs.ts'
import type { FeedProduct } from './types.ts'

/**
 * The catalogue as CSV for spreadsheets: UTF-8 with a BOM (so Excel reads Cyrillic), «;» as
 * the separator (what Excel expects in a Russian locale), the columns the import reads, a
 * column per characteristic any product has («Время полёта, мин»).
 */

// A cell starting with one of these is a formula to a spreadsheet; the quote makes it text and
// the import takes it off again (import/csv.ts).
const FORMULA_START = /^[=+\-@\t\r]/

export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

function priceText(kopecks: number | null): string {
  if (kopecks === null) return ''
  return kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2).replace('.', ',')
}

export function writeCsvFeed(products: readonly FeedProduct[]): string {
  const used = new Set(products.flatMap((p) => Object.keys(p.specs)))
  // Spheres have a column of their own («Сферы применения»), read back into the product's spheres.
  const specCodes = ATTRIBUTES.map((a) => a.code).filter((code) => used.has(code) && code !== 'areas_of_application')
  const header = [
    ...Object.values(CSV_COLUMNS),
    ...specCodes.map((code) => {
      const attr = getAttribute(code)!
      return attr.kind === 'number' ? `${attr.title}, ${attr.unit}` : attr.title
    }),
  ]
  const rows = products.map((p) => {
    const params = new Map(feedParams(p.specs, p.categorySlug).map((param) => [param.code, param.value]))
    return [
      guardFormula(p.sku),
      guardFormula(p.title),
      guardFormula(p.brand),
      guardFormula(p.model),
      getCategory(p.categorySlug)?.title ?? p.categorySlug,
      priceText(p.priceKopecks),
      VAT_RATE_LABELS[p.vatRate],
      AVAILABILITY_LABELS[p.availability],
      guardFormula(p.description),
      p.imageUrls.join(' | '),
      p.leadTimeDays === null ? '' : String(p.leadTimeDays),
      p.stockQuantity === null ? '' : String(p.stockQuantity),
      p.areas.map((slug) => AREA_OPTIONS.find((o) => o.value === slug)?.label ?? slug).join(', '),
      p.warrantyMonths === null ? '' : String(p.warrantyMonths),
      String(p.minOrderQuantity),
      // Region names hold commas in none of them; «|» reads back as a list all the same.
      p.deliveryRegions.map(regionName).join(' | '),
      guardFormula(p.partNumber),
      p.gtin,
      // Numbers stay as they are: a negative temperature is not a formula to guard.
      ...specCodes.map((code) => {
        const value = params.get(code) ?? ''
        return getAttribute(code)?.kind === 'number' ? value.replace('.', ',') : guardFormula(value)
      }),
    ]
  })
  return stringify([header, ...rows], { bom: true, delimiter: ';', record_delimiter: 'windows' })
}
