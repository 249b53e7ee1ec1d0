import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { DRAFT_STATUSES, type DraftStatus } from '#common/products.ts'
import type { Database } from '../../db/client.ts'
import { createTestUser } from '../../testing/auth.ts'
import { buildTestApp, useTestApp } from '../../testing/app.ts'
import { BACKENDS } from '../../testing/database.ts'
import { findTransition, NOT_YOUR_MOVE } from '../../lifecycle/index.ts'
import { catalogModels, catalogSearchWords } from '../catalog/catalog.table.ts'
import { emailOutbox } from '../mail/mail.table.ts'
import { apiClient } from '../organizations/organizations.testing.ts'
import { createTestVendor } from '../organizations/vendors.testing.ts'
import { MODERATION_TRANSITIONS, type ModerationActor, type ModerationEvent } from '../../moderation/machine.ts'
import { productModeration } from './products.machine.ts'
import { productDraftEvents } from './products.table.ts'
import { completeDraft, createMember, givePhoto } from './products.testing.ts'

const EVENTS: ModerationEvent[] = ['create', 'edit', 'submit', 'withdraw', 'approve', 'requestFixes', 'unpublish']
const ACTORS: ModerationActor[] = ['vendor', 'staff']

describe('the product moderation table', () => {
  // Every status × event × actor: allowed exactly when the table has the row, else 403 or 409.
  for (const from of [null, ...DRAFT_STATUSES] as (DraftStatus | null)[]) {
    for (const event of EVENTS) {
      for (const who of ACTORS) {
        const row = MODERATION_TRANSITIONS.find((t) => t.from === from && t.event === event && t.who === who)
        it(`${from ?? '∅'} —${event}/${who}→ ${row ? row.to : 'refused'}`, () => {
          const attempt = () => findTransition(productModeration, from, event, who)
          if (row) return expect(attempt()).toBe(row)
          const actorEver = MODERATION_TRANSITIONS.some((t) => t.event === event && t.who === who)
          expect(attempt).toThrow(
            actorEver
              ? expect.objectContaining({ kind: 'conflict', message: expect.stringMatching(/[а-я]/) })
              : expect.objectContaining({ kind: 'forbidden', message: NOT_YOUR_MOVE }),
          )
        })
      }
    }
  }

  it('has the moves the cabinet promises and no others from a published version', () => {
    const moves = MODERATION_TRANSITIONS.map((t) => `${t.from}:${t.event}:${t.to}`)
    expect(moves).toEqual(
      expect.arrayContaining([
        'draft:submit:moderation',
        'moderation:approve:approved',
        'moderation:requestFixes:needFixes',
        'needFixes:submit:moderation',
        'approved:unpublish:draft',
      ]),
    )
    expect(MODERATION_TRANSITIONS.filter((t) => t.who === 'staff').map((t) => t.from)).toEqual([
      'moderation',
      'moderation',
    ])
  })
})

describe.each(BACKENDS)('seller cabinet products on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let vendor: { id: string; slug: string }
  let owner: { id: string; email: string; cookie: string }
  let employee: { cookie: string }
  let otherVendorOwner: { cookie: string }
  let buyerOwner: { cookie: string }
  let unconfirmedOwner: { cookie: string }
  let staff: { cookie: string }

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  beforeAll(async () => {
    const db = database.db
    vendor = await createTestVendor(db, { name: 'Аэроскан', slug: 'aeroskan' })
    owner = await createMember(db, vendor.id, 'owner', 'Анна Владелец')
    employee = await createMember(db, vendor.id, 'member')
    const other = await createTestVendor(db, { name: 'Геодрон', slug: 'geodron' })
    otherVendorOwner = await createMember(db, other.id)
    const buyer = await createTestVendor(db, { name: 'Покупатель', slug: 'pokupatel', vendorStatus: null })
    buyerOwner = await createMember(db, buyer.id)
    const unconfirmed = await createTestVendor(db, { name: 'Новичок', slug: 'novichok', vendorStatus: 'moderation' })
    unconfirmedOwner = await createMember(db, unconfirmed.id)
    staff = await createTestUser(db, { isStaff: true })
  })

  const create = async (cookie: string, body: object = completeDraft(), key?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/cabinet/products',
      payload: body,
      headers: { cookie, ...(key && { 'idempotency-key': key }) },
    })
    // Moderation needs a photo; the photo endpoints are tested in products.media.test.ts.
    if (res.statusCode === 201) await givePhoto(database.db, res.json().data.id)
    return res
  }
  const publicSearch = async (q: string) =>
    (await api('GET', `/catalog/products?category=bespilotniki&q=${encodeURIComponent(q)}`)).json().data
  const sellerProducts = async () => (await api('GET', `/sellers/${vendor.slug}/products`)).json().data

  it('takes a product from draft through moderation to the catalogue, and back for fixes', async () => {
    const draft = await create(owner.cookie, { title: 'Квадрокоптер Аэроскан Сапсан' })
    expect(draft.statusCode).toBe(201)
    const id = draft.json().data.id as string
    expect(draft.json().data).toMatchObject({ status: 'draft', published: false })
    expect(draft.json().data.problems).toHaveProperty('brand')

    // Incomplete: the missing fields come back, nothing moves.
    const early = await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)
    expect(early.statusCode).toBe(400)
    expect(early.json().error.fields).toMatchObject({ brand: 'Укажите бренд', categorySlug: 'Выберите категорию' })

    const saved = await api(
      'PATCH',
      `/cabinet/products/${id}`,
      owner.cookie,
      completeDraft({ sku: 'SAP-1', title: 'Квадрокоптер Аэроскан Сапсан' }),
    )
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data.problems).toEqual({})

    const submitted = await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)
    expect(submitted.json().data.status).toBe('moderation')
    // A second click is harmless.
    expect((await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)).json().data.status).toBe('moderation')
    // With staff, the draft cannot be changed.
    const locked = await api('PATCH', `/cabinet/products/${id}`, owner.cookie, { title: 'Другое' })
    expect(locked.statusCode).toBe(409)

    const queue = (await api('GET', '/staff/products', staff.cookie)).json().data
    expect(queue.items.map((i: { id: string }) => i.id)).toContain(id)
    // The filters offer what waits, with counts; the vendor filter narrows the queue to it.
    const filters = (await api('GET', '/staff/products/queue-filters', staff.cookie)).json().data
    expect(filters.vendors).toContainEqual({ id: vendor.id, slug: 'aeroskan', name: expect.any(String), count: 1 })
    expect(filters.categories).toContainEqual({ slug: 'multirotornye', title: expect.any(String), count: 1 })
    const narrowed = (
      await api('GET', `/staff/products?vendor=${vendor.id}&category=multirotornye`, staff.cookie)
    ).json()
    expect(narrowed.data.items.map((i: { id: string }) => i.id)).toEqual([id])
    expect((await api('GET', '/staff/products/queue-filters', owner.cookie)).statusCode).toBe(403)

    // Sending back needs a comment.
    expect((await api('POST', `/staff/products/${id}/request-fixes`, staff.cookie, {})).statusCode).toBe(400)
    const back = await api('POST', `/staff/products/${id}/request-fixes`, staff.cookie, { comment: 'Добавьте фото' })
    expect(back.json().data).toMatchObject({ status: 'needFixes', staffComment: 'Добавьте фото' })
    const [fixesMail] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, owner.email), eq(emailOutbox.kind, 'product_need_fixes')))
    expect(fixesMail?.text).toContain('Комментарий модератора: Добавьте фото')
    expect(fixesMail?.subject).toBe('Товар «Квадрокоптер Аэроскан Сапсан» нужно доработать — ООО «Аэроскан»')

    const tab = (await api('GET', '/cabinet/products?tab=non-published', owner.cookie)).json().data
    expect(tab.items.find((i: { id: string }) => i.id === id)).toMatchObject({ staffComment: 'Добавьте фото' })

    expect((await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)).json().data.status).toBe('moderation')
    expect((await publicSearch('Сапсан')).total).toBe(0)

    const approved = await api('POST', `/staff/products/${id}/approve`, staff.cookie)
    expect(approved.statusCode).toBe(200)
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      published: true,
      live: { slug: expect.any(String) },
    })
    // On sale at once: search, the seller page, suggestions, the typo dictionary.
    const found = await publicSearch('Сапсан')
    expect(found.items.map((p: { id: string }) => p.id)).toEqual([id])
    expect((await sellerProducts()).items.map((p: { id: string }) => p.id)).toContain(id)
    const suggestions = (await api('GET', '/catalog/suggestions?q=сапсан')).json().data
    expect(JSON.stringify(suggestions)).toContain('Сапсан')
    const [word] = await database.db.select().from(catalogSearchWords).where(eq(catalogSearchWords.word, 'сапсан'))
    expect(word?.frequency).toBe(1)

    const history = await database.db.select().from(productDraftEvents).where(eq(productDraftEvents.productId, id))
    expect(history.map((h) => h.event)).toEqual(['create', 'submit', 'requestFixes', 'submit', 'approve'])
    expect(history.find((h) => h.event === 'requestFixes')?.comment).toBe('Добавьте фото')
  })

  it('keeps the seller’s own terms and publishes the product as an offer of its model', async () => {
    const refused = await create(owner.cookie, completeDraft({ deliveryRegions: ['66', '00'], warrantyMonths: 121 }))
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.fields).toMatchObject({
      deliveryRegions: 'Выберите регионы из списка',
      warrantyMonths: 'Гарантия: не больше 120',
    })
    expect((await create(owner.cookie, completeDraft({ minOrderQuantity: 0 }))).json().error.fields).toMatchObject({
      minOrderQuantity: 'Минимальный заказ: не меньше 1',
    })

    const terms = { warrantyMonths: 24, deliveryRegions: ['66', '74', '66'], minOrderQuantity: 3 }
    const made = await create(owner.cookie, completeDraft({ sku: 'TERMS-1', model: 'Сокол М', ...terms }))
    expect(made.json().data).toMatchObject({ warrantyMonths: 24, deliveryRegions: ['66', '74'], minOrderQuantity: 3 })
    const id = made.json().data.id as string
    await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)
    const approved = (await api('POST', `/staff/products/${id}/approve`, staff.cookie)).json().data
    const page = (await api('GET', `/catalog/products/${approved.live.slug}`)).json().data
    expect(page.terms).toEqual({ warrantyMonths: 24, deliveryRegions: ['66', '74'], minOrderQuantity: 3 })
    expect(page.modelId).toEqual(expect.any(String))
    const [model] = await database.db.select().from(catalogModels).where(eq(catalogModels.id, page.modelId))
    expect(model).toMatchObject({ brand: 'Аэроскан', name: 'Сокол М', status: 'approved' })

    // Another seller's product of the same model becomes its second offer, not a second model.
    const rival = await create(otherVendorOwner.cookie, completeDraft({ sku: 'R-1', model: 'сокол-м' }))
    const rivalId = rival.json().data.id as string
    await api('POST', `/cabinet/products/${rivalId}/submit`, otherVendorOwner.cookie)
    const rivalLive = (await api('POST', `/staff/products/${rivalId}/approve`, staff.cookie)).json().data.live
    expect((await api('GET', `/catalog/products/${rivalLive.slug}`)).json().data.modelId).toBe(page.modelId)
  })

  it('keeps the published version on sale, unchanged, until staff approve the new one', async () => {
    const id = (await create(owner.cookie, completeDraft({ sku: 'KEEP-1', title: 'Аэроскан Кречет' }))).json().data.id
    await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)
    await api('POST', `/staff/products/${id}/approve`, staff.cookie)

    const edited = await api('PATCH', `/cabinet/products/${id}`, owner.cookie, {
      title: 'Аэроскан Кречет М2',
      priceKopecks: 99_000_00,
    })
    expect(edited.json().data).toMatchObject({
      status: 'draft',
      published: true,
      hasPendingChanges: true,
      title: 'Аэроскан Кречет М2',
      live: { title: 'Аэроскан Кречет', priceKopecks: 125_000_00 },
    })
    const counts = (await api('GET', '/cabinet/products', owner.cookie)).json().data.counts
    expect(counts.published).toBeGreaterThanOrEqual(1)
    expect((await publicSearch('Кречет')).items[0]).toMatchObject({
      title: 'Аэроскан Кречет',
      priceKopecks: 125_000_00,
    })

    await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)
    const review = (await api('GET', `/staff/products/${id}`, staff.cookie)).json().data
    expect(review).toMatchObject({
      title: 'Аэроскан Кречет М2',
      live: { title: 'Аэроскан Кречет' },
      vendor: { slug: 'aeroskan' },
    })
    expect((await publicSearch('Кречет')).items[0].title).toBe('Аэроскан Кречет')

    await api('POST', `/staff/products/${id}/approve`, staff.cookie)
    expect((await publicSearch('Кречет')).items[0]).toMatchObject({
      title: 'Аэроскан Кречет М2',
      priceKopecks: 99_000_00,
    })

    // Unpublished: gone from the catalogue at once; back only through moderation.
    const off = await api('POST', `/cabinet/products/${id}/unpublish`, owner.cookie)
    expect(off.json().data).toMatchObject({ published: false, status: 'draft' })
    expect((await publicSearch('Кречет')).total).toBe(0)
    const [gone] = await database.db.select().from(catalogSearchWords).where(eq(catalogSearchWords.word, 'кречет'))
    expect(gone).toBeUndefined()
    expect((await api('POST', `/cabinet/products/${id}/unpublish`, owner.cookie)).statusCode).toBe(200)
    expect((await api('POST', `/staff/products/${id}/approve`, staff.cookie)).statusCode).toBe(409)
  })

  it('puts an approved product on every instance at once, and takes an unpublished one off', async () => {
    // A second app over the same database, with its own in-memory listing index, as another
    // instance behind the load balancer would have; it has served the catalogue before.
    const other = await buildTestApp(database)
    try {
      const search = async (q: string) =>
        (
          await other.inject({ url: `/api/v1/catalog/products?category=bespilotniki&q=${encodeURIComponent(q)}` })
        ).json().data
      expect((await search('Беркут')).total).toBe(0)
      const id = (await create(owner.cookie, completeDraft({ sku: 'EVERY-1', title: 'Аэроскан Беркут' }))).json().data
        .id
      await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)
      await api('POST', `/staff/products/${id}/approve`, staff.cookie)
      expect((await search('Беркут')).items.map((p: { id: string }) => p.id)).toEqual([id])
      const suggestions = (await other.inject({ url: '/api/v1/catalog/suggestions?q=беркут' })).json().data
      expect(JSON.stringify(suggestions)).toContain('Беркут')
      await api('POST', `/cabinet/products/${id}/unpublish`, owner.cookie)
      expect((await search('Беркут')).total).toBe(0)
    } finally {
      await other.close()
    }
  })

  it('answers each caller as the rules say', async () => {
    const id = (await create(owner.cookie, completeDraft({ sku: 'AUTH-1' }))).json().data.id
    const paths = [
      ['GET', `/cabinet/products/${id}`],
      ['PATCH', `/cabinet/products/${id}`],
      ['POST', `/cabinet/products/${id}/submit`],
      ['POST', `/cabinet/products/${id}/unpublish`],
      ['DELETE', `/cabinet/products/${id}`],
    ] as const
    for (const [method, path] of paths) {
      expect((await api(method, path, undefined, {})).statusCode, `guest ${method} ${path}`).toBe(401)
      expect((await api(method, path, buyerOwner.cookie, {})).statusCode, `buyer ${method} ${path}`).toBe(403)
      expect((await api(method, path, otherVendorOwner.cookie, {})).statusCode, `other ${method} ${path}`).toBe(404)
    }
    expect((await api('GET', '/cabinet/products', undefined)).statusCode).toBe(401)
    const buyerList = await api('GET', '/cabinet/products', buyerOwner.cookie)
    expect(buyerList.statusCode).toBe(403)
    expect(buyerList.json().error.message).toContain('«Поставщик»')
    expect((await api('GET', `/cabinet/products/not-a-uuid`, owner.cookie)).statusCode).toBe(404)

    // An employee edits but does not publish.
    expect((await api('PATCH', `/cabinet/products/${id}`, employee.cookie, { model: 'Сокол-2' })).statusCode).toBe(200)
    expect((await api('POST', `/cabinet/products/${id}/submit`, employee.cookie)).statusCode).toBe(403)
    expect((await api('DELETE', `/cabinet/products/${id}`, employee.cookie)).statusCode).toBe(403)

    // Staff endpoints are staff's.
    for (const cookie of [owner.cookie, buyerOwner.cookie]) {
      expect((await api('GET', '/staff/products', cookie)).statusCode).toBe(403)
      expect((await api('POST', `/staff/products/${id}/approve`, cookie)).statusCode).toBe(403)
    }
    expect((await api('GET', '/staff/products', undefined)).statusCode).toBe(401)

    // An unconfirmed vendor prepares drafts but cannot send them, and is told why.
    const unconfirmedDraft = await create(unconfirmedOwner.cookie, completeDraft({ sku: 'NEW-1' }))
    expect(unconfirmedDraft.statusCode).toBe(201)
    const refused = await api(
      'POST',
      `/cabinet/products/${unconfirmedDraft.json().data.id}/submit`,
      unconfirmedOwner.cookie,
    )
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toContain('ещё не подтверждена')
  })

  it('creates once per Idempotency-Key, refuses a second product with the same SKU, and deletes drafts only', async () => {
    const first = await create(owner.cookie, completeDraft({ sku: 'IDEM-1' }), 'key-123')
    const again = await create(owner.cookie, completeDraft({ sku: 'IDEM-1' }), 'key-123')
    expect(again.json().data.id).toBe(first.json().data.id)
    // Another body under the same key: a 422, not the first product.
    const reused = await create(owner.cookie, completeDraft({ sku: 'IDEM-2' }), 'key-123')
    expect(reused.statusCode).toBe(422)
    expect(reused.json().error.message).toMatch(/Idempotency-Key уже использован/)
    // Two racing requests with one key make one draft.
    const raced = await Promise.all(
      [1, 2].map(() => create(owner.cookie, completeDraft({ sku: 'IDEM-3' }), 'key-race')),
    )
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 201])
    expect(raced[0]!.json().data.id).toBe(raced[1]!.json().data.id)
    const duplicate = await create(owner.cookie, completeDraft({ sku: 'idem-1' }))
    expect(duplicate.statusCode).toBe(400)
    expect(duplicate.json().error.fields.sku).toContain('IDEM-1'.toLowerCase())

    const id = first.json().data.id
    expect((await api('DELETE', `/cabinet/products/${id}`, owner.cookie)).statusCode).toBe(204)
    expect((await api('GET', `/cabinet/products/${id}`, owner.cookie)).statusCode).toBe(404)
    expect((await api('DELETE', `/cabinet/products/${id}`, owner.cookie)).statusCode).toBe(404)
  })

  it('stores descriptions sanitized: formatting kept, scripts and handlers dropped', async () => {
    const res = await create(
      owner.cookie,
      completeDraft({
        sku: 'HTML-1',
        description:
          '<p>Надёжный <strong>дрон</strong></p><ul><li>RTK</li></ul><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">ссылка</a><img src=x onerror=alert(1)>',
      }),
    )
    const html = res.json().data.description as string
    expect(html).toContain('<strong>дрон</strong>')
    expect(html).toContain('<li>RTK</li>')
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img/i)
  })

  it('refuses a description of unclosed tags with the limit, and cleans a long one once, off the request thread', async () => {
    const hostile = await create(owner.cookie, { title: 'Теги', description: '<b>'.repeat(25_000) })
    expect(hostile.statusCode).toBe(400)
    expect(hostile.json().error.fields.description).toMatch(/не больше 32 тегов друг в друге/)
    const long = '<p>Пункт <b>жирный</b><script>x()</script></p>'.repeat(1_000)
    const created = (await create(owner.cookie, { title: 'Длинное описание', description: long })).json().data
    expect(created.description).toBe('<p>Пункт <b>жирный</b></p>'.repeat(1_000))
    const read = (await api('GET', `/cabinet/products/${created.id}`, owner.cookie)).json().data
    expect(read.description).toBe(created.description)
  })

  it('runs bulk actions per product and says which failed', async () => {
    const ready = (await create(owner.cookie, completeDraft({ sku: 'BULK-1' }))).json().data.id
    const incomplete = (await create(owner.cookie, { title: 'Черновик без полей' })).json().data.id
    const res = await api('POST', '/cabinet/products/bulk', owner.cookie, {
      action: 'submit',
      ids: [ready, incomplete],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.done).toEqual([ready])
    expect(res.json().data.failed).toEqual([
      {
        id: incomplete,
        title: 'Черновик без полей',
        message: 'Заполните обязательные поля, чтобы отправить товар на модерацию',
      },
    ])
    const tabs = (await api('GET', '/cabinet/products?tab=moderation&q=bulk-1', owner.cookie)).json().data
    expect(tabs.items.map((i: { id: string }) => i.id)).toEqual([ready])
  })
})
