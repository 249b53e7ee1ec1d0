import { describe, expect, it } from 'vitest'
import { formatHectares } from './hectares.ts'

describe('formatHectares', () => {
  it('formats hectares the Russian way with fewer decimals as the area grows', () => {
    expect(formatHectares(12.5)).toBe('12,5 га')
    expect(formatHectares(3.14159)).toBe('3,14 га')
    expect(formatHectares(0.004)).toBe('менее 0,01 га')
    expect(formatHectares(1234567.8)).toBe('1\u00a0234\u00a0568 га')
  })
})
