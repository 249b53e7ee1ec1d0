import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The media pages' loaders (and the home and product pages' article rows) over the real services
// and a test database with articles published through the staff service.
import { MEDIA_PAGE_SIZE } from '#common/media/articles.ts'
import type { Ctx } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import { type CatalogFixture, seedCatalogFixture } from '#server/modules/catalog/catalog.testing.ts'
import { ctxFor } from '#server/modules/organizations/organizations.testing.ts'
import { createTestUser } from '#server/testing/auth.ts'
import { useTestApp } from '#server/testing/app.ts'
import { BACKENDS } from '#server/testing/database.ts'
import { routeContext } from '#app/lib/load-context.testing.ts'
import { loader as homeLoader } from './home.tsx'
import { loader as articleLoader } from './media-article.tsx'
import { loader as listLoader } from './media.tsx'
import { loader as productLoader } from './product.tsx'

type ListArgs = Parameters<typeof listLoader>[0]
type ArticleArgs = Parameters<typeof articleLoader>[0]

/** One more than a page besides the featured article: the list has two pages. */
const ARTICLES = MEDIA_PAGE_SIZE + 2

describe.each(BACKENDS)('the media pages on %s', (backend) => {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'media-pages-test-'))
  afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }))

  let database: Database
  let app: FastifyInstance
  let catalog: CatalogFixture
  let staffCtx: Ctx
  let draftSlug = ''

  useTestApp(
    backend,
    (started) => {
      database = started.database
      app = started.app
    },
    { UPLOADS_DIR: uploadsDir },
  )

  beforeAll(async () => {
    const media = app.services.media
    catalog = await seedCatalogFixture(database.db)
    staffCtx = await ctxFor(database.db, await createTestUser(database.db, { isStaff: true, name: 'Ирина Редактор' }))
    const cover = await sharp({
      create: { width: 1200, height: 630, channels: 3, background: { r: 40, g: 90, b: 140 } },
    })
      .png()
      .toBuffer()
    const { fileId } = await media.uploadImage(staffCtx, cover)
    const input = (i: number) => ({
      title: `Статья номер ${i} о беспилотниках`,
      slug: `statya-${i}`,
      lead: `Лид статьи ${i}.`,
      // Every third a guide; the last one embeds a product and has a table of contents.
      rubric: i % 3 === 0 ? 'guides' : 'news',
      tags: i % 2 === 0 ? ['чётные'] : ['нечётные'],
      bodyHtml:
        i === ARTICLES
          ? `<h2>Зачем</h2><p>Текст.</p><h2>Как</h2><p>Ещё текст.</p><figure data-product-embed="${catalog.ids['geoskan-gemini']}"></figure>`
          : `<p>Текст статьи ${i}.</p>`,
      coverFileId: fileId,
      coverAlt: `Обложка ${i}`,
      seoTitle: '',
      seoDescription: '',
      authorName: 'Ирина Редактор',
      version: 0,
    })
    // One after another: each newer than the one before, the last the newest.
    for (let i = 1; i <= ARTICLES; i++) {
      const draft = await media.create(staffCtx, input(i))
      await media.publish(staffCtx, draft.id)
    }
    draftSlug = (await media.create(staffCtx, { ...input(99), title: 'Черновик не для всех', slug: 'chernovik' })).slug
  })

  const guest = () => routeContext(app, database, null)
  const list = async (search: string) =>
    listLoader({
      request: new Request(`http://x/media${search}`),
      context: await guest(),
      params: {},
    } as unknown as ListArgs)
  const article = async (slug: string) =>
    articleLoader({
      request: new Request(`http://x/media/${slug}`),
      context: await guest(),
      params: { slug },
    } as unknown as ArticleArgs)

  it('features the newest article on the first page and pages the others', async () => {
    const first = await list('')
    expect(first.page.featured?.slug).toBe(`statya-${ARTICLES}`)
    expect(first.page.items).toHaveLength(MEDIA_PAGE_SIZE)
    expect(first.page.items[0]!.slug).toBe(`statya-${ARTICLES - 1}`)
    expect(first.page.pageCount).toBe(2)
    expect(first.seo.canonical).toBe('http://x/media')
    expect(first.noindex).toBe(false)

    const second = await list('?page=2')
    expect(second.page.featured).toBeNull()
    expect(second.page.items.map((a) => a.slug)).toEqual(['statya-1'])
    expect(second.seo.canonical).toBe('http://x/media?page=2')
    expect(second.seo.title).toContain('страница 2')
    // Past the end, an unknown rubric or a page that is no number: the 404 page.
    for (const search of ['?page=3', '?rubric=sport', '?page=abc']) {
      await expect(list(search), search).rejects.toMatchObject({ init: { status: 404 } })
    }
  })

  it('filters by rubric, tag and search; keeps them in the canonical except the search', async () => {
    const guides = await list('?rubric=guides')
    expect(guides.page.featured).toBeNull()
    expect(guides.page.items.every((a) => a.rubric === 'guides')).toBe(true)
    expect(guides.page.items).toHaveLength(Math.floor(ARTICLES / 3))
    expect(guides.seo.canonical).toBe('http://x/media?rubric=guides')

    const even = await list(`?tag=${encodeURIComponent('чётные')}`)
    expect(even.page.items.every((a) => a.tags.includes('чётные'))).toBe(true)
    expect(even.page.total).toBe(ARTICLES / 2)

    const found = await list(`?q=${encodeURIComponent('номер 7')}`)
    expect(found.page.items.map((a) => a.slug)).toContain('statya-7')
    expect(found.noindex).toBe(true)
    expect(found.seo.canonical).toBe('http://x/media')

    // A search longer than the limit came from a form: cut, not refused.
    const long = await list(`?q=${encodeURIComponent('дрон '.repeat(40))}`)
    expect(long.page.query.q!.length).toBeLessThanOrEqual(100)
  })

  it('drops the empty fields a GET form sends from the address', async () => {
    const response = await list('?q=&rubric=guides').catch((thrown: unknown) => thrown)
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).status).toBe(302)
    expect((response as Response).headers.get('location')).toBe('/media?rubric=guides')
  })

  it('an article: its page, SEO and JSON-LD; a draft or an unknown slug is the 404 page', async () => {
    const page = await article(`statya-${ARTICLES}`)
    expect(page.article.title).toBe(`Статья номер ${ARTICLES} о беспилотниках`)
    expect(page.article.headings.map((h) => h.text)).toEqual(['Зачем', 'Как'])
    const embed = page.article.blocks.find((b) => b.kind === 'product')
    expect(embed).toMatchObject({ product: { slug: 'geoskan-gemini' } })
    expect(page.seo).toMatchObject({ canonical: `http://x/media/statya-${ARTICLES}`, type: 'article' })
    expect(page.jsonLd.map((ld) => ld['@type'])).toEqual(['Article', 'BreadcrumbList'])

    await expect(article(draftSlug)).rejects.toMatchObject({ init: { status: 404 } })
    await expect(article('net-takoi')).rejects.toMatchObject({ init: { status: 404 } })
  })

  it('the home page shows the latest articles; a product page the articles embedding it', async () => {
    const home = await homeLoader({ request: new Request('http://x/'), context: await guest(), params: {} } as never)
    expect(home.articles.map((a) => a.slug)).toEqual([
      `statya-${ARTICLES}`,
      `statya-${ARTICLES - 1}`,
      `statya-${ARTICLES - 2}`,
      `statya-${ARTICLES - 3}`,
    ])
    // An offer's own address redirects to its model's page with the offer chosen.
    const openOffer = async (slug: string) => {
      const moved = await productLoader({
        request: new Request(`http://x/product/${slug}`),
        context: await guest(),
        params: { slug },
      } as never).catch((response: Response) => response)
      expect(moved).toBeInstanceOf(Response)
      const to = new URL((moved as Response).headers.get('location')!, 'http://x')
      return productLoader({
        request: new Request(to),
        context: await guest(),
        params: { slug: to.pathname.split('/').pop()! },
      } as never)
    }
    const product = await openOffer('geoskan-gemini')
    expect(product.product.slug).toBe('geoskan-gemini')
    expect((await product.articles).map((a) => a.slug)).toEqual([`statya-${ARTICLES}`])
    const other = await openOffer('dji-mini-4-pro')
    expect(await other.articles).toEqual([])
  })
})
