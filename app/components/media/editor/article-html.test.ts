import { type Extensions, getSchema } from '@tiptap/core'
import type { DOMOutputSpec, Mark, Node as PmNode } from '@tiptap/pm/model'
import { describe, expect, test } from 'vitest'
import { baseExtensions } from '#app/components/rich-text/RichTextField.tsx'
import { sanitizeArticleHtml } from '#server/text/sanitize.ts'
import { articleExtensions } from './article-extensions.ts'

/**
 * What the article editor writes must come back from the server's sanitizer as it went in, or
 * staff would see their pictures, cards and tables change or vanish on saving. The HTML here is
 * made by the editor's own node specs (their `renderHTML`), serialized without a browser.
 */

const VOID = new Set(['img', 'br'])
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;')

function specToHtml(spec: DOMOutputSpec, hole: string): string {
  if (typeof spec === 'string') return escapeText(spec)
  if (!Array.isArray(spec)) throw new Error('DOM nodes are not expected in these specs')
  const [tag, ...rest] = spec as [string, ...unknown[]]
  let attrs: Record<string, unknown> = {}
  let children = rest
  if (rest[0] && typeof rest[0] === 'object' && !Array.isArray(rest[0])) {
    attrs = rest[0] as Record<string, unknown>
    children = rest.slice(1)
  }
  const written = Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeAttr(String(v))}"`)
    .join('')
  if (VOID.has(tag)) return `<${tag}${written}>`
  const inner = children.map((c) => (c === 0 ? hole : specToHtml(c as DOMOutputSpec, hole))).join('')
  return `<${tag}${written}>${inner}</${tag}>`
}

function markedText(text: string, marks: readonly Mark[]): string {
  return marks.reduceRight((html, mark) => specToHtml(mark.type.spec.toDOM!(mark, true), html), escapeText(text))
}

function toHtml(node: PmNode): string {
  if (node.isText) return markedText(node.text ?? '', node.marks)
  const inner: string[] = []
  node.content.forEach((child) => {
    inner.push(toHtml(child))
  })
  if (node.type.name === 'doc') return inner.join('')
  return specToHtml(node.type.spec.toDOM!(node), inner.join(''))
}

const EMBEDDED = '3f0c6a3e-9a51-4c57-8f3c-0d7b0c2a9e11'
const extensions: Extensions = [...baseExtensions([2, 3], true), ...articleExtensions(new Map())]
const schema = getSchema(extensions)

/** An article with each thing the editor can put in it. */
function sampleArticle() {
  const n = schema.nodes
  const text = (value: string, ...marks: string[]) =>
    schema.text(
      value,
      marks.map((m) => schema.marks[m]!.create()),
    )
  const paragraph = (...content: PmNode[]) => n.paragraph!.create(null, content)
  const cell = (type: 'tableHeader' | 'tableCell', value: string) => n[type]!.create(null, [paragraph(text(value))])
  return n.doc!.create(null, [
    paragraph(text('Обычный текст, '), text('жирный', 'bold'), text(' и '), text('подчёркнутый', 'underline')),
    n.heading!.create({ level: 2 }, [text('Что взять с собой')]),
    n.heading!.create({ level: 3 }, [text('Батареи')]),
    n.bulletList!.create(null, [n.listItem!.create(null, [paragraph(text('Тепловизор'))])]),
    n.blockquote!.create(null, [paragraph(text('Цитата эксперта'))]),
    n.figureImage!.create(
      { src: '/marketplace-frontend-assets/uploads/media/photo.webp', alt: 'Опора ЛЭП', width: 1200, height: 800 },
      [text('Облёт опоры')],
    ),
    n.productEmbed!.create({ productId: EMBEDDED }),
    n.table!.create(null, [
      n.tableRow!.create(null, [cell('tableHeader', 'Модель'), cell('tableHeader', 'Время полёта')]),
      n.tableRow!.create(null, [cell('tableCell', 'Разведчик-2'), cell('tableCell', '42 мин')]),
    ]),
  ])
}

describe('the article editor and the server sanitizer', () => {
  const html = toHtml(sampleArticle())

  test('the editor writes a product as the one embed element, pictures with captions, plain tables', () => {
    expect(html).toContain(`<figure data-product-embed="${EMBEDDED}"></figure>`)
    expect(html).toContain(
      '<figure><img src="/marketplace-frontend-assets/uploads/media/photo.webp" alt="Опора ЛЭП" width="1200" height="800"><figcaption>Облёт опоры</figcaption></figure>',
    )
    expect(html).toContain('<table><tbody><tr><th><p>Модель</p></th>')
  })

  test('what the editor writes comes back unchanged, but for the ids the server gives headings', () => {
    const sanitized = sanitizeArticleHtml(html)
    // The sanitizer writes void elements as `<img … />`, the browser as `<img …>`: the same element.
    expect(sanitized.replace(/ id="[^"]*"/g, '').replace(/ \/>/g, '>')).toBe(html)
    expect(sanitized).toMatch(/<h2 id="[a-z0-9-]+">Что взять с собой<\/h2>/)
    expect(sanitizeArticleHtml(sanitized)).toBe(sanitized)
  })
})
