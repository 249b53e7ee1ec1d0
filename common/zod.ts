import { z } from 'zod'

// Validation messages in Russian for every schema, on the server and in the browser alike.
z.config(z.locales.ru())

// In the browser zod parses without compiling parsers through `new Function`: the page's
// Content-Security-Policy allows no eval, and zod's probe for it was reported as a violation on
// every page that validates a form. The server keeps the compiled (faster) parsers.
if (typeof window !== 'undefined') z.config({ jitless: true })

export { z }

const DIGITS = /^-?\d{1,15}$/

/**
 * A whole number as JSON sends it, or as a query string or a form field does: digits only, so
 * `"0x10"`, `"1e3"`, `" 3 "` and `true` are refused (`z.coerce.number()` read them as 16, 1000, 3
 * and 1), and so is an empty string (leave an empty field out). Wrap a `z.number()` chain with its
 * own messages and limits; `.default()` and `.optional()` go outside.
 */
export function fromDigits<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value), schema)
}
