import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm'
import { registrationRequirement } from '#common/catalog/registration.ts'
import { type Delivery, formatOrderNumber, type OrderStatus, vatIncluded } from '#common/orders.ts'
import type { Db } from '../db/client.ts'
import { catalogProducts } from '../modules/catalog/catalog.table.ts'
import { users } from '../modules/identity/identity.table.ts'
import { cartItems, orderEvents, orderLines, orders } from '../modules/orders/orders.table.ts'
import { organizations } from '../modules/organizations/organizations.table.ts'
import { partyDirectory } from '../modules/organizations/party-directory.ts'
import { CATALOG_EPOCH } from './catalog/build.ts'
import { ACCOUNTS_VENDOR_SLUG } from './catalog/vendors/index.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** Days after the catalogue's epoch at office hours (UTC+3), like the chat's demo. */
const at = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  return new Date(CATALOG_EPOCH + day * DAY + (h - 3) * 60 * MINUTE + m * MINUTE)
}

const BUYER = { email: 'buyer@example.com', slug: 'agrokholding-zarya' }
const VENDOR_EMAIL = 'vendor@example.com'

type Step = [status: OrderStatus, event: string, day: number, time: string, comment?: string]

interface DemoOrder {
  /** Its checkout key: fixed, so a re-run finds the order instead of placing it again. */
  key: string
  /** Quantities of the vendor's drones (registrable), then of its other priced products. */
  drones: number[]
  others: number[]
  steps: Step[]
}

/** «Агрохолдинг Заря» buys from «АэроТех Системы»: an order in each state of its life. */
const ORDERS: DemoOrder[] = [
  {
    key: '5eed0000-0000-4000-8000-000000000001',
    drones: [2],
    others: [4],
    steps: [
      ['created', 'place.buyer', 2, '11:05', 'Доставка на склад в Краснодаре, разгрузка с 9 до 17.'],
      ['confirmed', 'confirm.seller', 2, '15:40'],
      ['paid', 'markPaid.seller', 4, '12:10'],
      ['shipped', 'ship.seller', 5, '10:30'],
      ['delivered', 'confirmDelivery.buyer', 8, '16:20'],
      ['completed', 'complete.buyer', 9, '09:45'],
    ],
  },
  {
    key: '5eed0000-0000-4000-8000-000000000002',
    drones: [],
    others: [2],
    steps: [
      ['created', 'place.buyer', 10, '14:00'],
      ['cancelled', 'cancel.buyer', 11, '10:15', 'Заказали комплект у дистрибьютора в регионе.'],
    ],
  },
  {
    key: '5eed0000-0000-4000-8000-000000000003',
    drones: [1],
    others: [2, 1],
    steps: [
      ['created', 'place.buyer', 14, '10:20'],
      ['confirmed', 'confirm.seller', 14, '17:05'],
      ['paid', 'markPaid.seller', 16, '11:30'],
      ['shipped', 'ship.seller', 18, '15:00'],
    ],
  },
  {
    key: '5eed0000-0000-4000-8000-000000000004',
    drones: [1],
    others: [],
    steps: [
      ['created', 'place.buyer', 20, '09:50'],
      ['confirmed', 'confirm.seller', 21, '10:35', 'Отгрузим в течение пяти рабочих дней после оплаты.'],
    ],
  },
  {
    key: '5eed0000-0000-4000-8000-000000000005',
    drones: [],
    others: [3],
    steps: [['created', 'place.buyer', 23, '16:40', 'Нужны к началу сезона, просим подтвердить наличие.']],
  },
]

const DELIVERY_ADDRESS = '350000, г. Краснодар, ул. Северная, д. 310, склад 4'

/**
 * Orders between the demo buyer and the demo vendor in every state, and a cart to check out:
 * products of two sellers and one priced on request. Stock is left as the catalogue has it: the
 * demo orders were placed before these figures were counted.
 */
export async function seedOrders(db: Db): Promise<void> {
  const [buyerUser] = await db
    .select({ id: users.id, name: users.name, phone: users.phone })
    .from(users)
    .where(eq(users.email, BUYER.email))
  const [vendorUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, VENDOR_EMAIL))
  const orgs = await db
    .select({ id: organizations.id, slug: organizations.slug })
    .from(organizations)
    .where(inArray(organizations.slug, [BUYER.slug, ACCOUNTS_VENDOR_SLUG]))
  const buyerOrg = orgs.find((o) => o.slug === BUYER.slug)
  const vendorOrg = orgs.find((o) => o.slug === ACCOUNTS_VENDOR_SLUG)
  if (!buyerUser || !vendorUser || !buyerOrg || !vendorOrg) return

  const priced = await db
    .select({
      id: catalogProducts.id,
      slug: catalogProducts.slug,
      title: catalogProducts.title,
      sku: catalogProducts.sku,
      price: catalogProducts.priceKopecks,
      vatRate: catalogProducts.vatRate,
      weight: catalogProducts.maxTakeoffWeight,
    })
    .from(catalogProducts)
    .where(
      and(
        eq(catalogProducts.vendorOrganizationId, vendorOrg.id),
        eq(catalogProducts.status, 'published'),
        isNotNull(catalogProducts.priceKopecks),
      ),
    )
    .orderBy(asc(catalogProducts.slug))
  const drones = priced.filter((p) => registrationRequirement(p.weight) !== 'none')
  const others = priced.filter((p) => registrationRequirement(p.weight) === 'none')
  const parties = await partyDirectory.describeParties(db, [buyerOrg.id, vendorOrg.id])
  const buyer = parties.get(buyerOrg.id)!
  const seller = parties.get(vendorOrg.id)!
  const [bank] = await db
    .select({
      bankName: organizations.bankName,
      bik: organizations.bik,
      settlementAccount: organizations.settlementAccount,
      correspondentAccount: organizations.correspondentAccount,
      documentSettings: organizations.documentSettings,
    })
    .from(organizations)
    .where(eq(organizations.id, vendorOrg.id))
  const sellerBank =
    bank?.bankName && bank.bik && bank.settlementAccount && bank.correspondentAccount
      ? {
          bankName: bank.bankName,
          bik: bank.bik,
          settlementAccount: bank.settlementAccount,
          correspondentAccount: bank.correspondentAccount,
        }
      : null

  for (const demo of ORDERS) {
    const [existing] = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutKey, demo.key))
    if (existing) continue
    // The vendor's drones, then its other products (its drones again when it sells nothing else).
    const pick = (list: typeof priced, i: number) => (list.length ? list[i % list.length] : undefined)
    const wanted = [
      ...demo.drones.map((q, i) => ({ product: pick(drones, i), quantity: q })),
      ...demo.others.map((q, i) => ({ product: pick(others, i) ?? pick(drones, i + 1), quantity: q })),
    ]
    const byProduct = new Map<string, { product: (typeof priced)[number]; quantity: number }>()
    for (const { product, quantity } of wanted) {
      if (!product) continue
      const same = byProduct.get(product.id)
      byProduct.set(product.id, { product, quantity: (same?.quantity ?? 0) + quantity })
    }
    const chosen = [...byProduct.values()]
    if (!chosen.length) continue
    const lines = chosen.map(({ product, quantity }, i) => {
      const amount = product.price! * quantity
      const registration = registrationRequirement(product.weight)
      return {
        position: i + 1,
        productId: product.id,
        slug: product.slug,
        title: product.title,
        sku: product.sku,
        quantity,
        priceKopecks: product.price!,
        vatRate: product.vatRate,
        amountKopecks: amount,
        vatKopecks: vatIncluded(amount, product.vatRate),
        registration,
        serialNumbers: [] as string[],
      }
    })
    const statuses = demo.steps.map((s) => s[0])
    const reached = (status: OrderStatus) => statuses.includes(status)
    const stepAt = (status: OrderStatus) => {
      const step = demo.steps.find((s) => s[0] === status)
      return step ? at(step[2], step[3]) : null
    }
    if (reached('shipped')) {
      for (const line of lines) {
        if (line.registration !== 'none') {
          line.serialNumbers = Array.from(
            { length: line.quantity },
            (_, n) => `AT-${demo.key.slice(-2)}${line.position}${n + 1}-2026`,
          )
        }
      }
    }
    const created = stepAt('created')!
    const last = demo.steps.at(-1)!
    const [{ next }] = (
      (await db.execute(sql`select nextval('order_numbers')::int as next`)) as unknown as { rows: { next: number }[] }
    ).rows as [{ next: number }]
    const delivery: Delivery = { method: 'carrier', address: DELIVERY_ADDRESS, carrier: 'Деловые Линии' }
    const [order] = await db
      .insert(orders)
      .values({
        number: formatOrderNumber(created, Number(next)),
        status: last[0],
        buyerOrganizationId: buyerOrg.id,
        sellerOrganizationId: vendorOrg.id,
        buyer,
        seller,
        checkoutKey: demo.key,
        createdByUserId: buyerUser.id,
        delivery,
        contactName: buyerUser.name,
        contactPhone: buyerUser.phone ?? '+79161234567',
        comment: demo.steps[0]![4] ?? '',
        totalKopecks: lines.reduce((s, l) => s + l.amountKopecks, 0),
        vatKopecks: lines.reduce((s, l) => s + l.vatKopecks, 0),
        deliveryDate: reached('confirmed') ? new Date(created.getTime() + 10 * DAY).toISOString().slice(0, 10) : null,
        carrier: reached('shipped') ? 'Деловые Линии' : null,
        trackingNumber: reached('shipped') ? `DL-${String(Number(next)).padStart(8, '0')}` : null,
        cancelReason: last[0] === 'cancelled' ? (last[4] ?? null) : null,
        confirmedAt: stepAt('confirmed'),
        sellerBank: reached('confirmed') ? sellerBank : null,
        sellerDocumentSettings: reached('confirmed') ? (bank?.documentSettings ?? null) : null,
        shippedAt: stepAt('shipped'),
        deliveredAt: stepAt('delivered'),
        registrationDoneAt: reached('completed') ? stepAt('completed') : null,
        createdAt: created,
        updatedAt: at(last[2], last[3]),
      })
      .returning({ id: orders.id })
    await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order!.id })))
    let from: OrderStatus | null = null
    for (const [status, event, day, time, comment] of demo.steps) {
      const byBuyer = event.endsWith('.buyer')
      await db.insert(orderEvents).values({
        orderId: order!.id,
        event,
        fromStatus: from,
        toStatus: status,
        byUserId: byBuyer ? buyerUser.id : vendorUser.id,
        comment: comment ?? null,
        createdAt: at(day, time),
      })
      from = status
    }
  }
  await seedCart(db, buyerOrg.id, buyerUser.id, vendorOrg.id)
}

/** The demo buyer's cart: two of the vendor's products, one of another seller, one on request. */
async function seedCart(db: Db, buyerOrgId: string, userId: string, vendorId: string) {
  const [existing] = await db
    .select({ id: cartItems.productId })
    .from(cartItems)
    .where(eq(cartItems.organizationId, buyerOrgId))
  if (existing) return
  const pick = (where: ReturnType<typeof and>, limit: number) =>
    db
      .select({ id: catalogProducts.id, title: catalogProducts.title, price: catalogProducts.priceKopecks })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.status, 'published'), where))
      .orderBy(asc(catalogProducts.slug))
      .limit(limit)
  const own = await pick(
    and(eq(catalogProducts.vendorOrganizationId, vendorId), isNotNull(catalogProducts.priceKopecks)),
    2,
  )
  const other = await pick(
    and(
      ne(catalogProducts.vendorOrganizationId, vendorId),
      isNotNull(catalogProducts.priceKopecks),
      gte(catalogProducts.priceKopecks, 100_000_00),
      lte(catalogProducts.priceKopecks, 2_000_000_00),
    ),
    1,
  )
  const onRequest = await pick(isNull(catalogProducts.priceKopecks), 1)
  const items = [...own, ...other, ...onRequest]
  for (const [i, p] of items.entries()) {
    await db
      .insert(cartItems)
      .values({
        organizationId: buyerOrgId,
        productId: p.id,
        quantity: i === 0 ? 2 : 1,
        priceKopecksAtAdd: p.price,
        title: p.title,
        addedByUserId: userId,
        createdAt: at(24, `1${i}:00`),
      })
      .onConflictDoNothing()
  }
}
