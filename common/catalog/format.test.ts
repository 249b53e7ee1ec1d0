import { describe, expect, it } from 'vitest'
import { formatLeadTime, formatOffer, formatPrice, formatSpec } from './format.ts'

// Intl puts a narrow no-break space between groups and before ₽.
const plain = (s: string) => s.replace(/\s/g, ' ')

describe('catalogue formatting', () => {
  it('formats kopecks as roubles, and null as a price on request', () => {
    expect(plain(formatPrice(125_000_000))).toBe('1 250 000 ₽')
    expect(plain(formatPrice(199_950))).toBe('1 999,50 ₽')
    expect(formatPrice(null)).toBe('Цена по запросу')
  })

  it('names the seller and the price of an offer, as cards do', () => {
    expect(plain(formatOffer({ vendorName: 'ООО «Геодрон»', priceKopecks: 45_000_000 }))).toBe(
      'ООО «Геодрон», 450 000 ₽',
    )
    expect(formatOffer({ vendorName: 'ООО «Аэроскан»', priceKopecks: null })).toBe('ООО «Аэроскан», Цена по запросу')
    expect(plain(formatOffer({ vendorName: '', priceKopecks: 199_950 }))).toBe('1 999,50 ₽')
  })

  it('writes the lead time with its plural, and nothing without one', () => {
    expect(formatLeadTime(1)).toBe('срок поставки 1 день')
    expect(formatLeadTime(14)).toBe('срок поставки 14 дней')
    expect(formatLeadTime(null)).toBe('')
  })

  it('formats characteristics with units and labels', () => {
    expect(formatSpec('flight_time', 42)).toBe('42 мин')
    expect(formatSpec('max_takeoff_weight', 1.05)).toBe('1,05 кг')
    expect(formatSpec('rtk', true)).toBe('Да')
    expect(formatSpec('navigation', ['gps', 'glonass', 'rtk'])).toBe('GPS, ГЛОНАСС, RTK')
    expect(formatSpec('type', 'vtol')).toBe('VTOL (гибрид)')
  })
})
