/**
 * How the pages write dates, numbers, money and counts: one module, each `Intl` object made once.
 * Numbers, money and plurals come from `common/format.ts` (the server writes prices and spec values
 * with the same objects); the dates are the browser's own.
 *
 * Dates are in Moscow time, the platform's: the server cannot know the reader's zone, and the same
 * zone on both sides lets the server's HTML hydrate unchanged. `formatLocalDateTime` is for what
 * renders only in the browser.
 */
import { formatCount, onFirstUse } from '#common/format.ts'

export { formatCount, formatMoney, formatNumber, type PluralForms, pluralize } from '#common/format.ts'

const TIME_ZONE = 'Europe/Moscow'

type DateInput = Date | string

const DATE = onFirstUse(
  () => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }),
)
const DATE_TIME = onFirstUse(
  () => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }),
)
const DATE_TIME_NUMERIC = onFirstUse(
  () =>
    new Intl.DateTimeFormat('ru-RU', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: TIME_ZONE,
    }),
)
const TIME = onFirstUse(
  () => new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE }),
)
/** Only in the browser: on the server it would take the server's zone, not the reader's. */
const LOCAL_DATE_TIME = onFirstUse(() => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' }))

const toDate = (value: DateInput) => (typeof value === 'string' ? new Date(value) : value)

/** «1 ноября 2026 г.» */
export const formatDate = (value: DateInput) => DATE().format(toDate(value))

/** «1 нояб. 2026 г., 14:05»: in running text (the company page, the account's sessions). */
export const formatDateTime = (value: DateInput) => DATE_TIME().format(toDate(value))

/** «14:05»: when today is understood (a form's «сохранено в 14:05»). */
export const formatTime = (value: DateInput) => TIME().format(toDate(value))

/** «01.11.2026, 14:05»: in tables and lists of many rows (the staff pages), where digits line up. */
export const formatDateTimeNumeric = (value: DateInput) => DATE_TIME_NUMERIC().format(toDate(value))

/** Like `formatDateTime`, in the reader's own time zone; only after hydration (the server has no reader's zone). */
export function formatLocalDateTime(value: DateInput): string {
  return LOCAL_DATE_TIME().format(toDate(value))
}

const HOUR = 60 * 60 * 1000

/**
 * How long something has waited, for queues: «меньше часа», «5 часов», «3 дня». Whole hours
 * for the first day, whole days after; `now` comes from the loader, so the server's HTML and
 * the hydrated page agree.
 */
export function formatWaiting(since: DateInput, now: DateInput): string {
  const hours = Math.floor((toDate(now).getTime() - toDate(since).getTime()) / HOUR)
  if (hours < 1) return 'меньше часа'
  if (hours < 24) return formatCount(hours, ['час', 'часа', 'часов'])
  return formatCount(Math.floor(hours / 24), ['день', 'дня', 'дней'])
}
