import { gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../db/client.ts'
import { createTestUser } from '../../../testing/auth.ts'
import { useTestApp } from '../../../testing/app.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { parseYml } from '../../products/import/file/yml.ts'
import { apiClient } from '../../organizations/organizations.testing.ts'
import { createTestVendor } from '../../organizations/vendors.testing.ts'
import { productDrafts } from '../../products/products.table.ts'
import { completeDraft, createMember, givePhoto } from '../../products/products.testing.ts'

const HOSTILE = 'Дрон <script>alert("x")</script> & «Ко» ]]> \'ок\''

describe.each(BACKENDS)('the vendor YML feed on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let staff: { cookie: string }
  let owner: { cookie: string }
  let otherOwner: { cookie: string }
  const published: { id: string; sku: string; priceKopecks: number }[] = []

  useTestApp(
    backend,
    async (started) => {
      database = started.database
      app = started.app
      api = apiClient(app)
      // Robots fetch from the public address; the import (like Yandex) wants a real host name.
    },
    { PUBLIC_URL: 'https://bas.example' },
  )

  /** A complete draft sent to staff and approved: it is on sale. */
  async function publish(cookie: string, fields: Record<string, unknown>, images?: { src: string; alt: string }[]) {
    const created = await api('POST', '/cabinet/products', cookie, completeDraft(fields))
    expect(created.statusCode).toBe(201)
    const id = created.json().data.id as string
    if (images) await database.db.update(productDrafts).set({ images }).where(eq(productDrafts.id, id))
    else await givePhoto(database.db, id)
    expect((await api('POST', `/cabinet/products/${id}/submit`, cookie)).statusCode).toBe(200)
    expect((await api('POST', `/staff/products/${id}/approve`, staff.cookie)).statusCode).toBe(200)
    return id
  }

  const feed = (slug: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/v1/sellers/${slug}/feed.yml`, headers })

  beforeAll(async () => {
    const db = database.db
    staff = await createTestUser(db, { isStaff: true })
    const vendor = await createTestVendor(db, { name: 'Аэроскан', slug: 'aeroskan' })
    owner = await createMember(db, vendor.id)
    const other = await createTestVendor(db, { name: 'Геодрон', slug: 'geodron' })
    otherOwner = await createMember(db, other.id)
    const unconfirmed = await createTestVendor(db, { name: 'Новичок', slug: 'novichok', vendorStatus: 'moderation' })
    await createMember(db, unconfirmed.id)

    const pictures = [{ src: 'catalog/sokol-1.jpg', alt: 'Сокол' }]
    for (const [sku, title, priceKopecks] of [
      ['AS-1', HOSTILE, 125_000_00],
      ['AS-2', 'Квадрокоптер Аэроскан Сапсан', 99_950_50],
    ] as const) {
      const id = await publish(owner.cookie, { sku, title, priceKopecks }, pictures)
      published.push({ id, sku, priceKopecks })
    }
    // On sale at its approved price; the change waiting in the draft is not.
    const changed = await publish(owner.cookie, { sku: 'AS-3', title: 'Аэроскан Беркут', priceKopecks: 50_000_00 })
    published.push({ id: changed, sku: 'AS-3', priceKopecks: 50_000_00 })
    await api('PATCH', `/cabinet/products/${changed}`, owner.cookie, { priceKopecks: 1_000_00 })
    // A draft never approved, and another vendor's product.
    await api('POST', '/cabinet/products', owner.cookie, completeDraft({ sku: 'AS-DRAFT', title: 'Черновик' }))
    await publish(otherOwner.cookie, { sku: 'GD-1', title: 'Геодрон Чужой' })
  })

  it("lists exactly the vendor's published products, parsing back to the same SKUs and prices", async () => {
    const res = await feed('aeroskan')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    const parsed = parseYml(res.rawPayload)
    expect(parsed.errors).toEqual([])
    const offers = parsed.offers
      .map((o) => ({ sku: o.sku, priceKopecks: o.priceKopecks }))
      .sort((a, b) => a.sku.localeCompare(b.sku))
    expect(offers).toEqual(published.map(({ sku, priceKopecks }) => ({ sku, priceKopecks })))
    expect(res.body).not.toContain('AS-DRAFT')
    expect(res.body).not.toContain('GD-1')
    // Offers are identified by the product id; the shop is the vendor, with its legal name.
    const ids = [...res.body.matchAll(/<offer id="([^"]+)"/g)].map((m) => m[1]).sort()
    expect(ids).toEqual(published.map((p) => p.id).sort())
    expect(res.body).toContain('<name>ООО «Аэроскан»</name>')
    expect(res.body).toContain('<company>Общество с ограниченной ответственностью «Аэроскан»</company>')
    expect(res.body).toMatch(/<url>https:\/\/bas\.example\/sellers\/aeroskan<\/url>/)
  })

  it('writes each offer with its page, absolute pictures, category, vendor, model and params', async () => {
    const res = await feed('aeroskan')
    const offer = res.body.slice(
      res.body.indexOf(`<offer id="${published[1]!.id}"`),
      res.body.indexOf('</offer>', res.body.indexOf(`<offer id="${published[1]!.id}"`)),
    )
    // The offer's page: its model's, with the offer chosen.
    expect(offer).toMatch(/<url>https:\/\/bas\.example\/product\/[a-z0-9-]+\?offer=[a-z0-9-]+<\/url>/)
    expect(offer).toMatch(
      /<picture>https:\/\/bas\.example\/marketplace-frontend-assets\/catalog\/sokol-1\.jpg\?w=1200&amp;h=900&amp;f=jpeg<\/picture>/,
    )
    expect(offer).toContain('<price>99950.50</price>')
    expect(offer).toContain('<currencyId>RUR</currencyId>')
    expect(offer).toContain('<categoryId>2</categoryId>')
    expect(offer).toContain('<vendor>Аэроскан</vendor>')
    expect(offer).toContain('<model>Сокол</model>')
    expect(offer).toContain('<vendorCode>AS-2</vendorCode>')
    expect(offer).toContain('<param name="Время полёта" unit="мин">42</param>')
    expect(offer).toMatch(/<description><!\[CDATA\[<p>Лёгкий квадрокоптер/)
  })

  it('escapes a hostile title, which reads back unchanged', async () => {
    const res = await feed('aeroskan')
    expect(res.body).not.toContain('<script>')
    expect(res.body).toContain(
      '<name>Дрон &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; «Ко» ]]&gt; &apos;ок&apos;</name>',
    )
    const offer = parseYml(res.rawPayload).offers.find((o) => o.sku === 'AS-1')
    expect(offer?.title).toBe(HOSTILE)
  })

  it('is not found for an unknown or unconfirmed vendor', async () => {
    for (const slug of ['novichok', 'net-takogo', 'Не-слаг']) {
      const res = await feed(encodeURIComponent(slug))
      expect(res.statusCode).toBe(404)
      expect(res.json().error.code).toBe('not_found')
    }
  })

  it('is cached publicly, and answers 304 to a robot that has the current version', async () => {
    const first = await feed('aeroskan')
    expect(first.headers['cache-control']).toBe('public, max-age=300')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/".+"$/)
    const lastModified = first.headers['last-modified'] as string
    expect(new Date(lastModified).getTime()).toBeGreaterThan(Date.now() - 3600_000)

    const again = await feed('aeroskan', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    expect((await feed('aeroskan', { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304)
    expect((await feed('aeroskan', { 'if-modified-since': lastModified })).statusCode).toBe(304)
    expect((await feed('aeroskan', { 'if-none-match': '"other"' })).statusCode).toBe(200)
    // The same version is the same bytes, compressed for a robot that asks.
    expect((await feed('aeroskan')).body).toBe(first.body)
    const zipped = await feed('aeroskan', { 'accept-encoding': 'gzip' })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.etag).toBe(etag)
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(first.body)

    // A product taken off sale makes a new version.
    await api('POST', `/cabinet/products/${published[2]!.id}/unpublish`, owner.cookie)
    const changed = await feed('aeroskan', { 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(
      parseYml(changed.rawPayload)
        .offers.map((o) => o.sku)
        .sort(),
    ).toEqual(['AS-1', 'AS-2'])
    published.pop()
  })

  it('is in the OpenAPI document', () => {
    const doc = app.swagger() as { paths: Record<string, { get?: { tags?: string[] } }> }
    expect(doc.paths['/api/v1/sellers/{slug}/feed.yml']?.get?.tags).toEqual(['sellers'])
  })
})
