/**
 * Russian company identifiers checked the way the Federal Tax Service (FNS) computes them.
 * Pure functions for the browser and the server alike; each takes the value as typed and
 * answers whether it is a well-formed number, not whether the company exists.
 */

const INN_10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8]
const INN_11_WEIGHTS = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]
const INN_12_WEIGHTS = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]

function digitsOf(value: string): number[] {
  return [...value].map(Number)
}

/** Σ digit × weight mod 11 mod 10: the FNS control digit of an INN. */
function innControl(digits: number[], weights: number[]): number {
  const sum = weights.reduce((acc, weight, i) => acc + weight * digits[i]!, 0)
  return (sum % 11) % 10
}

/**
 * The remainder of a decimal string, digit by digit: exact for any length, with no detour
 * through floating point or BigInt.
 */
function remainder(digits: string, modulus: number): number {
  let rest = 0
  for (const char of digits) rest = (rest * 10 + Number(char)) % modulus
  return rest
}

/** Region codes start at 01, so an INN never begins with 00. */
function hasRegion(value: string): boolean {
  return !value.startsWith('00')
}

/** A UUID in its usual text form (any case), as ids arrive in URLs and request bodies. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}

/** INN of a legal entity: 10 digits, the last one a control digit. */
export function isValidLegalInn(value: string): boolean {
  if (!/^\d{10}$/.test(value) || !hasRegion(value)) return false
  const digits = digitsOf(value)
  return innControl(digits, INN_10_WEIGHTS) === digits[9]
}

/** INN of a person or an individual entrepreneur: 12 digits, the last two control digits. */
export function isValidPersonInn(value: string): boolean {
  if (!/^\d{12}$/.test(value) || !hasRegion(value)) return false
  const digits = digitsOf(value)
  return innControl(digits, INN_11_WEIGHTS) === digits[10] && innControl(digits, INN_12_WEIGHTS) === digits[11]
}

/** Either kind of INN. */
export function isValidInn(value: string): boolean {
  return isValidLegalInn(value) || isValidPersonInn(value)
}

/**
 * KPP: 4 digits (tax office), 2 digits or capital Latin letters (reason code), 3 digits
 * (sequence). It has no control digit.
 */
export function isValidKpp(value: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(value)
}

/**
 * OGRN of a legal entity: 13 digits starting with 1 or 5 (2, 6–9 mark other register entries);
 * the control digit is the first 12 digits as a number mod 11 mod 10.
 */
export function isValidOgrn(value: string): boolean {
  if (!/^[15]\d{12}$/.test(value)) return false
  return remainder(value.slice(0, 12), 11) % 10 === Number(value[12])
}

/**
 * OGRNIP of an individual entrepreneur: 15 digits starting with 3; the control digit is the
 * first 14 digits as a number mod 13 mod 10.
 */
export function isValidOgrnip(value: string): boolean {
  if (!/^3\d{14}$/.test(value)) return false
  return remainder(value.slice(0, 14), 13) % 10 === Number(value[14])
}

/**
 * A GTIN (EAN-8, UPC-A, EAN-13, GTIN-14): 8, 12, 13 or 14 digits whose last is the GS1 check
 * digit (weights 3 and 1 from the right, before it).
 */
export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return false
  const digits = [...value].map(Number)
  const check = digits.pop()!
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0)
  return (10 - (sum % 10)) % 10 === check
}
