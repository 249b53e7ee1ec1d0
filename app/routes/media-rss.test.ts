import type { FastifyInstance } from 'fastify'
import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { appContext, type AppLoadContext } from '#app/lib/load-context.ts'
// The feed's and the sitemap's loaders over the real services and a test database: the test
// builds the load context the server would hand them.
import type { Database } from '#server/db/client.ts'
import { articles } from '#server/modules/media/articles.table.ts'
import { seedCatalogFixture } from '#server/modules/catalog/catalog.testing.ts'
import { ctxFor } from '#server/modules/organizations/organizations.testing.ts'
import { type DemoArticle, seedArticles } from '#server/seed/articles.ts'
import { createTestUser } from '#server/testing/auth.ts'
import { useTestApp } from '#server/testing/app.ts'
import { BACKENDS } from '#server/testing/database.ts'
import { eq, sql } from 'drizzle-orm'
import { loader as rssLoader, rssXml } from './media-rss.ts'
import { loader as sitemapLoader } from './sitemap.ts'
import { quote } from '#common/format.ts'

const article = (slug: string, title: string, daysAgo: number, extra: Partial<DemoArticle> = {}): DemoArticle => ({
  slug,
  title,
  lead: `Лид статьи ${quote(title)} & немного <разметки>`,
  rubric: 'guides',
  tags: ['тест'],
  bodyHtml: '<h2>Раздел</h2><p>Текст статьи.</p><figure data-product-embed="slug:geoskan-gemini"></figure>',
  coverAsset: 'media/no-cover.svg',
  coverAlt: 'Обложка',
  authorName: 'Редакция',
  publishedDaysAgo: daysAgo,
  ...extra,
})

describe.each(BACKENDS)('the RSS feed and the sitemap on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let context: RouterContextProvider

  useTestApp(backend, (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    await seedCatalogFixture(database.db)
    const now = Date.UTC(2026, 10, 20, 9, 0, 0)
    await seedArticles(
      database.db,
      [
        article('svezhaya', 'Свежая статья', 1, { rubric: 'news' }),
        article('staraya', 'Старая статья', 5),
        article('chernovik', 'Черновик', 2),
        article('v-arkhive', 'В архиве', 3),
        article('zavtra', 'Выйдет завтра', 0),
        article('uzhe-pora', 'Время пришло', 0),
      ],
      now,
    )
    await database.db.update(articles).set({ status: 'draft', publishedAt: null }).where(eq(articles.slug, 'chernovik'))
    await database.db.update(articles).set({ status: 'archived' }).where(eq(articles.slug, 'v-arkhive'))
    await database.db
      .update(articles)
      .set({ status: 'scheduled', publishedAt: null, publishAt: sql`now() + interval '1 day'` })
      .where(eq(articles.slug, 'zavtra'))
    // Scheduled, its time come, the job not run yet: public already.
    await database.db
      .update(articles)
      .set({ status: 'scheduled', publishedAt: null, publishAt: sql`now() - interval '1 minute'` })
      .where(eq(articles.slug, 'uzhe-pora'))

    context = new RouterContextProvider()
    context.set(appContext, {
      services: app.services,
      ctx: await ctxFor(database.db, await createTestUser(database.db)),
      publicConfig: { publicUrl: 'https://bas.example', apiBaseUrl: '/api/v1', cdnUrl: '', buildId: 't' },
    } as unknown as AppLoadContext)
  })

  const call = async (loader: (args: never) => unknown, path: string) =>
    (await loader({ request: new Request(`https://bas.example${path}`), context, params: {} } as never)) as Response

  it('serves the public articles as RSS 2.0, newest first, with title, link, guid, date, lead and rubric', async () => {
    const res = await call(rssLoader, '/media/rss.xml')
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const xml = await res.text()
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true)
    const links = [...xml.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>/g)].map((m) => m[1])
    expect(links).toEqual([
      'https://bas.example/media/uzhe-pora',
      'https://bas.example/media/svezhaya',
      'https://bas.example/media/staraya',
    ])
    expect(xml).toContain('<guid isPermaLink="true">https://bas.example/media/svezhaya</guid>')
    expect(xml).toContain(`<pubDate>${new Date(Date.UTC(2026, 10, 19, 9, 0, 0)).toUTCString()}</pubDate>`)
    expect(xml).toContain('<description>Лид статьи «Свежая статья» &amp; немного &lt;разметки&gt;</description>')
    expect(xml).toContain('<category>Новости</category>')
    expect(xml).toContain('<category>Гиды</category>')
    for (const hidden of ['chernovik', 'v-arkhive', 'zavtra']) expect(xml).not.toContain(`/media/${hidden}`)
  })

  it('lists the public articles in sitemap.xml with their last change', async () => {
    const xml = await (await call(sitemapLoader, '/sitemap.xml')).text()
    expect(xml).toContain(
      '<url><loc>https://bas.example/media/staraya</loc><lastmod>2026-11-15T09:00:00Z</lastmod></url>',
    )
    expect(xml).toContain('<loc>https://bas.example/media/uzhe-pora</loc>')
    for (const hidden of ['chernovik', 'v-arkhive', 'zavtra']) expect(xml).not.toContain(`/media/${hidden}`)
  })

  it('is a valid feed when there is nothing yet', () => {
    const xml = rssXml('https://bas.example', [], new Date(Date.UTC(2026, 10, 20)))
    expect(xml).toContain('<lastBuildDate>Fri, 20 Nov 2026 00:00:00 GMT</lastBuildDate>')
    expect(xml).not.toContain('<item>')
  })
})
