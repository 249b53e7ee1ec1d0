import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { createTestUser } from '../../testing/auth.ts'
import { useTestApp } from '../../testing/app.ts'
import { BACKENDS } from '../../testing/database.ts'
import { parseCsv } from './import/file/csv.ts'
import { CSV_COLUMNS } from '../catalog/index.ts'
import { apiClient } from '../organizations/organizations.testing.ts'
import { createTestVendor } from '../organizations/vendors.testing.ts'
import { completeDraft, createMember, givePhoto } from './products.testing.ts'

describe.each(BACKENDS)("the cabinet's CSV export on %s", (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let owner: { cookie: string }
  let buyer: { cookie: string }
  let newcomer: { cookie: string }

  useTestApp(
    backend,
    async (started) => {
      database = started.database
      app = started.app
      api = apiClient(app)
    },
    { PUBLIC_URL: 'https://bas.example' },
  )

  const download = (cookie: string | undefined, query = '') =>
    api('GET', `/cabinet/products/export.csv${query}`, cookie)
  const rowsOf = (body: Buffer) =>
    parseCsv(body)
      .offers.map((o) => ({ sku: o.sku, title: o.title, priceKopecks: o.priceKopecks }))
      .sort((a, b) => a.sku.localeCompare(b.sku))

  beforeAll(async () => {
    const db = database.db
    const staff = await createTestUser(db, { isStaff: true })
    const vendor = await createTestVendor(db, { name: 'Аэроскан', slug: 'aeroskan' })
    owner = await createMember(db, vendor.id)
    const other = await createTestVendor(db, { name: 'Геодрон', slug: 'geodron' })
    const otherOwner = await createMember(db, other.id)
    buyer = await createMember(
      db,
      (await createTestVendor(db, { name: 'Заказчик', slug: 'zakazchik', vendorStatus: null })).id,
    )
    const unconfirmed = await createTestVendor(db, { name: 'Новичок', slug: 'novichok', vendorStatus: 'moderation' })
    newcomer = await createMember(db, unconfirmed.id)

    // On sale at 500 000 ₽, with a cheaper price saved since; a draft; another vendor's product.
    const onSale = await api(
      'POST',
      '/cabinet/products',
      owner.cookie,
      completeDraft({ sku: 'AS-1', title: 'Сокол', priceKopecks: 500_000_00 }),
    )
    const id = onSale.json().data.id as string
    await givePhoto(database.db, id)
    await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)
    expect((await api('POST', `/staff/products/${id}/approve`, staff.cookie)).statusCode).toBe(200)
    await api('PATCH', `/cabinet/products/${id}`, owner.cookie, { priceKopecks: 450_000_00 })
    await api(
      'POST',
      '/cabinet/products',
      owner.cookie,
      completeDraft({ sku: 'AS-2', title: '=Беркут', priceKopecks: 99_950_50 }),
    )
    await api('POST', '/cabinet/products', otherOwner.cookie, completeDraft({ sku: 'GD-1', title: 'Чужой' }))
    await api('POST', '/cabinet/products', newcomer.cookie, completeDraft({ sku: 'NV-1', title: 'Первый' }))
  })

  it("downloads every product's current version by default, as a file the import reads back", async () => {
    const res = await download(owner.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tovary-aeroskan-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.headers['cache-control']).toBe('private, no-store')
    // UTF-8 with a BOM and the Russian header row Excel shows.
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const header = res.body.replace(/^\uFEFF/, '').split('\r\n')[0]!
    expect(header.startsWith(Object.values(CSV_COLUMNS).join(';'))).toBe(true)
    // A title that starts like a formula is guarded, and the import takes the guard off.
    expect(res.body).toContain("'=Беркут")
    expect(rowsOf(res.rawPayload)).toEqual([
      { sku: 'AS-1', title: 'Сокол', priceKopecks: 450_000_00 },
      { sku: 'AS-2', title: '=Беркут', priceKopecks: 99_950_50 },
    ])
    // Only the organization's own products.
    expect(res.body).not.toContain('GD-1')
  })

  it('downloads only the versions on sale with scope=published', async () => {
    const res = await download(owner.cookie, '?scope=published')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(
      /filename="tovary-aeroskan-opublikovannye-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    expect(rowsOf(res.rawPayload)).toEqual([{ sku: 'AS-1', title: 'Сокол', priceKopecks: 500_000_00 }])
  })

  it('refuses an unknown scope with a Russian message', async () => {
    const res = await download(owner.cookie, '?scope=everything')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.scope).toMatch(/[а-я]/)
  })

  it("gives an unconfirmed vendor its own drafts, a guest 401 and a buyer's organization 403", async () => {
    const own = await download(newcomer.cookie)
    expect(own.statusCode).toBe(200)
    expect(rowsOf(own.rawPayload).map((r) => r.sku)).toEqual(['NV-1'])
    expect((await download(newcomer.cookie, '?scope=published')).body.split('\r\n').filter(Boolean)).toHaveLength(1)
    expect((await download(undefined)).statusCode).toBe(401)
    const refused = await download(buyer.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toMatch(/поставщик/i)
  })

  it('is in the OpenAPI document under the cabinet', () => {
    const doc = app.swagger() as { paths: Record<string, { get?: { tags?: string[] } }> }
    expect(doc.paths['/api/v1/cabinet/products/export.csv']?.get?.tags).toEqual(['cabinet'])
  })
})
