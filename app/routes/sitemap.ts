import { getAppContext } from '#app/lib/load-context.ts'
import { CATEGORIES } from '#common/catalog/categories.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { mediaLinks } from '#common/media/articles.ts'
import { SPHERE_SLUGS } from '#common/spheres.ts'
import { INFO_PAGES } from '#content/info-pages.ts'
import { LEGAL_DOCUMENTS } from '#content/legal/index.ts'
import type { Route } from './+types/sitemap'

export interface SitemapEntry {
  path: string
  lastmod?: Date
}

/** The pages that exist without data: home, spheres, platform and info pages, legal, catalogue. */
export function sitemapPaths(): string[] {
  return [
    '/',
    ...SPHERE_SLUGS.map((slug) => `/spheres/${slug}`),
    ...INFO_PAGES.keys(),
    '/legal-information',
    ...LEGAL_DOCUMENTS.map((doc) => `/legal-information/${doc.slug}`),
    ...CATEGORIES.map((category) => `/catalog/${category.slug}`),
    '/sellers',
    '/services',
  ]
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** W3C datetime without milliseconds: 2026-11-22T10:15:00Z. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
const TAIL = '</urlset>\n'
const CHUNK = 500

/**
 * The XML, sent in chunks of 500 URLs as it is written rather than built as one string first.
 * The protocol allows 50 000 URLs (50 MB) per file: past that (a catalogue of ~50 000 products)
 * this must become a sitemap index with one file per kind.
 */
export function sitemapStream(publicUrl: string, entries: Iterable<SitemapEntry>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const iterator = entries[Symbol.iterator]()
  let started = false
  return new ReadableStream({
    pull(controller) {
      let chunk = started ? '' : HEAD
      started = true
      for (let i = 0; i < CHUNK; i++) {
        const next = iterator.next()
        if (next.done) {
          controller.enqueue(encoder.encode(chunk + TAIL))
          controller.close()
          return
        }
        const { path, lastmod } = next.value
        const loc = `<loc>${escapeXml(publicUrl + path)}</loc>`
        chunk += `  <url>${loc}${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''}</url>\n`
      }
      controller.enqueue(encoder.encode(chunk))
    },
  })
}

/** Every public page a search engine should index: fixed pages, products, sellers, their services, articles. */
export async function loader({ context }: Route.LoaderArgs) {
  const { publicConfig, services, ctx } = getAppContext(context)
  const [products, sellers, contractors, articles] = await Promise.all([
    services.catalog.listSitemapProducts(ctx),
    services.sellers.listSitemapSellers(ctx),
    services.exchange.listing.listSitemapSellers(ctx),
    services.media.sitemapEntries(ctx),
  ])
  function* entries(): Generator<SitemapEntry> {
    for (const path of sitemapPaths()) yield { path }
    for (const p of products) yield { path: `/product/${p.slug}`, lastmod: new Date(p.updatedAt) }
    for (const s of sellers) yield { path: `/sellers/${s.slug}`, lastmod: new Date(s.updatedAt) }
    for (const s of contractors) yield { path: exchangeLinks.sellerServices(s.slug), lastmod: s.updatedAt }
    for (const a of articles) yield { path: mediaLinks.article(a.slug), lastmod: a.lastmod }
  }
  // Revalidated on every fetch: a product approved or taken off sale is in it, or gone, at once.
  return new Response(sitemapStream(publicConfig.publicUrl, entries()), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, no-cache' },
  })
}
