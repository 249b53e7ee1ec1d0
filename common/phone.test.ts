import { describe, expect, it } from 'vitest'
import { applyMask } from './masks.ts'
import { formatPhone, PHONE_MASK } from './phone.ts'

describe('formatPhone', () => {
  it('writes a complete number as the phone mask does, from any usual notation', () => {
    for (const raw of ['+79161234567', '89161234567', '9161234567', '+7 (916) 123-45-67', '8 916 123 45 67'])
      expect(formatPhone(raw), raw).toBe(applyMask(PHONE_MASK, raw))
    expect(formatPhone('+79161234567')).toBe('+7 (916) 123-45-67')
  })

  it('leaves what is not a complete Russian number as it is', () => {
    expect(formatPhone('+7 916')).toBe('+7 916')
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(formatPhone('')).toBe('')
  })
})
