/**
 * The total of an invoice in words, as Russian accountants write it: «Сто двадцать тысяч рублей
 * 00 копеек». Rubles in words, kopecks in two digits, the units agreeing with their numbers.
 */

type Gender = 'masculine' | 'feminine'
/** The forms for 1, 2–4 and 5–20 (and 0): «рубль, рубля, рублей». */
type Forms = readonly [one: string, few: string, many: string]

const ONES: Record<Gender, readonly string[]> = {
  masculine: ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
  feminine: ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
}
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
]
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
]
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
]

const RUBLE: Forms = ['рубль', 'рубля', 'рублей']
const KOPECK: Forms = ['копейка', 'копейки', 'копеек']
/**
 * Groups of three digits from the lowest: units, thousands, millions, billions, trillions. Whole
 * kopecks that JavaScript holds exactly (up to 2^53) are under 91 trillion rubles, so every amount
 * kept in the database has its words.
 */
const SCALES: readonly { forms: Forms; gender: Gender }[] = [
  { forms: ['', '', ''], gender: 'masculine' },
  { forms: ['тысяча', 'тысячи', 'тысяч'], gender: 'feminine' },
  { forms: ['миллион', 'миллиона', 'миллионов'], gender: 'masculine' },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], gender: 'masculine' },
  { forms: ['триллион', 'триллиона', 'триллионов'], gender: 'masculine' },
]
/** Up to 999 999 999 999 999 rubles: the largest scale above is trillions. */
const MAX_RUBLES = 1000 ** SCALES.length - 1

/** The form that agrees with `n`: 1, 21, 101 → «рубль»; 2–4, 22 → «рубля»; 0, 5–20, 111 → «рублей». */
function pluralForm(n: number, forms: Forms): string {
  const lastTwo = n % 100
  const last = n % 10
  if (lastTwo >= 11 && lastTwo <= 19) return forms[2]
  if (last === 1) return forms[0]
  if (last >= 2 && last <= 4) return forms[1]
  return forms[2]
}

/** 1–999 in words; «двадцать одна» for a feminine unit. */
function hundredsInWords(n: number, gender: Gender): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)]!]
  const rest = n % 100
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!)
  else words.push(TENS[Math.floor(rest / 10)]!, ONES[gender][rest % 10]!)
  return words.filter(Boolean)
}

/** Whole rubles in words, lowercase: 0 → «ноль», 21 000 → «двадцать одна тысяча». */
function rublesInWords(rubles: number): string {
  if (rubles === 0) return 'ноль'
  const words: string[] = []
  for (let scale = SCALES.length - 1; scale >= 0; scale--) {
    const group = Math.floor(rubles / 1000 ** scale) % 1000
    if (group === 0) continue
    const { forms, gender } = SCALES[scale]!
    words.push(...hundredsInWords(group, gender))
    if (scale > 0) words.push(pluralForm(group, forms))
  }
  return words.join(' ')
}

/**
 * The amount in words for an invoice: 12 000 000 kopecks → «Сто двадцать тысяч рублей 00 копеек»,
 * 2 101 → «Двадцать один рубль 01 копейка». Takes integer kopecks, as money is kept everywhere.
 */
export function amountInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) {
    throw new RangeError(`The amount must be a non-negative whole number of kopecks, got ${kopecks}`)
  }
  const rubles = Math.floor(kopecks / 100)
  if (rubles > MAX_RUBLES) throw new RangeError(`The amount is over ${MAX_RUBLES} rubles: ${kopecks} kopecks`)
  const cents = kopecks % 100
  const words = rublesInWords(rubles)
  const text = `${words} ${pluralForm(rubles, RUBLE)} ${String(cents).padStart(2, '0')} ${pluralForm(cents, KOPECK)}`
  return text.charAt(0).toUpperCase() + text.slice(1)
}
