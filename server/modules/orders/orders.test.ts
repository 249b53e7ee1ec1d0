import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { RU } from '#common/messages.ts'
import { amountInWords } from '#common/money-words.ts'
import { ORDER_LIMITS, ORDER_MESSAGES } from '#common/orders.ts'
import { CODE_MESSAGE } from '#common/orders.schemas.ts'
import type { Database } from '../../db/client.ts'
import { jobs } from '../../jobs/jobs.table.ts'
import { BACKENDS } from '../../testing/database.ts'
import { useTestApp } from '../../testing/app.ts'
import { createTestUser } from '../../testing/auth.ts'
import { catalogProducts } from '../catalog/catalog.table.ts'
import { assignModels } from '../catalog/models/assign-models.ts'
import { emailOutbox } from '../mail/mail.table.ts'
import { uploadTestFile } from '../files/files.testing.ts'
import { apiClient, PDF } from '../organizations/organizations.testing.ts'
import { readPdf } from '../../documents/testing.ts'
import { users } from '../identity/identity.table.ts'
import { organizationMembers, organizationRoles, organizations } from '../organizations/organizations.table.ts'
import {
  createTestBuyer,
  createTestVendor,
  giveInvoiceDetails,
  TEST_BANK_REQUISITES,
  TEST_DOCUMENT_SETTINGS,
} from '../organizations/vendors.testing.ts'
import { createMember } from '../products/products.testing.ts'
import { productDrafts } from '../products/products.table.ts'
import { AUTO_DELIVER_JOB } from '../../flows/move-order.ts'
import { REGISTRATION_REMINDER_JOB } from '../../flows/registration-reminders.ts'
import { auditLog } from '../audit/audit.table.ts'
import { chatMessages, chatRooms } from '../chat/chat.table.ts'
import { PUBLISH_JOB as CHAT_PUBLISH_JOB } from '../chat/chat.service.ts'
import { orders as ordersTable } from './orders.table.ts'
import { createOffer } from './orders.testing.ts'

describe.each(BACKENDS)('cart and orders on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  type Member = { id: string; cookie: string; email: string }
  let sellerA: Member
  let sellerB: Member
  let buyer: Member
  let rival: Member
  let notBuyer: Member
  let stranger: Member
  let staff: { cookie: string }
  let buyerOrg: { id: string }
  let rivalOrg: { id: string }
  let notBuyerOrg: { id: string }
  let vendorA: { id: string; name: string }
  let vendorB: { id: string; name: string }
  let drone: { id: string; title: string }
  let battery: { id: string; title: string }
  let camera: { id: string; title: string }
  let onRequest: { id: string; title: string }
  let lastUnit: { id: string; title: string }

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  const buyerOrganization = (name: string, slug: string) => createTestBuyer(database.db, { name, slug })

  beforeAll(async () => {
    const db = database.db
    vendorA = await createTestVendor(db, { name: 'Аэротех', slug: 'aerotech-orders' })
    vendorB = await createTestVendor(db, { name: 'Геоскан', slug: 'geoscan-orders' })
    sellerA = await createMember(db, vendorA.id, 'owner', 'Анна Продавец')
    sellerB = await createMember(db, vendorB.id, 'owner', 'Борис Продавец')
    buyerOrg = await buyerOrganization('Агрохолдинг', 'agro-orders')
    buyer = await createMember(db, buyerOrg.id, 'owner', 'Вера Покупатель')
    rivalOrg = await buyerOrganization('Соперник', 'rival-orders')
    rival = await createMember(db, rivalOrg.id, 'owner', 'Глеб Соперник')
    notBuyerOrg = await createTestVendor(db, { name: 'Без роли', slug: 'norole-orders', vendorStatus: null })
    notBuyer = await createMember(db, notBuyerOrg.id)
    const other = await buyerOrganization('Чужие', 'other-orders')
    stranger = await createMember(db, other.id)
    staff = await createTestUser(db, { isStaff: true })
    // Vendor A can issue invoices; vendor B has no bank requisites yet.
    await giveInvoiceDetails(db, vendorA.id)
    drone = await createOffer(db, vendorA.id, {
      title: 'Квадрокоптер Агро-10',
      priceKopecks: 120_000_00,
      stock: 5,
      weightKg: 12,
    })
    battery = await createOffer(db, vendorA.id, {
      title: 'Аккумулятор 22000 мА·ч',
      priceKopecks: 15_000_00,
      stock: null,
      vatRate: '10',
    })
    camera = await createOffer(db, vendorB.id, {
      title: 'Камера тепловизионная',
      priceKopecks: 99_990_50,
      stock: 3,
      vatRate: 'none',
    })
    onRequest = await createOffer(db, vendorB.id, { title: 'Комплекс по запросу', priceKopecks: null })
    lastUnit = await createOffer(db, vendorB.id, { title: 'Последний экземпляр', priceKopecks: 10_000_00, stock: 1 })
  })

  const cart = async (cookie: string) => (await api('GET', '/cart', cookie)).json().data
  const add = (cookie: string, productId: string, quantity = 1) =>
    api('POST', '/cart/items', cookie, { productId, quantity })
  const stock = async (id: string) =>
    (
      await database.db
        .select({ s: catalogProducts.stockQuantity })
        .from(catalogProducts)
        .where(eq(catalogProducts.id, id))
    )[0]!.s
  const checkoutBody = (total: number, extra: object = {}) => ({
    checkoutKey: randomUUID(),
    payerOrganizationId: buyerOrg.id,
    deliveryMethod: 'carrier',
    address: '420000, г. Казань, ул. Баумана, д. 1',
    carrier: 'СДЭК',
    contactName: 'Вера Покупатель',
    contactPhone: '+7 (912) 345-67-89',
    expectedTotalKopecks: total,
    ...extra,
  })
  async function uploadPdf(cookie: string, name: string): Promise<string> {
    const upload = await uploadTestFile(app, cookie, { name })
    expect(upload.statusCode).toBe(201)
    return upload.json().data.id as string
  }
  const order = async (side: 'purchase' | 'sale', number: string, cookie: string) =>
    api('GET', `/orders/${side}/${number}`, cookie)

  it('groups the cart by seller with subtotals and VAT, limits quantities by stock and follows in the header', async () => {
    expect((await add(buyer.cookie, drone.id, 2)).json().data).toEqual({ count: 1, quantity: 2 })
    expect((await add(buyer.cookie, battery.id, 4)).statusCode).toBe(200)
    expect((await add(buyer.cookie, camera.id)).statusCode).toBe(200)
    expect((await add(buyer.cookie, onRequest.id)).statusCode).toBe(200)
    // More than the seller has: refused with how many are left.
    const tooMany = await add(buyer.cookie, drone.id, 4)
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json().error.message).toBe('«Квадрокоптер Агро-10»: у продавца осталось 5 шт.')
    expect((await api('PATCH', `/cart/items/${camera.id}`, buyer.cookie, { quantity: 4 })).statusCode).toBe(409)
    const bad = await api('PATCH', `/cart/items/${camera.id}`, buyer.cookie, { quantity: 0 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields.quantity).toMatch(/Количество/)
    // One's own product is not for sale to oneself; a product not on sale is a 404.
    expect((await add(sellerA.cookie, drone.id)).json().error.message).toMatch(/вашей организации/)
    expect((await add(buyer.cookie, randomUUID())).statusCode).toBe(404)

    const view = await cart(buyer.cookie)
    expect(view.groups.map((g: { seller: { name: string } }) => g.seller.name)).toEqual([
      'ООО «Аэротех»',
      'ООО «Геоскан»',
    ])
    const [a, b] = view.groups
    expect(a.subtotalKopecks).toBe(2 * 120_000_00 + 4 * 15_000_00)
    // 22 % of 240 000 included, plus 10 % of 60 000 included.
    expect(a.vatKopecks).toBe(Math.round((240_000_00 * 22) / 122) + Math.round((60_000_00 * 10) / 110))
    expect(b.subtotalKopecks).toBe(99_990_50)
    expect(b.vatKopecks).toBe(0)
    expect(b.items.find((i: { productId: string }) => i.productId === onRequest.id)).toMatchObject({
      onRequest: true,
      amountKopecks: 0,
    })
    expect(view).toMatchObject({
      count: 4,
      orderableCount: 3,
      totalKopecks: 2 * 120_000_00 + 4 * 15_000_00 + 99_990_50,
    })
    expect((await api('GET', '/header/summary', buyer.cookie)).json().cartCount).toBe(4)
    // A colleague of another organization sees an empty cart of their own.
    expect((await cart(stranger.cookie)).count).toBe(0)
  })

  it('holds two sellers’ offers of one model as two lines, each seller’s own, linking to the model’s page', async () => {
    const db = database.db
    const [ours, theirs] = [
      await createOffer(db, vendorA.id, { title: 'Агродрон Т-16', priceKopecks: 700_000_00 }),
      await createOffer(db, vendorB.id, { title: 'Агродрон Т-16', priceKopecks: 650_000_00, vatRate: 'none' }),
    ]
    await db
      .update(catalogProducts)
      .set({ model: 'Т-16' })
      .where(inArray(catalogProducts.id, [ours.id, theirs.id]))
    await assignModels(db)
    const farm = await buyerOrganization('Ферма Т-16', 'farm-t16-orders')
    const farmer = await createMember(db, farm.id, 'owner', 'Дина Фермер')
    for (const offer of [ours, theirs]) expect((await add(farmer.cookie, offer.id)).statusCode).toBe(200)

    const view = await cart(farmer.cookie)
    const lines = view.groups.map((g: { seller: { id: string }; items: Record<string, unknown>[] }) => ({
      seller: g.seller.id,
      ...g.items[0],
    }))
    expect(lines).toHaveLength(2)
    const modelSlug = lines[0].modelSlug as string
    expect(modelSlug).toMatch(/^test-t-16/)
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ seller: vendorA.id, productId: ours.id, priceKopecks: 700_000_00, vatRate: '22' }),
        expect.objectContaining({
          seller: vendorB.id,
          productId: theirs.id,
          priceKopecks: 650_000_00,
          vatRate: 'none',
        }),
      ]),
    )
    for (const [line, offer] of [ours, theirs].map((o) => [
      lines.find((l: { productId: string }) => l.productId === o.id),
      o,
    ]))
      expect(line).toMatchObject({ modelSlug, href: `/product/${modelSlug}?offer=${offer.slug}` })
    expect(view.totalKopecks).toBe(700_000_00 + 650_000_00)
  })

  it('adds once for a retried request with the same Idempotency-Key, and again for a new one', async () => {
    const org = await buyerOrganization('Повторы', 'retry-orders')
    const member = await createMember(database.db, org.id)
    const addKeyed = (key: string, quantity: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/cart/items',
        payload: { productId: battery.id, quantity },
        headers: { cookie: member.cookie, 'idempotency-key': key },
      })
    const first = randomUUID()
    expect((await addKeyed(first, 2)).json().data).toEqual({ count: 1, quantity: 2 })
    // The client retries when an answer is lost: the line is not added to a second time.
    expect((await addKeyed(first, 2)).json().data).toEqual({ count: 1, quantity: 2 })
    // The same key with another body is another request, not a retry: 422, and nothing added.
    const reused = await addKeyed(first, 9)
    expect(reused.statusCode).toBe(422)
    expect(reused.json().error.message).toBe(RU.idempotencyKeyReused)
    expect((await addKeyed(randomUUID(), 3)).json().data).toEqual({ count: 1, quantity: 5 })
    // Without a key every request adds, as before.
    expect((await add(member.cookie, battery.id, 1)).json().data).toEqual({ count: 1, quantity: 6 })
    expect((await add(member.cookie, battery.id, 1)).json().data).toEqual({ count: 1, quantity: 7 })
    expect((await cart(member.cookie)).groups[0].items[0].quantity).toBe(7)
  })

  it('holds a line at the seller’s minimum order: the first add puts the minimum in, less is refused', async () => {
    const org = await buyerOrganization('Опт', 'minimum-orders')
    const member = await createMember(database.db, org.id)
    const pair = await createOffer(database.db, vendorA.id, {
      title: 'Грузовой дрон, от двух',
      priceKopecks: 500_000_00,
    })
    await database.db.update(catalogProducts).set({ minOrderQuantity: 2 }).where(eq(catalogProducts.id, pair.id))

    expect((await add(member.cookie, pair.id, 1)).json().data).toEqual({ count: 1, quantity: 2 })
    const fewer = await api('PATCH', `/cart/items/${pair.id}`, member.cookie, { quantity: 1 })
    expect(fewer.statusCode).toBe(409)
    expect(fewer.json().error.fields.quantity).toBe('Минимальный заказ у продавца — 2 шт.')
    const [line] = (await cart(member.cookie)).groups[0].items
    expect(line).toMatchObject({ quantity: 2, minQuantity: 2, amountKopecks: 1_000_000_00, unavailable: false })

    // The seller raises its minimum above what it has: the line stays, and is not ordered.
    await database.db.update(catalogProducts).set({ minOrderQuantity: 20 }).where(eq(catalogProducts.id, pair.id))
    const raised = await cart(member.cookie)
    expect(raised.groups[0].items[0]).toMatchObject({
      unavailable: true,
      note: 'Продавец продаёт от 20 шт., в наличии 10',
    })
    expect(raised.orderableCount).toBe(0)
  })

  it('reads whole numbers strictly: hex, booleans and padded digits are a 400, not 16, 1 and 3', async () => {
    for (const quantity of ['0x10', true, ' 3 ', '1e1']) {
      const refused = await api('POST', '/cart/items', stranger.cookie, { productId: battery.id, quantity })
      expect(refused.statusCode, JSON.stringify(quantity)).toBe(400)
      expect(refused.json().error.fields.quantity).toBeDefined()
    }
    for (const page of ['0x10', 'true', '%203%20'])
      expect((await api('GET', `/orders?page=${page}`, buyer.cookie)).statusCode, page).toBe(400)
    expect((await api('GET', '/orders?page=1', buyer.cookie)).statusCode).toBe(200)
  })

  it('shows a price changed since adding and refuses a checkout priced before it', async () => {
    await database.db.update(catalogProducts).set({ priceKopecks: 16_000_00 }).where(eq(catalogProducts.id, battery.id))
    const view = await cart(buyer.cookie)
    const item = view.groups[0].items.find((i: { productId: string }) => i.productId === battery.id)
    expect(item).toMatchObject({ priceKopecks: 16_000_00, previousPriceKopecks: 15_000_00 })
    expect(view.hasPriceChanges).toBe(true)
    const stale = await api('POST', '/checkout', buyer.cookie, checkoutBody(2 * 120_000_00 + 4 * 15_000_00 + 99_990_50))
    expect(stale.statusCode).toBe(409)
    expect(stale.json().error.message).toBe(ORDER_MESSAGES.pricesChanged)
  })

  it('checks out into one order per seller, once, taking stock and copying prices and requisites', async () => {
    const noRole = await api('POST', '/checkout', notBuyer.cookie, {
      ...checkoutBody(0),
      payerOrganizationId: notBuyerOrg.id,
    })
    expect(noRole.statusCode).toBe(400)
    expect(noRole.json().error.fields.payerOrganizationId).toBe(ORDER_MESSAGES.payerNotBuyer)
    const missing = await api('POST', '/checkout', buyer.cookie, checkoutBody(0, { address: '', contactPhone: '123' }))
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.fields).toMatchObject({
      address: ORDER_MESSAGES.address,
      contactPhone: expect.any(String),
    })

    const { total } = { total: (await cart(buyer.cookie)).totalKopecks as number }
    const body = checkoutBody(total)
    // A double click: both requests answer the same two orders.
    const [first, second] = await Promise.all([
      api('POST', '/checkout', buyer.cookie, body),
      api('POST', '/checkout', buyer.cookie, body),
    ])
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(201)
    const placed = first.json().data
    expect(second.json().data.orders).toEqual(placed.orders)
    expect(placed.orders).toHaveLength(2)
    expect(placed.leftInCart).toBe(1)
    for (const o of placed.orders) expect(o.number).toMatch(/^\d{4}-\d{5}$/)
    expect(await stock(drone.id)).toBe(3)
    expect(await stock(camera.id)).toBe(2)
    expect(await stock(battery.id)).toBeNull()
    const draft = await database.db.select().from(productDrafts).where(eq(productDrafts.id, drone.id))
    expect(draft[0]!.stockQuantity).toBe(3)
    // A vendor that does not count units still does not after a sale.
    const uncounted = await database.db.select().from(productDrafts).where(eq(productDrafts.id, battery.id))
    expect(uncounted[0]!.stockQuantity).toBeNull()
    // Only the item on request stays in the cart.
    const left = await cart(buyer.cookie)
    expect(left.count).toBe(1)
    expect(left.groups[0].items[0].productId).toBe(onRequest.id)

    const aNumber = placed.orders.find((o: { seller: { id: string } }) => o.seller.id === vendorA.id).number
    const details = (await order('purchase', aNumber, buyer.cookie)).json().data
    expect(details).toMatchObject({
      status: 'created',
      totalKopecks: 2 * 120_000_00 + 4 * 16_000_00,
      delivery: { method: 'carrier', carrier: 'СДЭК' },
      contactPhone: '+79123456789',
      actions: ['cancel'],
      sellerParty: { inn: expect.stringMatching(/^\d{10}$/), kpp: '773601001' },
    })
    expect(details.lines.map((l: { title: string; registration: string }) => [l.title, l.registration])).toEqual([
      ['Квадрокоптер Агро-10', 'account'],
      ['Аккумулятор 22000 мА·ч', 'none'],
    ])
    // A later price change leaves the order as it was bought.
    await database.db.update(catalogProducts).set({ priceKopecks: 1 }).where(eq(catalogProducts.id, drone.id))
    expect((await order('purchase', aNumber, buyer.cookie)).json().data.lines[0].priceKopecks).toBe(120_000_00)
    await database.db.update(catalogProducts).set({ priceKopecks: 120_000_00 }).where(eq(catalogProducts.id, drone.id))
    // The seller heard of it.
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, sellerA.email))
    expect(mail.some((m) => m.subject === `Новый заказ: № ${aNumber}`)).toBe(true)
    // It shows in both sides' lists, and to nobody else.
    const sales = (await api('GET', '/orders?side=sale', sellerA.cookie)).json()
    expect(sales.data.map((o: { number: string }) => o.number)).toContain(aNumber)
    const found = (await api('GET', `/orders?side=purchase&q=${encodeURIComponent('Аэро')}`, buyer.cookie)).json()
    expect(found.data.map((o: { number: string }) => o.number)).toEqual([aNumber])
    expect((await order('purchase', aNumber, stranger.cookie)).statusCode).toBe(404)
    expect((await order('sale', aNumber, sellerB.cookie)).statusCode).toBe(404)
    expect((await order('sale', aNumber, buyer.cookie)).statusCode).toBe(404)
  })

  it('lets exactly one of two buyers take the last unit, and the other learns which item ran out', async () => {
    await add(buyer.cookie, lastUnit.id)
    await add(rival.cookie, lastUnit.id)
    const [mine, theirs] = await Promise.all([cart(buyer.cookie), cart(rival.cookie)])
    const results = await Promise.all([
      api('POST', '/checkout', buyer.cookie, checkoutBody(mine.totalKopecks)),
      api('POST', '/checkout', rival.cookie, {
        ...checkoutBody(theirs.totalKopecks),
        payerOrganizationId: rivalOrg.id,
      }),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const lost = results.find((r) => r.statusCode === 409)!
    expect(lost.json().error.message).toContain('«Последний экземпляр»: товар закончился у продавца')
    expect(await stock(lastUnit.id)).toBe(0)
  })

  it('checks out three sellers in as many statements as one, each order with its lines, history and conversation', async () => {
    const payerOrg = await buyerOrganization('Три продавца', 'three-sellers-orders')
    const payer = await createMember(database.db, payerOrg.id, 'owner', 'Дарья Закупщик')
    const vendorC = await createTestVendor(database.db, { name: 'Третий', slug: 'third-orders' })
    await createMember(database.db, vendorC.id, 'owner', 'Евгений Продавец')
    const propeller = await createOffer(database.db, vendorC.id, { title: 'Винт 30"', priceKopecks: 5_000_00 })
    const lens = await createOffer(database.db, vendorB.id, { title: 'Объектив 35 мм', priceKopecks: 7_000_00 })
    const checkout = async () => {
      const total = (await cart(payer.cookie)).totalKopecks as number
      const before = database.statements.count
      const res = await api('POST', '/checkout', payer.cookie, {
        ...checkoutBody(total),
        payerOrganizationId: payerOrg.id,
      })
      expect(res.statusCode).toBe(201)
      return { placed: res.json().data.orders as { number: string }[], statements: database.statements.count - before }
    }
    await add(payer.cookie, battery.id)
    const one = await checkout()
    for (const product of [battery, lens, propeller]) await add(payer.cookie, product.id)
    const three = await checkout()
    expect(one.placed).toHaveLength(1)
    expect(three.placed).toHaveLength(3)
    expect(three.statements).toBe(one.statements)

    // Each of the three written by the one statement is whole: its lines, its history, its room and news.
    const rows = await database.db
      .select()
      .from(ordersTable)
      .where(
        inArray(
          ordersTable.number,
          three.placed.map((o) => o.number),
        ),
      )
    expect(new Set(rows.map((r) => r.sellerOrganizationId))).toEqual(new Set([vendorA.id, vendorB.id, vendorC.id]))
    for (const row of rows) {
      const details = (await order('purchase', row.number, payer.cookie)).json().data
      expect(details.lines).toHaveLength(1)
      expect(details.history.map((h: { to: string; by: string }) => `${h.to}:${h.by}`)).toEqual(['created:buyer'])
      const news = await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, row.chatRoomId!))
      expect(news.map((m) => [m.seq, m.content])).toEqual([
        [1, expect.stringContaining(`Оформлен заказ № ${row.number}`)],
      ])
    }
    // Numbers are the sequence's, in the order of the sellers' groups.
    const sequence = three.placed.map((o) => Number(o.number.split('-')[1]))
    expect(sequence).toEqual([sequence[0], sequence[0]! + 1, sequence[0]! + 2])
    expect((await cart(payer.cookie)).count).toBe(0)
  })

  it('refuses an organization paying for its own products, whichever of its organizations holds the cart', async () => {
    // A confirmed buyer that is also a confirmed vendor, selling one product.
    const both = await createTestVendor(database.db, { name: 'Сам себе', slug: 'self-orders' })
    await database.db.insert(organizationRoles).values({ organizationId: both.id, type: 'buyer', status: 'confirmed' })
    const owner = await createMember(database.db, both.id, 'owner', 'Олег Сам')
    const own = await createOffer(database.db, both.id, { title: 'Свой дрон', priceKopecks: 50_000_00 })
    // The cart refuses its own organization's product; so the owner selects a second organization.
    expect((await add(owner.cookie, own.id)).statusCode).toBe(409)
    const shell = await buyerOrganization('Прокладка', 'shell-orders')
    await database.db.insert(organizationMembers).values({ organizationId: shell.id, userId: owner.id, role: 'owner' })
    await database.db.update(users).set({ selectedOrganizationId: shell.id }).where(eq(users.id, owner.id))
    expect((await add(owner.cookie, own.id)).statusCode).toBe(200)
    const mine = await cart(owner.cookie)
    const refused = await api('POST', '/checkout', owner.cookie, {
      ...checkoutBody(mine.totalKopecks),
      payerOrganizationId: both.id,
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(ORDER_MESSAGES.ownProducts(both.name))
    expect(await stock(own.id)).toBe(10)
    expect((await cart(owner.cookie)).count).toBe(1)
  })

  it('refuses an order over ten billion rubles with a message, and documents have words for every total it allows', async () => {
    const giant = await createOffer(database.db, vendorA.id, {
      title: 'Авиакомплекс',
      priceKopecks: 1_000_000_000_00,
      stock: null,
    })
    expect((await add(rival.cookie, giant.id, 11)).statusCode).toBe(200)
    const mine = await cart(rival.cookie)
    const refused = await api('POST', '/checkout', rival.cookie, {
      ...checkoutBody(mine.totalKopecks),
      payerOrganizationId: rivalOrg.id,
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(ORDER_MESSAGES.totalTooLarge(vendorA.name))
    expect(amountInWords(ORDER_LIMITS.maxTotalKopecks)).toBe('Десять миллиардов рублей 00 копеек')
    await api('DELETE', `/cart/items/${giant.id}`, rival.cookie)
  })

  it('moves an order through its life, refusing moves out of turn and by the wrong side', async () => {
    await add(buyer.cookie, drone.id, 1)
    const total = (await cart(buyer.cookie)).totalKopecks
    const placed = (await api('POST', '/checkout', buyer.cookie, checkoutBody(total))).json().data
    const number = placed.orders[0].number as string
    const sale = (path: string, body: object = {}) =>
      api('POST', `/orders/sale/${number}/${path}`, sellerA.cookie, body)
    const purchase = (path: string, body: object = {}) =>
      api('POST', `/orders/purchase/${number}/${path}`, buyer.cookie, body)

    // The buyer cannot act as the seller: the seller's routes find no sale of theirs.
    expect((await api('POST', `/orders/sale/${number}/confirm`, buyer.cookie, {})).statusCode).toBe(404)
    const early = await sale('mark-paid')
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toBe(
      `Заказ № ${number}: отметить оплату можно только у подтверждённого заказа. Сейчас статус «Новый».`,
    )
    expect((await sale('confirm', { deliveryDate: '2000-01-01' })).json().error.fields.deliveryDate).toBe(
      ORDER_MESSAGES.deliveryDate,
    )
    // The seller's stamp, kept with its signatories: the invoice issued now prints it.
    const stampPng = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#2846c8' } })
      .png()
      .toBuffer()
    const stamp = await uploadTestFile(app, sellerA.cookie, {
      name: 'stamp.png',
      bytes: stampPng,
      type: 'image/png',
      organizationId: vendorA.id,
    })
    expect(stamp.statusCode, stamp.body).toBe(201)
    const withStamp = { ...TEST_DOCUMENT_SETTINGS, stampFileId: stamp.json().data.id as string }
    await database.db.update(organizations).set({ documentSettings: withStamp }).where(eq(organizations.id, vendorA.id))
    const confirmed = await sale('confirm', { deliveryDate: '2099-12-31' })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json().data).toMatchObject({
      status: 'confirmed',
      deliveryDate: '2099-12-31',
      actions: ['markPaid', 'cancel'],
    })
    expect(confirmed.json().data.documents.map((d: { kind: string }) => d.kind)).toEqual(['invoice'])
    // Both sides download the invoice; nobody else does, and there is no delivery note yet.
    const invoice = await api('GET', `/orders/purchase/${number}/documents/invoice.pdf`, buyer.cookie)
    expect(invoice.statusCode).toBe(200)
    expect(invoice.headers['content-type']).toBe('application/pdf')
    expect(invoice.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    const text = (await readPdf(invoice.rawPayload)).text
    expect(text).toContain(`Счёт на оплату № ${number}`)
    expect(text).toContain('ПАО Сбербанк')
    expect(text).toContain('Сто двадцать тысяч рублей 00 копеек')
    expect(text).toContain('Агрохолдинг')
    // Signed by the seller's head and chief accountant as the company page names them.
    expect(text).toContain('Руководитель')
    expect(text).toContain('Тестов П. И.')
    expect(text).toContain('Счётова А. П.')
    expect(invoice.rawPayload.toString('latin1')).toContain('/Subtype /Image')
    expect((await api('GET', `/orders/sale/${number}/documents/invoice.pdf`, sellerA.cookie)).statusCode).toBe(200)
    expect((await api('GET', `/orders/purchase/${number}/documents/invoice.pdf`, stranger.cookie)).statusCode).toBe(404)
    expect((await api('GET', `/orders/purchase/${number}/documents/delivery-note.pdf`, buyer.cookie)).statusCode).toBe(
      404,
    )
    // A repeated click answers the order as it is.
    expect((await sale('confirm')).json().data.status).toBe('confirmed')
    expect((await sale('mark-paid')).json().data.status).toBe('paid')
    const cancelPaid = await purchase('cancel', { reason: 'Передумали' })
    expect(cancelPaid.statusCode).toBe(409)
    expect(cancelPaid.json().error.message).toMatch(/отменить можно только новый или подтверждённый заказ/)

    const lineId = confirmed.json().data.lines[0].id
    const noSerials = await sale('ship', { trackingNumber: 'CDEK-1' })
    expect(noSerials.statusCode).toBe(400)
    expect(noSerials.json().error.message).toMatch(/серийные номера/)
    expect((await sale('ship', { serials: [{ lineId, numbers: ['SN-1'] }] })).json().error.fields.trackingNumber).toBe(
      ORDER_MESSAGES.shipment,
    )
    // Serial and tracking numbers are letters, digits and - / . _: nothing a delivery note cannot print.
    for (const bad of ['SN😀1', '序列号1', 'رقم1', 'SN 1']) {
      const refused = await sale('ship', { trackingNumber: 'CDEK-1', serials: [{ lineId, numbers: [bad] }] })
      expect(refused.statusCode, bad).toBe(400)
      expect(refused.json().error.fields.serials, bad).toBe(CODE_MESSAGE)
    }
    const badTracking = await sale('ship', { trackingNumber: 'ТРЕК🚚', serials: [{ lineId, numbers: ['SN-001'] }] })
    expect(badTracking.json().error.fields.trackingNumber).toBe(CODE_MESSAGE)
    const shipped = await sale('ship', {
      trackingNumber: 'CDEK-1',
      // A carrier is free text: what the main face lacks prints in a fallback face, not as blanks.
      carrier: 'СДЭК 順豐 🚚',
      serials: [{ lineId, numbers: ['SN-001'] }],
    })
    expect(shipped.statusCode).toBe(200)
    expect(shipped.json().data).toMatchObject({
      status: 'shipped',
      shipment: { trackingNumber: 'CDEK-1' },
      registration: { required: true, doneAt: null },
    })
    expect(shipped.json().data.lines[0].serialNumbers).toEqual(['SN-001'])
    const note = await api('GET', `/orders/purchase/${number}/documents/delivery-note.pdf`, buyer.cookie)
    expect(note.statusCode).toBe(200)
    const noteText = (await readPdf(note.rawPayload)).text
    expect(noteText).toContain('SN-001')
    expect(noteText).toContain('СДЭК 順豐 🚚')
    const auto = await database.db.select().from(jobs).where(eq(jobs.kind, AUTO_DELIVER_JOB))
    expect(auto.some((j) => (j.payload as { orderId: string }).orderId)).toBe(true)
    // The buyer is reminded to register the drone, on the days after shipping, until it is done.
    const reminders = () => database.db.select().from(jobs).where(eq(jobs.kind, REGISTRATION_REMINDER_JOB))
    const [first] = (await reminders()).filter((j) => (j.payload as { index: number }).index === 0)
    expect(first!.runAt.getTime() - Date.now()).toBeGreaterThan(2.9 * 24 * 3600_000)
    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, REGISTRATION_REMINDER_JOB))
    await app.services.jobs.runUntilIdle()
    const reminded = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email))
    const reminder = reminded.find((m) => m.subject === `Поставьте беспилотники на учёт: заказ № ${number}`)
    expect(reminder!.text).toContain('SN-001')
    expect(reminder!.text).toContain('/platforms/drone-registration')
    expect((await reminders()).map((j) => (j.payload as { index: number }).index).sort()).toEqual([0, 1])
    // Only the buyer confirms delivery.
    expect((await api('POST', `/orders/purchase/${number}/confirm-delivery`, sellerA.cookie, {})).statusCode).toBe(404)
    expect((await purchase('confirm-delivery')).json().data.status).toBe('delivered')
    expect((await purchase('registration-done')).json().data.registration.doneAt).not.toBeNull()
    // Marked done: the next reminder sends nothing and schedules no other.
    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, REGISTRATION_REMINDER_JOB))
    await app.services.jobs.runUntilIdle()
    const after = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email))
    expect(after.filter((m) => m.kind === 'order_registration_reminder')).toHaveLength(1)
    expect(await reminders()).toHaveLength(2)
    const done = (await purchase('complete')).json().data
    expect(done.status).toBe('completed')
    expect(done.history.map((h: { to: string; by: string }) => `${h.to}:${h.by}`)).toEqual([
      'created:buyer',
      'confirmed:seller',
      'paid:seller',
      'shipped:seller',
      'delivered:buyer',
      'completed:buyer',
    ])
    // The buyer heard of every move of the seller.
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email))
    expect(mail.filter((m) => m.subject.endsWith(`№ ${number}`)).map((m) => m.kind)).toEqual([
      'order_confirmed',
      'order_paid',
      'order_shipped',
      'order_registration_reminder',
    ])
  })

  it('tells the order’s conversation, counts a shipped order delivered by itself, and shows staff every order with audit', async () => {
    await add(buyer.cookie, battery.id, 1)
    const total = (await cart(buyer.cookie)).totalKopecks
    const number = (await api('POST', '/checkout', buyer.cookie, checkoutBody(total))).json().data.orders[0].number
    const [row] = await database.db.select().from(ordersTable).where(eq(ordersTable.number, number))
    // The order got its own room, named after it, with the news as a system message.
    const [room] = await database.db.select().from(chatRooms).where(eq(chatRooms.id, row!.chatRoomId!))
    expect(room!.requestTitle).toBe(`Заказ № ${number}`)
    const news = await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, room!.id))
    expect(news.map((m) => [m.isSystem, m.content])).toEqual([
      [true, expect.stringContaining(`Оформлен заказ № ${number}`)],
    ])
    // Its realtime publication was queued in the checkout's transaction: it goes out once the
    // order is committed, even if this instance dies right after.
    const publications = await database.db.select().from(jobs).where(eq(jobs.kind, CHAT_PUBLISH_JOB))
    const published = publications.flatMap(
      (j) => (j.payload as { rooms: { roomId: string; messageIds: string[] }[] }).rooms,
    )
    expect(published).toContainEqual({ roomId: room!.id, messageIds: [news[0]!.id] })
    expect((await order('purchase', number, buyer.cookie)).json().data.chatRoomGuid).toBe(room!.id)

    const sale = (path: string, body: object = {}) =>
      api('POST', `/orders/sale/${number}/${path}`, sellerA.cookie, body)
    // The seller's comment is the seller's message, not the platform's, whatever it pretends to be.
    const phishing = '⚠️ БАС Маркет: реквизиты продавца изменились, оплачивайте по новым'
    await sale('confirm', { comment: phishing })
    const confirmedNews = (
      await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, room!.id)).orderBy(chatMessages.seq)
    ).slice(1)
    expect(confirmedNews.map((m) => [m.isSystem, m.authorOrganizationId, m.content])).toEqual([
      [true, null, `Продавец: заказ № ${number} — «Подтверждён». Комментарий — в следующем сообщении.`],
      [false, vendorA.id, phishing],
    ])
    await sale('mark-paid')
    // A transport document instead of a tracking number: the seller's own upload only.
    const strangers = await uploadPdf(stranger.cookie, 'Чужой.pdf')
    const foreign = await sale('ship', { documentFileId: strangers })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().error.fields.documentFileId).toBe(ORDER_MESSAGES.shippingDocument)
    const waybill = await uploadPdf(sellerA.cookie, 'ТТН 77.pdf')
    expect((await sale('ship', { documentFileId: waybill })).statusCode).toBe(200)
    const shippedView = (await order('purchase', number, buyer.cookie)).json().data
    expect(shippedView.documents.map((d: { kind: string }) => d.kind)).toEqual([
      'invoice',
      'delivery-note',
      'upd',
      'upd-xml',
      'shipping',
    ])
    const download = await api('GET', `/orders/purchase/${number}/documents/shipping`, buyer.cookie)
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(PDF)).toBe(true)
    expect((await api('GET', `/orders/purchase/${number}/documents/shipping`, stranger.cookie)).statusCode).toBe(404)
    // Battery only: no drone to register, so no reminder.
    const reminder = await database.db.select().from(jobs).where(eq(jobs.kind, REGISTRATION_REMINDER_JOB))
    expect(reminder.filter((j) => (j.payload as { orderId: string }).orderId === row!.id)).toEqual([])
    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, AUTO_DELIVER_JOB))
    await app.services.jobs.runUntilIdle()
    const delivered = (await order('purchase', number, buyer.cookie)).json().data
    expect(delivered.status).toBe('delivered')
    expect(delivered.history.at(-1)).toMatchObject({ to: 'delivered', by: 'system', byName: null })
    const texts = (await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, room!.id))).map(
      (m) => m.content,
    )
    expect(texts.at(-1)).toBe(`Платформа: заказ № ${number} — «Доставлен».`)

    // Staff read any order, and each look is in the audit log; nobody else may.
    expect((await api('GET', `/staff/orders/${number}`, buyer.cookie)).statusCode).toBe(403)
    const staffView = await api('GET', `/staff/orders/${number}`, staff.cookie)
    expect(staffView.json().data).toMatchObject({ number, actions: [] })
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, row!.id))
    expect(audit.map((a) => a.action)).toContain('order.staff_view')
    const list = (await api('GET', `/staff/orders?q=${number}`, staff.cookie)).json()
    expect(list.data.map((o: { number: string }) => o.number)).toEqual([number])
  })

  it('gives the stock back when either side cancels, with a reason', async () => {
    const before = await stock(camera.id)
    await add(buyer.cookie, camera.id, 2)
    const total = (await cart(buyer.cookie)).totalKopecks
    const number = (await api('POST', '/checkout', buyer.cookie, checkoutBody(total))).json().data.orders[0].number
    expect(await stock(camera.id)).toBe(before! - 2)
    const noBank = await api('POST', `/orders/sale/${number}/confirm`, sellerB.cookie, {})
    expect(noBank.statusCode).toBe(409)
    expect(noBank.json().error.message).toBe(ORDER_MESSAGES.noBankRequisites)
    // With the requisites but nobody to sign the invoice: told where to name the head.
    const bNoHead = eq(organizations.id, vendorB.id)
    await database.db.update(organizations).set(TEST_BANK_REQUISITES).where(bNoHead)
    const noHead = await api('POST', `/orders/sale/${number}/confirm`, sellerB.cookie, {})
    expect(noHead.statusCode).toBe(409)
    expect(noHead.json().error.message).toBe(ORDER_MESSAGES.noSignatories)
    expect(noHead.json().error.message).toContain('«Компания» → «Подписанты и документы»')
    const noRequisites = { bankName: null, bik: null, settlementAccount: null, correspondentAccount: null }
    await database.db.update(organizations).set(noRequisites).where(bNoHead)
    const noReason = await api('POST', `/orders/sale/${number}/cancel`, sellerB.cookie, { reason: '' })
    expect(noReason.json().error.fields.reason).toBe(ORDER_MESSAGES.reason)
    const cancelled = await api('POST', `/orders/sale/${number}/cancel`, sellerB.cookie, { reason: 'Нет на складе' })
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'Нет на складе', actions: [] })
    expect(await stock(camera.id)).toBe(before)
    // Cancelling again gives nothing back twice.
    await api('POST', `/orders/sale/${number}/cancel`, sellerB.cookie, { reason: 'Нет на складе' })
    expect(await stock(camera.id)).toBe(before)
    const list = (await api('GET', '/orders?side=purchase&filter=cancelled', buyer.cookie)).json()
    expect(list.data.map((o: { number: string }) => o.number)).toContain(number)
    // Nothing of a cancelled order is registered.
    const registered = await api('POST', `/orders/purchase/${number}/registration-done`, buyer.cookie, {})
    expect(registered.statusCode).toBe(409)
    expect(registered.json().error.message).toBe(ORDER_MESSAGES.registrationNotDue)
  })

  it('answers every order endpoint with 401 to guests and 404 to other organizations', async () => {
    await add(buyer.cookie, battery.id, 1)
    const total = (await cart(buyer.cookie)).totalKopecks
    const number = (await api('POST', '/checkout', buyer.cookie, checkoutBody(total))).json().data.orders[0].number
    const endpoints: [string, string, object?][] = [
      ['GET', `/orders/purchase/${number}`],
      ['GET', `/orders/sale/${number}`],
      ['GET', `/orders/purchase/${number}/documents/invoice.pdf`],
      ['POST', `/orders/sale/${number}/confirm`, {}],
      ['POST', `/orders/sale/${number}/mark-paid`, {}],
      ['POST', `/orders/sale/${number}/ship`, { trackingNumber: 'X' }],
      ['POST', `/orders/purchase/${number}/confirm-delivery`, {}],
      ['POST', `/orders/purchase/${number}/complete`, {}],
      ['POST', `/orders/purchase/${number}/registration-done`, {}],
      ['POST', `/orders/purchase/${number}/cancel`, { reason: 'Чужой' }],
      ['POST', `/orders/sale/${number}/cancel`, { reason: 'Чужой' }],
    ]
    for (const [method, url, body] of endpoints) {
      expect((await api(method as 'GET', url, undefined, body)).statusCode, `${method} ${url} as a guest`).toBe(401)
      expect(
        (await api(method as 'GET', url, stranger.cookie, body)).statusCode,
        `${method} ${url} as a stranger`,
      ).toBe(404)
    }
    // Nothing moved.
    expect((await order('purchase', number, buyer.cookie)).json().data.status).toBe('created')
    for (const [method, url] of [
      ['GET', '/cart'],
      ['POST', '/cart/items'],
      ['PATCH', `/cart/items/${battery.id}`],
      ['DELETE', `/cart/items/${battery.id}`],
      ['POST', '/checkout'],
      ['GET', '/orders'],
      ['GET', '/staff/orders'],
    ] as const) {
      expect((await api(method, url, undefined, {})).statusCode, `${method} ${url} as a guest`).toBe(401)
    }
  })

  it('refuses guests and malformed numbers without telling anything', async () => {
    expect((await api('GET', '/cart')).statusCode).toBe(401)
    expect((await api('POST', '/checkout', undefined, checkoutBody(0))).statusCode).toBe(401)
    expect((await api('GET', '/orders/purchase/..%2F..', buyer.cookie)).statusCode).toBe(404)
    expect((await api('GET', '/orders/nobody/2611-00001', buyer.cookie)).statusCode).toBe(404)
    expect((await api('DELETE', `/cart/items/not-a-uuid`, buyer.cookie)).statusCode).toBe(200)
  })
})
