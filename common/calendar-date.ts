import { z } from './zod.ts'

/**
 * The one schema of a calendar date in the API and the forms: `YYYY-MM-DD`, a day that exists
 * (no 30 February, no 31 April: `Date.parse` rolls those over to the next month, and PostgreSQL
 * refuses them with an error), in a plausible range of years (PostgreSQL has no year 0, and a
 * five-digit year is a typing slip).
 */

export const CALENDAR_DATE_MESSAGES = {
  format: 'Дата — в формате ГГГГ-ММ-ДД',
  noSuchDay: 'Такой даты нет в календаре',
  year: 'Проверьте год: дата должна быть между 2000 и 2100 годом',
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `value` is `YYYY-MM-DD` of a day that exists. */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const inYears = (value: string) => value >= '2000-01-01' && value <= '2100-12-31'

/**
 * A calendar date field; `message` replaces the format message where the form has its own
 * («Укажите дату начала работ»).
 */
export function calendarDate(message: string = CALENDAR_DATE_MESSAGES.format) {
  return z
    .string({ error: message })
    .trim()
    .regex(ISO_DATE, message)
    .refine(isCalendarDate, { error: CALENDAR_DATE_MESSAGES.noSuchDay, abort: true })
    .refine(inYears, CALENDAR_DATE_MESSAGES.year)
}

/**
 * A moment (a scheduled publication): an ISO date and time with its offset, `2027-03-01T09:00:00Z`
 * or `…+03:00`, of a day that exists and a plausible year, as a Date. Code in the process may
 * pass a Date as it is.
 */
export function calendarDateTime(message: string) {
  const text = z
    .string({ error: message })
    .trim()
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .refine((value) => isCalendarDate(value.slice(0, 10)), { error: CALENDAR_DATE_MESSAGES.noSuchDay, abort: true })
    .transform((value) => new Date(value))
  return z
    .union([z.date({ error: message }), text], { error: message })
    .refine((date) => inYears(date.toISOString().slice(0, 10)), CALENDAR_DATE_MESSAGES.year)
}

/** «2026-11-27» → «27.11.2026»: a calendar date as documents, their titles and e-mails write it. */
export function formatIsoDate(isoDate: string): string {
  return isoDate.split('-').reverse().join('.')
}
