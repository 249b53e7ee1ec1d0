import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import sharp from 'sharp'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import type { Database } from '../db/client.ts'
import { createTestUser } from '../testing/auth.ts'
import { testConfig } from '../testing/app.ts'
import { BACKENDS, openTestDatabase } from '../testing/database.ts'
import { ctxFor } from '../modules/organizations/organizations.testing.ts'
import { createTestVendor } from '../modules/organizations/vendors.testing.ts'
import { completeDraft, createMember, givePhoto } from '../modules/products/products.testing.ts'
import { PAGE_CACHE_HEADER } from './page-cache.ts'

const CATALOG = '/catalog/bespilotniki'
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' }

const uploadsDir = mkdtempSync(join(tmpdir(), 'page-cache-test-'))
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }))

const nonceInHtml = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1]
const nonceInCsp = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1]
/** The HTML with its nonce blanked out, to compare two responses of the same page. */
const withoutNonce = (html: string) => html.replaceAll(nonceInHtml(html) ?? '\u0000', 'NONCE')

// Real pages through the real renderer (Vite's, as the other page tests use it; the cache is on
// outside development), over the real services and database of each backend.
describe.each(BACKENDS)('guest page cache on %s', (backend) => {
  let vite: ViteDevServer
  let database: Database
  let app: FastifyInstance
  let other: FastifyInstance
  let off: FastifyInstance
  let owner: { cookie: string }
  let staff: { id: string; cookie: string }
  let coverId: string

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    const { createServer } = await import('vite')
    vite = await createServer({
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: 'custom',
      logLevel: 'silent',
    })
    // Two instances over one database, as behind a load balancer: each keeps its own entries.
    const config = testConfig({ UPLOADS_DIR: uploadsDir })
    app = await buildApp({ config, database, pages: { kind: 'vite', vite } })
    other = await buildApp({ config, database, pages: { kind: 'vite', vite } })
    off = await buildApp({ config: { ...config, PAGE_CACHE: false }, database, pages: { kind: 'vite', vite } })
    await app.ready()
    await other.ready()
    await off.ready()
    const vendor = await createTestVendor(database.db, { name: 'Кэшлет', slug: 'keshlet' })
    owner = await createMember(database.db, vendor.id, 'owner', 'Ольга Владелец')
    staff = await createTestUser(database.db, { isStaff: true, name: 'Ирина Редактор' })
    const cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#28608c' } })
      .png()
      .toBuffer()
    coverId = (await app.services.media.uploadImage(await ctxFor(database.db, staff), cover)).fileId
    await app.inject({ url: '/legal-information', headers: BROWSER }) // Vite transforms the app on the first page
  }, 180_000)
  afterAll(async () => {
    await app?.close()
    await other?.close()
    await off?.close()
    await vite?.close()
    await database?.close()
  })

  const page = (url: string, headers: InjectOptions['headers'] = {}, on = app) =>
    on.inject({ url, headers: { ...BROWSER, ...headers } })
  const api = (method: InjectOptions['method'], url: string, cookie: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, payload, headers: { cookie } })

  /** A product on sale through the cabinet and moderation, as a vendor and staff would do it. */
  async function publishProduct(title: string, priceKopecks: number): Promise<string> {
    const created = await api('POST', '/cabinet/products', owner.cookie, completeDraft({ title, priceKopecks }))
    expect(created.statusCode).toBe(201)
    const id = created.json().data.id as string
    await givePhoto(database.db, id)
    expect((await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)).statusCode).toBe(200)
    expect((await api('POST', `/staff/products/${id}/approve`, staff.cookie)).statusCode).toBe(200)
    return id
  }

  it('serves a guest page from the cache the second time, with a fresh nonce that matches the CSP', async () => {
    const first = await page(CATALOG)
    expect(first.statusCode).toBe(200)
    const second = await page(CATALOG)
    const third = await page(CATALOG)
    expect([first.headers[PAGE_CACHE_HEADER], second.headers[PAGE_CACHE_HEADER]]).toEqual(['miss', 'hit'])
    expect(third.headers[PAGE_CACHE_HEADER]).toBe('hit')
    expect(withoutNonce(second.body)).toBe(withoutNonce(first.body))
    for (const res of [first, second, third]) {
      expect(nonceInHtml(res.body)).toBeTruthy()
      expect(nonceInHtml(res.body)).toBe(nonceInCsp(res.headers['content-security-policy']))
    }
    expect(nonceInHtml(second.body)).not.toBe(nonceInHtml(third.body))
    expect(second.headers['x-request-id']).not.toBe(third.headers['x-request-id'])
    expect(second.headers['content-type']).toBe(first.headers['content-type'])
  })

  it('keys on the viewport and the kind of client, and serves compressed hits', async () => {
    await page(CATALOG)
    const mobile = await page(CATALOG, { cookie: 'viewport=mobile' })
    expect(mobile.headers[PAGE_CACHE_HEADER]).toBe('miss')
    expect((await page(CATALOG, { cookie: 'viewport=mobile' })).headers[PAGE_CACHE_HEADER]).toBe('hit')
    const crawler = await page(CATALOG, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })
    expect(crawler.headers[PAGE_CACHE_HEADER]).toBe('miss')
    const gzip = await page(CATALOG, { 'accept-encoding': 'gzip' })
    expect([gzip.headers[PAGE_CACHE_HEADER], gzip.headers['content-encoding']]).toEqual(['hit', 'gzip'])
    expect((await page(`${CATALOG}?sort=price_asc`)).headers[PAGE_CACHE_HEADER]).toBe('miss')
  })

  it('shows a new product and a new price at once, on this instance and on another one', async () => {
    await page(CATALOG)
    await page(CATALOG, {}, other)
    expect((await page(CATALOG, {}, other)).headers[PAGE_CACHE_HEADER]).toBe('hit')

    const id = await publishProduct('Кэшлет Сокол', 123_456_00)
    for (const instance of [app, other]) {
      const res = await page(CATALOG, {}, instance)
      expect(res.headers[PAGE_CACHE_HEADER]).toBe('miss')
      expect(res.body).toContain('Кэшлет Сокол')
      expect(res.body).toMatch(/123\s456/)
    }
    expect((await page(CATALOG, {}, other)).headers[PAGE_CACHE_HEADER]).toBe('hit')

    // A new price goes through moderation like any change, and is on the page the moment it is approved.
    const edited = await api('PATCH', `/cabinet/products/${id}`, owner.cookie, { priceKopecks: 98_765_00 })
    expect(edited.statusCode).toBe(200)
    expect((await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)).statusCode).toBe(200)
    expect((await api('POST', `/staff/products/${id}/approve`, staff.cookie)).statusCode).toBe(200)
    for (const instance of [other, app]) {
      const res = await page(CATALOG, {}, instance)
      expect(res.body).toMatch(/98\s765/)
      expect(res.body).not.toMatch(/123\s456/)
    }
  })

  it('shows a new article at once', async () => {
    await page('/media')
    expect((await page('/media')).headers[PAGE_CACHE_HEADER]).toBe('hit')
    const created = await api('POST', '/media/staff/articles', staff.cookie, {
      title: 'Кэш страниц и свежие новости',
      slug: 'kesh-stranic',
      lead: 'Статья появляется в разделе сразу после публикации.',
      rubric: 'news',
      tags: [],
      bodyHtml: '<p>Текст статьи.</p>',
      coverFileId: coverId,
      coverAlt: 'Обложка',
      seoTitle: '',
      seoDescription: '',
      authorName: 'Ирина Редактор',
      version: 0,
    })
    expect(created.statusCode).toBe(201)
    expect((await page('/media')).body).not.toContain('Кэш страниц и свежие новости') // a draft is not public
    const id = created.json().data.id as string
    expect((await api('POST', `/media/staff/articles/${id}/publish`, staff.cookie)).statusCode).toBe(200)
    const res = await page('/media')
    expect(res.headers[PAGE_CACHE_HEADER]).toBe('miss')
    expect(res.body).toContain('Кэш страниц и свежие новости')
  })

  it("never stores or serves a signed-in user's page, and never gives it to a guest", async () => {
    const user = await createTestUser(database.db, { name: 'Пётр Личный' })
    await page('/')
    expect((await page('/')).headers[PAGE_CACHE_HEADER]).toBe('hit')

    const signedIn = await page('/', { cookie: user.cookie })
    expect(signedIn.headers[PAGE_CACHE_HEADER]).toBe('bypass')
    expect(signedIn.body).toContain(user.email)
    const again = await page('/', { cookie: user.cookie })
    expect(again.headers[PAGE_CACHE_HEADER]).toBe('bypass')
    expect(again.body).toContain(user.email)

    // Signed in first, on a page no guest has opened yet: the guest after gets a page of their own.
    const url = `${CATALOG}?sort=price_desc`
    expect((await page(url, { cookie: user.cookie })).headers[PAGE_CACHE_HEADER]).toBe('bypass')
    const guest = await page(url)
    expect(guest.headers[PAGE_CACHE_HEADER]).toBe('miss')
    expect(guest.body).not.toContain(user.email)
    expect(guest.body).not.toContain('Пётр Личный')

    // A guest with the guest cookie (their compare list) is not served from the cache either.
    const withGuestCookie = await page(url, { cookie: `gid=${'g'.repeat(43)}` })
    expect(withGuestCookie.headers[PAGE_CACHE_HEADER]).toBe('bypass')
  })

  it('does not store what is not a plain 200 page', async () => {
    const missing = await page('/catalog/net-takoi-kategorii')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers[PAGE_CACHE_HEADER]).toBe('bypass')
    expect((await page('/catalog/net-takoi-kategorii')).headers[PAGE_CACHE_HEADER]).toBe('bypass')
    const head = await app.inject({ method: 'HEAD', url: '/sellers', headers: BROWSER })
    expect(head.headers[PAGE_CACHE_HEADER]).toBe('bypass')
    expect((await page('/sellers')).headers[PAGE_CACHE_HEADER]).toBe('miss')
    const headHit = await app.inject({ method: 'HEAD', url: '/sellers', headers: BROWSER })
    expect([headHit.statusCode, headHit.headers[PAGE_CACHE_HEADER], headHit.body]).toEqual([200, 'hit', ''])
  })

  it('renders every request when turned off (PAGE_CACHE=false)', async () => {
    await page('/sellers', {}, off)
    const res = await page('/sellers', {}, off)
    expect(res.statusCode).toBe(200)
    expect(res.headers[PAGE_CACHE_HEADER]).toBeUndefined()
  })
})
