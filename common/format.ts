/**
 * Numbers, money and plurals in Russian, the same on the server (prices in API answers, spec
 * values on cards) and in the browser.
 *
 * Numbers and money are written out here rather than by `Intl.NumberFormat`: the first `Intl`
 * formatter a page builds loads the locale's data, 70–250 ms of a phone's main thread (measured in
 * Chromium at Lighthouse's 4× CPU slowdown) in one task that cannot be split, during hydration.
 * ru-RU needs little: groups of three with a no-break space, a decimal comma, rounding half away
 * from zero, «₽» after a no-break space. The tests hold the output to `Intl`'s for a sweep of
 * values; values this does not cover (not finite, or beyond 10^15) still go to `Intl`. The
 * browser's dates are in `app/lib/format.ts`, which also passes these on to the pages.
 */

/** The value `make` returns, made on the first call and kept. */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

const NBSP = '\u00a0'

/** «ноября»: the months as a date names them (`app/lib/format.ts`, the printed documents). */
export const GENITIVE_MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const
const LARGEST_WRITTEN_OUT = 1e15

/** «1 250 000»: a string of digits in groups of three, joined by no-break spaces. */
export const groupDigits = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, NBSP)
const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>()

/** What `Intl.NumberFormat('ru-RU')` writes with these decimals, for the values not written out here. */
function intlNumber(value: number, maximumFractionDigits: number, minimumFractionDigits: number): string {
  const key = `${minimumFractionDigits}-${maximumFractionDigits}`
  let format = NUMBER_FORMATS.get(key)
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', { maximumFractionDigits, minimumFractionDigits })
    NUMBER_FORMATS.set(key, format)
  }
  return format.format(value)
}

/** The digits of a finite non-negative number as JavaScript writes it shortest, without an exponent. */
function plainDigits(value: number): { whole: string; fraction: string } {
  const [mantissa, exponent] = String(value).split('e')
  const [whole = '0', fraction = ''] = mantissa!.split('.')
  const shift = Number(exponent ?? 0)
  if (shift >= 0) return { whole, fraction } // below 10^15 String() never uses a positive exponent
  const digits = whole + fraction // a negative exponent: 1.5e-7 → 0.00000015
  return { whole: '0', fraction: '0'.repeat(-shift - whole.length) + digits }
}

/** Adds one to a string of decimal digits: «199» → «200», «99» → «100». */
function increment(digits: string): string {
  let i = digits.length - 1
  while (i >= 0 && digits[i] === '9') i--
  if (i < 0) return `1${'0'.repeat(digits.length)}`
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1)
}

/**
 * The sign and the digits of `value` rounded to `fractionDigits` decimals: the whole part grouped,
 * the fraction with at least `minimumFractionDigits` digits. Like `Intl`, it rounds the number's
 * shortest decimal form (1.95 is «1.95», not the double just below it) half away from zero.
 */
function writeDecimal(value: number, fractionDigits: number, minimumFractionDigits: number): string {
  let { whole, fraction } = plainDigits(Math.abs(value))
  if (fraction.length > fractionDigits) {
    const roundUp = fraction[fractionDigits]! >= '5'
    fraction = fraction.slice(0, fractionDigits)
    if (roundUp) {
      const bumped = increment(whole + fraction)
      whole = bumped.slice(0, bumped.length - fractionDigits)
      fraction = bumped.slice(bumped.length - fractionDigits)
    }
  }
  fraction = fraction.padEnd(minimumFractionDigits, '0')
  while (fraction.length > minimumFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  const sign = value < 0 || Object.is(value, -0) ? '-' : ''
  return `${sign}${groupDigits(whole)}${fraction ? `,${fraction}` : ''}`
}

const writtenOut = (value: number) => Number.isFinite(value) && Math.abs(value) < LARGEST_WRITTEN_OUT

/**
 * «1 021», «1,05»: a number with group separators and at most `maximumFractionDigits` decimals,
 * at least `minimumFractionDigits` («4,0» for a rating).
 */
export function formatNumber(value: number, maximumFractionDigits = 0, minimumFractionDigits = 0): string {
  if (!writtenOut(value)) return intlNumber(value, maximumFractionDigits, minimumFractionDigits)
  return writeDecimal(value, maximumFractionDigits, minimumFractionDigits)
}

const ROUBLES = onFirstUse(
  () => new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 }),
)
const ROUBLES_AND_KOPECKS = onFirstUse(() => new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' }))

/** Integer kopecks as roubles: «1 250 000 ₽», with kopecks only when there are any: «1 999,50 ₽». */
export function formatMoney(kopecks: number): string {
  const roubles = kopecks / 100
  const kopecksToo = kopecks % 100 !== 0
  if (!writtenOut(roubles)) return (kopecksToo ? ROUBLES_AND_KOPECKS : ROUBLES)().format(roubles)
  return `${writeDecimal(roubles, kopecksToo ? 2 : 0, kopecksToo ? 2 : 0)}${NBSP}₽`
}

/**
 * A name or a title in «ёлочки»; the quotes inside it become „лапки“, as Russian typography nests
 * them: quote('ООО «АэроТех Системы»') → «ООО „АэроТех Системы“».
 */
export function quote(text: string): string {
  const inner = text
    .replace(/«/g, '„')
    .replace(/»/g, '“')
    .replace(/"([^"]*)"/g, '„$1“')
  return `«${inner}»`
}

/** A word's three Russian forms by count: for 1, for 2–4, for 5 (['товар', 'товара', 'товаров']). */
export type PluralForms = readonly [one: string, few: string, many: string]

/**
 * Picks the Russian form for a count: pluralize(5, ['день', 'дня', 'дней']) → «дней». Written out
 * rather than with `Intl.PluralRules` (decision 044: no `Intl` locale data on a page's way to
 * interactive); a fraction takes the second form: «1,5 часа».
 */
export function pluralize(count: number, forms: PluralForms): string {
  if (!Number.isInteger(count)) return forms[1]
  const tens = Math.abs(count) % 100
  const units = tens % 10
  if (units === 1 && tens !== 11) return forms[0]
  if (units >= 2 && units <= 4 && (tens < 12 || tens > 14)) return forms[1]
  return forms[2]
}

/** A count with its word: «1 021 товар», «3 продавца». */
export function formatCount(count: number, forms: PluralForms): string {
  return `${formatNumber(count, 3)} ${pluralize(count, forms)}`
}
