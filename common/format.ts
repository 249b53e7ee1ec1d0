/**
 * Numbers, money and plurals in Russian, the same on the server (prices in API answers, spec
 * values on cards) and in the browser. Every `Intl` object is made once, on its first use:
 * building one costs far more than formatting with it (a listing formats hundreds of values), and
 * the first one a page builds loads the locale's data, some 30 ms of a phone's start-up that a
 * page without prices should not pay while its scripts are evaluated. The browser's dates are in
 * `app/lib/format.ts`, which also passes these on to the pages.
 */

/** The value `make` returns, made on the first call and kept. */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

const NUMBER_FORMATS = new Map<number, Intl.NumberFormat>()

/** «1 021», «1,05»: a number with group separators and at most `maximumFractionDigits` decimals. */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  let format = NUMBER_FORMATS.get(maximumFractionDigits)
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', { maximumFractionDigits })
    NUMBER_FORMATS.set(maximumFractionDigits, format)
  }
  return format.format(value)
}

const ROUBLES = onFirstUse(
  () => new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 }),
)
const ROUBLES_AND_KOPECKS = onFirstUse(() => new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' }))

/** Integer kopecks as roubles: «1 250 000 ₽», with kopecks only when there are any: «1 999,50 ₽». */
export function formatMoney(kopecks: number): string {
  return kopecks % 100 === 0 ? ROUBLES().format(kopecks / 100) : ROUBLES_AND_KOPECKS().format(kopecks / 100)
}

/** A word's three Russian forms by count: for 1, for 2–4, for 5 (['товар', 'товара', 'товаров']). */
export type PluralForms = readonly [one: string, few: string, many: string]

const PLURAL = onFirstUse(() => new Intl.PluralRules('ru'))

/** Picks the Russian form for a count: pluralize(5, ['день', 'дня', 'дней']) → «дней». */
export function pluralize(count: number, forms: PluralForms): string {
  const rule = PLURAL().select(count)
  return rule === 'one' ? forms[0] : rule === 'few' ? forms[1] : forms[2]
}

/** A count with its word: «1 021 товар», «3 продавца». */
export function formatCount(count: number, forms: PluralForms): string {
  return `${formatNumber(count, 3)} ${pluralize(count, forms)}`
}
