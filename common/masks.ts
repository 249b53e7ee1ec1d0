import IMask, { type Definitions } from 'imask'

/**
 * Input masks for digit, letter and alphanumeric patterns (spec section 5), shared by the
 * `MaskedInput` component and by code that formats or cleans values outside an input.
 *
 * Placeholders in a mask string:
 *   `0` — one digit 0–9;
 *   `a` — one letter, Latin or Cyrillic (Latin `a`, not Cyrillic `а`: Russian literal text such
 *         as 'кв.' must stay literal, and a Cyrillic placeholder would look identical to it);
 *   `*` — one digit or letter (imask's default `*` takes any character; we narrow it).
 * Any other character is literal and is inserted by the mask itself. Wrap a placeholder
 * character in backslashes to use it literally, e.g. '\\0'.
 */
const LETTER = /[A-Za-zА-Яа-яЁё]/
export const MASK_DEFINITIONS = {
  '0': /[0-9]/,
  a: LETTER,
  '*': /[0-9A-Za-zА-Яа-яЁё]/,
} satisfies Definitions

export const PHONE_MASK = '+7 (000) 000-00-00'
/** ИНН of a legal entity: 10 digits. */
export const INN_LEGAL_MASK = '0000000000'
/** ИНН of a person or sole trader: 12 digits. */
export const INN_PERSON_MASK = '000000000000'
export const KPP_MASK = '000000000'
export const OGRN_MASK = '0000000000000'
export const OGRNIP_MASK = '000000000000000'
export const BIK_MASK = '000000000'
/** Settlement or correspondent account: 20 digits. */
export const ACCOUNT_MASK = '00000000000000000000'

/** The national digits of a Russian number typed as +7…, 8… or without a prefix. */
function nationalDigits(value: string): string {
  // An explicit '+7' is the country code even in a half-typed number such as '+7 (916'.
  const international = /^\s*\+\s*7(.*)$/.exec(value)
  if (international) return (international[1] ?? '').replace(/\D/g, '')
  const digits = value.replace(/\D/g, '')
  return digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : digits
}

/**
 * Formats raw or partly formatted input; characters the mask does not accept are dropped.
 * The phone mask gets its digits only: its literal '7' would otherwise swallow a leading 7,
 * and a leading 8 (the trunk prefix) would become the first digit of the area code.
 */
function fill(mask: string, raw: string) {
  const masked = IMask.createMask({ mask, definitions: MASK_DEFINITIONS })
  if (mask === PHONE_MASK) masked.unmaskedValue = nationalDigits(raw)
  else masked.resolve(raw)
  return masked
}

export function applyMask(mask: string, raw: string): string {
  return fill(mask, raw).value
}

/** The accepted characters without the mask's literals: '+7 (916) 123-45-67' → '9161234567'. */
export function unmask(mask: string, value: string): string {
  return fill(mask, value).unmaskedValue
}

/** '+7XXXXXXXXXX' for a complete Russian phone number in any usual notation, else null. */
export function normalizePhone(value: string): string | null {
  // Only digits and the usual separators; a '+' must start the country code 7.
  if (!/^\s*(\+\s*7)?[\d\s()-]+$/.test(value)) return null
  const national = nationalDigits(value)
  return national.length === 10 ? `+7${national}` : null
}
