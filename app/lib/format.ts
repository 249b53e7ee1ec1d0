/**
 * How the pages write dates, numbers, money and counts: one module.
 * Numbers, money and plurals come from `common/format.ts` (the server writes prices and spec values
 * with the same functions); the dates are here.
 *
 * Dates are in Moscow time, the platform's: the server cannot know the reader's zone, and the same
 * zone on both sides lets the server's HTML hydrate unchanged. `formatLocalDateTime` is for what
 * renders only in the browser.
 *
 * Like numbers (see `common/format.ts` for why), the dates the pages render are written out rather
 * than by `Intl.DateTimeFormat`, whose first use costs a phone 150–250 ms during hydration. Moscow
 * has kept UTC+3 all year since 26 October 2014, so its calendar is UTC shifted by three hours;
 * earlier moments, and anything not a valid date, still go to `Intl` (the tests hold both to the
 * same output).
 */
import { formatCount, GENITIVE_MONTHS, onFirstUse } from '#common/format.ts'

export { formatCount, formatMoney, formatNumber, type PluralForms, pluralize } from '#common/format.ts'

const TIME_ZONE = 'Europe/Moscow'
/** Since this moment (2015 onwards, to stay clear of the 2014 change) Moscow is UTC+3 the year round. */
const FIXED_OFFSET_SINCE = Date.UTC(2015, 0, 1)
const FIXED_OFFSET_UNTIL = Date.UTC(10_000, 0, 1)
const MOSCOW_OFFSET = 3 * 60 * 60 * 1000

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

/** «нояб.»: the month in the medium date style. */
const MONTHS_SHORT = ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.']

const toDate = (value: DateInput) => (typeof value === 'string' ? new Date(value) : value)
const twoDigits = (n: number) => String(n).padStart(2, '0')

interface MoscowTime {
  year: number
  month: number // 0–11
  day: number
  hh: string
  mm: string
}

/** The moment's Moscow calendar date and clock time, or null where it is left to `Intl`. */
function moscowTime(date: Date): MoscowTime | null {
  const time = date.getTime()
  if (!(time >= FIXED_OFFSET_SINCE && time < FIXED_OFFSET_UNTIL)) return null
  const moscow = new Date(time + MOSCOW_OFFSET)
  return {
    year: moscow.getUTCFullYear(),
    month: moscow.getUTCMonth(),
    day: moscow.getUTCDate(),
    hh: twoDigits(moscow.getUTCHours()),
    mm: twoDigits(moscow.getUTCMinutes()),
  }
}

/** Writes a date with `write` when it is in Moscow's fixed-offset years, otherwise with the `Intl` format. */
function dateWriter(write: (t: MoscowTime) => string, intl: () => Intl.DateTimeFormat) {
  return (value: DateInput) => {
    const date = toDate(value)
    const t = moscowTime(date)
    return t ? write(t) : intl().format(date)
  }
}

/** «1 ноября 2026 г.» */
export const formatDate = dateWriter((t) => `${t.day} ${GENITIVE_MONTHS[t.month]} ${t.year} г.`, DATE)

/** «1 нояб. 2026 г., 14:05»: in running text (the company page, the account's sessions). */
export const formatDateTime = dateWriter(
  (t) => `${t.day} ${MONTHS_SHORT[t.month]} ${t.year} г., ${t.hh}:${t.mm}`,
  DATE_TIME,
)

/** «14:05»: when today is understood (a form's «сохранено в 14:05»). */
export const formatTime = dateWriter((t) => `${t.hh}:${t.mm}`, TIME)

/** «01.11.2026, 14:05»: in tables and lists of many rows (the staff pages), where digits line up. */
export const formatDateTimeNumeric = dateWriter(
  (t) => `${twoDigits(t.day)}.${twoDigits(t.month + 1)}.${t.year}, ${t.hh}:${t.mm}`,
  DATE_TIME_NUMERIC,
)

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
