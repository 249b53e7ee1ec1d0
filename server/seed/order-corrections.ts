import { and, asc, eq, inArray } from 'drizzle-orm'
import { systemCtx } from '../context.ts'
import type { Db } from '../db/client.ts'
import { ukdIssueOf } from '../flows/closing-documents.ts'
import { issueUkd, updOf } from '../modules/documents/index.ts'
import { users } from '../modules/identity/identity.table.ts'
import { correctionLinesOf, type CorrectionRow } from '../modules/orders/orders.corrections.ts'
import { orderCorrections, orderEvents, orderLines, orders } from '../modules/orders/orders.table.ts'
import { organizations } from '../modules/organizations/organizations.table.ts'
import { CATALOG_EPOCH } from './catalog/build.ts'
import { ACCOUNTS_VENDOR_SLUG } from './catalog/vendors/index.ts'

const DAY = 24 * 60 * 60_000
const at = (day: number, hour: number) => new Date(CATALOG_EPOCH + day * DAY + (hour - 3) * 60 * 60_000)

/**
 * The demo vendor's completed order has a history after delivery: the buyer returned one of its
 * accessories, which the vendor accepted with a correction document (УКД), and then asked for a
 * discount on the drones, which waits for the vendor's decision.
 */
export async function seedOrderCorrections(db: Db): Promise<void> {
  const [vendorOrg] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, ACCOUNTS_VENDOR_SLUG))
  if (!vendorOrg) return
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.sellerOrganizationId, vendorOrg.id), eq(orders.status, 'completed')))
    .orderBy(asc(orders.createdAt))
  if (!order?.upd) return
  const existing = await db
    .select({ id: orderCorrections.id })
    .from(orderCorrections)
    .where(eq(orderCorrections.orderId, order.id))
  if (existing.length) return
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['buyer@example.com', 'vendor@example.com']))
  const buyer = people.find((p) => p.email === 'buyer@example.com')
  const vendor = people.find((p) => p.email === 'vendor@example.com')
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position))
  const accessory = lines.find((l) => l.registration === 'none' && l.quantity > 1)
  const drone = lines.find((l) => l.registration !== 'none')
  if (!buyer || !vendor || !accessory || !drone) return

  const ctx = systemCtx(db, { requestId: 'seed:order-corrections' })
  const history = (event: string, day: number, comment: string, byUserId: string) => ({
    orderId: order.id,
    event,
    fromStatus: order.status,
    toStatus: order.status,
    byUserId,
    comment,
    createdAt: at(day, 11),
  })

  // The return, asked on the day after completion and accepted the next.
  const returned = [{ lineId: accessory.id, quantity: 1 }]
  const returnLines = correctionLinesOf('return', returned, lines, [])
  const reason = 'Один комплект пришёл с трещиной корпуса, фото приложили в переписке.'
  const [accepted] = await db
    .insert(orderCorrections)
    .values({
      orderId: order.id,
      number: 1,
      kind: 'return',
      status: 'accepted',
      proposedBy: 'buyer',
      proposedByUserId: buyer.id,
      reason,
      requested: returned,
      lines: returnLines,
      decisionComment: 'Принимаем, деньги вернём платёжным поручением в течение пяти рабочих дней.',
      decidedByUserId: vendor.id,
      decidedAt: at(11, 12),
      createdAt: at(10, 11),
    })
    .returning()
  const upd = await updOf(ctx, order.number)
  const [seller] = await db
    .select({ settings: organizations.documentSettings })
    .from(organizations)
    .where(eq(organizations.id, order.sellerOrganizationId))
  if (!upd || !accepted) return
  const ukd = await issueUkd(
    ctx,
    ukdIssueOf(
      order,
      upd,
      accepted,
      lines.map((l) => l.id),
      accepted.decidedAt!,
      seller?.settings ?? null,
    ),
  )
  await db.update(orderCorrections).set({ ukd }).where(eq(orderCorrections.id, accepted.id))

  // A discount on the drones, asked later, waiting for the vendor.
  const discount = [{ lineId: drone.id, priceKopecks: Math.round((drone.priceKopecks * 0.95) / 100) * 100 }]
  await db.insert(orderCorrections).values({
    orderId: order.id,
    number: 2,
    kind: 'price',
    status: 'requested',
    proposedBy: 'buyer',
    proposedByUserId: buyer.id,
    reason: 'По договорённости с менеджером — скидка 5 % на дроны за объём сезонной закупки.',
    requested: discount,
    lines: correctionLinesOf('price', discount, lines, [accepted as CorrectionRow]),
    createdAt: at(24, 10),
  })
  await db
    .insert(orderEvents)
    .values([
      history('return_requested.buyer', 10, `Корректировка № 1: ${reason}`, buyer.id),
      history(
        'correction_accepted.seller',
        11,
        'Корректировка № 1: Принимаем, деньги вернём платёжным поручением в течение пяти рабочих дней.',
        vendor.id,
      ),
      history(
        'price_proposed.buyer',
        24,
        'Корректировка № 2: По договорённости с менеджером — скидка 5 % на дроны за объём сезонной закупки.',
        buyer.id,
      ),
    ])
}
