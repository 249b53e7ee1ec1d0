import type { VatRate } from '#common/catalog/vat.ts'
import { GENITIVE_MONTHS, groupDigits } from '#common/format.ts'

/**
 * How numbers and dates look on printed documents, the way accounting software prints them:
 * «120 000,00» (no currency sign; the column header or the sentence says «руб.») and
 * «25 ноября 2026 г.». Spaces inside a number are no-break spaces, so a cell never wraps one.
 */

/** Keeps a label with its number on one line: «ИНН 7701234567». */
export const NBSP = '\u00a0'

/** Documents are dated by the calendar in Moscow, wherever the server runs. */
const MOSCOW_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
})

/** Integer kopecks as «120 000,00». */
export function formatKopecks(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks)) throw new RangeError(`Сумма в копейках не целая: ${kopecks}`)
  const sign = kopecks < 0 ? '-' : ''
  const abs = Math.abs(kopecks)
  return `${sign}${groupDigits(String(Math.floor(abs / 100)))},${String(abs % 100).padStart(2, '0')}`
}

/** A quantity as «2», «1 500», «2,5» (up to three decimals, for weights and lengths). */
export function formatQuantity(quantity: number): string {
  const [whole = '0', fraction] = String(Math.round(quantity * 1000) / 1000).split('.')
  return fraction ? `${groupDigits(whole)},${fraction}` : groupDigits(whole)
}

function moscowDay(date: Date): { day: number; month: number; year: number } {
  const parts = Object.fromEntries(MOSCOW_DAY.formatToParts(date).map((part) => [part.type, part.value]))
  return { day: Number(parts.day), month: Number(parts.month), year: Number(parts.year) }
}

/** «25 ноября 2026 г.»: the date in words with the month in the genitive. */
export function formatDateInWords(date: Date): string {
  const { day, month, year } = moscowDay(date)
  return `${day} ${GENITIVE_MONTHS[month - 1]} ${year}${NBSP}г.`
}

/** «25.11.2026». */
export function formatDateShort(date: Date): string {
  const { day, month, year } = moscowDay(date)
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`
}

/** «22%», or «без НДС». */
export function formatVatRate(rate: VatRate): string {
  return rate === 'none' ? 'без НДС' : `${rate}%`
}

/** «ИНН 7701234567, КПП 770101001» (no КПП for a sole trader). */
export function formatTaxIds(party: { inn: string; kpp: string | null }): string {
  return party.kpp ? `ИНН${NBSP}${party.inn}, КПП${NBSP}${party.kpp}` : `ИНН${NBSP}${party.inn}`
}
