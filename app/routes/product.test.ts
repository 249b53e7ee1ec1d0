import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
// The product page's loader and action over the real services and a test database.
import { REVIEW_MESSAGES } from '#common/reviews.ts'
import type { Database } from '#server/db/client.ts'
import { createTestVendor } from '#server/modules/organizations/vendors.testing.ts'
import { createMember } from '#server/modules/products/products.testing.ts'
import { createOffer } from '#server/modules/orders/orders.testing.ts'
import { productReviews } from '#server/modules/reviews/reviews.table.ts'
import { catalogModels, catalogProducts } from '#server/modules/catalog/catalog.table.ts'
import { assignModels } from '#server/modules/catalog/models/assign-models.ts'
import { TEST_PUBLIC_CONFIG } from '#app/lib/load-context.testing.ts'
import { routeContext } from '#app/lib/load-context.testing.ts'
import { useTestApp } from '#server/testing/app.ts'
import { action, loader } from './product.tsx'

type LoaderArgs = Parameters<typeof loader>[0]
type ActionArgs = Parameters<typeof action>[0]

describe('reviews on the product page', () => {
  let database: Database
  let app: FastifyInstance
  let seller: { id: string }
  let stranger: { id: string }
  let reviewId: string
  let product: { id: string; slug: string; title: string }

  useTestApp('pglite', (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    const db = database.db
    const vendor = await createTestVendor(db, { name: 'Аэроскан', slug: 'aeroskan-product-page' })
    seller = await createMember(db, vendor.id, 'owner', 'Анна Продавец')
    const buyerOrg = await createTestVendor(db, { name: 'Заря', slug: 'zarya-product-page', vendorStatus: null })
    product = await createOffer(db, vendor.id, { title: 'Квадрокоптер Обзорный', priceKopecks: 100_000_00 })
    stranger = await createMember(db, buyerOrg.id, 'owner', 'Ирина Соколова')
    // A review as the reviews service writes it after a delivered order (tested in its module).
    const [row] = await db
      .insert(productReviews)
      .values({
        orderId: randomUUID(),
        orderNumber: '2611-00001',
        organizationId: buyerOrg.id,
        organizationName: 'ООО «Заря»',
        authorUserId: stranger.id,
        authorName: 'Ирина Соколова',
        sellerOrganizationId: vendor.id,
        productId: product.id,
        productTitle: product.title,
        productSlug: product.slug,
        rating: 4,
        text: 'Летает весь сезон, камера хорошая.',
      })
      .returning({ id: productReviews.id })
    reviewId = row!.id
  })

  const contextOf = (user: { id: string } | null) => routeContext(app, database, user)
  const url = () => `http://x/product/${product.slug}`
  const load = async (user: { id: string } | null) =>
    loader({
      request: new Request(url()),
      context: await contextOf(user),
      params: { slug: product.slug },
    } as unknown as LoaderArgs)
  const answer = async (user: { id: string } | null, text: string) =>
    action({
      request: new Request(url(), {
        method: 'POST',
        body: new URLSearchParams({ intent: 'answer', id: reviewId, text }),
      }),
      context: await contextOf(user),
      params: { slug: product.slug },
    } as unknown as ActionArgs)

  it('shows the rating to everyone and lets the seller answer a product review once', async () => {
    const guest = await load(null)
    expect(guest.reviews).toMatchObject({ summary: { average: 4, count: 1 }, canAnswer: false })
    expect((await load(stranger)).reviews.canAnswer).toBe(false)
    expect((await load(seller)).reviews.canAnswer).toBe(true)

    await expect(answer(stranger, 'Не наш ответ')).rejects.toMatchObject({ kind: 'forbidden' })
    expect(await answer(seller, 'Спасибо, ждём снова!')).toEqual({ ok: true })
    expect((await load(null)).reviews.items[0]!.answer).toMatchObject({ text: 'Спасибо, ждём снова!' })
    const again = (await answer(seller, 'Ещё раз')) as unknown as { data: { ok: boolean; message: string } }
    expect(again.data).toMatchObject({ ok: false, message: REVIEW_MESSAGES.answered })
  })
})

describe("a model's page and the old addresses of its offers", () => {
  let database: Database
  let app: FastifyInstance
  const offers: Record<'cheap' | 'dear' | 'toOrder', { id: string; slug: string }> = {} as never
  let modelSlug = ''

  useTestApp('pglite', (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    const db = database.db
    const sellers = await Promise.all(
      ['Сокол', 'Беркут', 'Кречет'].map((name, i) => createTestVendor(db, { name, slug: `model-page-${i}` })),
    )
    // Three sellers of one model: the cheapest is to order, so the default is the cheaper in stock.
    offers.dear = await createOffer(db, sellers[0]!.id, { title: 'Квадрокоптер Сокол М', priceKopecks: 900_000_00 })
    offers.cheap = await createOffer(db, sellers[1]!.id, { title: 'Квадрокоптер Сокол М', priceKopecks: 800_000_00 })
    offers.toOrder = await createOffer(db, sellers[2]!.id, { title: 'Сокол М под заказ', priceKopecks: 700_000_00 })
    const ids = Object.values(offers).map((o) => o.id)
    await db.update(catalogProducts).set({ model: 'Сокол М' }).where(inArray(catalogProducts.id, ids))
    await db
      .update(catalogProducts)
      .set({ availability: 'to_order', leadTimeDays: 30 })
      .where(eq(catalogProducts.id, offers.toOrder.id))
    await assignModels(db)
    const [model] = await db
      .select({ slug: catalogModels.slug })
      .from(catalogModels)
      .innerJoin(catalogProducts, eq(catalogProducts.modelId, catalogModels.id))
      .where(eq(catalogProducts.id, offers.cheap.id))
    modelSlug = model!.slug
  })

  const open = async (path: string) => {
    const url = new URL(path, 'http://x')
    return loader({
      request: new Request(url),
      context: await routeContext(app, database, null),
      params: { slug: url.pathname.split('/').pop()! },
    } as unknown as LoaderArgs)
  }
  const movedTo = async (path: string) => {
    const thrown = await open(path).then(
      () => null,
      (error: unknown) => error,
    )
    expect(thrown, path).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(301)
    return (thrown as Response).headers.get('location')
  }

  it('redirects an offer’s own address permanently to its model’s page with the offer chosen', async () => {
    expect(modelSlug).toMatch(/^test-sokol-m/)
    expect(await movedTo(`/product/${offers.dear.slug}`)).toBe(`/product/${modelSlug}?offer=${offers.dear.slug}`)
    // The page's own parameters go along; others do not.
    expect(await movedTo(`/product/${offers.dear.slug}?offers=lead&reviews=2&utm=x`)).toBe(
      `/product/${modelSlug}?offer=${offers.dear.slug}&offers=lead&reviews=2`,
    )
    const page = await open(`/product/${modelSlug}?offer=${offers.dear.slug}`)
    expect(page.product.id).toBe(offers.dear.id)
    expect(page.chosen).toBe(offers.dear.slug)
    expect((await page.offers).map((row) => row.id)).toEqual([offers.cheap.id, offers.toOrder.id])
    // One address per model for search engines, whichever offer is chosen.
    expect(page.seo.canonical).toBe(`${TEST_PUBLIC_CONFIG.publicUrl}/product/${modelSlug}`)
  })

  it('shows the best price in stock by default, and for an offer it does not know', async () => {
    for (const path of [`/product/${modelSlug}`, `/product/${modelSlug}?offer=net-takogo`]) {
      const page = await open(path)
      expect(page.product.id, path).toBe(offers.cheap.id)
      expect(page.chosen).toBeNull()
    }
  })

  it('sends a merged model’s address to the model it went into, and knows no other slug', async () => {
    const db = database.db
    const [other] = await db
      .insert(catalogModels)
      .values({
        key: 'тест сокол м старый',
        slug: 'sokol-m-staryy',
        title: 'Сокол М',
        brand: 'Тест',
        name: 'Сокол М',
        categorySlug: 'multirotornye',
      })
      .returning({ id: catalogModels.id })
    const [into] = await db
      .select({ id: catalogModels.id })
      .from(catalogModels)
      .where(eq(catalogModels.slug, modelSlug))
    await db
      .update(catalogModels)
      .set({ status: 'merged', mergedIntoId: into!.id })
      .where(eq(catalogModels.id, other!.id))
    expect(await movedTo('/product/sokol-m-staryy?offer=x')).toBe(`/product/${modelSlug}?offer=x`)
    await expect(open('/product/net-takogo-tovara')).rejects.toMatchObject({ init: { status: 404 } })
  })

  it('answers the API with the model and every seller’s offer, the default first', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/catalog/models/${modelSlug}` })
    expect(res.statusCode, res.body).toBe(200)
    const model = res.json().data
    expect(model).toMatchObject({
      slug: modelSlug,
      href: `/product/${modelSlug}`,
      offerCount: 3,
      lowPriceKopecks: 700_000_00,
      highPriceKopecks: 900_000_00,
      defaultOfferId: offers.cheap.id,
    })
    expect(model.offers.map((o: { id: string }) => o.id)).toEqual([offers.cheap.id, offers.dear.id, offers.toOrder.id])
    expect(model.offers[1]).toMatchObject({
      href: `/product/${modelSlug}?offer=${offers.dear.slug}`,
      terms: { minOrderQuantity: 1 },
    })
    // A merged model answers with the one it went into; an unknown slug is a 404.
    const merged = await app.inject({ method: 'GET', url: '/api/v1/catalog/models/sokol-m-staryy' })
    expect(merged.json().data.slug).toBe(modelSlug)
    expect((await app.inject({ method: 'GET', url: '/api/v1/catalog/models/net-takoy' })).statusCode).toBe(404)
  })
})
