import { formatNumber } from './format.ts'
import { TAGS_UP_TO } from '#common/counted-words.ts'
import { formatCount } from '#common/format.ts'

/**
 * How much markup formatted text may carry, checked before any parser sees it. An HTML parser
 * and the sanitizer behind it cost more than linear time in the nesting depth (25 000 unclosed
 * `<b>` took seconds), so depth and the number of tags are counted first, by one pass over the
 * text, and a description over the limit is refused with a message that names it.
 */
export interface MarkupLimits {
  /** Tags open inside one another. */
  depth: number
  /** Tags in all. */
  elements: number
}

/** Product descriptions and service offers: room for a long specification with lists. */
export const RICH_TEXT_MARKUP: MarkupLimits = { depth: 32, elements: 5_000 }
/** Media articles: tables and figures need more tags. */
export const ARTICLE_MARKUP: MarkupLimits = { depth: 32, elements: 20_000 }

export const MARKUP_MESSAGES = {
  tooDeep: (depth: number) =>
    `Слишком глубокая вложенность разметки: не больше ${formatCount(depth, TAGS_UP_TO)} друг в друге`,
  tooManyTags: (elements: number) => `Слишком много разметки: не больше ${formatNumber(elements)} тегов в тексте`,
}

/**
 * Tags that never nest by themselves: void elements, and those whose end tag may be left out
 * (the parser closes an open `<p>` or `<li>` at the next one). Counting them as open would call
 * an ordinary list of unclosed items deep.
 */
const NOT_NESTING = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'option',
  'optgroup',
  'colgroup',
  'caption',
  'rt',
  'rp',
])

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/g

/**
 * What is wrong with the markup's size, or null. One linear pass; an unclosed tag counts as
 * open to the end, which is where a parser keeps it too.
 */
export function markupProblem(html: string, limits: MarkupLimits): string | null {
  let depth = 0
  let elements = 0
  TAG.lastIndex = 0
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    const nests = !NOT_NESTING.has(m[2]!.toLowerCase())
    if (m[1]) {
      if (nests && depth > 0) depth--
      continue
    }
    if (++elements > limits.elements) return MARKUP_MESSAGES.tooManyTags(limits.elements)
    if (nests && ++depth > limits.depth) return MARKUP_MESSAGES.tooDeep(limits.depth)
  }
  return null
}
