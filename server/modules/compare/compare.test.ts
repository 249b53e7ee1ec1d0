import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Specs } from '#common/catalog/attributes.ts'
import type { ProductStatus } from '#common/catalog/products.ts'
import { COMPARE_LIMIT_PER_CATEGORY, type CompareView, compareLimitMessage } from '#common/compare.ts'
import type { Database } from '../../db/client.ts'
import { useTestApp } from '../../testing/app.ts'
import { createTestUser, TEST_PASSWORD } from '../../testing/auth.ts'
import { BACKENDS } from '../../testing/database.ts'
import { lastMailTo, linkToken } from '../../testing/mail.ts'
import { catalogModels, catalogProducts } from '../catalog/catalog.table.ts'
import { apiClient, organizationInput } from '../organizations/organizations.testing.ts'
import { bestOf } from './compare.service.ts'
import { compareItems } from './compare.table.ts'

/** The guest cookie a response set (`gid=…`), or undefined. */
function guestCookieFrom(res: LightMyRequestResponse): string | undefined {
  const raw = res.headers['set-cookie']
  const list = (Array.isArray(raw) ? raw : raw ? [String(raw)] : []).map(String)
  return list.find((c) => c.startsWith('gid='))
}

describe('best values', () => {
  it('marks the highest or lowest only when it says something', () => {
    expect(bestOf([30, 45, null, 45], 'higher')).toEqual([1, 3])
    expect(bestOf([120_000_00, 99_000_00, null], 'lower')).toEqual([1])
    expect(bestOf([30, 30], 'higher')).toEqual([]) // all equal
    expect(bestOf([30, null], 'higher')).toEqual([]) // one value is no comparison
  })
})

describe.each(BACKENDS)('compare on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let vendorId: string
  let ipCounter = 1

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    const owner = await createTestUser(database.db)
    const res = await apiClient(app)('POST', '/organizations', owner.cookie, organizationInput())
    expect(res.statusCode).toBe(201)
    vendorId = res.json().data.id
  })

  let seq = 0
  async function product(
    opts: { category?: string; status?: ProductStatus; price?: number | null; specs?: Specs; title?: string } = {},
  ) {
    const n = ++seq
    const [row] = await database.db
      .insert(catalogProducts)
      .values({
        slug: `test-drone-${n}-${randomUUID().slice(0, 6)}`,
        title: opts.title ?? `Тестовый квадрокоптер ${n}`,
        brand: 'Аэроскан',
        model: `АС-${n}`,
        vendorOrganizationId: vendorId,
        categorySlug: opts.category ?? 'multirotornye',
        priceKopecks: opts.price === undefined ? 100_000_00 + n : opts.price,
        availability: 'in_stock',
        description: 'Квадрокоптер для аэрофотосъёмки и инспекций.',
        specs: opts.specs ?? { type: 'multirotor', flight_time: 30, max_takeoff_weight: 1.2 },
        status: opts.status ?? 'published',
        publishedAt: new Date(),
      })
      .returning({ id: catalogProducts.id })
    return row!.id
  }

  /** A browser: keeps the guest cookie the server sets, and the session cookie when given one. */
  function browser(session?: string) {
    let guest: string | undefined
    const ip = `10.9.0.${ipCounter++}`
    const request = async (method: InjectOptions['method'], url: string, payload?: object, headers = {}) => {
      const cookies = [session, guest].filter(Boolean).join('; ')
      const res = await app.inject({
        method,
        url: `/api/v1${url}`,
        payload,
        remoteAddress: ip,
        headers: { ...(cookies ? { cookie: cookies } : {}), ...headers },
      })
      const set = guestCookieFrom(res)
      if (set) guest = /Expires=Thu, 01 Jan 1970/.test(set) ? undefined : set.split(';')[0]
      return res
    }
    return {
      request,
      add: (productId: string) => request('POST', '/compare/items', { productId }),
      ids: async () => (await request('GET', '/compare/ids')).json().data as { ids: string[]; count: number },
      list: async () => (await request('GET', '/compare')).json().data as CompareView,
      summary: async () => (await request('GET', '/header/summary')).json().compareCount as number,
      get guestCookie() {
        return guest
      },
    }
  }

  it('keeps a guest list across requests by an httpOnly cookie of 180 days', async () => {
    const a = await product()
    const guest = browser()
    const res = await guest.add(a)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({ ids: [a], count: 1 })
    const cookie = guestCookieFrom(res)!
    expect(cookie).toMatch(/^gid=[A-Za-z0-9_-]{43};/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBe(180 * 24 * 3600)

    expect(await guest.ids()).toEqual({ ids: [a], count: 1 })
    expect(await guest.summary()).toBe(1)
    // Only the token's hash is stored.
    const token = cookie.slice(4, cookie.indexOf(';'))
    const rows = await database.db.select().from(compareItems).where(eq(compareItems.productId, a))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.owner).toMatch(/^guest:[0-9a-f]{64}$/)
    expect(rows[0]!.owner).not.toContain(token)

    // Another browser sees nothing.
    expect(await browser().ids()).toEqual({ ids: [], count: 0 })
    expect(await browser().summary()).toBe(0)
  })

  it('adds idempotently, removes, and refuses what is not on sale or not an id', async () => {
    const user = await createTestUser(database.db)
    const me = browser(user.cookie)
    const [a, b] = [await product(), await product()]
    expect((await me.add(a)).statusCode).toBe(200)
    expect((await me.add(a)).json().data).toEqual({ ids: [a], count: 1 })
    expect((await me.add(b)).json().data).toEqual({ ids: [a, b], count: 2 })
    // A signed-in user gets no guest cookie.
    expect(me.guestCookie).toBeUndefined()

    const hidden = await product({ status: 'moderation' })
    const notPublished = await me.add(hidden)
    expect(notPublished.statusCode).toBe(404)
    expect(notPublished.json().error.message).toBe('Товар не найден или снят с продажи')
    expect((await me.add(randomUUID())).statusCode).toBe(404)

    const bad = await me.add('not-a-uuid' as string)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ productId: 'Укажите товар: нужен его идентификатор (UUID)' })
    expect((await me.request('DELETE', '/compare/items/123')).statusCode).toBe(400)

    const removed = await me.request('DELETE', `/compare/items/${a}`)
    expect(removed.json().data).toEqual({ ids: [b], count: 1 })
    expect(await me.summary()).toBe(1)
  })

  it('compares models: another seller’s offer of a model on the list takes its place', async () => {
    const me = browser((await createTestUser(database.db)).cookie)
    const [offer, rivalOffer, other] = [await product(), await product(), await product()]
    const [model] = await database.db
      .insert(catalogModels)
      .values({
        key: 'тест|сравнение',
        slug: 'test-compare-model',
        title: 'Модель',
        brand: 'Тест',
        name: 'Сравнение',
        categorySlug: 'multirotornye',
      })
      .returning({ id: catalogModels.id })
    await database.db
      .update(catalogProducts)
      .set({ modelId: model!.id })
      .where(inArray(catalogProducts.id, [offer, rivalOffer]))
    await me.add(offer)
    await me.add(other)
    expect((await me.add(rivalOffer)).json().data).toEqual({ ids: [other, rivalOffer], count: 2 })
    expect(await me.ids()).toEqual({ ids: [other, rivalOffer], count: 2 })
  })

  it('limits each category with a clear 409 and lets other categories in', async () => {
    const me = browser((await createTestUser(database.db)).cookie)
    for (let i = 0; i < COMPARE_LIMIT_PER_CATEGORY; i++) expect((await me.add(await product())).statusCode).toBe(200)
    const seventh = await me.add(await product())
    expect(seventh.statusCode).toBe(409)
    expect(seventh.json().error.message).toBe(compareLimitMessage('Мультироторные'))
    expect(seventh.json().error.message).toContain('6 товаров')

    const plane = await product({ category: 'samoletnogo-tipa', specs: { type: 'fixed_wing', flight_time: 120 } })
    expect((await me.add(plane)).statusCode).toBe(200)
    expect((await me.ids()).count).toBe(COMPARE_LIMIT_PER_CATEGORY + 1)
  })

  it('holds the limit when adds arrive at once', async () => {
    const me = browser((await createTestUser(database.db)).cookie)
    const candidates = []
    for (let i = 0; i <= COMPARE_LIMIT_PER_CATEGORY + 2; i++) candidates.push(await product())
    const statuses = (await Promise.all(candidates.map((id) => me.add(id)))).map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(COMPARE_LIMIT_PER_CATEGORY)
    expect(statuses.filter((s) => s === 409)).toHaveLength(3)
    expect((await me.ids()).count).toBe(COMPARE_LIMIT_PER_CATEGORY)
  })

  it('hides and stops counting products taken off sale, and does not hold them against the limit', async () => {
    const me = browser((await createTestUser(database.db)).cookie)
    const ids = []
    for (let i = 0; i < COMPARE_LIMIT_PER_CATEGORY; i++) {
      ids.push(await product())
      await me.add(ids[i]!)
    }
    await database.db.update(catalogProducts).set({ status: 'non-published' }).where(eq(catalogProducts.id, ids[0]!))
    expect((await me.ids()).ids).toEqual(ids.slice(1))
    expect(await me.summary()).toBe(COMPARE_LIMIT_PER_CATEGORY - 1)
    expect((await me.list()).groups[0]!.products.map((p) => p.id)).toEqual(ids.slice(1))
    expect((await me.add(await product())).statusCode).toBe(200)
  })

  it('lays out a category table: differing rows, best numbers, lower price best', async () => {
    const me = browser((await createTestUser(database.db)).cookie)
    const a = await product({
      price: 150_000_00,
      specs: { type: 'multirotor', flight_time: 30, max_takeoff_weight: 1.2, rtk: true },
    })
    const b = await product({
      price: 120_000_00,
      specs: { type: 'multirotor', flight_time: 45, max_takeoff_weight: 0.9, rtk: true, range: 8 },
    })
    const plane = await product({ category: 'samoletnogo-tipa', specs: { type: 'fixed_wing', flight_time: 120 } })
    await me.add(plane)
    await me.add(a)
    await me.add(b)

    const view = await me.list()
    expect(view.count).toBe(3)
    // In the category tree's order, products in the order added.
    expect(view.groups.map((g) => g.category)).toEqual([
      { slug: 'multirotornye', title: 'Мультироторные' },
      { slug: 'samoletnogo-tipa', title: 'Самолётного типа' },
    ])
    const group = view.groups[0]!
    expect(group.products.map((p) => p.id)).toEqual([a, b])
    const row = (code: string) => group.rows.find((r) => r.code === code)!
    expect(row('price')).toMatchObject({ section: 'main', differs: true, best: [1] })
    expect(row('flight_time')).toMatchObject({
      section: 'specs',
      values: ['30 мин', '45 мин'],
      differs: true,
      best: [1],
    })
    // Weight has no better end; equal values do not differ; a missing value is null.
    expect(row('max_takeoff_weight')).toMatchObject({ differs: true, best: [] })
    expect(row('type')).toMatchObject({ differs: false, best: [] })
    expect(row('rtk')).toMatchObject({ values: ['Да', 'Да'], differs: false })
    expect(row('range')).toMatchObject({ values: [null, '8 км'], differs: true, best: [] })
    expect(group.rows.find((r) => r.code === 'payload')).toBeUndefined()
  })

  it('clears one category or everything', async () => {
    const me = browser((await createTestUser(database.db)).cookie)
    const [a, plane] = [await product(), await product({ category: 'vtol', specs: { type: 'vtol' } })]
    await me.add(a)
    await me.add(plane)
    const bad = await me.request('DELETE', '/compare?category=nope')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ category: 'Нет такой категории' })
    expect((await me.request('DELETE', '/compare?category=vtol')).json().data).toEqual({ ids: [a], count: 1 })
    expect((await me.request('DELETE', '/compare')).json().data).toEqual({ ids: [], count: 0 })
    expect(await me.summary()).toBe(0)
  })

  it('merges the guest list into the account at sign-in: user first, then the guest newest, within the limit', async () => {
    const user = await createTestUser(database.db)
    const [a, b, c] = [await product(), await product(), await product()]
    const signedIn = browser(user.cookie)
    await signedIn.add(b)
    await signedIn.add(c)

    const guest = browser()
    await guest.add(a)
    await guest.add(b)
    const login = await guest.request('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })
    expect(login.statusCode).toBe(200)
    // The guest cookie is cleared: the browser is the user's now.
    expect(guestCookieFrom(login)).toMatch(/^gid=;.*Expires=Thu, 01 Jan 1970/)
    const session = String(login.headers['set-cookie']).match(/sid=[^;]+/)![0]
    const after = browser(session)
    expect((await after.ids()).ids).toEqual([b, c, a])
    expect(await after.summary()).toBe(3)
    const guestRows = await database.db.select().from(compareItems).where(eq(compareItems.productId, a))
    expect(guestRows.map((r) => r.owner)).toEqual([`user:${user.id}`])

    // The limit: the user's 5 stay, and of the guest's 3 only the newest fits.
    const full = await createTestUser(database.db)
    const own = browser(full.cookie)
    for (let i = 0; i < COMPARE_LIMIT_PER_CATEGORY - 1; i++) await own.add(await product())
    const mine = (await own.ids()).ids
    const visitor = browser()
    const extra = [await product(), await product(), await product()]
    for (const id of extra) await visitor.add(id)
    await visitor.request('POST', '/auth/login', { email: full.email, password: TEST_PASSWORD })
    expect((await own.ids()).ids).toEqual([...mine, extra[2]])
  })

  it('merges at registration too', async () => {
    const a = await product()
    const guest = browser()
    await guest.add(a)
    const email = `new-${randomUUID().slice(0, 8)}@example.test`
    await guest.request('POST', '/auth/register', {
      name: 'Пётр Иванов',
      email,
      password: TEST_PASSWORD,
      consent: true,
    })
    // The account exists once the browser opens the link from the letter.
    const token = linkToken((await lastMailTo(database.db, email)).text, 'confirmEmail')
    const res = await guest.request('POST', '/auth/email/confirm', { token })
    expect(res.statusCode).toBe(200)
    expect(guestCookieFrom(res)).toMatch(/^gid=;/)
    const session = String(res.headers['set-cookie']).match(/sid=[^;]+/)![0]
    expect(await browser(session).ids()).toEqual({ ids: [a], count: 1 })
  })

  it('refuses compare writes from another site, with or without a cookie', async () => {
    const a = await product()
    const stranger = browser()
    const first = await stranger.request('POST', '/compare/items', { productId: a }, { 'sec-fetch-site': 'cross-site' })
    expect(first.statusCode).toBe(403)
    expect(first.json().error.message).toBe('Запрос отклонён: он отправлен с другого сайта.')
    expect(guestCookieFrom(first)).toBeUndefined()

    const guest = browser()
    await guest.add(a)
    const evil = { origin: 'https://evil.example' }
    expect((await guest.request('DELETE', `/compare/items/${a}`, undefined, evil)).statusCode).toBe(403)
    expect((await guest.request('DELETE', '/compare', undefined, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(
      403,
    )
    // The guest cookie is ambient authority for every write, not only compare's.
    const lead = await guest.request('POST', '/leads', {}, { 'sec-fetch-site': 'cross-site' })
    expect(lead.statusCode).toBe(403)
    expect(await guest.ids()).toEqual({ ids: [a], count: 1 })
    const same = await guest.request('DELETE', `/compare/items/${a}`, undefined, { 'sec-fetch-site': 'same-origin' })
    expect(same.statusCode).toBe(200)
  })
})
