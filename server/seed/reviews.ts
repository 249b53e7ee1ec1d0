import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../modules/identity/identity.table.ts'
import { orderLines, orders } from '../modules/orders/orders.table.ts'
import { productReviews, sellerReviews } from '../modules/reviews/reviews.table.ts'
import { CATALOG_EPOCH } from './catalog/build.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** Days after the catalogue's epoch at office hours (UTC+3), like the orders' demo. */
const at = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  return new Date(CATALOG_EPOCH + day * DAY + (h - 3) * 60 * MINUTE + m * MINUTE)
}

/** The demo buyer's completed order from the demo vendor (server/seed/orders.ts). */
const COMPLETED_ORDER_KEY = '5eed0000-0000-4000-8000-000000000001'
const BUYER_EMAIL = 'buyer@example.com'
const VENDOR_EMAIL = 'vendor@example.com'

/** What the buyer wrote about each line of the order, in the order's line order. */
const PRODUCT_REVIEWS = [
  {
    rating: 5,
    text: 'Отработали весь сезон обработки полей без единого отказа. Карты заданий строятся быстро, RTK держит точность, пилоты освоили за два дня.',
    day: 12,
  },
  {
    rating: 4,
    text: 'Комплект пришёл полностью, всё работает как заявлено. Минус звезда за инструкцию: только на английском, пришлось переводить самим.',
    day: 12,
  },
] as const

const SELLER_REVIEW = {
  rating: 5,
  text: 'Счёт выставили в день заказа, отгрузили раньше обещанного, серийные номера и накладная были в порядке. Будем заказывать ещё.',
  day: 12,
  answer:
    'Ирина, спасибо за отзыв! Рады, что техника пригодилась в сезон. Инструкцию на русском уже выложили в документах товара.',
  answerDay: 13,
}

/**
 * Reviews of the demo buyer's completed order: each of its products and its seller, the seller
 * having answered the seller review. The unique keys (product and organization; order) make a
 * re-run add nothing.
 */
export async function seedReviews(db: Db): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.checkoutKey, COMPLETED_ORDER_KEY))
  if (!order || (order.status !== 'delivered' && order.status !== 'completed')) return
  const people = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.email, [BUYER_EMAIL, VENDOR_EMAIL]))
  const buyer = people.find((p) => p.email === BUYER_EMAIL)
  const vendor = people.find((p) => p.email === VENDOR_EMAIL)
  if (!buyer || !vendor) return
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position))
  const signed = {
    orderId: order.id,
    orderNumber: order.number,
    organizationId: order.buyerOrganizationId,
    organizationName: order.buyer.name,
    authorUserId: buyer.id,
    authorName: buyer.name,
    sellerOrganizationId: order.sellerOrganizationId,
  }
  for (const [i, line] of lines.entries()) {
    const demo = PRODUCT_REVIEWS[i]
    if (!demo) break
    const [existing] = await db
      .select({ id: productReviews.id })
      .from(productReviews)
      .where(
        and(eq(productReviews.productId, line.productId), eq(productReviews.organizationId, order.buyerOrganizationId)),
      )
    if (existing) continue
    const written = at(demo.day, `1${i}:20`)
    await db
      .insert(productReviews)
      .values({
        ...signed,
        productId: line.productId,
        productTitle: line.title,
        productSlug: line.slug,
        rating: demo.rating,
        text: demo.text,
        createdAt: written,
        updatedAt: written,
      })
      .onConflictDoNothing()
  }
  const written = at(SELLER_REVIEW.day, '12:05')
  await db
    .insert(sellerReviews)
    .values({
      ...signed,
      sellerName: order.seller.name,
      sellerSlug: order.seller.slug,
      rating: SELLER_REVIEW.rating,
      text: SELLER_REVIEW.text,
      sellerAnswer: SELLER_REVIEW.answer,
      answeredAt: at(SELLER_REVIEW.answerDay, '10:40'),
      answeredBy: vendor.id,
      createdAt: written,
      updatedAt: written,
    })
    .onConflictDoNothing()
}
