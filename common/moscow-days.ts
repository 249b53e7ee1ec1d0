/**
 * The platform's days are Moscow days (UTC+3 all year since 26 October 2014): the dates of
 * service work and their deadlines, and the daily runs of background jobs. Dates are ISO strings.
 */

/** Made once: building a formatter costs far more than formatting with it. */
const MOSCOW_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Today in Moscow, as an ISO date. */
export function moscowToday(now: Date = new Date()): string {
  return MOSCOW_DATE.format(now)
}

/** An ISO date `days` after `isoDate` (before it for a negative number). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The first moment after this Moscow date (with five seconds to spare): a job's run for that day. */
export const endOfMoscowDay = (isoDate: string) => new Date(new Date(`${isoDate}T21:00:00Z`).getTime() + 5_000)

/** The first moment of this Moscow date (00:00 in Moscow is 21:00 UTC the day before). */
export const startOfMoscowDay = (isoDate: string) => new Date(`${addDays(isoDate, -1)}T21:00:00Z`)
