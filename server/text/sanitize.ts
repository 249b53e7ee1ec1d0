import sanitizeHtml from 'sanitize-html'
import { ARTICLE_MARKUP, markupProblem, type MarkupLimits, RICH_TEXT_MARKUP } from '#common/markup-limits.ts'
import type { SanitizedHtml } from '#common/html.ts'
import { slugify } from '#common/slug.ts'
import { AppError } from '../errors.ts'

/**
 * The one sanitizer for formatted text, with two profiles: `sanitizeRichText` for product
 * descriptions and service offers, `sanitizeArticleHtml` for media articles (headings with ids,
 * images of ours, tables, product embeds, site-relative links). Whatever arrives, from the
 * editor, an import file or the API, is stored as the output of one of them, so pages can render
 * it as HTML without a second look.
 */

/**
 * A column that only these sanitizers write (a product's or an offer's description, an article's
 * body), read back for a page: it is what the allowlist let through when it was saved.
 */
export function storedHtml(html: string): SanitizedHtml {
  return html as SanitizedHtml
}

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
      if (!LINK_SCHEME.test(href)) return { tagName, attribs: {} }
      return { tagName, attribs: { href, rel: 'nofollow noopener', target: '_blank' } }
    },
  },
}

/**
 * A refused link is first kept as a bare `<a>` and unwrapped here. (Renaming it to a tag that
 * is then discarded confuses sanitize-html's closing of the next link: `<a href>…</span>`.)
 */
function unwrapBareLinks(html: string): string {
  const bare: boolean[] = []
  return html.replace(/<a( [^>]*)?>|<\/a>/g, (tag, attrs?: string) => {
    if (tag === '</a>') return bare.pop() ? '' : tag
    bare.push(!attrs)
    return attrs ? tag : ''
  })
}

/**
 * The parsers cost more than linear time in nesting depth: text over the markup limits is refused
 * before it reaches them (services check it first, with the field's name; this is the backstop).
 */
function refuseOverLimits(html: string, limits: MarkupLimits): void {
  const problem = markupProblem(html, limits)
  if (problem) throw new AppError('invalid', problem)
}

/**
 * Formatted text reduced to the allowlist; idempotent: sanitizing the output changes nothing.
 * Synchronous: a long text belongs in `cleanRichText` (clean.ts), which runs this off the event loop.
 */
export function sanitizeRichText(html: string): SanitizedHtml {
  refuseOverLimits(html, RICH_TEXT_MARKUP)
  return storedHtml(untilStable(html, (text) => unwrapBareLinks(sanitizeHtml(text, OPTIONS).trim())))
}

/**
 * One pass of the sanitizer, again on its own output until that stops changing (three passes at
 * most): the parser keeps a tag it then drops as a parent, so `<p><A<p>` came out as a `<p>` inside a
 * `<p>`, which the next pass parsed as two paragraphs. Stored text must read back as it was saved.
 */
function untilStable(html: string, pass: (text: string) => string): string {
  // Control characters go before parsing and again after it: an entity such as `&#1;` decodes
  // to one, which the parser writes out as the raw character.
  const clean = (text: string) => removeControlCharacters(pass(text))
  let current = clean(removeControlCharacters(html))
  for (let i = 0; i < 2; i++) {
    const next = clean(current)
    if (next === current) break
    current = next
  }
  return current
}

// ——— The article profile ———

const ANY_TAG = /<[^>]*>/g
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' }

/** Where article pictures may come from: our image service (static art and uploaded photos). */
export const ARTICLE_IMAGE_PREFIX = '/marketplace-frontend-assets/'
const ARTICLE_IMAGE_SRC = /^\/marketplace-frontend-assets\/(?!.*\.\.)[A-Za-z0-9._\-/]+(\?[A-Za-z0-9=&._-]*)?$/
const ARTICLE_LINK = /^(https?:\/\/|mailto:|\/(?!\/))/i
const EXTERNAL_LINK = /^https?:\/\//i
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The attribute of `<figure>` that stands for an embedded product (common/media/articles.ts). */
const EMBED = 'data-product-embed'

/** A whole number in a range, as text, or nothing: sizes and spans. */
function boundedNumber(value: string | undefined, max: number): string | undefined {
  if (!value || !/^\d{1,5}$/.test(value.trim())) return undefined
  const n = Number(value)
  return n >= 1 && n <= max ? String(n) : undefined
}

/** The attributes given, without the empty ones. */
function defined(attribs: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(attribs).filter(([, v]) => v !== undefined)) as Record<string, string>
}

const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'figure',
    'figcaption',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    figure: [EMBED],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  nonTextTags: [...DROPPED_WITH_CONTENT, 'form', 'button', 'input'],
  disallowedTagsMode: 'discard',
  // Only our image service's pictures: nothing is loaded from elsewhere when a page renders.
  exclusiveFilter: (frame) => frame.tag === 'img' && !ARTICLE_IMAGE_SRC.test(frame.attribs.src ?? ''),
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // Links inside the site stay plain; others open apart and pass no ranking. Anything else
    // (javascript:, data:, protocol-relative, empty) loses its tag and keeps its text.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim()
      if (!ARTICLE_LINK.test(href)) return { tagName, attribs: {} }
      if (EXTERNAL_LINK.test(href)) return { tagName, attribs: { href, rel: 'nofollow noopener', target: '_blank' } }
      return { tagName, attribs: { href } }
    },
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = (attribs.src ?? '').trim()
      return {
        tagName,
        attribs: defined({
          src,
          alt: attribs.alt ?? '',
          width: boundedNumber(attribs.width, 4000),
          height: boundedNumber(attribs.height, 4000),
        }),
      }
    },
    figure: (tagName, attribs): sanitizeHtml.Tag => {
      const embed = (attribs[EMBED] ?? '').trim().toLowerCase()
      return { tagName, attribs: UUID.test(embed) ? { [EMBED]: embed } : {} }
    },
    th: (tagName, attribs): sanitizeHtml.Tag => ({ tagName, attribs: spans(attribs) }),
    td: (tagName, attribs): sanitizeHtml.Tag => ({ tagName, attribs: spans(attribs) }),
  },
}

function spans(attribs: Record<string, string>): Record<string, string> {
  return defined({ colspan: boundedNumber(attribs.colspan, 50), rowspan: boundedNumber(attribs.rowspan, 500) })
}

/** An embed is a marker: whatever was inside it goes, the live card takes its place when rendered. */
function emptyEmbeds(html: string): string {
  const open = new RegExp(`<figure ${EMBED}="[0-9a-f-]{36}">`, 'g')
  let out = ''
  let from = 0
  for (let m = open.exec(html); m; m = open.exec(html)) {
    if (m.index < from) continue
    out += html.slice(from, m.index + m[0].length)
    // The sanitized markup is balanced: the matching </figure> is where the depth returns to 0.
    const tags = /<figure[\s>]|<\/figure>/g
    tags.lastIndex = m.index + m[0].length
    let depth = 1
    let end = html.length
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[0] === '</figure>' ? -1 : 1
      if (depth === 0) {
        end = t.index
        break
      }
    }
    from = end
    open.lastIndex = end
  }
  return out + html.slice(from)
}

const HEADING = /<(h2|h3)>([\s\S]*?)<\/\1>/g

/** The plain text of a piece of sanitized markup. */
function textOf(html: string): string {
  return html
    .replace(ANY_TAG, '')
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ENTITIES[entity]!)
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Ids for the h2 and h3 headings, from their text transliterated («Что нужно знать» →
 * chto-nuzhno-znat), numbered when two read the same, so the table of contents can link to
 * them. Ids from the input are never kept: the same text always gets the same id.
 */
function headingIds(html: string): string {
  const used = new Map<string, number>()
  return html.replace(HEADING, (_all, tag: string, inner: string) => {
    const base = slugify(textOf(inner)).slice(0, 60).replace(/-+$/, '') || 'razdel'
    const n = (used.get(base) ?? 0) + 1
    used.set(base, n)
    return `<${tag} id="${n === 1 ? base : `${base}-${n}`}">${inner}</${tag}>`
  })
}

/**
 * An article's body reduced to the article allowlist, with empty product embeds and heading
 * ids; idempotent: sanitizing the output changes nothing.
 */
export function sanitizeArticleHtml(html: string): SanitizedHtml {
  refuseOverLimits(html, ARTICLE_MARKUP)
  return storedHtml(
    untilStable(html, (text) => headingIds(emptyEmbeds(unwrapBareLinks(sanitizeHtml(text, ARTICLE_OPTIONS).trim())))),
  )
}

/** The text of an article's sanitized (stored) body, for search, feeds and reading time. */
export function articleHtmlToPlain(sanitized: string): string {
  return toPlain(sanitized)
}

const BLOCK_END = /<\/(p|li|h2|h3|h4|blockquote|ul|ol|figcaption|figure|tr|table)>|<\/t[hd]>|<br\s*\/?>/gi

/**
 * The text of formatted text, for search, plain-text feeds and length limits: block ends and
 * line breaks become line feeds, runs of spaces one space. Works on the sanitized form, as stored,
 * whose markup and entities (only &amp; &lt; &gt; &quot;) are known; it does not clean again.
 */
export function richTextToPlain(sanitized: string): string {
  return toPlain(sanitized)
}

function toPlain(sanitized: string): string {
  return sanitized
    .replace(BLOCK_END, (tag) => (/^<\/t[hd]>$/i.test(tag) ? ' ' : '\n'))
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
