import { find } from 'linkifyjs'

/** A piece of a message's text: plain text, or a link with the address it opens. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

/** Only these open from a message; anything else (javascript:, data:) stays plain text. */
const SAFE_SCHEMES = /^(https?:|mailto:)/i

/**
 * Splits plain text into text and links (web addresses, e-mail addresses), for rendering as
 * React elements: a message is never turned into HTML.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = []
  let at = 0
  for (const link of find(text)) {
    if (link.type !== 'url' && link.type !== 'email') continue
    if (!SAFE_SCHEMES.test(link.href)) continue
    if (link.start > at) parts.push({ kind: 'text', text: text.slice(at, link.start) })
    parts.push({ kind: 'link', text: link.value, href: link.href })
    at = link.end
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) })
  return parts
}
