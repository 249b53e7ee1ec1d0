import { readdirSync, readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getCategory } from '#common/catalog/categories.ts'
import { ARTICLE_COVER_SIZE, ARTICLE_LIMITS, ARTICLE_RUBRICS } from '#common/media/articles.ts'
import { isSphereSlug, SPHERE_SLUGS } from '#common/spheres.ts'
import { articleHtmlToPlain, sanitizeArticleHtml } from '../../text/sanitize.ts'
import { buildCatalog } from '../catalog/build.ts'
import { DEMO_ARTICLES } from './index.ts'

const ASSETS = new URL('../../../content/assets/', import.meta.url)
const BODY_IMAGE_PREFIX = '/marketplace-frontend-assets/'

/** The body as the seed stores it, with some product's id where the content names a product by slug. */
const withEmbedIds = (html: string) =>
  html
    .replace(/data-product-embed="slug:[a-z0-9-]+"/g, 'data-product-embed="00000000-0000-4000-8000-000000000000"')
    .trim()

const all = (html: string, re: RegExp) => [...html.matchAll(re)]
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]

async function svgSize(src: string): Promise<{ width: number; height: number }> {
  const meta = await sharp(readFileSync(new URL(src, ASSETS))).metadata()
  return { width: meta.width!, height: meta.height! }
}

describe('demo articles', () => {
  const published = new Set(
    buildCatalog()
      .filter((p) => p.status === 'published')
      .map((p) => p.slug),
  )

  it('are at least 12, with unique slugs, titles and leads within the editor limits', () => {
    expect(DEMO_ARTICLES.length).toBeGreaterThanOrEqual(12)
    expect(new Set(DEMO_ARTICLES.map((a) => a.slug)).size).toBe(DEMO_ARTICLES.length)
    expect(new Set(DEMO_ARTICLES.map((a) => a.title)).size).toBe(DEMO_ARTICLES.length)
    for (const a of DEMO_ARTICLES) {
      expect(a.slug, a.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      expect(a.slug.length, a.slug).toBeLessThanOrEqual(ARTICLE_LIMITS.slugMax)
      expect(a.title.length, a.slug).toBeLessThanOrEqual(ARTICLE_LIMITS.titleMax)
      expect(a.lead.length, a.slug).toBeGreaterThan(50)
      expect(a.lead.length, a.slug).toBeLessThanOrEqual(ARTICLE_LIMITS.leadMax)
      expect(a.coverAlt.length, a.slug).toBeGreaterThan(20)
      expect(a.coverAlt.length, a.slug).toBeLessThanOrEqual(ARTICLE_LIMITS.coverAltMax)
      expect(a.authorName.trim(), a.slug).not.toBe('')
      expect(Number.isInteger(a.publishedDaysAgo) && a.publishedDaysAgo >= 0, a.slug).toBe(true)
    }
    // Newest first and one a day at most, so the featured article and the order are certain.
    const ages = DEMO_ARTICLES.map((a) => a.publishedDaysAgo)
    expect(ages).toEqual([...new Set(ages)].sort((x, y) => x - y))
  })

  it('have a body of 1 500–4 000 characters of text with at least two h2 headings', () => {
    for (const a of DEMO_ARTICLES) {
      const length = articleHtmlToPlain(withEmbedIds(a.bodyHtml)).length
      expect(length, a.slug).toBeGreaterThanOrEqual(1500)
      expect(length, a.slug).toBeLessThanOrEqual(4000)
      expect(all(a.bodyHtml, /<h2>/g).length, a.slug).toBeGreaterThanOrEqual(2)
    }
  })

  it('use every rubric at least twice and 2–5 tags each, every tag on two articles or more', () => {
    for (const rubric of ARTICLE_RUBRICS)
      expect(DEMO_ARTICLES.filter((a) => a.rubric === rubric).length, rubric).toBeGreaterThanOrEqual(2)
    const uses = new Map<string, number>()
    for (const a of DEMO_ARTICLES) {
      expect(a.tags.length, a.slug).toBeGreaterThanOrEqual(2)
      expect(a.tags.length, a.slug).toBeLessThanOrEqual(5)
      expect(new Set(a.tags).size, a.slug).toBe(a.tags.length)
      for (const tag of a.tags) {
        expect(tag.length, tag).toBeLessThanOrEqual(ARTICLE_LIMITS.tagMax)
        uses.set(tag, (uses.get(tag) ?? 0) + 1)
      }
    }
    for (const [tag, count] of uses) expect(count, tag).toBeGreaterThanOrEqual(2)
  })

  it('come through the article sanitizer unchanged, but for the ids it gives headings', () => {
    for (const a of DEMO_ARTICLES) {
      const body = withEmbedIds(a.bodyHtml)
      const stored = sanitizeArticleHtml(body)
        .replace(/<(h2|h3) id="[^"]+">/g, '<$1>')
        .replace(/ \/>/g, '>')
      expect(stored, a.slug).toBe(body)
    }
  })

  it('embed published demo products, in at least four articles', () => {
    let embedding = 0
    for (const a of DEMO_ARTICLES) {
      const slugs = all(a.bodyHtml, /<figure data-product-embed="slug:([^"]+)"><\/figure>/g).map((m) => m[1]!)
      expect(all(a.bodyHtml, /data-product-embed/g).length, a.slug).toBe(slugs.length)
      expect(slugs.length, a.slug).toBeLessThanOrEqual(ARTICLE_LIMITS.embedsMax)
      for (const slug of slugs) expect(published.has(slug), `${a.slug} embeds ${slug}`).toBe(true)
      if (slugs.length) embedding++
    }
    expect(embedding).toBeGreaterThanOrEqual(4)
  })

  it('link only to catalogue pages, products and the services exchange that exist', () => {
    const linkedSpheres = new Set<string>()
    for (const a of DEMO_ARTICLES) {
      for (const [, href] of all(a.bodyHtml, /<a href="([^"]+)">/g)) {
        const url = new URL(href!, 'https://example.test')
        expect(href, a.slug).toMatch(/^\/(catalog\/|product\/|services)/)
        const [, section, slug] = url.pathname.split('/')
        if (section === 'catalog') expect(getCategory(slug!), href).toBeDefined()
        if (section === 'product') expect(published.has(slug!), href).toBe(true)
        if (section === 'services') expect(url.pathname, href).toBe('/services')
        const sphere = url.searchParams.get('areas_of_application')
        if (sphere !== null) {
          expect(isSphereSlug(sphere), href).toBe(true)
          linkedSpheres.add(sphere)
        }
      }
    }
    // Across the set every sphere of the site gets an article that leads into its catalogue.
    expect([...linkedSpheres].sort()).toEqual([...SPHERE_SLUGS].sort())
  })

  it('have covers and figures drawn by the generator, sized as declared, and no unused drawings', async () => {
    const used = new Set<string>()
    let withTable = 0
    let withFigure = 0
    for (const a of DEMO_ARTICLES) {
      expect(a.coverAsset, a.slug).toMatch(/^media\/cover-[a-z0-9-]+\.svg$/)
      expect(await svgSize(a.coverAsset), a.coverAsset).toEqual(ARTICLE_COVER_SIZE)
      used.add(a.coverAsset)
      const figures = all(a.bodyHtml, /<figure>\s*(<img[^>]*>)\s*<figcaption>([^<]+)<\/figcaption>\s*<\/figure>/g)
      expect(figures.length, a.slug).toBe(all(a.bodyHtml, /<img/g).length)
      for (const [, img] of figures) {
        const src = attr(img!, 'src')!
        expect(src, a.slug).toMatch(/^\/marketplace-frontend-assets\/media\/figure-[a-z0-9-]+\.svg$/)
        const asset = src.slice(BODY_IMAGE_PREFIX.length)
        const size = await svgSize(asset)
        expect({ width: Number(attr(img!, 'width')), height: Number(attr(img!, 'height')) }, src).toEqual(size)
        expect(attr(img!, 'alt')!.length, src).toBeGreaterThan(20)
        used.add(asset)
      }
      if (figures.length) withFigure++
      if (a.bodyHtml.includes('<table>')) withTable++
    }
    expect(withFigure).toBeGreaterThanOrEqual(4)
    expect(withTable).toBeGreaterThanOrEqual(3)
    // The generator's files; the list's placeholder for an article without a cover lives there too.
    const drawn = readdirSync(new URL('media/', ASSETS))
      .filter((name) => /^(cover|figure)-/.test(name))
      .map((name) => `media/${name}`)
    expect(drawn.sort()).toEqual([...used].sort())
    // The image service renders covers to webp (AppImage's default); so must every drawing.
    for (const src of drawn) {
      const { info } = await sharp(new URL(src, ASSETS).pathname, { density: 144 })
        .resize({ width: 320, height: 180, fit: 'cover' })
        .webp()
        .toBuffer({ resolveWithObject: true })
      expect(info.format, src).toBe('webp')
    }
  })
})
