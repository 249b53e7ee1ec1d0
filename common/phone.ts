/**
 * Russian phone numbers without the mask library: what a page needs to show or check a number
 * before imask has loaded (masks.ts re-exports all of it).
 */

export const PHONE_MASK = '+7 (000) 000-00-00'

/** The national digits of a Russian number typed as +7…, 8… or without a prefix. */
export function nationalDigits(value: string): string {
  // An explicit '+7' is the country code even in a half-typed number such as '+7 (916'.
  const international = /^\s*\+\s*7(.*)$/.exec(value)
  if (international) return (international[1] ?? '').replace(/\D/g, '')
  const digits = value.replace(/\D/g, '')
  return digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : digits
}

/** '+7XXXXXXXXXX' for a complete Russian phone number in any usual notation, else null. */
export function normalizePhone(value: string): string | null {
  // Only digits and the usual separators; a '+' must start the country code 7.
  if (!/^\s*(\+\s*7)?[\d\s()-]+$/.test(value)) return null
  const national = nationalDigits(value)
  return national.length === 10 ? `+7${national}` : null
}

/** '+7 (916) 123-45-67' for a complete Russian number in any usual notation; anything else as it is. */
export function formatPhone(value: string): string {
  const phone = normalizePhone(value)
  if (!phone) return value
  const d = phone.slice(2)
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`
}
