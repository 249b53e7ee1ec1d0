// Text as people type it, checked the same way in the browser, in page actions and in the API.
// Control characters (C0, DEL, C1) and halves of UTF-16 surrogate pairs never come from a
// keyboard; PostgreSQL refuses NUL in any text and an unpaired surrogate in jsonb, so such text
// is a 400 with a field message rather than a 500 from the database later.
//
// The checks alone, without zod: the public pages (the catalogue's query parser) use them, and
// zod would cost their first load some 27 kB of gzip. text.ts builds the schemas on them.

export const TEXT_MESSAGES = {
  invalidCharacters: 'Текст содержит недопустимые символы',
} as const

const SINGLE_LINE_INVALID = /[\p{Cc}\p{Cs}]/u
/** The same, except line feeds and tabs. */
const MULTI_LINE_INVALID = /(?![\n\t])\p{Cc}|\p{Cs}/u
const MULTI_LINE_INVALID_ALL = new RegExp(MULTI_LINE_INVALID.source, 'gu')

/** Whether the text fits a one-line field: no control characters at all, no lone surrogates. */
export function isSingleLineText(value: string): boolean {
  return !SINGLE_LINE_INVALID.test(value)
}

/** Whether the text fits a multi-line field: line feeds and tabs are the only control characters. */
export function isMultiLineText(value: string): boolean {
  return !MULTI_LINE_INVALID.test(value)
}

/** CRLF (what browsers send from a textarea) and lone CR become LF. */
export function normalizeNewlines(value: string): string {
  return value.replace(/\r\n?/g, '\n')
}

/**
 * The text with every character a multi-line field refuses replaced by U+FFFD, for the few
 * places that must store whatever arrived (the audit log) instead of refusing it.
 */
export function replaceInvalidCharacters(value: string): string {
  return value.replace(MULTI_LINE_INVALID_ALL, '\uFFFD')
}
