import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { moveModulePreloads, stylesheetsFirst } from './stylesheets-first.server.ts'

const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Медиа</title>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n"/>' +
  '<script type="application/ld+json">{}</script>' +
  '<link nonce="n" rel="stylesheet" href="/assets/root.css"/><link nonce="n" rel="stylesheet" href="/assets/media.css"/>'

async function through(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(stylesheetsFirst()))
}

describe('stylesheetsFirst', () => {
  it('puts the module preloads after the stylesheets and keeps the rest of the head in order', () => {
    const out = moveModulePreloads(HEAD)
    expect(out.indexOf('/assets/media.css')).toBeLessThan(out.indexOf('/assets/entry.client.js'))
    expect(out.indexOf('ld+json')).toBeLessThan(out.indexOf('/assets/root.css'))
    expect(out.match(/modulepreload/g)).toHaveLength(2)
    expect(out.replace(/<link rel="modulepreload"[^>]*>/g, '')).toBe(
      HEAD.replace(/<link rel="modulepreload"[^>]*>/g, ''),
    )
  })

  it('rewrites a head split over chunks, even inside a multi-byte letter, and leaves the body alone', async () => {
    const html = `${HEAD}</head><body><p>Тело <link rel="modulepreload" href="/x.js"/></p></body></html>`
    const bytes = Buffer.from(html)
    const cut = bytes.indexOf(Buffer.from('Медиа')) + 1 // in the middle of «М»
    const out = await text(
      Readable.from([bytes.subarray(0, cut), bytes.subarray(cut, cut + 40), bytes.subarray(cut + 40)]).pipe(
        stylesheetsFirst(),
      ),
    )
    expect(out).toContain('<title>Медиа</title>')
    const [head, body] = out.split('</head>')
    expect(head!.lastIndexOf('stylesheet')).toBeLessThan(head!.indexOf('modulepreload'))
    expect(body).toBe('<body><p>Тело <link rel="modulepreload" href="/x.js"/></p></body></html>')
    expect(out.length).toBe(html.length)
  })

  it('passes a document without a head end through unchanged', async () => {
    expect(await through(['<p>', 'no head'])).toBe('<p>no head')
  })
})
