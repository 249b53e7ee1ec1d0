import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
// Compatibility both ways, over the real services and a test database: a drone's page lists the
// accessories that fit it by kind, an accessory's page the drones it fits, and the catalogue
// filters by «совместимо с …».
import { ACCESSORY_ROOT } from '#common/catalog/categories.ts'
import type { Database } from '#server/db/client.ts'
import { catalogModelFits, catalogModels, catalogProducts } from '#server/modules/catalog/catalog.table.ts'
import { assignModels } from '#server/modules/catalog/models/assign-models.ts'
import { createOffer } from '#server/modules/orders/orders.testing.ts'
import { createTestVendor } from '#server/modules/organizations/vendors.testing.ts'
import { useTestApp } from '#server/testing/app.ts'
import { routeContext } from '#app/lib/load-context.testing.ts'
import { loader } from './product.tsx'

type LoaderArgs = Parameters<typeof loader>[0]

describe('compatibility of drones and their accessories', () => {
  let database: Database
  let app: FastifyInstance
  const slugs: Record<string, string> = {}

  useTestApp('pglite', (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    const db = database.db
    const vendors = await Promise.all(
      ['Альфа', 'Бета'].map((name, i) => createTestVendor(db, { name, slug: `compat-${i}` })),
    )
    // A drone, another drone, and three accessories of two kinds from two sellers.
    const items = [
      { key: 'drone', title: 'Квадрокоптер Орлан М', model: 'Орлан М', category: 'multirotornye' },
      { key: 'other', title: 'Квадрокоптер Кедр', model: 'Кедр', category: 'multirotornye' },
      { key: 'battery', title: 'Аккумулятор Орлан 8000', model: 'Орлан 8000', category: 'akkumulyatory-i-zaryadnye' },
      { key: 'battery2', title: 'Аккумулятор Орлан 8000', model: 'Орлан 8000', category: 'akkumulyatory-i-zaryadnye' },
      { key: 'props', title: 'Винты Орлан 15', model: 'Орлан 15', category: 'vozdushnye-vinty' },
      { key: 'camera', title: 'Камера Кедр 4K', model: 'Кедр 4K', category: 'kamery-i-podvesy' },
    ]
    const ids: Record<string, string> = {}
    for (const [i, item] of items.entries()) {
      const offer = await createOffer(db, vendors[i % 2]!.id, { title: item.title, priceKopecks: (i + 1) * 10_000_00 })
      await db
        .update(catalogProducts)
        .set({ model: item.model, categorySlug: item.category })
        .where(eq(catalogProducts.id, offer.id))
      ids[item.key] = offer.id
    }
    await assignModels(db)
    const models = await db
      .select({ productId: catalogProducts.id, modelId: catalogModels.id, slug: catalogModels.slug })
      .from(catalogProducts)
      .innerJoin(catalogModels, eq(catalogModels.id, catalogProducts.modelId))
      .where(inArray(catalogProducts.id, Object.values(ids)))
    const modelOf = (key: string) => models.find((m) => m.productId === ids[key])!
    for (const key of Object.keys(ids)) slugs[key] = modelOf(key).slug
    await db.insert(catalogModelFits).values([
      { accessoryModelId: modelOf('battery').modelId, droneModelId: modelOf('drone').modelId },
      { accessoryModelId: modelOf('props').modelId, droneModelId: modelOf('drone').modelId },
      { accessoryModelId: modelOf('camera').modelId, droneModelId: modelOf('other').modelId },
    ])
  })

  const open = async (slug: string) =>
    loader({
      request: new Request(`http://x/product/${slug}`),
      context: await routeContext(app, database, null),
      params: { slug },
    } as unknown as LoaderArgs)

  it('lists a drone’s accessories by kind, with their sellers’ offers, and a link to all of them', async () => {
    const page = await open(slugs.drone!)
    const found = await page.compatibility
    expect(found.fits).toEqual([])
    expect(found.kinds.map((k) => k.kind)).toEqual(['Аккумуляторы и зарядные', 'Воздушные винты'])
    expect(found.kinds[0]!.tiles).toEqual([
      expect.objectContaining({ href: `/product/${slugs.battery}`, availabilityLabel: 'В наличии · 2 предложения' }),
    ])
    expect(found.kinds[0]!.tiles[0]!.price).toMatch(/^от /)
    expect(found.catalogHref).toBe(`/catalog/${ACCESSORY_ROOT}?compatible=${slugs.drone}`)
  })

  it('lists the drones an accessory fits, and never another drone’s accessories', async () => {
    const battery = await (await open(slugs.battery!)).compatibility
    expect(battery.kinds).toEqual([])
    expect(battery.fits.map((tile) => tile.href)).toEqual([`/product/${slugs.drone}`])
    const other = await (await open(slugs.other!)).compatibility
    expect(other.kinds.flatMap((k) => k.tiles.map((t) => t.href))).toEqual([`/product/${slugs.camera}`])
  })

  it('filters the catalogue to what fits a drone, and says so', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/catalog/products?category=${ACCESSORY_ROOT}&compatible=${slugs.drone}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    const listing = res.json().data
    expect(listing.items.map((i: { modelSlug: string }) => i.modelSlug).sort()).toEqual(
      [slugs.battery, slugs.props].sort(),
    )
    // «Совместимо с» leads the facets: each drone with how many accessory models fit it.
    expect(listing.facets[0]).toMatchObject({ key: 'compatible', title: 'Совместимо с' })
    expect(listing.facets[0].options).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: slugs.drone, count: 2, selected: true }),
        expect.objectContaining({ value: slugs.other, count: 1, selected: false }),
      ]),
    )
    // Two drones: what fits either.
    const both = await app.inject({
      method: 'GET',
      url: `/api/v1/catalog/products?category=${ACCESSORY_ROOT}&compatible=${slugs.drone}&compatible=${slugs.other}`,
    })
    expect(both.json().data.total).toBe(3)
    // Drones' own listing has no such facet, and the filter keeps nothing there.
    const drones = (
      await app.inject({ method: 'GET', url: `/api/v1/catalog/products?compatible=${slugs.drone}` })
    ).json().data
    expect(drones.facets.some((f: { key: string }) => f.key === 'compatible')).toBe(false)
    expect(drones.total).toBe(0)
    // A drone no model has fits nothing; a malformed one is a 400.
    const none = await app.inject({
      method: 'GET',
      url: `/api/v1/catalog/products?category=${ACCESSORY_ROOT}&compatible=net-takoy`,
    })
    expect(none.json().data.total).toBe(0)
    const bad = await app.inject({
      method: 'GET',
      url: `/api/v1/catalog/products?compatible=${encodeURIComponent('<x>')}`,
    })
    expect(bad.statusCode).toBe(400)
  })

  it('answers the model API with both sides', async () => {
    const drone = (await app.inject({ method: 'GET', url: `/api/v1/catalog/models/${slugs.drone}` })).json().data
    expect(drone.accessories.map((m: { slug: string }) => m.slug).sort()).toEqual([slugs.battery, slugs.props].sort())
    expect(drone.fits).toEqual([])
    const props = (await app.inject({ method: 'GET', url: `/api/v1/catalog/models/${slugs.props}` })).json().data
    expect(props.fits.map((m: { slug: string }) => m.slug)).toEqual([slugs.drone])
  })
})
