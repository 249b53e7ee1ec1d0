import { describe, expect, it } from 'vitest'
import { sitemapPaths, sitemapStream } from './sitemap.ts'

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text()

describe('sitemap', () => {
  it('lists the fixed pages with the catalogue categories and the sellers list', () => {
    const paths = sitemapPaths()
    expect(paths).toContain('/')
    expect(paths).toContain('/spheres/transport')
    expect(paths).toContain('/platforms/drone-registration')
    expect(paths).toContain('/legal-information/privacy-policy')
    expect(paths).toContain('/catalog/bespilotniki')
    expect(paths).toContain('/catalog/multirotornye')
    expect(paths).toContain('/sellers')
    expect(paths).toContain('/services')
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('writes escaped, well-formed XML with lastmod, in chunks', async () => {
    const entries = [
      { path: '/' },
      { path: '/search?a=1&b=<2>' },
      ...Array.from({ length: 1200 }, (_, i) => ({
        path: `/product/p-${i}`,
        lastmod: new Date(Date.UTC(2026, 10, 22, 10, 15, 0, 123)),
      })),
    ]
    const xml = await read(sitemapStream('https://bas.example', entries))
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true)
    expect(xml.endsWith('</urlset>\n')).toBe(true)
    expect(xml).toContain('<url><loc>https://bas.example/</loc></url>')
    expect(xml).toContain('<loc>https://bas.example/search?a=1&amp;b=&lt;2&gt;</loc>')
    expect(xml).toContain(
      '<url><loc>https://bas.example/product/p-1199</loc><lastmod>2026-11-22T10:15:00Z</lastmod></url>',
    )
    expect(xml.match(/<url>/g)).toHaveLength(1202)
  })

  it('writes an empty urlset when there is nothing', async () => {
    const xml = await read(sitemapStream('https://bas.example', []))
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n',
    )
  })
})
