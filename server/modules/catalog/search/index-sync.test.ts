import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emptyListingQuery, type ListingQuery } from '#common/catalog/listing.ts'
import type { Database } from '../../../db/client.ts'
import { BACKENDS, openTestDatabase } from '../../../testing/database.ts'
import type { CatalogIndex } from './listing-index.ts'
import { createIndexKeeper, type IndexKeeper } from './index-sync.ts'
import { queryRows } from '../catalog.listing.ts'
import { selectListing } from './select.ts'
import { type CatalogFixture, FIXTURE_PRODUCTS, seedCatalogFixture } from '../catalog.testing.ts'
import { catalogProducts } from '../catalog.table.ts'

const PUBLISHED = FIXTURE_PRODUCTS.filter((p) => (p.status ?? 'published') === 'published')

describe.each(BACKENDS)('the listing index on %s', (backend) => {
  let database: Database
  let fixture: CatalogFixture

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    fixture = await seedCatalogFixture(database.db)
  })
  afterAll(() => database?.close())

  /** The whole catalogue as an index answers it, most popular first. */
  function listed(index: CatalogIndex, change: Partial<ListingQuery> = {}) {
    const query = { ...emptyListingQuery(), pageSize: 60, ...change }
    const selected = selectListing(index, {
      categories: ['multirotornye', 'samoletnogo-tipa', 'vtol', 'vertoletnogo-tipa'],
      vendorIds: [],
      query,
    })
    return { ids: selected.pageIds, total: selected.stats.values.total, stats: selected.stats }
  }
  const revision = async () =>
    Number((await queryRows<{ revision: string }>(database.db, sql`select revision from catalog_state`))[0]!.revision)

  it('holds the published products and nothing else', async () => {
    const index = await createIndexKeeper().current({ db: database.db })
    expect(index.liveCount).toBe(PUBLISHED.length)
    expect(index.has(fixture.ids['secret-on-moderation']!)).toBe(false)
    expect(listed(index).total).toBe(PUBLISHED.length)
  })

  it('looks at the revision once per read-only request, and sees a change in the next one', async () => {
    const keeper = createIndexKeeper()
    await keeper.current({ db: database.db }) // builds the index
    const request = { db: database.db, reads: new Map<symbol, Promise<unknown>>() }
    const before = database.statements.count
    const atFirst = (await keeper.current(request)).revision
    await Promise.all([keeper.current(request), keeper.state(request)])
    // One statement for the three looks: the request sees the catalogue as of its first.
    expect(database.statements.count - before).toBe(1)

    const id = fixture.ids['dji-agras-t40']!
    await database.db.update(catalogProducts).set({ popularity: 4242 }).where(eq(catalogProducts.id, id))
    expect((await keeper.current(request)).revision).toBe(atFirst)
    // The next request (and anything outside one) sees the change.
    const next = await keeper.current({ db: database.db, reads: new Map() })
    expect(next.revision).toBeGreaterThan(atFirst)
    expect((await keeper.current({ db: database.db })).revision).toBe(next.revision)
  })

  it("keeps a listing's facets for its other orders and pages, and counts again once the catalogue moved", async () => {
    const keeper = createIndexKeeper()
    let index = await keeper.current({ db: database.db })
    const dji = listed(index, { brands: ['DJI'] })
    // Another order and page of the same filters: the same facets, not counted again.
    expect(listed(index, { brands: ['DJI'], sort: 'price_asc', page: 2, pageSize: 1 }).stats).toBe(dji.stats)
    expect(listed(index, { brands: ['Геоскан'] }).stats).not.toBe(dji.stats)
    const id = fixture.ids['dji-agras-t40']!
    await database.db.update(catalogProducts).set({ status: 'moderation' }).where(eq(catalogProducts.id, id))
    try {
      index = await keeper.current({ db: database.db })
      const after = listed(index, { brands: ['DJI'] })
      expect(after.total).toBe(Number(dji.total) - 1)
      expect(after.stats.brands).toContainEqual(['DJI', Number(dji.total) - 1])
    } finally {
      await database.db.update(catalogProducts).set({ status: 'published' }).where(eq(catalogProducts.id, id))
    }
    expect(listed(await keeper.current({ db: database.db }), { brands: ['DJI'] }).total).toBe(dji.total)
  })

  it("loads a model's offers into neighbouring slots, and marks a model changed since", async () => {
    const copies = async (suffix: string) =>
      database.db.execute(sql`
        insert into catalog_products (slug, title, brand, model, model_id, vendor_organization_id, category_slug,
          price_kopecks, availability, description, specs, areas, status, published_at)
        select slug || ${suffix}, title, brand, model, model_id, vendor_organization_id, category_slug,
          price_kopecks, availability, description, specs, areas, status, published_at
        from catalog_products where slug in ('geoskan-201', 'dji-agras-t40')`)
    await copies('-offer-2')
    const keeper = createIndexKeeper()
    const index = await keeper.current({ db: database.db })
    const models = Array.from({ length: index.size }, (_, slot) => index.model[slot]!)
    // Each model's slots form one run: a model met again after another one has started is not.
    const runs = models.filter((model, slot) => slot === 0 || models[slot - 1] !== model)
    expect(new Set(runs).size).toBe(runs.length)
    expect(runs.length).toBe(models.length - 2)
    expect(index.modelRunsEnd).toBe(index.size)
    // An offer published afterwards goes to the end: its model is read apart from then on.
    await copies('-offer-3')
    await keeper.current({ db: database.db })
    const geoskan = index.model[index.slotOf(fixture.ids['geoskan-201']!)!]!
    expect(index.scatteredModel[geoskan]).toBe(1)
    expect(index.liveSlotsOf(geoskan)).toHaveLength(3)
    await database.db.execute(sql`delete from catalog_products where slug like '%-offer-_'`)
  })

  it('stamps every change with the next revision, one per transaction', async () => {
    const before = await revision()
    await database.db.transaction(async (tx) => {
      await tx.update(catalogProducts).set({ popularity: 1 }).where(eq(catalogProducts.id, fixture.ids['geoskan-201']!))
      await tx
        .update(catalogProducts)
        .set({ popularity: 2 })
        .where(eq(catalogProducts.id, fixture.ids['supercam-s350']!))
    })
    expect(await revision()).toBe(before + 1)
    const stamped = await queryRows<{ revision: string }>(
      database.db,
      sql`select distinct revision from catalog_products where slug in ('geoskan-201', 'supercam-s350')`,
    )
    expect(stamped.map((r) => Number(r.revision))).toEqual([before + 1])
    await database.db.update(catalogProducts).set({ popularity: 3 }).where(eq(catalogProducts.slug, 'geoskan-201'))
    expect(await revision()).toBe(before + 2)
  })

  describe('follows every change before answering', () => {
    let keeper: IndexKeeper
    beforeAll(async () => {
      keeper = createIndexKeeper()
      await keeper.current({ db: database.db })
    })

    it('a new product, a new price and brand, an unpublished and a deleted one', async () => {
      const [row] = await database.db
        .insert(catalogProducts)
        .values({
          slug: 'novyi-dron',
          title: 'Новый дрон-картограф',
          brand: 'Новинка',
          model: 'N1',
          vendorOrganizationId: fixture.vendors.aeroskan.id,
          categorySlug: 'multirotornye',
          priceKopecks: 100,
          availability: 'in_stock',
          description: 'Снимает ортофотопланы.',
          specs: { type: 'multirotor' },
          status: 'published',
          popularity: 1_000_000,
        })
        .returning({ id: catalogProducts.id })
      let index = await keeper.current({ db: database.db })
      expect(listed(index).ids[0]).toBe(row!.id)
      expect(listed(index, { brands: ['Новинка'] }).total).toBe(1)
      expect(listed(index, { sort: 'price_asc' }).ids[0]).toBe(row!.id)

      await database.db
        .update(catalogProducts)
        .set({ brand: 'Переименован', priceKopecks: 999_999_999_00 })
        .where(eq(catalogProducts.id, row!.id))
      index = await keeper.current({ db: database.db })
      expect(listed(index, { brands: ['Новинка'] }).total).toBe(0)
      expect(listed(index, { brands: ['Переименован'] }).total).toBe(1)
      expect(listed(index, { sort: 'price_desc' }).ids[0]).toBe(row!.id)
      expect(listed(index).total).toBe(PUBLISHED.length + 1)

      await database.db.update(catalogProducts).set({ status: 'moderation' }).where(eq(catalogProducts.id, row!.id))
      index = await keeper.current({ db: database.db })
      expect(listed(index).ids).not.toContain(row!.id)
      expect(listed(index).total).toBe(PUBLISHED.length)

      await database.db.update(catalogProducts).set({ status: 'published' }).where(eq(catalogProducts.id, row!.id))
      expect(listed(await keeper.current({ db: database.db })).ids).toContain(row!.id)
      await database.db.delete(catalogProducts).where(eq(catalogProducts.id, row!.id))
      index = await keeper.current({ db: database.db })
      expect(listed(index).ids).not.toContain(row!.id)
      expect(listed(index).total).toBe(PUBLISHED.length)
      expect(listed(index, { brands: ['Переименован'] }).stats.brands).not.toContainEqual(['Переименован', 1])
    })

    it('two instances on one database each see the other one’s changes', async () => {
      const other = createIndexKeeper()
      await other.current({ db: database.db })
      await database.db
        .update(catalogProducts)
        .set({ popularity: 5_000_000 })
        .where(eq(catalogProducts.slug, 'geoskan-201'))
      expect(listed(await other.current({ db: database.db })).ids[0]).toBe(fixture.ids['geoskan-201'])
      expect(listed(await keeper.current({ db: database.db })).ids[0]).toBe(fixture.ids['geoskan-201'])
    })

    it('builds afresh once dead slots pile up, answering from the old index meanwhile', async () => {
      const first = await keeper.current({ db: database.db })
      for (let round = 0; !first.needsRebuild; round++) {
        await database.db.update(catalogProducts).set({ popularity: sql`${catalogProducts.popularity} + 1` })
        expect(listed(await keeper.current({ db: database.db })).total).toBe(PUBLISHED.length)
        expect(round).toBeLessThan(200)
      }
      let fresh = first
      for (let wait = 0; fresh === first && wait < 100; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        fresh = await keeper.current({ db: database.db })
      }
      expect(fresh).not.toBe(first)
      expect(fresh.dead).toBe(0)
      expect(listed(fresh).ids).toEqual(listed(first).ids)
      expect(listed(fresh).total).toBe(PUBLISHED.length)
    })
  })

  it('reloads everything after a TRUNCATE', async () => {
    const keeper = createIndexKeeper()
    expect((await keeper.current({ db: database.db })).liveCount).toBe(PUBLISHED.length)
    await database.db.execute(sql`truncate catalog_products`)
    expect((await keeper.current({ db: database.db })).liveCount).toBe(0)
    await database.db.insert(catalogProducts).values({
      slug: 'posle-ochistki',
      title: 'Дрон после очистки',
      brand: 'Тест',
      model: 'T',
      vendorOrganizationId: fixture.vendors.geodron.id,
      categorySlug: 'vtol',
      priceKopecks: null,
      availability: 'to_order',
      description: '',
      status: 'published',
    })
    const index = await keeper.current({ db: database.db })
    expect(index.liveCount).toBe(1)
    expect(listed(index).ids).toHaveLength(1)
  })
})
