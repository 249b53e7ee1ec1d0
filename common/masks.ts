import IMask, { type Definitions } from 'imask'
import { nationalDigits, PHONE_MASK } from './phone.ts'

export { formatPhone, normalizePhone, PHONE_MASK } from './phone.ts'

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

/**
 * What an input's mask does with a chunk of text before it takes it (imask's `prepare`). A phone
 * number put whole into an empty field, pasted or filled in by the browser («8 (916) 123-45-67»,
 * «+79161234567»), is read for its national digits as `applyMask` reads it: the mask would take a
 * leading 8 for the first digit of the area code. Characters typed one by one pass as they are,
 * since area codes such as 812 begin with an 8 too.
 */
export function prepareChunk(mask: string): ((chunk: string, masked: { unmaskedValue: string }) => string) | undefined {
  if (mask !== PHONE_MASK) return undefined
  return (chunk, masked) => (masked.unmaskedValue === '' && chunk.length > 1 ? nationalDigits(chunk) : chunk)
}
