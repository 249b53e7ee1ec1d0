import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { CORRECTION_MESSAGES, type OrderCorrection } from '#common/order-corrections.ts'
import type { OrderDetails } from '#common/orders.ts'
import type { Database } from '../db/client.ts'
import { readPdf } from '../documents/testing.ts'
import { BACKENDS } from '../testing/database.ts'
import { useTestApp } from '../testing/app.ts'
import { chatMessages } from '../modules/chat/chat.table.ts'
import { closingDocuments } from '../modules/documents/documents.table.ts'
import { emailOutbox } from '../modules/mail/mail.table.ts'
import { createOffer } from '../modules/orders/orders.testing.ts'
import { apiClient } from '../modules/organizations/organizations.testing.ts'
import { createTestBuyer, createTestVendor, giveInvoiceDetails } from '../modules/organizations/vendors.testing.ts'
import { createMember } from '../modules/products/products.testing.ts'

describe.each(BACKENDS)('returns and price corrections on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  type Member = { id: string; cookie: string; email: string }
  let seller: Member
  let buyer: Member
  let stranger: Member
  let buyerOrg: { id: string }
  let drone: { id: string; title: string }
  let battery: { id: string; title: string }

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  beforeAll(async () => {
    const db = database.db
    const vendor = await createTestVendor(db, { name: 'Возвраты', slug: 'returns-vendor' })
    await giveInvoiceDetails(db, vendor.id)
    seller = await createMember(db, vendor.id, 'owner', 'Олег Продавец')
    buyerOrg = await createTestBuyer(db, { name: 'Покупатель возвратов', slug: 'returns-buyer' })
    buyer = await createMember(db, buyerOrg.id, 'owner', 'Вера Покупатель')
    const strangerOrg = await createTestBuyer(db, { name: 'Посторонние', slug: 'returns-stranger' })
    stranger = await createMember(db, strangerOrg.id)
    drone = await createOffer(db, vendor.id, { title: 'Квадрокоптер К-1', priceKopecks: 122_000_00 })
    battery = await createOffer(db, vendor.id, { title: 'Аккумулятор К', priceKopecks: 11_000_00, vatRate: '10' })
  })

  /** An order of the drone and two batteries, taken as far as `until`. */
  async function order(until: 'created' | 'shipped' | 'delivered') {
    await api('POST', '/cart/items', buyer.cookie, { productId: drone.id, quantity: 1 })
    await api('POST', '/cart/items', buyer.cookie, { productId: battery.id, quantity: 2 })
    const placed = await api('POST', '/checkout', buyer.cookie, {
      checkoutKey: randomUUID(),
      payerOrganizationId: buyerOrg.id,
      deliveryMethod: 'pickup',
      contactName: 'Вера Покупатель',
      contactPhone: '+7 (912) 345-67-89',
      expectedTotalKopecks: 144_000_00,
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const number = placed.json().data.orders[0].number as string
    if (until !== 'created') {
      await api('POST', `/orders/sale/${number}/confirm`, seller.cookie, {})
      await api('POST', `/orders/sale/${number}/mark-paid`, seller.cookie, {})
      const shipped = await api('POST', `/orders/sale/${number}/ship`, seller.cookie, { trackingNumber: 'TRK-1' })
      expect(shipped.statusCode, shipped.body).toBe(200)
    }
    if (until === 'delivered') await api('POST', `/orders/purchase/${number}/confirm-delivery`, buyer.cookie, {})
    const view = (await api('GET', `/orders/purchase/${number}`, buyer.cookie)).json().data as OrderDetails
    const lineOf = (title: string) => view.lines.find((l) => l.title === title)!.id
    return { number, droneLine: lineOf(drone.title), batteryLine: lineOf(battery.title) }
  }

  const propose = (side: string, number: string, cookie: string, body: object) =>
    api('POST', `/orders/${side}/${number}/corrections`, cookie, body)
  const decide = (side: string, number: string, n: number, decision: string, cookie: string, comment = '') =>
    api('POST', `/orders/${side}/${number}/corrections/${n}/${decision}`, cookie, { comment })

  it('takes a return only after delivery, from the buyer, one at a time, and not more than was received', async () => {
    const shipped = await order('shipped')
    const early = await propose('purchase', shipped.number, buyer.cookie, {
      kind: 'return',
      reason: 'Брак ячейки',
      lines: [{ lineId: shipped.batteryLine, quantity: 1 }],
    })
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toBe(CORRECTION_MESSAGES.notReceived)

    const { number, batteryLine, droneLine } = await order('delivered')
    const bySeller = await propose('sale', number, seller.cookie, {
      kind: 'return',
      reason: 'Забираем',
      lines: [{ lineId: batteryLine, quantity: 1 }],
    })
    expect(bySeller.json().error.message).toBe(CORRECTION_MESSAGES.returnByBuyer)
    const tooMany = await propose('purchase', number, buyer.cookie, {
      kind: 'return',
      reason: 'Брак',
      lines: [{ lineId: batteryLine, quantity: 3 }],
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().error.message).toBe(CORRECTION_MESSAGES.tooManyUnits(battery.title, 2))
    const noReason = await propose('purchase', number, buyer.cookie, {
      kind: 'return',
      reason: '',
      lines: [{ lineId: batteryLine, quantity: 1 }],
    })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().error.fields.reason).toBe(CORRECTION_MESSAGES.reason)
    const otherOrdersLine = await propose('purchase', number, buyer.cookie, {
      kind: 'return',
      reason: 'Брак',
      lines: [{ lineId: randomUUID(), quantity: 1 }],
    })
    expect(otherOrdersLine.json().error.message).toBe(CORRECTION_MESSAGES.unknownLine)

    const asked = await propose('purchase', number, buyer.cookie, {
      kind: 'return',
      reason: 'Ячейка вздулась после первой зарядки',
      lines: [{ lineId: batteryLine, quantity: 1 }],
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const [first] = (asked.json().data as OrderDetails).corrections.items
    expect(first).toMatchObject({ number: 1, kind: 'return', status: 'requested', differenceKopecks: -11_000_00 })
    expect(first!.actions).toEqual(['withdraw'])
    const again = await propose('purchase', number, buyer.cookie, {
      kind: 'return',
      reason: 'И дрон',
      lines: [{ lineId: droneLine, quantity: 1 }],
    })
    expect(again.json().error.message).toBe(CORRECTION_MESSAGES.open)
    // Strangers find neither the order nor the correction.
    expect(
      (
        await propose('purchase', number, stranger.cookie, {
          kind: 'return',
          reason: 'Брак',
          lines: [{ lineId: batteryLine, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(404)
    expect((await decide('sale', number, 1, 'accept', stranger.cookie)).statusCode).toBe(404)
    expect((await decide('sale', number, 7, 'accept', seller.cookie)).statusCode).toBe(404)

    // The seller hears of it by e-mail and in the order's conversation, with the reason.
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order_correction_requested'))
    const told = mails.filter((m) => m.text.includes(number))
    expect(told.map((m) => m.to)).toEqual([seller.email])
    expect(told[0]!.text).toContain('Ячейка вздулась после первой зарядки')
    const sellerView = (await api('GET', `/orders/sale/${number}`, seller.cookie)).json().data as OrderDetails
    const notes = await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, sellerView.chatRoomGuid!))
    expect(notes.some((m) => m.isSystem && m.content.includes('предлагает возврат товара (корректировка № 1'))).toBe(
      true,
    )
    expect(sellerView.corrections.items[0]!.actions).toEqual(['accept', 'refuse'])

    // The buyer cannot decide its own; a refusal says why.
    expect((await decide('purchase', number, 1, 'accept', buyer.cookie)).json().error.message).toBe(
      CORRECTION_MESSAGES.notYours,
    )
    const silent = await decide('sale', number, 1, 'refuse', seller.cookie)
    expect(silent.json().error.fields.comment).toBe(CORRECTION_MESSAGES.refusalReason)
    const refused = await decide(
      'sale',
      number,
      1,
      'refuse',
      seller.cookie,
      'Повреждение механическое, не гарантийный случай',
    )
    expect(refused.statusCode, refused.body).toBe(200)
    const after = refused.json().data as OrderDetails
    expect(after.corrections.items[0]).toMatchObject({ status: 'refused', ukd: null, actions: [] })
    expect(after.corrections.totals.totalKopecks).toBe(144_000_00)
    expect(after.history.at(-1)).toMatchObject({
      event: 'correction_refused',
      by: 'seller',
      from: 'delivered',
      to: 'delivered',
    })
    expect((await decide('sale', number, 1, 'accept', seller.cookie)).json().error.message).toBe(
      CORRECTION_MESSAGES.decided,
    )
  })

  it('issues a УКД against the УПД when the seller accepts a return, and another for a price agreed later', async () => {
    const { number, batteryLine, droneLine } = await order('delivered')
    await propose('purchase', number, buyer.cookie, {
      kind: 'return',
      reason: 'Лишний аккумулятор',
      lines: [{ lineId: batteryLine, quantity: 1 }],
    })
    const accepted = await decide('sale', number, 1, 'accept', seller.cookie, 'Деньги вернём в течение 5 дней')
    expect(accepted.statusCode, accepted.body).toBe(200)
    const view = accepted.json().data as OrderDetails
    const correction = view.corrections.items[0] as OrderCorrection
    expect(correction.status).toBe('accepted')
    expect(correction.ukd).toMatchObject({
      number: expect.any(String),
      href: `/api/v1/orders/sale/${number}/corrections/1/ukd.pdf`,
    })
    // The order's documents list it beside the УПД.
    expect(view.documents.filter((d) => d.kind === 'ukd').map((d) => d.href)).toEqual([correction.ukd!.href])
    expect(view.corrections.totals).toEqual({ totalKopecks: 133_000_00, vatKopecks: 22_000_00 + 1_000_00 })
    expect(view.corrections.current.find((c) => c.lineId === batteryLine)).toEqual({
      lineId: batteryLine,
      quantity: 1,
      priceKopecks: 11_000_00,
    })

    const documents = await database.db.select().from(closingDocuments).where(eq(closingDocuments.orderNumber, number))
    const ukd = documents.find((d) => d.kind === 'ukd')!
    expect(ukd).toMatchObject({ correction: 1, totalKopecks: -11_000_00, vatKopecks: -1_000_00, status: 1 })
    expect(documents.find((d) => d.kind === 'upd')!.state).toBe('corrected')

    // Both sides download it; it prints the battery's rows against the УПД; strangers get a 404.
    const upd = documents.find((d) => d.kind === 'upd')!
    for (const [side, cookie] of [
      ['sale', seller.cookie],
      ['purchase', buyer.cookie],
    ] as const) {
      const file = await api('GET', `/orders/${side}/${number}/corrections/1/ukd.pdf`, cookie)
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toBe('application/pdf')
      const pdf = await readPdf(file.rawPayload)
      expect(pdf.text).toContain(`Корректировочный счет-фактура № ${ukd.number}`)
      expect(pdf.squashed).toContain(`УПД)№${upd.number}от`)
      expect(pdf.squashed.replace(/\u00a0/g, '')).toContain(
        'А(доизменения)210000,0020000,00безакциза10%2000,0022000,00',
      )
      expect(pdf.squashed.replace(/\u00a0/g, '')).toContain('Г(уменьшение)XX10000,00XX1000,0011000,00')
      expect(pdf.text).toContain('Лишний аккумулятор')
    }
    expect((await api('GET', `/orders/purchase/${number}/corrections/1/ukd.pdf`, stranger.cookie)).statusCode).toBe(404)
    expect((await api('GET', `/orders/sale/${number}/corrections/2/ukd.pdf`, seller.cookie)).statusCode).toBe(404)
    expect((await api('GET', `/orders/sale/${number}/corrections/x%00/ukd.pdf`, seller.cookie)).statusCode).toBe(404)

    // The buyer hears of the acceptance with the document.
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order_correction_accepted'))
    const told = mails.filter((m) => m.text.includes(number))
    expect(told.map((m) => m.to)).toEqual([buyer.email])
    expect(told[0]!.text).toContain(`УКД № ${ukd.number}`)

    // A price the seller proposes for the drone, the buyer agrees: the next document, from the lines as they stand.
    const same = await propose('sale', number, seller.cookie, {
      kind: 'price',
      reason: 'Скидка',
      lines: [{ lineId: droneLine, priceKopecks: 122_000_00 }],
    })
    expect(same.json().error.message).toBe(CORRECTION_MESSAGES.samePrice(drone.title))
    await propose('sale', number, seller.cookie, {
      kind: 'price',
      reason: 'Скидка за царапину на корпусе',
      lines: [{ lineId: droneLine, priceKopecks: 112_000_00 }],
    })
    const agreed = await decide('purchase', number, 2, 'accept', buyer.cookie)
    expect(agreed.statusCode, agreed.body).toBe(200)
    const final = agreed.json().data as OrderDetails
    expect(final.corrections.totals.totalKopecks).toBe(123_000_00)
    const second = await database.db
      .select()
      .from(closingDocuments)
      .where(and(eq(closingDocuments.orderNumber, number), eq(closingDocuments.correction, 2)))
    expect(Number(second[0]!.number)).toBe(Number(ukd.number) + 1)
    expect(second[0]!.totalKopecks).toBe(-10_000_00)

    // The rest of the batteries may go back, not more.
    const more = await propose('purchase', number, buyer.cookie, {
      kind: 'return',
      reason: 'И второй',
      lines: [{ lineId: batteryLine, quantity: 2 }],
    })
    expect(more.json().error.message).toBe(CORRECTION_MESSAGES.tooManyUnits(battery.title, 1))

    // The registry lists the correction documents with their signed sums; the УПД shows as corrected.
    const registry = await api('GET', '/documents?kind=ukd', buyer.cookie)
    const items = registry.json().data.filter((i: { orderNumber: string }) => i.orderNumber === number)
    expect(items.map((i: { totalKopecks: number }) => i.totalKopecks).sort((a: number, b: number) => a - b)).toEqual([
      -11_000_00, -10_000_00,
    ])
    expect(items[0].files[0].href).toMatch(new RegExp(`/api/v1/orders/purchase/${number}/corrections/\\d/ukd\\.pdf`))
    const corrected = await api('GET', '/documents?kind=upd&state=corrected', seller.cookie)
    expect(corrected.json().data.some((i: { orderNumber: string }) => i.orderNumber === number)).toBe(true)
  })

  it('issues nothing for a withdrawn correction, nor for an order cancelled before it shipped', async () => {
    const { number, droneLine } = await order('delivered')
    await propose('purchase', number, buyer.cookie, {
      kind: 'price',
      reason: 'Просим скидку',
      lines: [{ lineId: droneLine, priceKopecks: '100000' }],
    })
    expect((await decide('sale', number, 1, 'withdraw', seller.cookie)).json().error.message).toBe(
      CORRECTION_MESSAGES.notAuthor,
    )
    const withdrawn = await decide('purchase', number, 1, 'withdraw', buyer.cookie)
    expect((withdrawn.json().data as OrderDetails).corrections.items[0]!.status).toBe('withdrawn')
    const kinds = await database.db
      .select({ kind: closingDocuments.kind })
      .from(closingDocuments)
      .where(eq(closingDocuments.orderNumber, number))
    expect(kinds.map((k) => k.kind).sort()).toEqual(['invoice', 'upd'])

    // A cancellation comes before shipping: no УПД, so nothing to correct; the invoice is void.
    const cancelled = await order('created')
    await api('POST', `/orders/sale/${cancelled.number}/confirm`, seller.cookie, {})
    await api('POST', `/orders/purchase/${cancelled.number}/cancel`, buyer.cookie, { reason: 'Передумали' })
    const refused = await propose('purchase', cancelled.number, buyer.cookie, {
      kind: 'return',
      reason: 'Вернуть',
      lines: [{ lineId: cancelled.batteryLine, quantity: 1 }],
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(CORRECTION_MESSAGES.notReceived)
    const view = (await api('GET', `/orders/purchase/${cancelled.number}`, buyer.cookie)).json().data as OrderDetails
    expect(view.corrections).toMatchObject({ items: [], canPropose: [] })
    const left = await database.db
      .select({ kind: closingDocuments.kind, state: closingDocuments.state })
      .from(closingDocuments)
      .where(eq(closingDocuments.orderNumber, cancelled.number))
    expect(left).toEqual([{ kind: 'invoice', state: 'cancelled' }])
  })
})
