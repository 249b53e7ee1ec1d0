import { describe, expect, it } from 'vitest'
import { formatDateInWords, formatDateShort, formatKopecks, formatQuantity, formatTaxIds } from './format.ts'

const plain = (text: string) => text.replace(/\u00a0/g, ' ')

describe('document formats', () => {
  it('writes kopecks as roubles with groups and two decimals', () => {
    expect(plain(formatKopecks(12_000_000))).toBe('120 000,00')
    expect(plain(formatKopecks(2_163_934))).toBe('21 639,34')
    expect(formatKopecks(5)).toBe('0,05')
    expect(formatKopecks(-150)).toBe('-1,50')
    expect(plain(formatKopecks(123_456_789_00))).toBe('123 456 789,00')
  })

  it('keeps the groups of a number together with no-break spaces', () => {
    expect(formatKopecks(12_000_000)).toBe('120\u00a0000,00')
  })

  it('refuses a sum that is not whole kopecks', () => {
    expect(() => formatKopecks(10.5)).toThrow(RangeError)
  })

  it('writes quantities with a decimal comma', () => {
    expect(formatQuantity(2)).toBe('2')
    expect(formatQuantity(2.5)).toBe('2,5')
    expect(plain(formatQuantity(1500))).toBe('1 500')
  })

  it('dates a document by the calendar in Moscow, the month in the genitive', () => {
    expect(plain(formatDateInWords(new Date('2026-11-25T09:00:00Z')))).toBe('25 ноября 2026 г.')
    // 22:30 UTC on 30 November is already 1 December in Moscow.
    expect(plain(formatDateInWords(new Date('2026-11-30T22:30:00Z')))).toBe('1 декабря 2026 г.')
    expect(formatDateShort(new Date('2026-03-08T12:00:00Z'))).toBe('08.03.2026')
  })

  it('leaves the КПП out for a sole trader', () => {
    expect(plain(formatTaxIds({ inn: '7701234567', kpp: '770101001' }))).toBe('ИНН 7701234567, КПП 770101001')
    expect(plain(formatTaxIds({ inn: '771234567890', kpp: null }))).toBe('ИНН 771234567890')
  })
})
