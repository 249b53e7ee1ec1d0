import { type ArticleBlock, type ArticleHeading, PRODUCT_EMBED_ATTRIBUTE } from '#common/media/articles.ts'
import { storedHtml } from '../../text/sanitize.ts'

/**
 * What is read out of an article's stored body, which is always the output of
 * `sanitizeArticleHtml`: its markup is known (headings carry their ids, an embed is exactly
 * `<figure data-product-embed="{uuid}"></figure>`), so plain patterns read it safely.
 */

const EMBED = new RegExp(`<figure ${PRODUCT_EMBED_ATTRIBUTE}="([0-9a-f-]{36})"></figure>`, 'g')
const HEADING = /<(h2|h3) id="([a-z0-9-]+)">([\s\S]*?)<\/\1>/g
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&nbsp;': ' ' }

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|nbsp);/g, (e) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim()

/** The h2 and h3 headings in order, for the table of contents. */
export function headingsOf(html: string): ArticleHeading[] {
  return [...html.matchAll(HEADING)].flatMap(([, tag, id, inner]) => {
    const text = textOf(inner!)
    return text ? [{ id: id!, text, level: tag === 'h2' ? 2 : 3 } as ArticleHeading] : []
  })
}

/** The embedded products' ids, each once, in the order they first appear. */
export function embedsOf(html: string): string[] {
  return [...new Set([...html.matchAll(EMBED)].map((m) => m[1]!))]
}

/** A block of the body before its product is read: the card's data is added at render time. */
export type BodyPart = Extract<ArticleBlock, { kind: 'html' }> | { kind: 'product'; productId: string }

/** The stored body cut at its embeds: runs of its HTML and the product cards between them, in order. */
export function splitBlocks(html: string): BodyPart[] {
  const blocks: BodyPart[] = []
  let from = 0
  for (const m of html.matchAll(EMBED)) {
    const run = html.slice(from, m.index).trim()
    if (run) blocks.push({ kind: 'html', html: storedHtml(run) })
    blocks.push({ kind: 'product', productId: m[1]! })
    from = m.index + m[0].length
  }
  const rest = html.slice(from).trim()
  if (rest) blocks.push({ kind: 'html', html: storedHtml(rest) })
  return blocks
}

/** Minutes to read a text, at about 1 000 characters a minute (Russian prose), at least 1. */
export function readingMinutesOf(text: string): number {
  return Math.max(1, Math.round(text.length / 1000))
}
