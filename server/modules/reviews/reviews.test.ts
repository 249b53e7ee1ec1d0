import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { REVIEW_MESSAGES } from '#common/reviews.ts'
import type { Database } from '../../db/client.ts'
import { createTestUser } from '../../testing/auth.ts'
import { emailOutbox } from '../mail/mail.table.ts'
import { useTestApp } from '../../testing/app.ts'
import { BACKENDS } from '../../testing/database.ts'
import { auditLog } from '../audit/audit.table.ts'
import { catalogModels, catalogProducts } from '../catalog/catalog.table.ts'
import { createOffer } from '../orders/orders.testing.ts'
import { apiClient } from '../organizations/organizations.testing.ts'
import { createTestBuyer, createTestVendor, giveInvoiceDetails } from '../organizations/vendors.testing.ts'
import { createMember } from '../products/products.testing.ts'
import { users } from '../identity/identity.table.ts'
import { organizationMembers } from '../organizations/organizations.table.ts'
import { productReviews } from './reviews.table.ts'
import { quote } from '#common/format.ts'

describe.each(BACKENDS)('reviews on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  type Member = { id: string; cookie: string; email: string }
  let seller: Member
  let buyer: Member
  let colleague: Member
  let rival: Member
  let staff: Member
  let vendorId: string
  let buyerOrg: { id: string }
  let drone: { id: string; title: string; slug: string }
  let battery: { id: string; title: string; slug: string }
  /** A completed order with both products, and one the seller has only confirmed. */
  let received: string
  let confirmed: string

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  const buyerOrganization = (name: string, slug: string) => createTestBuyer(database.db, { name, slug })

  /** Puts the products in the buyer's cart and checks out: the new order's number. */
  async function placeOrder(productIds: string[]): Promise<string> {
    for (const productId of productIds) await api('POST', '/cart/items', buyer.cookie, { productId })
    const total = (await api('GET', '/cart', buyer.cookie)).json().data.totalKopecks
    const res = await api('POST', '/checkout', buyer.cookie, {
      checkoutKey: randomUUID(),
      payerOrganizationId: buyerOrg.id,
      deliveryMethod: 'pickup',
      contactName: 'Ирина Соколова',
      contactPhone: '+7 (912) 345-67-89',
      expectedTotalKopecks: total,
    })
    expect(res.statusCode).toBe(201)
    return res.json().data.orders[0].number
  }

  const sale = (number: string, path: string, body: object = {}) =>
    api('POST', `/orders/sale/${number}/${path}`, seller.cookie, body)

  beforeAll(async () => {
    const db = database.db
    const vendor = await createTestVendor(db, { name: 'АэроТех Отзывы', slug: 'aerotech-reviews' })
    vendorId = vendor.id
    seller = await createMember(db, vendor.id, 'owner', 'Анна Продавец')
    await giveInvoiceDetails(db, vendor.id)
    buyerOrg = await buyerOrganization('Агрохолдинг Заря', 'zarya-reviews')
    buyer = await createMember(db, buyerOrg.id, 'owner', 'Ирина Соколова')
    colleague = await createMember(db, buyerOrg.id, 'member', 'Пётр Коллега')
    const rivalOrg = await buyerOrganization('Соперник', 'rival-reviews')
    rival = await createMember(db, rivalOrg.id, 'owner', 'Глеб Соперник')
    staff = await createTestUser(db, { isStaff: true })
    drone = await createOffer(db, vendor.id, { title: 'Квадрокоптер Отзыв-1', priceKopecks: 100_000_00 })
    battery = await createOffer(db, vendor.id, { title: 'Аккумулятор Отзыв', priceKopecks: 5_000_00 })

    received = await placeOrder([drone.id, battery.id])
    expect((await sale(received, 'confirm')).statusCode).toBe(200)
    expect((await sale(received, 'mark-paid')).statusCode).toBe(200)
    expect((await sale(received, 'ship', { trackingNumber: 'TRACK-1' })).statusCode).toBe(200)
    const delivered = await api('POST', `/orders/purchase/${received}/confirm-delivery`, buyer.cookie, {})
    expect(delivered.json().data.status).toBe('delivered')
    confirmed = await placeOrder([drone.id])
    expect((await sale(confirmed, 'confirm')).statusCode).toBe(200)
  })

  const review = (cookie: string | undefined, body: object) => api('POST', '/reviews/products', cookie, body)
  const text = 'Отличный аппарат, отработал весь сезон без отказов.'

  it('refuses a review from a buyer that shares an owner with the seller, however real the order', async () => {
    // A co-owner of the vendor owns a buying organization too and orders from the vendor through it.
    const vendorId = (await api('GET', '/users/whoami', seller.cookie)).json().data.organizations[0].id
    const coOwner = await createMember(database.db, vendorId, 'owner', 'Олег Совладелец')
    const sister = await buyerOrganization('Сестра', 'sister-reviews')
    await database.db
      .insert(organizationMembers)
      .values({ organizationId: sister.id, userId: coOwner.id, role: 'owner' })
    await database.db.update(users).set({ selectedOrganizationId: sister.id }).where(eq(users.id, coOwner.id))
    await api('POST', '/cart/items', coOwner.cookie, { productId: drone.id })
    const total = (await api('GET', '/cart', coOwner.cookie)).json().data.totalKopecks
    const placed = await api('POST', '/checkout', coOwner.cookie, {
      checkoutKey: randomUUID(),
      payerOrganizationId: sister.id,
      deliveryMethod: 'pickup',
      contactName: 'Олег Совладелец',
      contactPhone: '+7 (912) 345-67-80',
      expectedTotalKopecks: total,
    })
    expect(placed.statusCode).toBe(201)
    const number = placed.json().data.orders[0].number as string
    expect((await sale(number, 'confirm')).statusCode).toBe(200)
    expect((await sale(number, 'mark-paid')).statusCode).toBe(200)
    expect((await sale(number, 'ship', { trackingNumber: 'TRACK-2' })).statusCode).toBe(200)
    const delivered = await api('POST', `/orders/purchase/${number}/confirm-delivery`, coOwner.cookie, {})
    expect(delivered.json().data.status).toBe('delivered')

    const product = await review(coOwner.cookie, { orderNumber: number, productId: drone.id, rating: 5, text })
    expect(product.statusCode).toBe(403)
    expect(product.json().error.message).toBe(REVIEW_MESSAGES.ownSeller)
    const ofSeller = await api('POST', '/reviews/sellers', coOwner.cookie, { orderNumber: number, rating: 5, text })
    expect(ofSeller.statusCode).toBe(403)
    const reviewable = (await api('GET', `/orders/purchase/${number}/reviews`, coOwner.cookie)).json().data
    expect(reviewable.seller.canReview).toBe(false)
    expect(reviewable.products.map((p: { canReview: boolean }) => p.canReview)).toEqual([false])
  })

  it('lets only the buyer of a received order review, in Russian when refused', async () => {
    // Guests: 401 on every write.
    expect((await review(undefined, { orderNumber: received, productId: drone.id, rating: 5, text })).statusCode).toBe(
      401,
    )
    expect(
      (await api('POST', '/reviews/sellers', undefined, { orderNumber: received, rating: 5, text })).statusCode,
    ).toBe(401)
    // Not delivered yet: a 409 that says why.
    const early = await review(buyer.cookie, { orderNumber: confirmed, productId: drone.id, rating: 5, text })
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toBe(REVIEW_MESSAGES.notDelivered)
    const earlySeller = await api('POST', '/reviews/sellers', buyer.cookie, { orderNumber: confirmed, rating: 4, text })
    expect(earlySeller.statusCode).toBe(409)
    // Another organization's order is not found, nor is a product not in the order.
    expect(
      (await review(rival.cookie, { orderNumber: received, productId: drone.id, rating: 1, text })).statusCode,
    ).toBe(404)
    expect(
      (await review(seller.cookie, { orderNumber: received, productId: drone.id, rating: 1, text })).statusCode,
    ).toBe(404)
    const other = await review(buyer.cookie, { orderNumber: received, productId: randomUUID(), rating: 5, text })
    expect(other.statusCode).toBe(404)
    expect(other.json().error.message).toBe(REVIEW_MESSAGES.productNotInOrder)
    // Field errors in Russian.
    const bad = await review(buyer.cookie, { orderNumber: received, productId: drone.id, rating: 6, text: '  кратко ' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ rating: REVIEW_MESSAGES.rating, text: REVIEW_MESSAGES.text })

    const created = await review(buyer.cookie, {
      orderNumber: received,
      productId: drone.id,
      rating: 5,
      text: ` ${text} `,
    })
    expect(created.statusCode).toBe(201)
    // The seller hears of it, with the rating, the text and where to answer.
    const notices = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, seller.email))
    const notice = notices.find((m) => m.kind === 'review_created')
    expect(notice!.subject).toBe(`Новый отзыв о товаре ${quote(drone.title)}: 5 из 5`)
    expect(notice!.text).toContain(text)
    expect(notice!.text).toContain(`/product/${drone.slug}`)
    expect(created.json().data).toMatchObject({
      kind: 'product',
      rating: 5,
      text,
      author: 'Ирина, ООО «Агрохолдинг Заря»',
      answer: null,
      hidden: false,
    })
    // One per product per organization: a colleague's second attempt is a 409.
    const again = await review(colleague.cookie, { orderNumber: received, productId: drone.id, rating: 1, text })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe(REVIEW_MESSAGES.productReviewed)
    const sellerReview = await api('POST', '/reviews/sellers', colleague.cookie, {
      orderNumber: received,
      rating: 4,
      text: 'Отгрузили вовремя, документы в порядке.',
    })
    expect(sellerReview.statusCode).toBe(201)
    expect(sellerReview.json().data.author).toBe('Пётр, ООО «Агрохолдинг Заря»')
    const twice = await api('POST', '/reviews/sellers', buyer.cookie, { orderNumber: received, rating: 5, text })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error.message).toBe(REVIEW_MESSAGES.sellerReviewed)
  })

  it('tells the order page what is left to review, and nobody else', async () => {
    const res = await api('GET', `/orders/purchase/${received}/reviews`, buyer.cookie)
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({
      orderNumber: received,
      delivered: true,
      seller: { slug: 'aerotech-reviews', canReview: false, review: { rating: 4 } },
    })
    expect(data.products).toEqual([
      expect.objectContaining({
        productId: drone.id,
        canReview: false,
        review: expect.objectContaining({ rating: 5 }),
      }),
      expect.objectContaining({ productId: battery.id, title: battery.title, canReview: true, review: null }),
    ])
    const notYet = (await api('GET', `/orders/purchase/${confirmed}/reviews`, buyer.cookie)).json().data
    expect(notYet.delivered).toBe(false)
    // The drone was reviewed from the other order: not again from this one.
    expect(notYet.products[0]).toMatchObject({ canReview: false, review: { rating: 5 } })
    expect((await api('GET', `/orders/purchase/${received}/reviews`, rival.cookie)).statusCode).toBe(404)
    expect((await api('GET', `/orders/purchase/${received}/reviews`)).statusCode).toBe(401)
  })

  it('shows visible reviews with the average, count and distribution, the seller answering once', async () => {
    await review(buyer.cookie, {
      orderNumber: received,
      productId: battery.id,
      rating: 4,
      text: 'Держит заряд, как заявлено.',
    })
    const page = (await api('GET', `/products/${drone.id}/reviews`)).json().data
    expect(page).toMatchObject({
      summary: { average: 5, count: 1, distribution: [0, 0, 0, 0, 1] },
      total: 1,
      canAnswer: false,
    })
    const sellerPage = (await api('GET', '/sellers/aerotech-reviews/reviews', seller.cookie)).json().data
    expect(sellerPage).toMatchObject({ summary: { average: 4, count: 1 }, canAnswer: true })
    // Several sellers' ratings at once (the product page's other offers): one without reviews is absent.
    const ctx = { db: database.db } as Parameters<typeof app.services.reviews.sellerRatings>[0]
    const ratings = await app.services.reviews.sellerRatings(ctx, [vendorId, buyerOrg.id, vendorId])
    expect([...ratings]).toEqual([[vendorId, { average: 4, count: 1 }]])
    expect(await app.services.reviews.sellerRatings(ctx, [])).toEqual(new Map())
    const id = sellerPage.items[0].id
    // Only the reviewed seller answers, once.
    const notSeller = await api('POST', `/reviews/sellers/${id}/answer`, rival.cookie, { text: 'Не наш ответ' })
    expect(notSeller.statusCode).toBe(403)
    expect(notSeller.json().error.message).toBe(REVIEW_MESSAGES.notSeller)
    expect((await api('POST', `/reviews/sellers/${id}/answer`, undefined, { text: 'Гость' })).statusCode).toBe(401)
    const answered = await api('POST', `/reviews/sellers/${id}/answer`, seller.cookie, { text: 'Спасибо за заказ!' })
    expect(answered.statusCode).toBe(200)
    expect(answered.json().data.answer).toMatchObject({ text: 'Спасибо за заказ!' })
    const again = await api('POST', `/reviews/sellers/${id}/answer`, seller.cookie, { text: 'Ещё раз' })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe(REVIEW_MESSAGES.answered)
    expect((await api('POST', `/reviews/products/not-a-uuid/answer`, seller.cookie, { text: 'x' })).statusCode).toBe(
      404,
    )
    expect((await api('GET', '/sellers/nobody-here/reviews')).statusCode).toBe(404)
  })

  it('shows a model’s reviews on the page of every seller’s offer of it', async () => {
    const other = await createTestVendor(database.db, { name: 'Другой продавец', slug: 'other-reviews' })
    const twin = await createOffer(database.db, other.id, { title: 'Квадрокоптер Отзыв-1', priceKopecks: 99_000_00 })
    const [model] = await database.db
      .insert(catalogModels)
      .values({
        key: 'тест|отзыв1',
        slug: 'test-otzyv-1',
        title: 'Квадрокоптер Отзыв-1',
        brand: 'Тест',
        name: 'Отзыв-1',
        categorySlug: 'multirotornye',
      })
      .returning({ id: catalogModels.id })
    await database.db
      .update(catalogProducts)
      .set({ modelId: model!.id })
      .where(inArray(catalogProducts.id, [drone.id, twin.id]))
    const onTwin = (await api('GET', `/products/${twin.id}/reviews`)).json().data
    expect(onTwin).toMatchObject({ summary: { average: 5, count: 1 }, total: 1 })
    expect(onTwin.items[0].text).toBe(text)
    // Another model's reviews stay its own.
    expect((await api('GET', `/products/${battery.id}/reviews`)).json().data.total).toBe(1)
  })

  it('lets the author change its review, and no one else', async () => {
    const [own] = (await api('GET', `/products/${battery.id}/reviews`)).json().data.items
    const edited = await api('PATCH', `/reviews/products/${own.id}`, colleague.cookie, {
      rating: 3,
      text: 'Через месяц держит заряд хуже.',
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().data).toMatchObject({ rating: 3, author: 'Ирина, ООО «Агрохолдинг Заря»' })
    expect((await api('PATCH', `/reviews/products/${own.id}`, rival.cookie, { rating: 1, text })).statusCode).toBe(404)
    // A month later it stands as written.
    await database.db
      .update(productReviews)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60_000) })
      .where(eq(productReviews.id, own.id))
    const late = await api('PATCH', `/reviews/products/${own.id}`, colleague.cookie, { rating: 5, text })
    expect(late.statusCode).toBe(409)
    expect(late.json().error.message).toBe(REVIEW_MESSAGES.editExpired)
    const reviewable = (await api('GET', `/orders/purchase/${received}/reviews`, buyer.cookie)).json().data
    expect(reviewable.products[1].review).toMatchObject({ rating: 3, editable: false })
  })

  it('lets staff hide and show a review, out of every average, with an audit entry', async () => {
    const [target] = (await api('GET', `/products/${drone.id}/reviews`)).json().data.items
    const hidePath = `/staff/reviews/products/${target.id}/hide`
    expect((await api('POST', hidePath, seller.cookie, { reason: 'Оскорбления' })).statusCode).toBe(403)
    expect((await api('POST', hidePath, undefined, { reason: 'Оскорбления' })).statusCode).toBe(401)
    expect((await api('POST', hidePath, staff.cookie, { reason: '' })).json().error.fields.reason).toBe(
      REVIEW_MESSAGES.reason,
    )
    const hidden = await api('POST', hidePath, staff.cookie, { reason: 'Оскорбления' })
    expect(hidden.statusCode).toBe(200)
    expect(hidden.json().data).toMatchObject({ hiddenReason: 'Оскорбления', subject: { title: drone.title } })
    const after = (await api('GET', `/products/${drone.id}/reviews`)).json().data
    expect(after).toMatchObject({ summary: { average: 0, count: 0 }, items: [], total: 0 })
    // Nobody answers a hidden review.
    expect(
      (await api('POST', `/reviews/products/${target.id}/answer`, seller.cookie, { text: 'Ответ' })).statusCode,
    ).toBe(404)
    const hiddenList = (await api('GET', '/staff/reviews?status=hidden', staff.cookie)).json()
    expect(hiddenList.data.map((r: { id: string }) => r.id)).toEqual([target.id])
    expect(hiddenList.meta.total).toBe(1)
    const visibleList = (await api('GET', '/staff/reviews', staff.cookie)).json()
    expect(visibleList.data.map((r: { kind: string }) => r.kind).sort()).toEqual(['product', 'seller'])
    expect((await api('GET', '/staff/reviews', buyer.cookie)).statusCode).toBe(403)

    const shown = await api('POST', `/staff/reviews/products/${target.id}/unhide`, staff.cookie)
    expect(shown.json().data.hiddenAt).toBeNull()
    expect((await api('GET', `/products/${drone.id}/reviews`)).json().data.summary.count).toBe(1)
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'product_review'), eq(auditLog.targetId, target.id)))
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual(
      expect.arrayContaining([
        ['review.hide', staff.id],
        ['review.unhide', staff.id],
      ]),
    )
    expect(audit.find((a) => a.action === 'review.hide')?.details).toEqual({ reason: 'Оскорбления' })
  })
})
