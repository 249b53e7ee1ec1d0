export interface HighlightPart {
  text: string
  mark: boolean
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** Decodes the entities an HTML escaper produces; anything else stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? entity
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
  })
}

/**
 * The server's highlighted text (escaped HTML with <mark>…</mark> around matches) as plain text
 * parts. Only the mark tags mean anything: every other character is text, so nothing the
 * server failed to escape can become markup.
 */
export function splitHighlighted(html: string): HighlightPart[] {
  const parts: HighlightPart[] = []
  let mark = false
  for (const token of html.split(/(<\/?mark>)/i)) {
    const tag = token.toLowerCase()
    if (tag === '<mark>') mark = true
    else if (tag === '</mark>') mark = false
    else if (token) parts.push({ text: decodeEntities(token), mark })
  }
  return parts
}
