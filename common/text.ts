import { isMultiLineText, isSingleLineText, normalizeNewlines, TEXT_MESSAGES } from './text-rules.ts'
import { z } from './zod.ts'

// The schemas of text fields, on the checks of text-rules.ts (kept apart so that code without
// zod can use them).
export {
  isMultiLineText,
  isSingleLineText,
  normalizeNewlines,
  replaceInvalidCharacters,
  TEXT_MESSAGES,
} from './text-rules.ts'

type StringParams = Parameters<typeof z.string>[0]

/**
 * A one-line field (a name, an address, a search query): trimmed, refusing every control
 * character. `params` are those of `z.string()`, for the message when the value is not a string.
 * Chain `.min()`, `.max()` and the like after it.
 */
export function singleLineText(params?: StringParams) {
  return z.string(params).trim().refine(isSingleLineText, { error: TEXT_MESSAGES.invalidCharacters })
}

/** A multi-line field (a message, a comment, a description): line breaks as LF, trimmed. */
export function multiLineText(params?: StringParams) {
  return z
    .string(params)
    .overwrite(normalizeNewlines)
    .trim()
    .refine(isMultiLineText, { error: TEXT_MESSAGES.invalidCharacters })
}
