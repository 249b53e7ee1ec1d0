import { describe, expect, it } from 'vitest'
import { CALENDAR_DATE_MESSAGES, calendarDate, calendarDateTime, isCalendarDate } from './calendar-date.ts'

describe('calendarDate', () => {
  it('takes days that exist, leap days of leap years included', () => {
    for (const day of ['2027-01-31', '2028-02-29', '2000-02-29', '2027-12-31', ' 2027-04-30 '])
      expect(calendarDate().safeParse(day), day).toMatchObject({ success: true, data: day.trim() })
  })

  it('refuses days that do not exist, with a message that says so', () => {
    for (const day of [
      '2027-02-30',
      '2027-04-31',
      '2027-02-29',
      '2100-02-29',
      '2027-13-01',
      '2027-00-10',
      '2027-01-00',
    ]) {
      expect(isCalendarDate(day), day).toBe(false)
      const result = calendarDate().safeParse(day)
      expect(result.success, day).toBe(false)
      expect(result.error?.issues.map((i) => i.message)).toEqual([CALENDAR_DATE_MESSAGES.noSuchDay])
    }
  })

  it('refuses other shapes and implausible years', () => {
    for (const value of ['2027-2-3', '27-02-03', '2027-02-03T00:00:00Z', '', 20270203, null])
      expect(calendarDate('Укажите дату').safeParse(value).error?.issues[0]?.message, String(value)).toBe(
        'Укажите дату',
      )
    expect(calendarDate().safeParse('1999-12-31').error?.issues[0]?.message).toBe(CALENDAR_DATE_MESSAGES.year)
    expect(calendarDate().safeParse('2101-01-01').error?.issues[0]?.message).toBe(CALENDAR_DATE_MESSAGES.year)
  })
})

describe('calendarDateTime', () => {
  it('takes a moment with its offset and gives a Date', () => {
    expect(calendarDateTime('Укажите время').parse('2027-03-01T09:00:00.000Z')).toEqual(
      new Date('2027-03-01T09:00:00Z'),
    )
    expect(calendarDateTime('Укажите время').parse('2027-03-01T12:00:00+03:00')).toEqual(
      new Date('2027-03-01T09:00:00Z'),
    )
  })

  it('refuses days that do not exist and other shapes', () => {
    expect(calendarDateTime('Укажите время').safeParse('2027-02-30T09:00:00Z').success).toBe(false)
    for (const value of ['завтра', '2027-03-01', 1_800_000_000_000, '+275760-09-13T00:00:00Z'])
      expect(calendarDateTime('Укажите время').safeParse(value).success, String(value)).toBe(false)
  })
})
