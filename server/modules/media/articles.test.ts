import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ARTICLE_STATUSES, type ArticleStatus } from '#common/media/articles.ts'
import type { Ctx } from '../../context.ts'
import type { Database } from '../../db/client.ts'
import { jobs } from '../../jobs/jobs.table.ts'
import { findTransition, NOT_YOUR_MOVE } from '../../lifecycle/index.ts'
import { createTestUser } from '../../testing/auth.ts'
import { useTestApp } from '../../testing/app.ts'
import { BACKENDS } from '../../testing/database.ts'
import { auditLog } from '../audit/audit.table.ts'
import { type CatalogFixture, seedCatalogFixture } from '../catalog/catalog.testing.ts'
import { catalogProducts } from '../catalog/catalog.table.ts'
import { apiClient, ctxFor } from '../organizations/organizations.testing.ts'
import { PUBLISH_JOB } from './articles.jobs.ts'
import {
  ARTICLE_MESSAGES,
  ARTICLE_TRANSITIONS,
  type ArticleActor,
  type ArticleEvent,
  allowedActions,
  articleLifecycle,
} from './articles.machine.ts'
import { articleEvents, articleProducts, articles } from './articles.table.ts'

const EVENTS: ArticleEvent[] = ['create', 'update', 'schedule', 'publish', 'unschedule', 'archive', 'restore']
const ACTORS: ArticleActor[] = ['staff', 'system']

describe('the article lifecycle table', () => {
  // Every status × event × actor: allowed exactly when the table has the row, else 403 or 409.
  for (const from of [null, ...ARTICLE_STATUSES] as (ArticleStatus | null)[]) {
    for (const event of EVENTS) {
      for (const who of ACTORS) {
        const row = ARTICLE_TRANSITIONS.find((t) => t.from === from && t.event === event && t.who === who)
        it(`${from ?? '∅'} —${event}/${who}→ ${row ? row.to : 'refused'}`, () => {
          const attempt = () => findTransition(articleLifecycle, from, event, who)
          if (row) return expect(attempt()).toBe(row)
          const actorEver = ARTICLE_TRANSITIONS.some((t) => t.event === event && t.who === who)
          expect(attempt).toThrow(
            actorEver
              ? expect.objectContaining({ kind: 'conflict', message: expect.stringMatching(/[Сс]тать|[Чч]ерновик/) })
              : expect.objectContaining({ kind: 'forbidden', message: NOT_YOUR_MOVE }),
          )
        })
      }
    }
  }

  it('has the moves the brief names and no others', () => {
    const moves = ARTICLE_TRANSITIONS.filter((t) => t.from !== t.to && t.from !== null).map(
      (t) => `${t.from}→${t.to}:${t.who}`,
    )
    expect(moves.sort()).toEqual(
      [
        'archived→draft:staff',
        'draft→published:staff',
        'draft→scheduled:staff',
        'published→archived:staff',
        'scheduled→draft:staff',
        'scheduled→published:staff',
        'scheduled→published:system',
      ].sort(),
    )
    expect(allowedActions('draft')).toEqual(['publish', 'schedule'])
    expect(allowedActions('scheduled')).toEqual(['publish', 'unschedule'])
    expect(allowedActions('published')).toEqual(['archive'])
    expect(allowedActions('archived')).toEqual(['restore'])
  })

  it('names the article and where it stands when refusing', () => {
    expect(() => findTransition(articleLifecycle, 'draft', 'archive', 'staff', 'Статья «Учёт»')).toThrow(
      'Статья «Учёт»: убрать в архив можно только опубликованную статью. Сейчас статус «Черновик».',
    )
  })
})

/** A small PNG, as an editor would upload. */
const png = (width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 140 } } })
    .png()
    .toBuffer()

function multipart(data: Buffer, filename = 'cover.png', type = 'image/png') {
  const boundary = '----media-test-boundary'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe.each(BACKENDS)('media articles on %s', (backend) => {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'media-test-'))
  afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }))

  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let catalog: CatalogFixture
  let staff: { id: string; cookie: string }
  let buyer: { id: string; cookie: string }
  let staffCtx: Ctx
  let guestCtx: Ctx
  let coverId: string

  useTestApp(
    backend,
    async (started) => {
      database = started.database
      app = started.app
      api = apiClient(app)
    },
    { UPLOADS_DIR: uploadsDir },
  )

  const media = () => app.services.media

  beforeAll(async () => {
    catalog = await seedCatalogFixture(database.db)
    staff = await createTestUser(database.db, { isStaff: true, name: 'Ирина Редактор' })
    buyer = await createTestUser(database.db)
    staffCtx = await ctxFor(database.db, staff)
    guestCtx = { ...staffCtx, user: null, organization: null, sessionId: null }
    coverId = (await media().uploadImage(staffCtx, await png())).fileId
  })

  /** What the editor sends for a complete article. */
  const input = (overrides: Record<string, unknown> = {}) => ({
    title: 'Как поставить дрон на учёт',
    lead: 'Порядок для организаций: документы, сроки, номер на корпусе.',
    rubric: 'regulation',
    tags: ['учёт', 'регистрация'],
    bodyHtml:
      '<h2>Кому нужен учёт</h2><p>Всем аппаратам от 150 граммов. <a href="javascript:alert(1)">клик</a></p>' +
      `<figure data-product-embed="${catalog.ids['geoskan-gemini']}"></figure>` +
      '<h3>Сроки</h3><p onclick="steal()">Десять рабочих дней.</p><script>alert(1)</script>',
    coverFileId: coverId,
    coverAlt: 'Дрон и документы',
    seoTitle: '',
    seoDescription: '',
    authorName: 'Ирина Редактор',
    version: 0,
    ...overrides,
  })

  const statusOf = async (id: string) =>
    (await database.db.select({ s: articles.status }).from(articles).where(eq(articles.id, id)))[0]!.s

  it('writes a draft, sanitizes it, publishes it, and shows it with a live product card', async () => {
    const draft = await media().create(staffCtx, input())
    expect(draft).toMatchObject({ status: 'draft', slug: 'kak-postavit-dron-na-uchet', version: 0 })
    expect(draft.bodyHtml).not.toMatch(/script|onclick|javascript/)
    expect(draft.bodyHtml).toContain('<h2 id="komu-nuzhen-uchet">')
    expect(draft.cover).toMatchObject({ kind: 'upload', width: 1600, height: 900 })
    expect(draft.allowedActions).toEqual(['publish', 'schedule'])

    // Invisible to the public while a draft.
    await expect(media().article(guestCtx, draft.slug)).rejects.toMatchObject({ kind: 'not_found' })
    expect((await media().list(guestCtx, {})).total).toBe(0)

    const published = await media().publish(staffCtx, draft.id)
    expect(published.status).toBe('published')
    expect(published.history.map((h) => h.action)).toEqual(['Опубликована', 'Создана'])
    expect(published.history[0]!.by).toBe('Ирина Редактор')

    const page = await media().article(guestCtx, draft.slug)
    expect(page.headings).toEqual([
      { id: 'komu-nuzhen-uchet', text: 'Кому нужен учёт', level: 2 },
      { id: 'sroki', text: 'Сроки', level: 3 },
    ])
    expect(page.blocks.map((b) => b.kind)).toEqual(['html', 'product', 'html'])
    expect(page.blocks[1]).toMatchObject({
      kind: 'product',
      product: {
        slug: 'geoskan-gemini',
        name: 'Квадрокоптер Геоскан Gemini',
        sellerName: 'ООО «Аэроскан»',
        availability: 'in_stock',
      },
    })
    expect(page.seoTitle).toBe(page.title)
    expect(page.seoDescription).toBe(page.lead)
    expect(page.author.name).toBe('Ирина Редактор')

    // Live: a price change shows at once; a product taken off sale leaves an empty slot.
    await database.db
      .update(catalogProducts)
      .set({ priceKopecks: 999_00 })
      .where(eq(catalogProducts.id, catalog.ids['geoskan-gemini']!))
    expect((await media().article(guestCtx, draft.slug)).blocks[1]).toMatchObject({ product: { priceKopecks: 999_00 } })
    await database.db
      .update(catalogProducts)
      .set({ status: 'non-published' })
      .where(eq(catalogProducts.id, catalog.ids['geoskan-gemini']!))
    expect((await media().article(guestCtx, draft.slug)).blocks[1]).toMatchObject({ kind: 'product', product: null })
    await database.db
      .update(catalogProducts)
      .set({ status: 'published' })
      .where(eq(catalogProducts.id, catalog.ids['geoskan-gemini']!))

    // The embeds index and the product page's list.
    expect(await database.db.select().from(articleProducts).where(eq(articleProducts.articleId, draft.id))).toEqual([
      { articleId: draft.id, productId: catalog.ids['geoskan-gemini'] },
    ])
    expect((await media().embedding(guestCtx, catalog.ids['geoskan-gemini']!, 3)).map((a) => a.slug)).toEqual([
      draft.slug,
    ])

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, draft.id))
    expect(audit.map((a) => a.action).sort()).toEqual(['media.article.create', 'media.article.publish'])
  })

  it('refuses to publish an article without a title, lead, cover or body, in Russian', async () => {
    const draft = await media().create(
      staffCtx,
      input({ title: 'Черновик без всего', lead: '', bodyHtml: '<script>x</script>', coverFileId: null }),
    )
    const refusal = await media()
      .publish(staffCtx, draft.id)
      .catch((e: unknown) => e)
    expect(refusal).toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/^Статья ещё не готова к публикации/),
      fields: {
        lead: ARTICLE_MESSAGES.needLead,
        coverFileId: ARTICLE_MESSAGES.needCover,
        bodyHtml: ARTICLE_MESSAGES.needBody,
      },
    })
    expect(await statusOf(draft.id)).toBe('draft')
    await expect(media().schedule(staffCtx, draft.id, { at: new Date(Date.now() + 3_600_000) })).rejects.toMatchObject({
      kind: 'invalid',
    })
  })

  it('refuses a save over a version someone else changed with a 409', async () => {
    const draft = await media().create(staffCtx, input({ title: 'Две правки сразу', slug: 'dve-pravki' }))
    const first = await media().update(staffCtx, draft.id, input({ title: 'Первая правка', version: 0 }))
    expect(first.version).toBe(1)
    expect(first.slug).toBe('dve-pravki')
    await expect(
      media().update(staffCtx, draft.id, input({ title: 'Вторая правка', version: 0 })),
    ).rejects.toMatchObject({
      kind: 'conflict',
      message: ARTICLE_MESSAGES.versionConflict,
    })
    const [row] = await database.db.select().from(articles).where(eq(articles.id, draft.id))
    expect(row).toMatchObject({ title: 'Первая правка', version: 1 })
    const history = await database.db.select().from(articleEvents).where(eq(articleEvents.articleId, draft.id))
    expect(history.map((h) => h.event).sort()).toEqual(['create', 'update'])
    // A slug another article has is refused on the field.
    await expect(
      media().update(staffCtx, draft.id, input({ slug: 'kak-postavit-dron-na-uchet', version: 1 })),
    ).rejects.toMatchObject({ kind: 'invalid', fields: { slug: ARTICLE_MESSAGES.slugTaken } })
  })

  it('keeps the embeds index in step with the body', async () => {
    const a = catalog.ids['geoskan-gemini']!
    const b = catalog.ids['dji-mavic-3-enterprise']!
    const embed = (id: string) => `<figure data-product-embed="${id}"><p>старое</p></figure>`
    const draft = await media().create(
      staffCtx,
      input({ title: 'Два дрона', slug: 'dva-drona', bodyHtml: `<p>Текст</p>${embed(a)}${embed(b)}${embed(a)}` }),
    )
    const indexed = async () =>
      (await database.db.select().from(articleProducts).where(eq(articleProducts.articleId, draft.id)))
        .map((r) => r.productId)
        .sort()
    expect(await indexed()).toEqual([a, b].sort())
    expect(draft.bodyHtml).not.toContain('старое')
    await media().update(
      staffCtx,
      draft.id,
      input({ title: 'Два дрона', bodyHtml: `<p>Текст</p>${embed(b)}`, version: 0 }),
    )
    expect(await indexed()).toEqual([b])
    await media().update(staffCtx, draft.id, input({ title: 'Два дрона', bodyHtml: '<p>Без товаров</p>', version: 1 }))
    expect(await indexed()).toEqual([])
  })

  it('shows a scheduled article at its time and not before, and the job publishes it once', async () => {
    const draft = await media().create(
      staffCtx,
      input({ title: 'Статья по расписанию', slug: 'po-raspisaniyu', tags: ['расписание'] }),
    )
    await expect(media().schedule(staffCtx, draft.id, { at: new Date(Date.now() - 1000) })).rejects.toMatchObject({
      kind: 'invalid',
      fields: { at: ARTICLE_MESSAGES.scheduleInPast },
    })
    const at = new Date(Date.now() + 1500)
    const scheduled = await media().schedule(staffCtx, draft.id, { at: at.toISOString() })
    expect(scheduled).toMatchObject({
      status: 'scheduled',
      publishAt: at.toISOString(),
      allowedActions: ['publish', 'unschedule'],
    })
    // Scheduling again is refused; the job is queued once, for that time.
    await expect(media().schedule(staffCtx, draft.id, { at })).rejects.toMatchObject({ kind: 'conflict' })
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, PUBLISH_JOB))
    expect(queued.filter((j) => (j.payload as { articleId: string }).articleId === draft.id)).toHaveLength(1)

    const visible = async () => {
      const [list, feed, sitemap, tagged] = await Promise.all([
        media().list(guestCtx, {}),
        media().feed(guestCtx, 50),
        media().sitemapEntries(guestCtx),
        media().list(guestCtx, { tag: 'расписание' }),
      ])
      const listed = [list.featured, ...list.items].some((c) => c?.slug === draft.slug)
      const page = await media()
        .article(guestCtx, draft.slug)
        .then(() => true)
        .catch(() => false)
      return {
        listed,
        page,
        feed: feed.some((c) => c.slug === draft.slug),
        sitemap: sitemap.some((e) => e.slug === draft.slug),
        tagged: tagged.total,
      }
    }
    expect(await visible()).toEqual({ listed: false, page: false, feed: false, sitemap: false, tagged: 0 })
    // Not due yet: the job is not even claimed.
    expect(await app.services.jobs.runUntilIdle()).toBe(0)

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() - Date.now() + 100)))
    // Its time has come: public before the job has run.
    expect(await statusOf(draft.id)).toBe('scheduled')
    expect(await visible()).toEqual({ listed: true, page: true, feed: true, sitemap: true, tagged: 1 })
    expect((await media().list(guestCtx, {})).featured?.slug).toBe(draft.slug)

    expect(await app.services.jobs.runUntilIdle()).toBe(1)
    const [row] = await database.db.select().from(articles).where(eq(articles.id, draft.id))
    expect(row).toMatchObject({ status: 'published', publishedAt: at })
    const history = await media().staffGet(staffCtx, draft.id)
    expect(history.history.map((h) => [h.action, h.by])).toEqual([
      ['Опубликована по расписанию', 'Система'],
      ['Запланирована', 'Ирина Редактор'],
      ['Создана', 'Ирина Редактор'],
    ])
    expect(history.history[1]!.note).toMatch(/^на \d\d\.\d\d\.\d{4}, \d\d:\d\d \(МСК\)$/)
  })

  it('leaves an unscheduled article a draft when its old job comes due', async () => {
    const draft = await media().create(staffCtx, input({ title: 'Передумали публиковать', slug: 'peredumali' }))
    await media().schedule(staffCtx, draft.id, { at: new Date(Date.now() + 3_600_000) })
    const back = await media().unschedule(staffCtx, draft.id)
    expect(back).toMatchObject({ status: 'draft', publishAt: null })
    // Its job comes due anyway (the clock moved on): it finds nothing to do.
    await database.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(and(eq(jobs.kind, PUBLISH_JOB), eq(jobs.status, 'queued')))
    await app.services.jobs.runUntilIdle()
    expect(await statusOf(draft.id)).toBe('draft')
    await expect(media().article(guestCtx, draft.slug)).rejects.toMatchObject({ kind: 'not_found' })
  })

  it('hides archived articles everywhere, and brings them back as drafts', async () => {
    const draft = await media().create(staffCtx, input({ title: 'Архивная статья', slug: 'arkhivnaya' }))
    await media().publish(staffCtx, draft.id)
    expect((await media().sitemapEntries(guestCtx)).map((e) => e.slug)).toContain('arkhivnaya')
    const archived = await media().archive(staffCtx, draft.id)
    expect(archived.allowedActions).toEqual(['restore'])
    await expect(media().article(guestCtx, 'arkhivnaya')).rejects.toMatchObject({ kind: 'not_found' })
    expect((await media().sitemapEntries(guestCtx)).map((e) => e.slug)).not.toContain('arkhivnaya')
    expect((await media().feed(guestCtx)).map((e) => e.slug)).not.toContain('arkhivnaya')
    expect((await media().latest(guestCtx, 50)).map((e) => e.slug)).not.toContain('arkhivnaya')
    await expect(media().update(staffCtx, draft.id, input({ version: archived.version }))).rejects.toMatchObject({
      kind: 'conflict',
    })
    expect((await media().restore(staffCtx, draft.id)).status).toBe('draft')
  })

  it('lets the staff preview a draft exactly as the page would show it', async () => {
    const draft = await media().create(staffCtx, input({ title: 'Предпросмотр черновика', slug: 'predprosmotr' }))
    const preview = await media().preview(staffCtx, draft.id)
    expect(preview).toMatchObject({ slug: 'predprosmotr', title: 'Предпросмотр черновика' })
    expect(preview.blocks.some((b) => b.kind === 'product')).toBe(true)
    await expect(media().preview(await ctxFor(database.db, buyer), draft.id)).rejects.toMatchObject({
      kind: 'forbidden',
    })
  })

  it('filters the public list by rubric, tag and Russian search, newest first', async () => {
    const make = async (title: string, slug: string, rubric: string, tags: string[], body: string) => {
      const a = await media().create(staffCtx, input({ title, slug, rubric, tags, bodyHtml: `<p>${body}</p>` }))
      await media().publish(staffCtx, a.id)
    }
    await make(
      'Обзор агродрона для опрыскивания',
      'obzor-agrodrona',
      'reviews',
      ['агро'],
      'Опрыскивание полей пестицидами.',
    )
    await make(
      'Кейс: инспекция линий электропередачи',
      'keys-lep',
      'cases',
      ['энергетика'],
      'Осмотр опор с тепловизором.',
    )
    const reviews = await media().list(guestCtx, { rubric: 'reviews' })
    expect(reviews.items.map((a) => a.slug)).toEqual(['obzor-agrodrona'])
    expect(reviews.featured).toBeNull()
    expect((await media().list(guestCtx, { tag: 'энергетика' })).items.map((a) => a.slug)).toEqual(['keys-lep'])
    // Russian stemming: «опоры» finds «опор», «опрыскиванию» finds «опрыскивания».
    expect((await media().list(guestCtx, { q: 'опоры' })).items.map((a) => a.slug)).toEqual(['keys-lep'])
    expect((await media().list(guestCtx, { q: 'опрыскиванию' })).items.map((a) => a.slug)).toEqual(['obzor-agrodrona'])
    const all = await media().list(guestCtx, {})
    expect(all.featured?.slug).toBe('keys-lep')
    expect(all.items.map((a) => a.slug)).not.toContain('keys-lep')
    expect(all.rubrics.find((r) => r.rubric === 'cases')?.count).toBe(1)
    expect(all.tags.map((t) => t.tag)).toContain('агро')
    await expect(media().list(guestCtx, { rubric: 'gossip' })).rejects.toMatchObject({
      kind: 'invalid',
      fields: { rubric: 'Неизвестная рубрика' },
    })
    // Related: same rubric or shared tags.
    const related = (await media().article(guestCtx, 'obzor-agrodrona')).related
    expect(related.every((r) => r.slug !== 'obzor-agrodrona')).toBe(true)
  })

  it('lists and serves articles to staff only over REST, with Russian refusals', async () => {
    expect((await api('GET', '/media/staff/articles')).statusCode).toBe(401)
    const forBuyer = await api('GET', '/media/staff/articles', buyer.cookie)
    expect(forBuyer.statusCode).toBe(403)
    expect(forBuyer.json().error.message).toBe('Доступно только сотрудникам платформы')
    expect((await api('POST', '/media/staff/articles', buyer.cookie, input())).statusCode).toBe(403)
    expect((await api('POST', '/media/staff/articles', undefined, input())).statusCode).toBe(401)

    const list = await api('GET', '/media/staff/articles?status=draft', staff.cookie)
    expect(list.statusCode).toBe(200)
    expect(list.json().data.every((r: { status: string }) => r.status === 'draft')).toBe(true)
    expect(list.json().data[0].updatedBy).toBe('Ирина Редактор')

    const bad = await api('POST', '/media/staff/articles', staff.cookie, { ...input(), title: 'Эх', rubric: 'x' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toMatchObject({
      title: 'Заголовок не короче 5 символов',
      rubric: 'Выберите рубрику',
    })

    const created = await api(
      'POST',
      '/media/staff/articles',
      staff.cookie,
      input({ title: 'Через REST', slug: 'cherez-rest' }),
    )
    expect(created.statusCode).toBe(201)
    const id = created.json().data.id as string
    expect((await api('GET', `/media/staff/articles/${id}`, staff.cookie)).json().data.slug).toBe('cherez-rest')
    expect((await api('GET', '/media/staff/articles/not-a-uuid', staff.cookie)).statusCode).toBe(404)
    expect((await api('GET', '/media/articles/cherez-rest')).statusCode).toBe(404)
    const stale = await api(
      'PUT',
      `/media/staff/articles/${id}`,
      staff.cookie,
      input({ title: 'Через REST', version: 7 }),
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.json().error.message).toBe(ARTICLE_MESSAGES.versionConflict)
    expect((await api('POST', `/media/staff/articles/${id}/archive`, staff.cookie)).statusCode).toBe(409)
    const scheduleBad = await api('POST', `/media/staff/articles/${id}/schedule`, staff.cookie, { at: 'завтра' })
    expect(scheduleBad.statusCode).toBe(400)
    expect((await api('POST', `/media/staff/articles/${id}/publish`, staff.cookie)).statusCode).toBe(200)

    const page = await api('GET', '/media/articles/cherez-rest')
    expect(page.statusCode).toBe(200)
    expect(page.json().data.blocks.length).toBeGreaterThan(0)
    const missing = await api('GET', '/media/articles/net-takoy')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('Статья не найдена')
    const listed = await api('GET', '/media/articles?rubric=regulation')
    expect(listed.statusCode).toBe(200)
    expect(listed.json().data.items.length).toBeGreaterThan(0)
    expect((await api('GET', '/media/articles?page=0')).statusCode).toBe(400)
  })

  it('uploads pictures for staff only, re-encoded to WebP, and refuses what is not a picture', async () => {
    const upload = (cookie: string | undefined, body: ReturnType<typeof multipart>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/media/staff/images',
        payload: body.payload,
        headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
      })
    expect((await upload(undefined, multipart(await png(200, 100)))).statusCode).toBe(401)
    expect((await upload(buyer.cookie, multipart(await png(200, 100)))).statusCode).toBe(403)
    const ok = await upload(staff.cookie, multipart(await png(300, 200)))
    expect(ok.statusCode).toBe(201)
    expect(ok.json().data).toMatchObject({
      width: 300,
      height: 200,
      url: expect.stringMatching(/^\/marketplace-frontend-assets\/product-photos\/[0-9a-f]{32}\.webp$/),
    })
    const served = await app.inject({ url: `${ok.json().data.url}?w=736&f=webp` })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toContain('image/webp')
    const notImage = await upload(staff.cookie, multipart(Buffer.from('%PDF-1.4 nope'), 'x.png'))
    expect(notImage.statusCode).toBe(400)
    expect(notImage.json().error.message).toBe('Допустимы фотографии JPEG, PNG или WebP')
  })

  it('makes a free address from the title, and serves an article at any address the editor may give', async () => {
    const title = 'Беспилотники в сельском хозяйстве: опрыскивание и мониторинг'
    const a = await media().create(staffCtx, input({ title }))
    const b = await media().create(staffCtx, input({ title }))
    expect(a.slug).toBe('bespilotniki-v-selskom-khozyaystve-opryskivanie-i-monitoring')
    expect(b.slug).toBe(`${a.slug}-2`)
    const long = `${'dlinnyy-adres-'.repeat(8)}statya`.slice(0, 120)
    const c = await media().create(staffCtx, input({ title, slug: long }))
    await media().publish(staffCtx, c.id)
    expect((await media().article(guestCtx, long)).id).toBe(c.id)
  })

  it('is in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    for (const path of [
      '/api/v1/media/articles',
      '/api/v1/media/articles/{slug}',
      '/api/v1/media/staff/articles',
      '/api/v1/media/staff/articles/{id}',
      '/api/v1/media/staff/articles/{id}/preview',
      '/api/v1/media/staff/articles/{id}/schedule',
      '/api/v1/media/staff/articles/{id}/restore',
      '/api/v1/media/staff/images',
      '/api/v1/media/staff/products',
    ])
      expect(doc.paths[path], path).toBeDefined()
  })

  it('finds products on sale to embed', async () => {
    const found = await media().searchProducts(staffCtx, 'геоскан')
    expect(found.map((p) => p.slug)).toContain('geoskan-gemini')
    expect(found[0]).toMatchObject({ id: expect.any(String), name: expect.any(String) })
    await expect(media().searchProducts(guestCtx, 'геоскан')).rejects.toMatchObject({ kind: 'unauthorized' })
  })
})
