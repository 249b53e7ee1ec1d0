import { describe, expect, it } from 'vitest'
import { addDays, endOfMoscowDay, moscowToday } from './moscow-days.ts'

describe('Moscow days', () => {
  it('turns at 21:00 UTC', () => {
    expect(moscowToday(new Date('2026-11-27T20:59:59Z'))).toBe('2026-11-27')
    expect(moscowToday(new Date('2026-11-27T21:00:00Z'))).toBe('2026-11-28')
    expect(endOfMoscowDay('2026-11-27').toISOString()).toBe('2026-11-27T21:00:05.000Z')
    expect(moscowToday(endOfMoscowDay('2026-11-27'))).toBe('2026-11-28')
  })

  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
  })
})
