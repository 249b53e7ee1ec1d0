import { isMultiLineText, isSingleLineText, normalizeNewlines, TEXT_MESSAGES } from './text-rules.ts'
import { markupProblem, type MarkupLimits } from './markup-limits.ts'
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

/**
 * Formatted text as an editor or a client sends it (the server sanitizes it before storing):
 * at most `maxLength` characters of markup and within `limits` of depth and tags, which are
 * checked in one pass before anything parses it (common/markup-limits.ts).
 */
export function formattedHtml(maxLength: number, limits: MarkupLimits, tooLong: string) {
  return z.string().max(maxLength, tooLong).superRefine(withinMarkupLimits(limits))
}

/** A refinement for any field of formatted text: refuses markup over `limits`, naming the limit. */
export function withinMarkupLimits(limits: MarkupLimits) {
  return (html: string, ctx: z.RefinementCtx) => {
    const problem = markupProblem(html, limits)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }
}
