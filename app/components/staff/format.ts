/**
 * Dates of the staff pages in Moscow time: the same string on the server and in the browser
 * (no hydration mismatch), and the time zone the platform's staff work in.
 */
const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
})

export function formatDateTime(value: Date | string): string {
  return dateTime.format(typeof value === 'string' ? new Date(value) : value)
}

const count = new Intl.NumberFormat('ru-RU')
export const formatCount = (n: number) => count.format(n)
