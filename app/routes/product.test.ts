import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
// The product page's loader and action over the real services and a test database.
import { REVIEW_MESSAGES } from '#common/reviews.ts'
import type { Database } from '#server/db/client.ts'
import { createTestVendor } from '#server/modules/organizations/vendors.testing.ts'
import { createMember } from '#server/modules/products/products.testing.ts'
import { createOffer } from '#server/modules/orders/orders.testing.ts'
import { productReviews } from '#server/modules/reviews/reviews.table.ts'
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
