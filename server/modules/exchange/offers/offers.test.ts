import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { DRAFT_STATUSES, type DraftStatus } from '#common/products.ts'
import type { Database } from '../../../db/client.ts'
import { findTransition, NOT_YOUR_MOVE } from '../../../lifecycle/index.ts'
import { createTestUser } from '../../../testing/auth.ts'
import { useTestApp } from '../../../testing/app.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { emailOutbox } from '../../mail/mail.table.ts'
import { apiClient } from '../../organizations/organizations.testing.ts'
import { createTestVendor } from '../../organizations/vendors.testing.ts'
import { completeDraft, createMember, givePhoto } from '../../products/products.testing.ts'
import { MODERATION_TRANSITIONS, type ModerationActor, type ModerationEvent } from '../../../moderation/machine.ts'
import { offerModeration } from './offers.machine.ts'
import { publishedServiceOffers, serviceOfferEvents } from './offers.table.ts'

const EVENTS: ModerationEvent[] = ['create', 'edit', 'submit', 'withdraw', 'approve', 'requestFixes', 'unpublish']
const ACTORS: ModerationActor[] = ['vendor', 'staff']

describe('the offer moderation table', () => {
  // Every status × event × actor: allowed exactly when the table has the row, else 403 or 409.
  for (const from of [null, ...DRAFT_STATUSES] as (DraftStatus | null)[]) {
    for (const event of EVENTS) {
      for (const who of ACTORS) {
        const row = MODERATION_TRANSITIONS.find((t) => t.from === from && t.event === event && t.who === who)
        it(`${from ?? '∅'} —${event}/${who}→ ${row ? row.to : 'refused'}`, () => {
          const attempt = () => findTransition(offerModeration, from, event, who)
          if (row) return expect(attempt()).toBe(row)
          const actorEver = MODERATION_TRANSITIONS.some((t) => t.event === event && t.who === who)
          expect(attempt).toThrow(
            actorEver
              ? expect.objectContaining({ kind: 'conflict', message: expect.stringMatching(/[Уу]слуг/) })
              : expect.objectContaining({ kind: 'forbidden', message: NOT_YOUR_MOVE }),
          )
        })
      }
    }
  }

  it('names the offer in a refusal and says where it stands', () => {
    expect(() => findTransition(offerModeration, 'draft', 'approve', 'staff', 'Услуга «Съёмка»')).toThrow(
      'Услуга «Съёмка»: одобрить можно только услугу, которая находится на модерации. Сейчас статус «Черновик».',
    )
  })
})

/** What the editor sends for a complete offer. */
function completeOffer(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Аэрофотосъёмка полей',
    type: 'aerial-survey',
    spheres: ['selskoe-khozyaistvo'],
    regions: ['23'],
    nationwide: false,
    priceFromKopecks: 350_00,
    priceUnit: 'hectare',
    description: '<p>Съёмка полей с <strong>RTK</strong>.</p><script>alert(1)</script>',
    licences: [{ title: 'Сертификат эксплуатанта', number: 'СЭ-123', validUntil: '2027-12-31' }],
    ...overrides,
  }
}

describe.each(BACKENDS)('service offers on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let owner: { id: string; email: string; cookie: string }
  let employee: { cookie: string }
  let otherVendorOwner: { cookie: string }
  let buyerOwner: { cookie: string }
  let unconfirmedOwner: { cookie: string }
  let staff: { cookie: string }
  let ownProductId: string
  let otherProductId: string

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  /** A product of the vendor on sale, through the products' own API. */
  async function publishProduct(cookie: string, sku: string): Promise<string> {
    const res = await api('POST', '/cabinet/products', cookie, completeDraft({ sku, title: `Дрон ${sku}` }))
    const id = res.json().data.id as string
    await givePhoto(database.db, id)
    expect((await api('POST', `/cabinet/products/${id}/submit`, cookie)).statusCode).toBe(200)
    expect((await api('POST', `/staff/products/${id}/approve`, staff.cookie)).statusCode).toBe(200)
    return id
  }

  beforeAll(async () => {
    const db = database.db
    const vendor = await createTestVendor(db, { name: 'Аэротест', slug: 'aerotest' })
    owner = await createMember(db, vendor.id, 'owner', 'Анна Владелец')
    employee = await createMember(db, vendor.id, 'member')
    const other = await createTestVendor(db, { name: 'Геотест', slug: 'geotest' })
    otherVendorOwner = await createMember(db, other.id)
    const buyer = await createTestVendor(db, { name: 'Фермер', slug: 'fermer', vendorStatus: null })
    buyerOwner = await createMember(db, buyer.id)
    const unconfirmed = await createTestVendor(db, { name: 'Новичок', slug: 'novichok', vendorStatus: 'moderation' })
    unconfirmedOwner = await createMember(db, unconfirmed.id)
    staff = await createTestUser(db, { isStaff: true })
    ownProductId = await publishProduct(owner.cookie, 'OWN-1')
    otherProductId = await publishProduct(otherVendorOwner.cookie, 'OTHER-1')
  })

  const create = (cookie: string, body: object = completeOffer(), key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/cabinet/service-offers',
      payload: body,
      headers: { cookie, ...(key && { 'idempotency-key': key }) },
    })
  const published = async (id: string) =>
    (await database.db.select().from(publishedServiceOffers).where(eq(publishedServiceOffers.id, id)))[0]

  it('takes an offer from draft through moderation to the exchange, and back for fixes', async () => {
    const draft = await create(owner.cookie, { type: 'aerial-survey', title: 'Съёмка полей' })
    expect(draft.statusCode).toBe(201)
    const id = draft.json().data.id as string
    expect(draft.json().data).toMatchObject({ status: 'draft', published: false })

    // Incomplete: the missing fields come back in Russian, nothing moves.
    const early = await api('POST', `/cabinet/service-offers/${id}/submit`, owner.cookie)
    expect(early.statusCode).toBe(400)
    expect(early.json().error.fields).toEqual({
      spheres: 'Выберите хотя бы одну сферу',
      regions: 'Укажите регионы, где вы работаете, или отметьте «Вся Россия»',
      description: 'Опишите услугу: что входит в работу, сроки, что получит заказчик',
    })

    const saved = await api(
      'PATCH',
      `/cabinet/service-offers/${id}`,
      owner.cookie,
      completeOffer({ equipmentProductIds: [ownProductId] }),
    )
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data).toMatchObject({
      problems: {},
      description: '<p>Съёмка полей с <strong>RTK</strong>.</p>',
      equipment: [{ id: ownProductId, title: 'Дрон OWN-1' }],
    })

    const submitted = await api('POST', `/cabinet/service-offers/${id}/submit`, owner.cookie)
    expect(submitted.json().data.status).toBe('moderation')
    // A second click is harmless; with staff, the offer cannot be changed.
    expect((await api('POST', `/cabinet/service-offers/${id}/submit`, owner.cookie)).json().data.status).toBe(
      'moderation',
    )
    const locked = await api('PATCH', `/cabinet/service-offers/${id}`, owner.cookie, completeOffer())
    expect(locked.statusCode).toBe(409)

    const queue = (await api('GET', '/staff/service-offers', staff.cookie)).json().data
    expect(queue.items.map((i: { id: string }) => i.id)).toContain(id)
    expect(queue.items.find((i: { id: string }) => i.id === id).vendor).toMatchObject({ slug: 'aerotest' })

    expect((await api('POST', `/staff/service-offers/${id}/request-fixes`, staff.cookie, {})).statusCode).toBe(400)
    const back = await api('POST', `/staff/service-offers/${id}/request-fixes`, staff.cookie, {
      comment: 'Уточните цену',
    })
    expect(back.json().data).toMatchObject({ status: 'needFixes', staffComment: 'Уточните цену' })
    const [fixesMail] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, owner.email), eq(emailOutbox.kind, 'service_offer_need_fixes')))
    expect(fixesMail?.text).toContain('Комментарий модератора: Уточните цену')
    expect(fixesMail?.text).toContain(`/personal-account/service-exchange/offer/${id}`)

    expect((await api('POST', `/cabinet/service-offers/${id}/submit`, owner.cookie)).json().data.status).toBe(
      'moderation',
    )
    const approved = await api('POST', `/staff/service-offers/${id}/approve`, staff.cookie)
    expect(approved.statusCode).toBe(200)
    expect(approved.json().data).toMatchObject({ status: 'approved', published: true, sellerSlug: 'aerotest' })
    expect(await published(id)).toMatchObject({
      title: 'Аэрофотосъёмка полей',
      sellerSlug: 'aerotest',
      sellerName: expect.stringContaining('Аэротест'),
      priceFromKopecks: 350_00,
      regions: ['23'],
      equipmentProductIds: [ownProductId],
    })
    const [approvedMail] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, owner.email), eq(emailOutbox.kind, 'service_offer_approved')))
    expect(approvedMail?.text).toContain('/services/seller/aerotest')

    const history = await database.db.select().from(serviceOfferEvents).where(eq(serviceOfferEvents.offerId, id))
    expect(history.map((h) => h.event)).toEqual(['create', 'submit', 'requestFixes', 'submit', 'approve'])
  })

  it('keeps the published version on the exchange while an edit waits, and unpublishes', async () => {
    const id = (await create(owner.cookie, completeOffer({ title: 'Инспекция ЛЭП', type: 'inspection' }))).json().data
      .id
    await api('POST', `/cabinet/service-offers/${id}/submit`, owner.cookie)
    await api('POST', `/staff/service-offers/${id}/approve`, staff.cookie)

    const edited = await api(
      'PATCH',
      `/cabinet/service-offers/${id}`,
      owner.cookie,
      completeOffer({ title: 'Инспекция ЛЭП 110 кВ', type: 'inspection', priceFromKopecks: null }),
    )
    expect(edited.json().data).toMatchObject({
      status: 'draft',
      published: true,
      hasPendingChanges: true,
      title: 'Инспекция ЛЭП 110 кВ',
      priceFromKopecks: null,
    })
    expect(await published(id)).toMatchObject({ title: 'Инспекция ЛЭП', priceFromKopecks: 350_00 })

    // Deleting needs it off the exchange first.
    expect((await api('DELETE', `/cabinet/service-offers/${id}`, owner.cookie)).statusCode).toBe(409)
    // Members edit; only owners and administrators unpublish.
    expect((await api('POST', `/cabinet/service-offers/${id}/unpublish`, employee.cookie)).statusCode).toBe(403)
    const off = await api('POST', `/cabinet/service-offers/${id}/unpublish`, owner.cookie)
    expect(off.json().data).toMatchObject({ published: false, status: 'draft' })
    expect(await published(id)).toBeUndefined()
    // Repeated: off already.
    expect((await api('POST', `/cabinet/service-offers/${id}/unpublish`, owner.cookie)).statusCode).toBe(200)
  })

  it('creates once per Idempotency-Key, withdraws and deletes a draft never published', async () => {
    const first = await create(owner.cookie, completeOffer({ title: 'Ремонт дронов', type: 'repair' }), 'key-1')
    const again = await create(owner.cookie, completeOffer({ title: 'Ремонт дронов', type: 'repair' }), 'key-1')
    expect(again.json().data.id).toBe(first.json().data.id)
    const id = first.json().data.id as string
    await api('POST', `/cabinet/service-offers/${id}/submit`, owner.cookie)
    const withdrawn = await api('POST', `/cabinet/service-offers/${id}/withdraw`, owner.cookie)
    expect(withdrawn.json().data.status).toBe('draft')
    // Approving what is not with staff is refused, in Russian.
    const early = await api('POST', `/staff/service-offers/${id}/approve`, staff.cookie)
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toContain('услугу, которая находится на модерации')
    expect((await api('DELETE', `/cabinet/service-offers/${id}`, owner.cookie)).statusCode).toBe(204)
    expect((await api('GET', `/cabinet/service-offers/${id}`, owner.cookie)).statusCode).toBe(404)
  })

  it('keeps offers to their organization and moderation to staff', async () => {
    const id = (await create(owner.cookie)).json().data.id as string
    // Another vendor's offer does not exist for it.
    for (const [method, url] of [
      ['GET', `/cabinet/service-offers/${id}`],
      ['PATCH', `/cabinet/service-offers/${id}`],
      ['POST', `/cabinet/service-offers/${id}/submit`],
      ['DELETE', `/cabinet/service-offers/${id}`],
    ] as const) {
      const res = await api(method, url, otherVendorOwner.cookie, method === 'PATCH' ? completeOffer() : undefined)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    // A buyer-only organization is told how to become a vendor; an unconfirmed one cannot offer yet.
    const buyer = await create(buyerOwner.cookie)
    expect(buyer.statusCode).toBe(403)
    expect(buyer.json().error.message).toContain('«Поставщик»')
    const unconfirmed = await create(unconfirmedOwner.cookie)
    expect(unconfirmed.statusCode).toBe(409)
    expect(unconfirmed.json().error.message).toBe(
      'Предлагать услуги может организация с подтверждённой ролью «Поставщик»',
    )
    // Equipment is the vendor's own product on sale.
    const foreign = await create(owner.cookie, completeOffer({ equipmentProductIds: [otherProductId] }))
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().error.fields).toEqual({
      equipmentProductIds: 'Оборудование — товары вашей организации из каталога',
    })
    const options = (await api('GET', '/cabinet/service-offers/equipment', owner.cookie)).json().data
    expect(options.map((o: { id: string }) => o.id)).toEqual([ownProductId])

    // Only staff see the queue and decide; the vendor cannot approve its own offer.
    await api('POST', `/cabinet/service-offers/${id}/submit`, owner.cookie)
    expect((await api('GET', '/staff/service-offers', owner.cookie)).statusCode).toBe(403)
    expect((await api('POST', `/staff/service-offers/${id}/approve`, owner.cookie)).statusCode).toBe(403)
    expect((await api('POST', `/staff/service-offers/${id}/approve`)).statusCode).toBe(401)
    expect(await published(id)).toBeUndefined()
  })

  it('keeps photos the way products do: uploaded, ordered, captioned and removed', async () => {
    const id = (await create(owner.cookie)).json().data.id as string
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer()
    const upload = (name: string) => {
      const boundary = '----offer'
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      return app.inject({
        method: 'POST',
        url: `/api/v1/cabinet/service-offers/${id}/photos`,
        payload: body,
        headers: { cookie: owner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      })
    }
    expect((await upload('a.png')).statusCode).toBe(201)
    const second = await upload('b.png')
    const photos = second.json().data.photos as { id: string; src: string }[]
    expect(photos).toHaveLength(2)
    expect(photos[0]!.src).toMatch(/^product-photos\/[0-9a-f]{32}\.webp$/)
    // Served by the same image route as the products' photos.
    const image = await app.inject({ method: 'GET', url: `/marketplace-frontend-assets/${photos[0]!.src}` })
    expect(image.statusCode).toBe(200)

    const reordered = await api('PUT', `/cabinet/service-offers/${id}/photos/order`, owner.cookie, {
      ids: [photos[1]!.id, photos[0]!.id],
    })
    expect(reordered.json().data.photos.map((p: { id: string }) => p.id)).toEqual([photos[1]!.id, photos[0]!.id])
    const captioned = await api('PATCH', `/cabinet/service-offers/${id}/photos/${photos[0]!.id}`, owner.cookie, {
      alt: 'Дрон над полем',
    })
    expect(captioned.json().data.photos[1].alt).toBe('Дрон над полем')
    const removed = await api('DELETE', `/cabinet/service-offers/${id}/photos/${photos[0]!.id}`, owner.cookie)
    expect(removed.json().data.photos.map((p: { id: string }) => p.id)).toEqual([photos[1]!.id])
    // Another vendor cannot touch them.
    expect(
      (await api('DELETE', `/cabinet/service-offers/${id}/photos/${photos[1]!.id}`, otherVendorOwner.cookie))
        .statusCode,
    ).toBe(404)
  })
})
