import sanitizeHtml from 'sanitize-html'

/**
 * The one sanitizer for formatted text (product descriptions; service offers and articles
 * later). Whatever arrives, from the editor, an import file or the API, is stored as the output
 * of `sanitizeRichText`, so pages can render it as HTML without a second look.
 */

/** The longest formatted text we keep, counted in characters of its plain text. */
export const RICH_TEXT_MAX_LENGTH = 20_000

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote']
const LINK_SCHEME = /^(https?:\/\/|mailto:)/i

/** Tags whose content goes with them: code, styles, embedded documents, form widgets. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'head',
  'xmp',
]

// Control characters other than tab and line feed, and halves of surrogate pairs: PostgreSQL
// refuses NUL, and none of them means anything in a description.
const INVALID_CHARACTERS = /\r\n?|(?![\n\t])\p{Cc}|\p{Cs}/gu

function removeControlCharacters(text: string): string {
  return text.replace(INVALID_CHARACTERS, (ch) => (ch[0] === '\r' ? '\n' : ''))
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  nonTextTags: DROPPED_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that is not absolute http(s) or mailto (javascript:, data:, relative, empty) loses
    // its tag and keeps its text; a kept one opens apart and passes no ranking to the target.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim()
      if (!LINK_SCHEME.test(href)) return { tagName: 'span', attribs: {} }
      return { tagName, attribs: { href, rel: 'nofollow noopener', target: '_blank' } }
    },
  },
}

/** Formatted text reduced to the allowlist; idempotent: sanitizing the output changes nothing. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(removeControlCharacters(html), OPTIONS).trim()
}

const BLOCK_END = /<\/(p|li|h3|h4|blockquote|ul|ol)>|<br\s*\/?>/gi
const ANY_TAG = /<[^>]*>/g
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' }

/**
 * The text of formatted text, for search, plain-text feeds and length limits: block ends and
 * line breaks become line feeds, runs of spaces one space. Works on the sanitized form, whose
 * markup and entities (only &amp; &lt; &gt; &quot;) are known.
 */
export function richTextToPlain(html: string): string {
  return sanitizeRichText(html)
    .replace(BLOCK_END, '\n')
    .replace(ANY_TAG, '')
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ENTITIES[entity]!)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim()
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * Plain text as formatted text: paragraphs at blank lines, line breaks inside them; for files
 * and fields that bring a description without markup.
 */
export function plainToRichText(text: string): string {
  const paragraphs = removeControlCharacters(text)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  return sanitizeRichText(paragraphs.map((p) => `<p>${escapeText(p).replace(/\n/g, '<br />')}</p>`).join(''))
}

const LOOKS_LIKE_HTML = /<\/?[a-z][a-z0-9]*[\s/>]/i

/** Text that may or may not be HTML (an import file's description) as sanitized formatted text. */
export function toRichText(text: string): string {
  return LOOKS_LIKE_HTML.test(text) ? sanitizeRichText(text) : plainToRichText(text)
}
