import { Piscina } from 'piscina'
import { ARTICLE_MARKUP, markupProblem, type MarkupLimits, RICH_TEXT_MARKUP } from '#common/markup-limits.ts'
import { AppError } from '../errors.ts'
import { sanitizeArticleHtml, sanitizeRichText } from './sanitize.ts'

/**
 * Formatted text cleaned for storing, off the event loop when it is long. The sanitizer is
 * synchronous and costs about a millisecond per kilobyte of dense markup (a 77 KB description of
 * 5 000 tags takes 50–120 ms, a long article a quarter of a second): run on the main thread, it
 * would hold every other request of the process that long. Short texts are cleaned in place,
 * cheaper than a message to a thread.
 *
 * Texts are cleaned once, when written; pages serve the stored result as it is.
 */

export interface CleanTask {
  profile: 'rich-text' | 'article'
  html: string
}

/** Texts up to this many characters are cleaned on the calling thread (a few milliseconds). */
export const CLEAN_IN_PLACE_CHARS = 8 * 1024

const PROFILES = {
  'rich-text': { limits: RICH_TEXT_MARKUP, sanitize: sanitizeRichText },
  article: { limits: ARTICLE_MARKUP, sanitize: sanitizeArticleHtml },
} satisfies Record<CleanTask['profile'], { limits: MarkupLimits; sanitize: (html: string) => string }>

let pool: Piscina<CleanTask, string> | undefined

function cleaningPool(): Piscina<CleanTask, string> {
  pool ??= new Piscina({
    filename: new URL('./clean.thread.ts', import.meta.url).href,
    // Idle threads end and do not keep the process alive; two are enough for this machine's cores.
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 128 },
  })
  return pool
}

async function clean(profile: CleanTask['profile'], html: string, field: string): Promise<string> {
  const { limits, sanitize } = PROFILES[profile]
  // The limits are checked here, in one linear pass, so that no thread ever parses a hostile text.
  const problem = markupProblem(html, limits)
  if (problem) throw new AppError('invalid', problem, { [field]: problem })
  if (html.length <= CLEAN_IN_PLACE_CHARS) return sanitize(html)
  return cleaningPool().run({ profile, html })
}

/** A product description or a service offer's, as it is stored. */
export const cleanRichText = (html: string, field = 'description') => clean('rich-text', html, field)

/** A media article's body, as it is stored. */
export const cleanArticleHtml = (html: string, field = 'bodyHtml') => clean('article', html, field)

/** Ends the cleaning threads (at shutdown; idle ones end by themselves). */
export async function closeCleaningThreads(): Promise<void> {
  const current = pool
  pool = undefined
  await current?.destroy()
}
