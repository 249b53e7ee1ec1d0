import { describe, expect, it } from 'vitest'
import { PRODUCT_FORMS } from './catalog/format.ts'
import { formatCount, formatMoney, formatNumber, pluralize, quote } from './format.ts'

// Intl puts a narrow no-break space between groups and before ₽.
const plain = (s: string) => s.replace(/\s/g, ' ')

describe('formatNumber', () => {
  it('groups thousands and rounds to whole numbers unless told otherwise', () => {
    expect(plain(formatNumber(1_234_567))).toBe('1 234 567')
    expect(formatNumber(2.5)).toBe('3')
    expect(formatNumber(1.05, 2)).toBe('1,05')
    expect(formatNumber(2.44, 1)).toBe('2,4')
    expect(formatNumber(2, 2)).toBe('2')
  })
})

/** Numbers of every size and sign, ties at each rounding digit, and fractions binary doubles cannot hold exactly. */
function sweep(): number[] {
  const values = [
    0,
    -0,
    0.5,
    1.5,
    2.5,
    -2.5,
    1.005,
    1.045,
    0.0001,
    -0.0004,
    999.995,
    1e15 - 1,
    1e15,
    1e21,
    NaN,
    Infinity,
  ]
  for (let magnitude = 1; magnitude < 1e16; magnitude *= 7) {
    for (const f of [0, 0.05, 0.125, 0.333333, 0.5, 0.95, 0.995]) values.push(magnitude + f, -(magnitude + f))
  }
  let seed = 42
  for (let i = 0; i < 2000; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    values.push((seed / 2 ** 31 - 0.3) * 10 ** (i % 12))
  }
  return values
}

describe('written out as Intl writes them', () => {
  it('numbers, with 0 to 3 decimals', () => {
    for (const digits of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: digits })
      for (const value of sweep()) expect(formatNumber(value, digits), `${value}, ${digits}`).toBe(intl.format(value))
    }
  })

  it('money, whole roubles and with kopecks', () => {
    const whole = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 })
    const kopecks = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' })
    for (const value of sweep().filter(Number.isFinite)) {
      const k = Math.round(value * 100)
      const intl = k % 100 === 0 ? whole : kopecks
      expect(formatMoney(k), String(k)).toBe(intl.format(k / 100))
    }
  })
})

describe('formatMoney', () => {
  it('writes integer kopecks as roubles, with kopecks only when there are any', () => {
    expect(plain(formatMoney(125_000_000))).toBe('1 250 000 ₽')
    expect(plain(formatMoney(199_950))).toBe('1 999,50 ₽')
    expect(plain(formatMoney(199_905))).toBe('1 999,05 ₽')
    expect(plain(formatMoney(0))).toBe('0 ₽')
  })
})

describe('plurals', () => {
  it('picks the Russian form for one, few and many', () => {
    const days = ['день', 'дня', 'дней'] as const
    expect([1, 2, 5, 11, 21, 22, 25, 111].map((n) => pluralize(n, days))).toEqual([
      'день',
      'дня',
      'дней',
      'дней',
      'день',
      'дня',
      'дней',
      'дней',
    ])
  })

  it('agrees with Intl’s Russian rules from 0 to 1 000, and gives a fraction the second form', () => {
    const forms = ['a', 'b', 'c'] as const
    const rules = new Intl.PluralRules('ru')
    for (let n = 0; n <= 1000; n++) {
      const expected = { one: 'a', few: 'b', many: 'c' }[rules.select(n) as 'one' | 'few' | 'many']
      expect(pluralize(n, forms), String(n)).toBe(expected)
    }
    expect(pluralize(1.5, ['час', 'часа', 'часов'])).toBe('часа')
  })

  it('writes a count with its word', () => {
    expect(formatCount(1, PRODUCT_FORMS)).toBe('1 товар')
    expect(formatCount(3, PRODUCT_FORMS)).toBe('3 товара')
    expect(formatCount(11, PRODUCT_FORMS)).toBe('11 товаров')
    expect(plain(formatCount(1021, PRODUCT_FORMS))).toBe('1 021 товар')
  })
})

describe('quotes', () => {
  it('nests the quotes inside a name as „лапки“', () => {
    expect(quote('ООО «АэроТех Системы»')).toBe('«ООО „АэроТех Системы“»')
    expect(quote('АО "Заря"')).toBe('«АО „Заря“»')
    expect(quote('Агродрон')).toBe('«Агродрон»')
  })
})
