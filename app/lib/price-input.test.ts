import { describe, expect, it } from 'vitest'
import { kopecksToRubles, rublesToKopecks } from './price-input.ts'

describe('a price field', () => {
  it('reads prices in roubles as people type them', () => {
    expect(rublesToKopecks('125 000,50 ₽')).toBe(12_500_050)
    expect(rublesToKopecks('')).toBeNull()
    expect(rublesToKopecks('abc')).toBeNaN()
  })

  it('shows kopecks as the field takes them back', () => {
    expect(kopecksToRubles(12_500_050)).toBe('125000,5')
    expect(kopecksToRubles(null)).toBe('')
    expect(rublesToKopecks(kopecksToRubles(12_500_050))).toBe(12_500_050)
  })
})
