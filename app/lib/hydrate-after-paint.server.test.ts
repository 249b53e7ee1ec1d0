import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import {
  compactManifest,
  hydrateAfterPaint,
  INERT_MEDIA,
  inertModulePreloads,
  paintsBeforeHydrating,
  PARKED_TYPE,
} from './hydrate-after-paint.server.ts'

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
  it('makes the module preloads inert, without their nonces, and keeps the rest of the head as it was', () => {
    const html = inertModulePreloads(HEAD)
    expect(html.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      `<link rel="modulepreload" media="${INERT_MEDIA}" href="/assets/entry.client.js"/>`,
      `<link rel="modulepreload" media="${INERT_MEDIA}" href="/assets/root.js"/>`,
    ])
    expect(html.replaceAll(` media="${INERT_MEDIA}"`, '')).toBe(HEAD.replaceAll('.js" nonce="n"/>', '.js"/>'))
    // A stylesheet keeps its nonce.
    expect(html).toContain('<link nonce="n" rel="stylesheet" href="/assets/root.css"/>')
  })

  it.each([7, 64, 100_000])(
    'parks the boot script and starts it after the first paint (chunks of %i bytes)',
    async (size) => {
      const out = await through(`${HEAD}</head>${BODY}`, size)
      expect(out).toContain('<title>Медиа</title><link rel="preload" as="image" href="/cover.webp"/>')
      expect(out).not.toContain('type="module"')
      expect(out.match(/<link rel="modulepreload" media="not all"/g)).toHaveLength(2)
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

  it('parks the route manifest on one line, the same data', async () => {
    const manifest = {
      entry: { module: '/assets/entry.client.js', imports: ['/a.js'] },
      routes: { 'info:about': { id: 'x\ny' } },
    }
    const boot = `import * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.__reactRouterRouteModules = {"root":route0};`
    const out = await through(`${HEAD}</head>${BODY.replace(BOOT, boot)}`, 64)
    const parked = out.slice(
      out.indexOf(`type="${PARKED_TYPE}">`) + `type="${PARKED_TYPE}">`.length,
      out.indexOf('</script><script nonce="n">(() =>'),
    )
    expect(parked).toBe(compactManifest(boot))
    const line = parked.split('\n').find((l) => l.includes('__reactRouterManifest'))!
    expect(JSON.parse(line.slice(line.indexOf('{'), line.lastIndexOf(';')))).toEqual(manifest)
    expect(parked.length).toBeLessThan(boot.length - 40)
    expect(parked).toContain('import * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = {"entry": {')
    expect(parked).toMatch(/;\n {2}window\.__reactRouterRouteModules = \{"root":route0\};$/)
    expect(compactManifest(BOOT)).toBe(BOOT)
  })

  it('passes a body without a boot script through unchanged', async () => {
    const body = '</head><body><p>Ошибка</p></body></html>'
    expect(await through(HEAD + body, 5)).toBe(inertModulePreloads(HEAD) + body)
  })

  it('passes a document without a head end through unchanged', async () => {
    expect(await through('<p>no head</p>', 3)).toBe('<p>no head</p>')
  })
})

describe('paintsBeforeHydrating', () => {
  it('keeps the paint first on the pages people land on, the cart and an order, not where a signed-in user works', () => {
    for (const path of [
      '/',
      '/catalog/bespilotniki',
      '/product/dji-agras-t50',
      '/media',
      '/sellers/aerotekh',
      '/cartography',
      '/personal-account/order/purchase/2610-00001',
      '/cart',
      '/cart/',
    ])
      expect(paintsBeforeHydrating(path), path).toBe(true)
    for (const path of [
      '/chat',
      '/personal-account/company',
      '/personal-account/staff/articles/1',
      '/personal-account/orders/sales',
    ])
      expect(paintsBeforeHydrating(path), path).toBe(false)
  })
})
