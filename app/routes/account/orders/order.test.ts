import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { ORDER_MESSAGES } from '#common/orders.ts'
// The order pages' loaders and actions over the real services and a test database: the test
// builds the load context the server would hand them.
import type { Database } from '#server/db/client.ts'
import { createOffer } from '#server/modules/orders/orders.testing.ts'
import { apiClient } from '#server/modules/organizations/organizations.testing.ts'
import { organizationRoles } from '#server/modules/organizations/organizations.table.ts'
import { createTestVendor, giveInvoiceDetails } from '#server/modules/organizations/vendors.testing.ts'
import { createMember } from '#server/modules/products/products.testing.ts'
import { routeContext } from '#app/lib/load-context.testing.ts'
import { useTestApp } from '#server/testing/app.ts'
import { loader as listLoader } from './list.tsx'
import { action, loader } from './order.tsx'

type Member = { id: string; cookie: string }
type ActionData = { ok: boolean; message: string; fieldErrors?: Record<string, string> }

describe('the order pages over the real services', () => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let seller: Member
  let buyer: Member
  let buyerOrg: { id: string }
  let drone: { id: string }

  useTestApp('pglite', async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  beforeAll(async () => {
    const db = database.db
    const vendor = await createTestVendor(db, { name: 'Аэротех', slug: 'aerotech-order-pages' })
    await giveInvoiceDetails(db, vendor.id)
    seller = await createMember(db, vendor.id, 'owner', 'Анна Продавец')
    buyerOrg = await createTestVendor(db, { name: 'Агрохолдинг', slug: 'agro-order-pages', vendorStatus: null })
    await db.insert(organizationRoles).values({ organizationId: buyerOrg.id, type: 'buyer', status: 'confirmed' })
    buyer = await createMember(db, buyerOrg.id, 'owner', 'Вера Покупатель')
    drone = await createOffer(db, vendor.id, { title: 'Квадрокоптер Агро-10', priceKopecks: 120_000_00, weightKg: 12 })
  })

  const contextOf = (user: { id: string }) => routeContext(app, database, user)

  async function placeOrder(quantity: number): Promise<string> {
    expect((await api('POST', '/cart/items', buyer.cookie, { productId: drone.id, quantity })).statusCode).toBe(200)
    const total = (await api('GET', '/cart', buyer.cookie)).json().data.totalKopecks
    const placed = await api('POST', '/checkout', buyer.cookie, {
      checkoutKey: randomUUID(),
      payerOrganizationId: buyerOrg.id,
      deliveryMethod: 'pickup',
      contactName: 'Вера Покупатель',
      contactPhone: '+7 (912) 345-67-89',
      expectedTotalKopecks: total,
    })
    expect(placed.statusCode).toBe(201)
    return placed.json().data.orders[0].number
  }

  const pageUrl = (type: string, nr: string) => `http://x/personal-account/order/${type}/${nr}`

  async function open(user: Member, type: string, nr: string) {
    const args = { request: new Request(pageUrl(type, nr)), context: await contextOf(user), params: { type, nr } }
    return loader(args as unknown as Parameters<typeof loader>[0])
  }

  async function post(user: Member, type: string, nr: string, fields: Record<string, string>) {
    const request = new Request(pageUrl(type, nr), { method: 'POST', body: new URLSearchParams(fields) })
    const args = { request, context: await contextOf(user), params: { type, nr } }
    const result = (await action(args as unknown as Parameters<typeof action>[0])) as {
      data: ActionData
      init: { status?: number } | null
    }
    return { ...result.data, status: result.init?.status ?? 200 }
  }

  it('shows each side its order and its moves, and a stranger or a wrong side the 404 page', async () => {
    const number = await placeOrder(2)
    const sale = await open(seller, 'sale', number)
    expect(sale).toMatchObject({ kind: 'order', order: { number, status: 'created', actions: ['confirm', 'cancel'] } })
    expect(await open(buyer, 'purchase', number)).toMatchObject({ order: { actions: ['cancel'] } })
    await expect(open(buyer, 'sale', number)).rejects.toMatchObject({ init: { status: 404 } })
    await expect(open(seller, 'gift', number)).rejects.toMatchObject({ init: { status: 404 } })

    // The list opens the seller's sales by default (a vendor that does not buy), the buyer's purchases.
    const list = async (user: Member, path: string) => {
      const context = await contextOf(user)
      const tab = path.split('/')[3]?.split('?')[0]
      const args = { request: new Request(`http://x${path}`), context, params: { tab } }
      return listLoader(args as unknown as Parameters<typeof listLoader>[0])
    }
    expect(await list(seller, '/personal-account/orders')).toMatchObject({
      kind: 'list',
      state: { tab: 'sales' },
      list: { items: [{ number }] },
    })
    expect(await list(buyer, '/personal-account/orders/purchases?q=Аэро')).toMatchObject({
      state: { tab: 'purchases', q: 'Аэро' },
      list: { total: 1 },
    })
    await expect(list(buyer, '/personal-account/orders/archive')).rejects.toMatchObject({ init: { status: 404 } })
  })

  it('reads an order that has not arrived in five statements, without asking for its reviews', async () => {
    const number = await placeOrder(1)
    const context = await contextOf(buyer)
    const before = database.statements.count
    const args = {
      request: new Request(pageUrl('purchase', number)),
      context,
      params: { type: 'purchase', nr: number },
    }
    const page = await loader(args as unknown as Parameters<typeof loader>[0])
    expect(page).toMatchObject({ kind: 'order', order: { number }, reviewable: null })
    // The order, its lines, its history, its corrections and the names of who moved it.
    expect(database.statements.count - before).toBe(5)
  })

  it('moves the order through the forms, giving back the service’s Russian refusals with what was typed', async () => {
    const number = await placeOrder(2)
    expect(await post(seller, 'sale', number, { intent: 'confirm', deliveryDate: '2000-01-01' })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { deliveryDate: ORDER_MESSAGES.deliveryDate },
    })
    expect(await post(seller, 'sale', number, { intent: 'confirm', deliveryDate: '', comment: '' })).toMatchObject({
      ok: true,
      intent: 'confirm',
    })
    // A move of the other side is not offered on this page.
    expect(await post(seller, 'sale', number, { intent: 'confirmDelivery' })).toMatchObject({ ok: false, status: 400 })
    expect(await post(seller, 'sale', number, { intent: 'markPaid' })).toMatchObject({ ok: true })

    const { order } = (await open(seller, 'sale', number)) as { order: { lines: { id: string }[] } }
    const serials = `serials:${order.lines[0]!.id}`
    const short = await post(seller, 'sale', number, { intent: 'ship', trackingNumber: 'CDEK-1', [serials]: 'SN-1' })
    expect(short).toMatchObject({ ok: false, status: 400, values: { [serials]: 'SN-1' } })
    expect(short.message).toContain(ORDER_MESSAGES.serials)
    expect(
      await post(seller, 'sale', number, { intent: 'ship', trackingNumber: 'CDEK-1', [serials]: 'SN-1\nSN-2' }),
    ).toMatchObject({ ok: true })

    expect(await open(buyer, 'purchase', number)).toMatchObject({
      order: {
        status: 'shipped',
        registration: { required: true, doneAt: null },
        lines: [{ serialNumbers: ['SN-1', 'SN-2'] }],
      },
    })
    expect(await post(buyer, 'purchase', number, { intent: 'confirmDelivery' })).toMatchObject({ ok: true })
    expect(await post(buyer, 'purchase', number, { intent: 'markRegistered' })).toMatchObject({ ok: true })
    expect(await open(buyer, 'purchase', number)).toMatchObject({
      order: { status: 'delivered', registration: { doneAt: expect.any(String) } },
    })
  })

  it('cancels only with a reason', async () => {
    const number = await placeOrder(1)
    expect(await post(buyer, 'purchase', number, { intent: 'cancel', reason: '  ' })).toMatchObject({
      ok: false,
      fieldErrors: { reason: ORDER_MESSAGES.reason },
    })
    expect(await post(buyer, 'purchase', number, { intent: 'cancel', reason: 'Передумали' })).toMatchObject({
      ok: true,
    })
    expect(await open(seller, 'sale', number)).toMatchObject({
      order: { status: 'cancelled', cancelReason: 'Передумали', actions: [] },
    })
  })
})
