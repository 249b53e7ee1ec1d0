import { describe, expect, it } from 'vitest'
import { formatCount, formatPrice, formatSpec, PRODUCT_FORMS } from './format.ts'

// Intl puts a narrow no-break space between groups and before ₽.
const plain = (s: string) => s.replace(/\s/g, ' ')

describe('catalogue formatting', () => {
  it('formats kopecks as roubles, and null as a price on request', () => {
    expect(plain(formatPrice(125_000_000))).toBe('1 250 000 ₽')
    expect(plain(formatPrice(199_950))).toBe('1 999,50 ₽')
    expect(formatPrice(null)).toBe('Цена по запросу')
  })

  it('uses Russian plurals', () => {
    expect(formatCount(1, PRODUCT_FORMS)).toBe('1 товар')
    expect(formatCount(3, PRODUCT_FORMS)).toBe('3 товара')
    expect(formatCount(11, PRODUCT_FORMS)).toBe('11 товаров')
    expect(plain(formatCount(1021, PRODUCT_FORMS))).toBe('1 021 товар')
  })

  it('formats characteristics with units and labels', () => {
    expect(formatSpec('flight_time', 42)).toBe('42 мин')
    expect(formatSpec('max_takeoff_weight', 1.05)).toBe('1,05 кг')
    expect(formatSpec('rtk', true)).toBe('Да')
    expect(formatSpec('navigation', ['gps', 'glonass', 'rtk'])).toBe('GPS, ГЛОНАСС, RTK')
    expect(formatSpec('type', 'vtol')).toBe('VTOL (гибрид)')
  })
})
