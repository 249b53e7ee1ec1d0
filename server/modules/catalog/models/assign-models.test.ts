import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../db/client.ts'
import { BACKENDS, openTestDatabase } from '../../../testing/database.ts'
import { createTestVendor } from '../../organizations/vendors.testing.ts'
import { catalogModels, catalogProducts } from '../catalog.table.ts'
import { queryRows } from '../catalog.listing.ts'
import { assignModels, modelIdFor } from './assign-models.ts'

describe.each(BACKENDS)('models of products on %s', (backend) => {
  let database: Database
  let vendors: { a: string; b: string }

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    vendors = {
      a: (await createTestVendor(database.db, { name: 'Аэро', slug: 'aero' })).id,
      b: (await createTestVendor(database.db, { name: 'Агро', slug: 'agro' })).id,
    }
  })
  afterAll(() => database?.close())

  const product = (slug: string, over: Partial<typeof catalogProducts.$inferInsert> = {}) => ({
    slug,
    title: `Агродрон ${slug}`,
    brand: 'DJI',
    model: 'Agras T50',
    vendorOrganizationId: vendors.a,
    categorySlug: 'multirotornye',
    priceKopecks: 2_300_000_00,
    availability: 'in_stock' as const,
    description: `Описание ${slug}`,
    specs: { payload: 40 },
    status: 'published' as const,
    ...over,
  })

  const modelOf = async (slug: string) =>
    (
      await database.db
        .select({ id: catalogProducts.modelId })
        .from(catalogProducts)
        .where(eq(catalogProducts.slug, slug))
    )[0]!.id

  it('groups products from before models were records by brand and model name, the card from the most popular', async () => {
    await database.db.insert(catalogProducts).values([
      product('t50-a', { popularity: 10 }),
      product('t50-b', {
        model: 'AGRAS T-50',
        vendorOrganizationId: vendors.b,
        popularity: 90,
        title: 'Дрон-опрыскиватель DJI Agras T50',
      }),
      product('t50-draft', { status: 'non-published', popularity: 1000 }),
      product('t40', { model: 'Agras T40', popularity: 5 }),
      product('nameless', { model: '' }),
    ])
    expect(await assignModels(database.db)).toBe(5)

    const t50 = await modelOf('t50-a')
    expect(await modelOf('t50-b')).toBe(t50)
    expect(await modelOf('t50-draft')).toBe(t50)
    expect(await modelOf('t40')).not.toBe(t50)
    expect(await modelOf('nameless')).not.toBe(await modelOf('t40'))

    const [model] = await database.db.select().from(catalogModels).where(eq(catalogModels.id, t50!))
    // The most popular published offer, not the more popular draft.
    expect(model).toMatchObject({
      title: 'Дрон-опрыскиватель DJI Agras T50',
      brand: 'DJI',
      name: 'AGRAS T-50',
      categorySlug: 'multirotornye',
      status: 'approved',
      slug: 'dji-agras-t-50',
    })
    expect(model!.specs).toEqual({ payload: 40 })
  })

  it('has nothing to do the second time, and gives a later product the model there is', async () => {
    expect(await assignModels(database.db)).toBe(0)
    await database.db
      .insert(catalogProducts)
      .values(product('t50-c', { model: 'agras t50', vendorOrganizationId: vendors.b }))
    expect(await assignModels(database.db)).toBe(1)
    expect(await modelOf('t50-c')).toBe(await modelOf('t50-a'))
  })

  it('gives new models free addresses', async () => {
    await database.db.insert(catalogProducts).values(product('other-dji', { brand: 'DJI ', model: 'Agras-T50!' }))
    // The same key («djiagrast50»): the model there is.
    await assignModels(database.db)
    expect(await modelOf('other-dji')).toBe(await modelOf('t50-a'))
    await database.db.insert(catalogProducts).values(product('t50-kit', { model: 'Agras T50 с генератором' }))
    await database.db.insert(catalogModels).values({
      key: 'taken|slug',
      slug: 'dji-agras-t50-s-generatorom',
      title: 'Занятый адрес',
      brand: 'X',
      name: 'Y',
      categorySlug: 'multirotornye',
    })
    await assignModels(database.db)
    const [kit] = await queryRows<{ slug: string }>(
      database.db,
      sql`select m.slug from catalog_models m join catalog_products p on p.model_id = m.id where p.slug = 't50-kit'`,
    )
    expect(kit!.slug).toBe('dji-agras-t50-s-generatorom-2')
  })

  it('publishes an offer into the model it was attached to, or the one its merged model went into', async () => {
    const t40 = (await modelOf('t40'))!
    const offer = {
      ...product('attached'),
      id: crypto.randomUUID(),
      images: [],
      areas: [],
      categorySlug: 'multirotornye',
      descriptionHtml: '',
    }
    // Named as another model, attached to the T40 by its vendor: the attachment wins.
    expect(await modelIdFor(database.db, { ...offer, modelId: t40 })).toBe(t40)

    const t50 = (await modelOf('t50-a'))!
    await database.db
      .update(catalogModels)
      .set({ status: 'merged', mergedIntoId: t50 })
      .where(eq(catalogModels.id, t40))
    expect(await modelIdFor(database.db, { ...offer, modelId: t40 })).toBe(t50)
    // The merged model's key now leads to the model it went into.
    expect(await modelIdFor(database.db, { ...offer, model: 'Agras T40', modelId: null })).toBe(t50)

    // A model that is not there (deleted meanwhile) is not attached to: the name decides.
    expect(await modelIdFor(database.db, { ...offer, modelId: crypto.randomUUID() })).toBe(t50)
  })
})
