import { type AttributeDef, getAttribute, type SpecValue } from './attributes.ts'
import { PRICE_ON_REQUEST } from './products.ts'

const rub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 })
const rubWithKopecks = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' })

/** «1 250 000 ₽»; kopecks shown only when there are any; null is «Цена по запросу». */
export function formatPrice(kopecks: number | null): string {
  if (kopecks === null) return PRICE_ON_REQUEST
  return kopecks % 100 === 0 ? rub.format(kopecks / 100) : rubWithKopecks.format(kopecks / 100)
}

const plural = new Intl.PluralRules('ru')

/** Picks the Russian form for a count: pluralize(5, ['день', 'дня', 'дней']) → «дней». */
export function pluralize(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const rule = plural.select(count)
  return rule === 'one' ? forms[0] : rule === 'few' ? forms[1] : forms[2]
}

export function formatCount(count: number, forms: readonly [string, string, string]): string {
  return `${count.toLocaleString('ru-RU')} ${pluralize(count, forms)}`
}

export const PRODUCT_FORMS = ['товар', 'товара', 'товаров'] as const

/** «Под заказ, 14 дней» / «В наличии». */
export function formatLeadTime(days: number | null): string {
  return days ? `срок поставки ${formatCount(days, ['день', 'дня', 'дней'])}` : ''
}

// toLocaleString builds a formatter per call; a card's specs format dozens of numbers.
const NUMBER_FORMATS = new Map<number, Intl.NumberFormat>()

function formatNumber(value: number, precision = 0): string {
  let format = NUMBER_FORMATS.get(precision)
  if (!format)
    NUMBER_FORMATS.set(precision, (format = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: precision })))
  return format.format(value)
}

/** A characteristic value in Russian with its unit: «42 мин», «Да», «GPS, ГЛОНАСС, RTK». */
export function formatSpecValue(attr: AttributeDef, value: SpecValue): string {
  switch (attr.kind) {
    case 'number':
      return typeof value === 'number' ? `${formatNumber(value, attr.precision)} ${attr.unit}` : String(value)
    case 'boolean':
      return value === true ? 'Да' : 'Нет'
    case 'enum': {
      const values = Array.isArray(value) ? value : [String(value)]
      return values.map((v) => attr.options.find((o) => o.value === v)?.label ?? v).join(', ')
    }
    case 'text':
      return String(value)
  }
}

/** The same by attribute code; unknown codes show the raw value. */
export function formatSpec(code: string, value: SpecValue): string {
  const attr = getAttribute(code)
  return attr ? formatSpecValue(attr, value) : String(value)
}
