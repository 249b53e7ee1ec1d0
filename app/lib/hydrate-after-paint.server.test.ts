import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { hydrateAfterPaint, PARKED_TYPE, withoutModulePreloads } from './hydrate-after-paint.server.ts'

const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Медиа</title>' +
  '<link rel="preload" as="image" href="/cover.webp"/>' +
  '<link nonce="n" rel="stylesheet" href="/assets/root.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n"/>'
const BOOT = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");'
const BODY =
  '<body><main><p>Статья</p></main><script nonce="n">window.__reactRouterContext = {};</script>' +
  `<script nonce="n" type="module" async="">${BOOT}</script>` +
  '<!--$--><script nonce="n">window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>'

/** The document cut into chunks of `size` bytes, some of them inside a Cyrillic letter. */
async function through(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html)
  const chunks: Buffer[] = []
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size))
  return text(Readable.from(chunks).pipe(hydrateAfterPaint()))
}

describe('hydrateAfterPaint', () => {
  it('takes the module preloads out of the head and keeps the rest in order', () => {
    const html = withoutModulePreloads(HEAD)
    expect(html).not.toContain('modulepreload')
    expect(html).toBe(HEAD.replace(/<link rel="modulepreload"[^>]*>/g, ''))
  })

  it.each([7, 64, 100_000])(
    'parks the boot script and starts it after the first paint (chunks of %i bytes)',
    async (size) => {
      const out = await through(`${HEAD}</head>${BODY}`, size)
      expect(out).toContain('<title>Медиа</title><link rel="preload" as="image" href="/cover.webp"/>')
      expect(out).not.toContain('type="module"')
      expect(out).not.toMatch(/<link rel="modulepreload"/)
      // The boot script's text is unchanged, under a type that does not run, with the loader right after it.
      const parked = `<script nonce="n" type="${PARKED_TYPE}">${BOOT}</script><script nonce="n">`
      expect(out).toContain(parked)
      const loader = out.slice(
        out.indexOf(parked) + parked.length,
        out.indexOf('</script>', out.indexOf(parked) + parked.length),
      )
      expect(loader).toContain("performance.getEntriesByName('first-contentful-paint')")
      expect(loader).toContain('parked.replaceWith(boot)')
      // Everything else arrives as it was rendered.
      expect(out.slice(out.indexOf('<!--$-->'))).toBe(BODY.slice(BODY.indexOf('<!--$-->')))
      expect(out.indexOf('<main><p>Статья</p></main>')).toBeGreaterThan(out.indexOf('</head>'))
    },
  )

  it('passes a body without a boot script through unchanged', async () => {
    const html = `${HEAD.replace(/<link rel="modulepreload"[^>]*>/g, '')}</head><body><p>Ошибка</p></body></html>`
    expect(await through(html, 5)).toBe(html)
  })

  it('passes a document without a head end through unchanged', async () => {
    expect(await through('<p>no head</p>', 3)).toBe('<p>no head</p>')
  })
})
