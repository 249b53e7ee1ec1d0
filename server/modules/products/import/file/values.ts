import { MAX_WARRANTY_MONTHS } from '#common/catalog/offer-terms.ts'
import { regionCodeByName } from '#common/regions.ts'
import { IMPORT_MESSAGES as M } from './messages.ts'

/** Reading the values of a file's fields the way Russian spreadsheets and feeds write them. */

/** One line of text: control characters and runs of whitespace become one space. */
export function cleanLine(text: string | undefined): string {
  return (text ?? '').replace(/[\p{Cc}\p{Cs}\s]+/gu, ' ').trim()
}

/**
 * A decimal number as people write it: «1 250 000», «12,5», «12.5», «1,250.50», «−5». Null
 * when it is not one.
 */
export function parseDecimal(text: string): number | null {
  let value = text.replace(/[\s\u00a0\u202f']/g, '').replace(/[−–]/g, '-')
  if (value.includes(',') && value.includes('.')) value = value.replace(/,/g, '')
  else if ((value.match(/,/g) ?? []).length === 1) value = value.replace(',', '.')
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(value)) return null
  const number = Number(value)
  return Number.isFinite(number) ? number : null
}

const CURRENCY_SUFFIX = /\s*(₽|руб\.?|рублей|rub|rur|р\.)\s*$/i
const MAX_PRICE_KOPECKS = 100_000_000_000_00

export type PriceResult = { kopecks: number | null; error?: undefined } | { kopecks?: undefined; error: string }

/** A price in roubles as kopecks; empty or 0 is a price on request. */
export function parsePrice(text: string | undefined): PriceResult {
  const raw = cleanLine(text)
  if (raw === '') return { kopecks: null }
  const roubles = parseDecimal(raw.replace(CURRENCY_SUFFIX, ''))
  if (roubles === null) return { error: M.priceNotNumber(raw) }
  if (roubles < 0) return { error: M.priceNegative(raw) }
  const kopecks = Math.round(roubles * 100)
  if (kopecks > MAX_PRICE_KOPECKS) return { error: M.priceTooLarge(raw) }
  return { kopecks: kopecks === 0 ? null : kopecks }
}

const YES = new Set([
  'да',
  'yes',
  'true',
  '1',
  '+',
  'есть',
  'в наличии',
  'наличие',
  'in_stock',
  'in stock',
  'available',
])
const NO = new Set(['нет', 'no', 'false', '0', '-', 'под заказ', 'на заказ', 'to_order', 'preorder', 'нет в наличии'])

/** «да» / «в наличии» is true, «нет» / «под заказ» false, empty the default; null when unknown. */
export function parseYesNo(text: string | undefined, empty: boolean): boolean | null {
  const value = cleanLine(text).toLowerCase().replace(/ё/g, 'е')
  if (value === '') return empty
  if (YES.has(value)) return true
  if (NO.has(value)) return false
  return null
}

const HTTP_URL = /^https?:\/\/[^\s/?#]+\.[^\s]*$/i

/** Whether a picture's address can be fetched: absolute http or https. */
export function isPictureUrl(url: string): boolean {
  if (!HTTP_URL.test(url)) return false
  try {
    new URL(url)
    return true
  } catch {
    return false
  }
}

/** The pictures of a CSV cell: addresses separated by «|», «;», spaces or line breaks. */
export function splitPictures(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[|;\s]+/)
    .map((url) => url.trim())
    .filter(Boolean)
}

/** The names of a list cell: «Сельское хозяйство, Экология» or separated by «|», «;». */
export function splitList(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[|;,]+/)
    .map((name) => cleanLine(name))
    .filter(Boolean)
}

/** A whole number from `min` to `max` («1 200», «15»); undefined for an empty cell, null when it is not one. */
export function parseWhole(text: string | undefined, min: number, max: number): number | null | undefined {
  const value = cleanLine(text).replace(/[\s\u00a0]/g, '')
  if (value === '') return undefined
  if (!/^\d+$/.test(value)) return null
  const n = Number(value)
  return n >= min && n <= max ? n : null
}

/**
 * A warranty in months: a whole number of months (a CSV cell), or a period as YML's
 * `warranty-days` writes it: days («365») or ISO 8601 («P1Y», «P18M», «P2Y6M», «P730D»), days
 * rounded to whole months. Undefined when not given, null when it is not one or over the limit.
 */
export function parseWarranty(text: string | undefined, asDays = false): number | null | undefined {
  const value = cleanLine(text).toUpperCase()
  if (value === '') return undefined
  let months: number
  const period = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?$/.exec(value)
  if (period && value !== 'P') {
    const [, years, monthsPart, days] = period
    months = Number(years ?? 0) * 12 + Number(monthsPart ?? 0) + Math.round(Number(days ?? 0) / 30.4)
  } else if (/^\d+$/.test(value)) {
    months = asDays ? Math.round(Number(value) / 30.4) : Number(value)
  } else return null
  return months <= MAX_WARRANTY_MONTHS ? months : null
}

const ALL_OF_RUSSIA = new Set(['вся россия', 'по всей россии', 'россия', 'рф', 'все регионы'])

/** A region's code from its name or code («Свердловская область», «66»); 'all' for «вся Россия». */
export function regionCodeOf(text: string): string | 'all' | undefined {
  if (ALL_OF_RUSSIA.has(cleanLine(text).toLowerCase().replace(/ё/g, 'е'))) return 'all'
  return regionCodeByName(cleanLine(text))
}
