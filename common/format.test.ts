import { describe, expect, it } from 'vitest'
import { PRODUCT_FORMS } from './catalog/format.ts'
import { formatCount, formatMoney, formatNumber, pluralize } from './format.ts'

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

  it('writes a count with its word', () => {
    expect(formatCount(1, PRODUCT_FORMS)).toBe('1 товар')
    expect(formatCount(3, PRODUCT_FORMS)).toBe('3 товара')
    expect(formatCount(11, PRODUCT_FORMS)).toBe('11 товаров')
    expect(plain(formatCount(1021, PRODUCT_FORMS))).toBe('1 021 товар')
  })
})
