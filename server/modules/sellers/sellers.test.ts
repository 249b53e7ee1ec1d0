import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { useTestApp } from '../../testing/app.ts'
import { BACKENDS } from '../../testing/database.ts'
import { type CatalogFixture, seedCatalogFixture } from '../catalog/catalog.testing.ts'
import { SELLERS_PAGE_SIZE } from './sellers.service.ts'
import { createTestVendor } from '../organizations/vendors.testing.ts'
import { insertMatchingOffer } from '../exchange/proposals/proposals.testing.ts'

describe.each(BACKENDS)('sellers on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let fixture: CatalogFixture

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    fixture = await seedCatalogFixture(database.db)
    // A vendor whose verification needs fixes and an organization with no vendor role at all.
    await createTestVendor(database.db, { name: 'Доработка', slug: 'dorabotka', vendorStatus: 'needFixes' })
    await createTestVendor(database.db, { name: 'Покупатель', slug: 'pokupatel', vendorStatus: null })
    // A confirmed vendor with nothing on sale yet.
    idle = await createTestVendor(database.db, { name: 'Пустой', slug: 'pustoy' })
  })
  let idle: { id: string; name: string }

  const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` })

  it('lists confirmed vendors only, by name, with their product counts', async () => {
    const res = await get('/sellers')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({
      items: [
        expect.objectContaining({ slug: 'aeroskan', name: 'ООО «Аэроскан»', productCount: 5, region: 'Москва' }),
        expect.objectContaining({ slug: 'geodron', name: 'ООО «Геодрон»', productCount: 10 }),
      ],
      total: 2,
      page: 1,
      pageCount: 1,
    })
    expect(SELLERS_PAGE_SIZE).toBeGreaterThan(2)
    const past = (await get('/sellers?page=5')).json().data
    expect(past).toMatchObject({ items: [], total: 2, page: 5 })
    expect((await get('/sellers?page=abc')).statusCode).toBe(400)
    expect((await get('/sellers?page=-1')).json().error.fields).toHaveProperty('page')
  })

  it('lists a confirmed vendor with nothing on sale once it offers a service, and opens its page before', async () => {
    const slugs = async () => (await get('/sellers')).json().data.items.map((i: { slug: string }) => i.slug)
    expect(await slugs()).toEqual(['aeroskan', 'geodron'])
    expect((await get('/sellers/pustoy')).statusCode).toBe(200)
    await insertMatchingOffer(database.db, idle)
    expect(await slugs()).toEqual(['aeroskan', 'geodron', 'pustoy'])
  })

  it('shows a confirmed vendor with the details a buyer checks it by, and hides everyone else', async () => {
    const res = await get('/sellers/geodron')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      id: fixture.vendors.geodron.id,
      name: 'ООО «Геодрон»',
      fullName: 'Общество с ограниченной ответственностью «Геодрон»',
      region: 'Санкт-Петербург',
      productCount: 10,
      website: 'https://vendor.example',
      inn: expect.stringMatching(/^\d{10}$/),
      ogrn: expect.stringMatching(/^\d{13}$/),
    })
    // The day staff confirmed the vendor role: «Проверен платформой».
    const page = res.json().data
    expect(Date.parse(page.vendorSince)).toBeGreaterThanOrEqual(Date.parse(page.createdAt))
    for (const slug of ['ten', 'dorabotka', 'pokupatel', 'nobody']) {
      expect((await get(`/sellers/${slug}`)).statusCode, slug).toBe(404)
      expect((await get(`/sellers/${slug}/products`)).statusCode, slug).toBe(404)
    }
  })

  it("lists a vendor's products with the catalogue's filters", async () => {
    const res = await get('/sellers/aeroskan/products?limit=60')
    expect(res.statusCode).toBe(200)
    const listing = res.json().data
    expect(listing.total).toBe(5)
    expect(listing.items.every((i: { vendor: { slug: string } }) => i.vendor.slug === 'aeroskan')).toBe(true)
    const filtered = (await get('/sellers/aeroskan/products?type=fixed_wing')).json().data
    expect(filtered.items.map((i: { slug: string }) => i.slug)).toEqual(['supercam-s350'])
    expect((await get('/sellers/aeroskan/products?price_min=abc')).statusCode).toBe(400)
  })

  it('describes vendors and resolves slugs for the catalogue', async () => {
    const ctx = { db: database.db } as Parameters<typeof app.services.sellers.describeVendors>[0]
    const refs = await app.services.sellers.describeVendors(ctx, [fixture.vendors.ten.id, 'not-a-uuid'])
    expect([...refs.values()]).toEqual([{ id: fixture.vendors.ten.id, slug: 'ten', name: 'ООО «Тень»' }])
    const ids = await app.services.sellers.resolveVendorSlugs(ctx, ['aeroskan', 'ten', 'nobody'])
    expect([...ids.entries()]).toEqual([['aeroskan', fixture.vendors.aeroskan.id]])
    const sitemap = await app.services.sellers.listSitemapSellers(ctx)
    // Every seller page that opens, a confirmed vendor with nothing on sale yet too.
    expect(sitemap.map((s) => s.slug)).toEqual(['aeroskan', 'geodron', 'pustoy'])
  })

  it('is in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    for (const path of ['/api/v1/sellers', '/api/v1/sellers/{slug}', '/api/v1/sellers/{slug}/products'])
      expect(doc.paths[path], path).toBeDefined()
  })
})
