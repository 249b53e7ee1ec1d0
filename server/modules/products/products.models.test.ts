import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { MODEL_MESSAGES } from '#common/catalog/models.ts'
import type { Database } from '../../db/client.ts'
import { createTestUser } from '../../testing/auth.ts'
import { useTestApp } from '../../testing/app.ts'
import { BACKENDS } from '../../testing/database.ts'
import { auditLog } from '../audit/audit.table.ts'
import { catalogModelFits, catalogModels, catalogProducts } from '../catalog/catalog.table.ts'
import { type CatalogFixture, seedCatalogFixture } from '../catalog/catalog.testing.ts'
import { apiClient } from '../organizations/organizations.testing.ts'
import { createTestVendor } from '../organizations/vendors.testing.ts'
import { completeDraft, createMember, givePhoto } from './products.testing.ts'

describe.each(BACKENDS)('offers of catalogue models on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let fixture: CatalogFixture
  let seller: { cookie: string }
  let buyer: { cookie: string }
  let staff: { cookie: string }
  let rival: { cookie: string }

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  beforeAll(async () => {
    fixture = await seedCatalogFixture(database.db)
    const vendor = await createTestVendor(database.db, { name: 'Агросервис', slug: 'agroservis' })
    seller = await createMember(database.db, vendor.id)
    const buyerOrg = await createTestVendor(database.db, { name: 'Покупатель', slug: 'pokupatel', vendorStatus: null })
    buyer = await createMember(database.db, buyerOrg.id)
    staff = await createTestUser(database.db, { isStaff: true })
    rival = await createMember(
      database.db,
      (await createTestVendor(database.db, { name: 'Соперник', slug: 'sopernik' })).id,
    )
  })

  const modelIdOf = async (slug: string) =>
    (await database.db.select().from(catalogProducts).where(eq(catalogProducts.slug, slug)))[0]!.modelId!
  const find = async (cookie: string, q: string) =>
    (await api('GET', `/cabinet/models?q=${encodeURIComponent(q)}`, cookie)).json().data as {
      id: string
      title: string
      offerCount: number
    }[]
  const createDraft = async (body: object) => {
    const created = await api('POST', '/cabinet/products', seller.cookie, body)
    expect(created.statusCode).toBe(201)
    return created.json().data.id as string
  }
  const approve = async (id: string, cookie = seller.cookie) => {
    expect((await api('POST', `/cabinet/products/${id}/submit`, cookie)).statusCode).toBe(200)
    const approved = await api('POST', `/staff/products/${id}/approve`, staff.cookie)
    expect(approved.statusCode).toBe(200)
    return approved.json().data.live.slug as string
  }

  it('finds models by every word of their name, by part number and by GTIN, approved ones only', async () => {
    const t40 = await modelIdOf('dji-agras-t40')
    expect((await find(seller.cookie, 'agras t40')).map((m) => m.id)).toEqual([t40])
    expect((await find(seller.cookie, 'T40 DJI')).map((m) => m.id)).toEqual([t40])
    expect(await find(seller.cookie, 'a')).toEqual([])
    await database.db
      .update(catalogModels)
      .set({ partNumber: 'CP.AG.00000488.01', gtin: '6941565974410' })
      .where(eq(catalogModels.id, t40))
    expect((await find(seller.cookie, 'cp.ag.00000488.01')).map((m) => m.id)).toEqual([t40])
    expect((await find(seller.cookie, '6941565 974410')).map((m) => m.id)).toEqual([t40])
    // The model of an offer that is not on sale has no offers, and is still found.
    const [found] = await find(seller.cookie, 'agras t40')
    expect(found!.offerCount).toBe(1)
    // Only organizations find models; a guest gets 401.
    expect((await api('GET', '/cabinet/models?q=agras')).statusCode).toBe(401)
  })

  it('attaches a vendor’s product to a model: the model’s content, the vendor’s price and terms', async () => {
    const t40 = await modelIdOf('dji-agras-t40')
    const id = await createDraft({ sku: 'AGRO-T40', priceKopecks: 1_900_000_00, vatRate: '22', warrantyMonths: 24 })
    const attached = await api('POST', `/cabinet/products/${id}/model`, seller.cookie, { modelId: t40 })
    expect(attached.statusCode).toBe(200)
    expect(attached.json().data).toMatchObject({
      modelId: t40,
      brand: 'DJI',
      model: 'Agras T40',
      categorySlug: 'multirotornye',
      priceKopecks: 1_900_000_00,
      warrantyMonths: 24,
      problems: {},
    })
    expect(attached.json().data.images.length).toBeGreaterThan(0)

    // The model's fields are the model's: changing one is refused with a field message.
    const renamed = await api('PATCH', `/cabinet/products/${id}`, seller.cookie, { title: 'Мой Agras' })
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json().error.fields.title).toBe(MODEL_MESSAGES.attachedContent)
    // Its own fields, and the model's sent back unchanged, save.
    const priced = await api('PATCH', `/cabinet/products/${id}`, seller.cookie, {
      priceKopecks: 1_850_000_00,
      brand: 'DJI',
    })
    expect(priced.statusCode).toBe(200)

    const slug = await approve(id)
    const page = (await api('GET', `/catalog/products/${slug}`)).json().data
    expect(page).toMatchObject({ modelId: t40, priceKopecks: 1_850_000_00, terms: { warrantyMonths: 24 } })
    expect((await find(seller.cookie, 'agras t40'))[0]!.offerCount).toBe(2)

    // Detached, the product's fields are the vendor's to change again.
    expect(
      (await api('POST', `/cabinet/products/${id}/model`, seller.cookie, { modelId: null })).json().data.modelId,
    ).toBeNull()
    expect((await api('PATCH', `/cabinet/products/${id}`, seller.cookie, { title: 'Свой Agras' })).statusCode).toBe(200)
  })

  it('refuses an unknown model and another organization’s product', async () => {
    const id = await createDraft({ sku: 'AGRO-X' })
    const unknown = await api('POST', `/cabinet/products/${id}/model`, seller.cookie, {
      modelId: '00000000-0000-4000-8000-000000000000',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.message).toBe(MODEL_MESSAGES.notFound)
    const bad = await api('POST', `/cabinet/products/${id}/model`, seller.cookie, { modelId: 'x' })
    expect(bad.statusCode).toBe(400)
    const t40 = await modelIdOf('dji-agras-t40')
    expect((await api('POST', `/cabinet/products/${id}/model`, rival.cookie, { modelId: t40 })).statusCode).toBe(404)
    // An organization that does not sell has no cabinet to attach from.
    expect((await api('POST', `/cabinet/products/${id}/model`, buyer.cookie, { modelId: t40 })).statusCode).toBe(403)
  })

  it('shows staff the models like a proposed one, and lets them attach it instead of making a duplicate', async () => {
    const id = await createDraft(
      completeDraft({ sku: 'GEM-1', title: 'Беспилотник Геоскан Gemini-2', brand: 'Геоскан', model: 'Gemini 2' }),
    )
    await givePhoto(database.db, id)
    expect((await api('POST', `/cabinet/products/${id}/submit`, seller.cookie)).statusCode).toBe(200)

    const similar = await api('GET', `/staff/products/${id}/similar-models`, staff.cookie)
    expect(similar.statusCode).toBe(200)
    const gemini = await modelIdOf('geoskan-gemini')
    expect(similar.json().data.map((m: { id: string }) => m.id)).toContain(gemini)
    expect((await api('GET', `/staff/products/${id}/similar-models`, seller.cookie)).statusCode).toBe(403)

    const attached = await api('POST', `/staff/products/${id}/model`, staff.cookie, { modelId: gemini })
    expect(attached.statusCode).toBe(200)
    expect(attached.json().data).toMatchObject({ modelId: gemini, model: 'Gemini', status: 'moderation' })
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'product.attach_model'))
    expect(audit).toMatchObject({ targetType: 'product', targetId: id })
    // Attached, there is nothing to compare with.
    expect((await api('GET', `/staff/products/${id}/similar-models`, staff.cookie)).json().data).toEqual([])

    expect((await api('POST', `/staff/products/${id}/approve`, staff.cookie)).statusCode).toBe(200)
    expect(await database.db.select().from(catalogModels).where(eq(catalogModels.name, 'Gemini 2'))).toEqual([])
  })

  it('approves a proposed model as a new one with the part number and GTIN its vendor gave', async () => {
    const id = await createDraft(
      completeDraft({
        sku: 'NEW-1',
        brand: 'Агросервис',
        model: 'АС-10',
        partNumber: 'AS-10-STD',
        gtin: '4006381333931',
      }),
    )
    await givePhoto(database.db, id)
    const slug = await approve(id)
    const page = (await api('GET', `/catalog/products/${slug}`)).json().data
    const [model] = await database.db.select().from(catalogModels).where(eq(catalogModels.id, page.modelId))
    expect(model).toMatchObject({ brand: 'Агросервис', name: 'АС-10', partNumber: 'AS-10-STD', gtin: '4006381333931' })
    const refused = await api('POST', '/cabinet/products', seller.cookie, completeDraft({ sku: 'NEW-2', gtin: '123' }))
    expect(refused.json().error.fields.gtin).toMatch(/^GTIN: /)
  })

  it('takes the drones an accessory fits from its vendor, shows them to staff and, approved, on both pages', async () => {
    const [mavic, geoskan, gemini] = (await Promise.all(
      ['dji-mavic-3-enterprise', 'geoskan-201', 'geoskan-gemini'].map(modelIdOf),
    )) as [string, string, string]
    // Only drone models are offered, and only approved drone models are kept.
    const found = await api('GET', `/cabinet/models?q=${encodeURIComponent('геоскан')}&kind=drones`, seller.cookie)
    expect(found.json().data.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([geoskan, gemini]))
    const battery = await createDraft(
      completeDraft({
        sku: 'BAT-201',
        title: 'Аккумулятор Аэроскан для Геоскан 201',
        brand: 'Аэроскан',
        model: 'АКБ-201',
        categorySlug: 'akkumulyatory-i-zaryadnye',
        specs: { battery_capacity: 10_000, battery_voltage: 22.2, country: 'RU' },
        fitsModelIds: [geoskan, gemini, geoskan, '00000000-0000-4000-8000-000000000000'],
      }),
    )
    const draft = (await api('GET', `/cabinet/products/${battery}`, seller.cookie)).json().data
    expect(draft.fits.map((f: { id: string }) => f.id)).toEqual([geoskan, gemini])
    const tooMany = await api('PATCH', `/cabinet/products/${battery}`, seller.cookie, {
      fitsModelIds: Array.from({ length: 51 }, () => crypto.randomUUID()),
    })
    expect(tooMany.json().error.fields.fitsModelIds).toBe('Не больше 50 моделей')
    await givePhoto(database.db, battery)
    expect((await api('POST', `/cabinet/products/${battery}/submit`, seller.cookie)).statusCode).toBe(200)
    const review = (await api('GET', `/staff/products/${battery}`, staff.cookie)).json().data
    expect(review.fits.map((f: { title: string }) => f.title)).toHaveLength(2)
    expect((await api('POST', `/staff/products/${battery}/approve`, staff.cookie)).statusCode).toBe(200)

    const [offer] = await database.db.select().from(catalogProducts).where(eq(catalogProducts.id, battery))
    const fits = await database.db
      .select()
      .from(catalogModelFits)
      .where(eq(catalogModelFits.accessoryModelId, offer!.modelId!))
    expect(fits.map((f) => f.droneModelId).sort()).toEqual([geoskan, gemini].sort())
    // A drone's model card lists it; a drone model of another's stays without.
    const [drone] = await database.db.select().from(catalogModels).where(eq(catalogModels.id, geoskan))
    const card = (await api('GET', `/catalog/models/${drone!.slug}`)).json().data
    expect(card.accessories.map((a: { title: string }) => a.title)).toEqual(['Аккумулятор Аэроскан для Геоскан 201'])
    const [other] = await database.db.select().from(catalogModels).where(eq(catalogModels.id, mavic))
    expect((await api('GET', `/catalog/models/${other!.slug}`)).json().data.accessories).toEqual([])
  })

  it('merges two models for staff: the offers move, the old model leads to the new one, audited', async () => {
    const mavic = await modelIdOf('dji-mavic-3-enterprise')
    const mini = await modelIdOf('dji-mini-4-pro')
    const refusedSelf = await api('POST', `/staff/models/${mavic}/merge`, staff.cookie, { intoId: mavic })
    expect(refusedSelf.statusCode).toBe(400)
    expect(refusedSelf.json().error.message).toBe(MODEL_MESSAGES.mergeIntoItself)
    expect((await api('POST', `/staff/models/${mini}/merge`, seller.cookie, { intoId: mavic })).statusCode).toBe(403)

    // What fits either model, and what the merged one fits, is the other's afterwards, once.
    const [battery, geoskan] = [await modelIdOf('dji-agras-t40'), await modelIdOf('geoskan-201')]
    await database.db.insert(catalogModelFits).values([
      { accessoryModelId: battery, droneModelId: mini },
      { accessoryModelId: battery, droneModelId: mavic },
      { accessoryModelId: mini, droneModelId: geoskan },
    ])
    const merged = await api('POST', `/staff/models/${mini}/merge`, staff.cookie, { intoId: mavic })
    expect(merged.statusCode).toBe(200)
    const fits = await database.db.select().from(catalogModelFits)
    expect(fits).toEqual(
      expect.arrayContaining([
        { accessoryModelId: battery, droneModelId: mavic },
        { accessoryModelId: mavic, droneModelId: geoskan },
      ]),
    )
    expect(fits.filter((f) => f.accessoryModelId === battery && f.droneModelId === mavic)).toHaveLength(1)
    expect(fits.some((f) => f.accessoryModelId === mini || f.droneModelId === mini)).toBe(false)
    expect(merged.json().data).toEqual({ moved: 1 })
    expect(await modelIdOf('dji-mini-4-pro')).toBe(mavic)
    const [old] = await database.db.select().from(catalogModels).where(eq(catalogModels.id, mini))
    expect(old).toMatchObject({ status: 'merged', mergedIntoId: mavic })
    // Merged away, it is found no more; merging it again is a 404.
    expect((await find(seller.cookie, 'mini 4 pro')).map((m) => m.id)).toEqual([])
    expect((await api('POST', `/staff/models/${mini}/merge`, staff.cookie, { intoId: mavic })).statusCode).toBe(404)
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.model_merge'))
    expect(audit).toMatchObject({ targetType: 'catalog_model', targetId: mini })

    // The catalogue shows them as one model: one card, two offers.
    const listing = (await api('GET', '/catalog/products?category=bespilotniki&brand=DJI&limit=60')).json().data
    const card = listing.items.find((item: { id: string }) =>
      [fixture.ids['dji-mavic-3-enterprise'], fixture.ids['dji-mini-4-pro']].includes(item.id),
    )
    expect(card?.offers?.count).toBe(2)
  })
})
