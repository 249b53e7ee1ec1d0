import { describe, expect, it } from 'vitest'
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDateTimeNumeric,
  formatLocalDateTime,
  formatTime,
  formatMoney,
  formatNumber,
  formatWaiting,
  pluralize,
} from './format.ts'

// Intl puts a narrow no-break space between groups and before ₽.
const plain = (s: string) => s.replace(/\s/g, ' ')

// 14:05 in Moscow (UTC+3), and the first minutes of a day there that are still the day before in UTC.
const AFTERNOON = '2026-11-01T11:05:00.000Z'
const MOSCOW_MIDNIGHT = '2026-12-31T21:30:00.000Z'

describe('dates', () => {
  it('writes a date in words, on Moscow time', () => {
    expect(formatDate(AFTERNOON)).toBe('1 ноября 2026 г.')
    expect(formatDate(new Date(MOSCOW_MIDNIGHT))).toBe('1 января 2027 г.')
  })

  it('keeps a calendar date (a document’s edition) on its day', () => {
    expect(formatDate('2026-11-01')).toBe('1 ноября 2026 г.')
  })

  it('writes a date-time for running text', () => {
    expect(formatDateTime(AFTERNOON)).toBe('1 нояб. 2026 г., 14:05')
    expect(formatDateTime(new Date(MOSCOW_MIDNIGHT))).toBe('1 янв. 2027 г., 00:30')
  })

  it('writes a date-time in digits for tables', () => {
    expect(formatDateTimeNumeric(AFTERNOON)).toBe('01.11.2026, 14:05')
    expect(formatDateTimeNumeric(new Date(MOSCOW_MIDNIGHT))).toBe('01.01.2027, 00:30')
  })

  it('writes a date-time in the zone the code runs in, in the same words', () => {
    const local = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' })
    expect(formatLocalDateTime(AFTERNOON)).toBe(local.format(new Date(AFTERNOON)))
  })
})

describe('dates written out as Intl writes them in Moscow', () => {
  const intl = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('ru-RU', { ...options, timeZone: 'Europe/Moscow' })
  const formats: [string, (value: Date) => string, Intl.DateTimeFormat][] = [
    ['formatDate', formatDate, intl({ day: 'numeric', month: 'long', year: 'numeric' })],
    ['formatDateTime', formatDateTime, intl({ dateStyle: 'medium', timeStyle: 'short' })],
    ['formatTime', formatTime, intl({ hour: '2-digit', minute: '2-digit' })],
    [
      'formatDateTimeNumeric',
      formatDateTimeNumeric,
      intl({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
    ],
  ]

  it('from 2015 to 2045, every month, day and hour', () => {
    // Steps of 7 h 13 min walk through every hour and minute band and every day of the month.
    const step = (7 * 60 + 13) * 60 * 1000
    for (let t = Date.UTC(2015, 0, 1); t < Date.UTC(2045, 0, 1); t += step) {
      const date = new Date(t)
      for (const [name, format, reference] of formats)
        expect(format(date), `${name} ${date.toISOString()}`).toBe(reference.format(date))
    }
  })

  it('before 2015, when Moscow was not yet UTC+3 the year round, through Intl', () => {
    const summer2014 = new Date('2014-06-30T20:30:00Z') // 00:30 on 1 July at UTC+4
    expect(formatDate(summer2014)).toBe('1 июля 2014 г.')
    expect(formatTime(summer2014)).toBe('00:30')
  })

  it('refuses what is not a date, as Intl does', () => {
    expect(() => formatDate('не дата')).toThrow(RangeError)
  })
})

describe('waiting times', () => {
  it('counts hours on the first day and whole days after', () => {
    const since = '2026-11-01T10:00:00.000Z'
    expect(formatWaiting(since, '2026-11-01T10:59:00.000Z')).toBe('меньше часа')
    expect(formatWaiting(since, '2026-11-01T11:00:00.000Z')).toBe('1 час')
    expect(formatWaiting(since, '2026-11-01T15:30:00.000Z')).toBe('5 часов')
    expect(formatWaiting(since, '2026-11-02T09:59:00.000Z')).toBe('23 часа')
    expect(formatWaiting(since, '2026-11-02T10:00:00.000Z')).toBe('1 день')
    expect(formatWaiting(since, '2026-11-04T20:00:00.000Z')).toBe('3 дня')
    expect(formatWaiting(since, new Date('2026-11-22T10:00:00.000Z'))).toBe('21 день')
  })
})

describe('numbers, money and counts', () => {
  it('are the shared ones of common/format.ts', () => {
    expect(plain(formatNumber(1021))).toBe('1 021')
    expect(plain(formatMoney(199_950))).toBe('1 999,50 ₽')
    expect(pluralize(2, ['продавец', 'продавца', 'продавцов'])).toBe('продавца')
    expect(formatCount(5, ['продавец', 'продавца', 'продавцов'])).toBe('5 продавцов')
  })
})
