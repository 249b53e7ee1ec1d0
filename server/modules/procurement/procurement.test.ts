import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, moscowToday } from '#common/moscow-days.ts'
import {
  type IncomingProcurement,
  PROCUREMENT_MESSAGES,
  type ProcurementDetails,
  type RecipientChoices,
} from '#common/procurement.ts'
import type { CartView } from '#common/orders.ts'
import { systemCtx } from '../../context.ts'
import type { Database } from '../../db/client.ts'
import { readPdf, readXlsx } from '../../documents/testing.ts'
import { jobs } from '../../jobs/jobs.table.ts'
import { emailOutbox } from '../mail/mail.table.ts'
import { BACKENDS } from '../../testing/database.ts'
import { useTestApp } from '../../testing/app.ts'
import { uploadTestFile } from '../files/files.testing.ts'
import { cartItems } from '../orders/orders.table.ts'
import { createOffer } from '../orders/orders.testing.ts'
import { apiClient, ctxFor } from '../organizations/organizations.testing.ts'
import { createTestBuyer, createTestVendor } from '../organizations/vendors.testing.ts'
import { createMember } from '../products/products.testing.ts'
import { PROCUREMENT_EXPIRE_JOB } from './procurement.service.ts'
import { procurementRequests } from './procurement.table.ts'

describe.each(BACKENDS)('requests for commercial offers on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  type Member = { id: string; cookie: string; email: string }
  let buyer: Member
  let buyerOrgId: string
  let otherBuyer: Member
  const sellers: Member[] = []
  const vendorIds: string[] = []
  let uninvited: Member
  let drone: { id: string; title: string }

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  beforeAll(async () => {
    const db = database.db
    const buyerOrg = await createTestBuyer(db, { name: 'МКУ Центр ГЗ', slug: 'kp-buyer' })
    buyerOrgId = buyerOrg.id
    buyer = await createMember(db, buyerOrg.id, 'owner', 'Ирина Закупщица')
    const other = await createTestBuyer(db, { name: 'Чужой покупатель', slug: 'kp-other-buyer' })
    otherBuyer = await createMember(db, other.id)
    for (const i of [1, 2, 3]) {
      const vendor = await createTestVendor(db, { name: `Поставщик КП ${i}`, slug: `kp-vendor-${i}` })
      vendorIds.push(vendor.id)
      sellers.push(await createMember(db, vendor.id, 'owner', `Продавец ${i}`))
    }
    const outsider = await createTestVendor(db, { name: 'Не приглашён', slug: 'kp-outsider' })
    uninvited = await createMember(db, outsider.id)
    drone = await createOffer(db, vendorIds[0]!, { title: 'Квадрокоптер для мониторинга', priceKopecks: 450_000_00 })
  })

  const deadline = () => addDays(moscowToday(), 7)
  const draft = (overrides: object = {}) => ({
    title: 'Беспилотники для мониторинга паводков',
    purpose: '44fz',
    region: 'Краснодарский край',
    deliveryAddress: 'г. Краснодар, ул. Северная, д. 1',
    deliveryTerm: 'до 1 апреля',
    paymentTerms: 'оплата в течение 7 рабочих дней после приёмки',
    deadline: deadline(),
    contactName: 'Ирина Закупщица',
    contactPhone: '+7 (861) 000-00-00',
    items: [
      { productId: drone.id, name: drone.title, unit: 'piece', quantity: 2 },
      { name: 'Обучение операторов', characteristics: 'Очно, 2 дня, до 5 человек', unit: 'service', quantity: 1 },
    ],
    recipients: vendorIds,
    ...overrides,
  })

  it('takes a buyer’s draft, refuses what it cannot take, and sends it to the sellers picked', async () => {
    // Only a confirmed buyer asks; items and recipients are checked.
    expect((await api('POST', '/procurement/requests', sellers[0]!.cookie, draft())).statusCode).toBe(403)
    const past = await api('POST', '/procurement/requests', buyer.cookie, draft({ deadline: moscowToday() }))
    expect(past.json().error.fields.deadline).toBe(PROCUREMENT_MESSAGES.deadline)
    const noItems = await api('POST', '/procurement/requests', buyer.cookie, draft({ items: [] }))
    expect(noItems.json().error.fields.items).toBe(PROCUREMENT_MESSAGES.items)
    const stranger = await api('POST', '/procurement/requests', buyer.cookie, draft({ recipients: [buyer.id] }))
    expect(stranger.json().error.fields.recipients).toBe(PROCUREMENT_MESSAGES.recipient)

    const created = await api(
      'POST',
      '/procurement/requests',
      buyer.cookie,
      draft({ recipients: vendorIds.slice(0, 2) }),
    )
    expect(created.statusCode, created.body).toBe(201)
    const request = created.json().data as ProcurementDetails
    expect(request.number).toMatch(/^KP-\d{4}-\d{5}$/)
    expect(request).toMatchObject({ status: 'draft', actions: ['edit', 'send', 'cancel'] })
    expect(request.items.map((i) => [i.position, i.unit, i.quantity])).toEqual([
      [1, 'piece', 2],
      [2, 'service', 1],
    ])
    expect(request.items[0]!.productHref).toMatch(/^\/product\//)
    // Two sellers for a 44-ФЗ purchase: a warning, not a refusal.
    expect(request.warnings).toEqual([PROCUREMENT_MESSAGES.fewRecipients('44fz')])
    // Sellers do not see a draft, even one that names them.
    expect((await api('GET', `/procurement/incoming/${request.number}`, sellers[0]!.cookie)).statusCode).toBe(404)

    const early = await api('GET', `/procurement/requests/${request.number}/justification.xlsx`, buyer.cookie)
    expect(early.json().error.message).toBe(PROCUREMENT_MESSAGES.noAnswers)
    const edited = await api('PUT', `/procurement/requests/${request.number}`, buyer.cookie, draft())
    expect((edited.json().data as ProcurementDetails).warnings).toEqual([])
    const sent = await api('POST', `/procurement/requests/${request.number}/send`, buyer.cookie)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().data).toMatchObject({ status: 'sent', actions: ['close', 'cancel'] })
    expect((await api('PUT', `/procurement/requests/${request.number}`, buyer.cookie, draft())).statusCode).toBe(409)
    // Each seller hears of it by e-mail and in its own conversation with the buyer.
    const told = (await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'procurement_requested')))
      .filter((m) => m.text.includes(request.number))
      .map((m) => m.to)
      .sort()
    expect(told).toEqual(sellers.map((s) => s.email).sort())
    const rooms = (sent.json().data as ProcurementDetails).recipients.map((r) => r.chatRoomGuid)
    expect(new Set(rooms).size).toBe(3)
    expect(rooms.every(Boolean)).toBe(true)
    // The deadline's day ends with a run that closes it.
    const expiry = await database.db.select().from(jobs).where(eq(jobs.kind, PROCUREMENT_EXPIRE_JOB))
    expect(expiry.map((j) => j.key)).toContain(deadline())

    // Each seller sees the request and its own answer only; nobody else sees it at all.
    const incoming = await api('GET', '/procurement/incoming', sellers[1]!.cookie)
    expect(incoming.json().data.map((r: { number: string }) => r.number)).toContain(request.number)
    for (const outsider of [uninvited, otherBuyer]) {
      expect((await api('GET', `/procurement/incoming/${request.number}`, outsider.cookie)).statusCode).toBe(404)
      expect((await api('GET', `/procurement/requests/${request.number}`, outsider.cookie)).statusCode).toBe(404)
      expect(
        (await api('POST', `/procurement/incoming/${request.number}/decline`, outsider.cookie, { reason: 'Нет' }))
          .statusCode,
      ).toBe(404)
    }
    expect((await api('GET', `/procurement/requests/${request.number}`, sellers[0]!.cookie)).statusCode).toBe(404)
    expect((await api('GET', '/procurement/requests/KP-1', buyer.cookie)).statusCode).toBe(404)
  })

  it('takes two answers and a refusal, keeps each seller’s own, and justifies the price from the answers', async () => {
    const { number, items } = (await api('POST', '/procurement/requests', buyer.cookie, draft())).json()
      .data as ProcurementDetails
    await api('POST', `/procurement/requests/${number}/send`, buyer.cookie)
    const offer = (prices: [number, number]) => ({
      lines: items.map((item, i) => ({ itemId: item.id, unitPriceKopecks: prices[i], vatRate: '22' })),
      deliveryTerm: '30 дней',
      validUntil: addDays(moscowToday(), 30),
      signatoryName: 'Орлов Сергей Викторович',
      signatoryPosition: 'Генеральный директор',
    })
    // Every item needs its price.
    const partial = await api('POST', `/procurement/incoming/${number}/answer`, sellers[0]!.cookie, {
      ...offer([1, 1]),
      lines: offer([1, 1]).lines.slice(0, 1),
    })
    expect(partial.json().error.fields.lines).toBe(PROCUREMENT_MESSAGES.answerItems)

    const first = await api(
      'POST',
      `/procurement/incoming/${number}/answer`,
      sellers[0]!.cookie,
      offer([450_000_00, 60_000_00]),
    )
    expect(first.statusCode, first.body).toBe(200)
    const mine = first.json().data as IncomingProcurement
    expect(mine.myOffer).toMatchObject({ offerNumber: `${number}/1`, totalKopecks: 960_000_00 })
    expect(mine.canAnswer).toBe(false)
    expect(
      (await api('POST', `/procurement/incoming/${number}/answer`, sellers[0]!.cookie, offer([1, 1]))).json().error
        .message,
    ).toBe(PROCUREMENT_MESSAGES.answered)
    await api('POST', `/procurement/incoming/${number}/answer`, sellers[1]!.cookie, offer([500_000_00, 40_000_00]))
    const declined = await api('POST', `/procurement/incoming/${number}/decline`, sellers[2]!.cookie, {
      reason: 'Нет на складе до лета',
    })
    expect((declined.json().data as IncomingProcurement).myStatus).toBe('declined')
    // The seller's offer as a PDF on its requisites: its own, and the buyer's copy; nobody else's.
    const own = await api('GET', `/procurement/incoming/${number}/offer.pdf`, sellers[0]!.cookie)
    expect(own.statusCode).toBe(200)
    const kp = await readPdf(own.rawPayload)
    expect(kp.text).toContain(`Коммерческое предложение № ${number}/1`)
    expect(kp.text).toContain('Поставщик КП 1')
    expect(kp.text.replace(/\u00a0/g, ' ')).toContain('Девятьсот шестьдесят тысяч рублей 00 копеек')
    expect(kp.text).toContain('Орлов Сергей Викторович')
    const copy = await api('GET', `/procurement/requests/${number}/offers/1.pdf`, buyer.cookie)
    expect(copy.statusCode).toBe(200)
    expect((await readPdf(copy.rawPayload)).text).toContain(`Коммерческое предложение № ${number}/1`)
    expect((await api('GET', `/procurement/requests/${number}/offers/9.pdf`, buyer.cookie)).statusCode).toBe(404)
    expect((await api('GET', `/procurement/incoming/${number}/offer.pdf`, sellers[2]!.cookie)).statusCode).toBe(404)
    expect((await api('GET', `/procurement/requests/${number}/offers/1.pdf`, sellers[0]!.cookie)).statusCode).toBe(404)

    // The buyer hears of the answer and of the refusal with its reason.
    const answers = (await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email))).filter((m) =>
      m.subject.includes(number),
    )
    expect(answers.map((m) => m.kind).sort()).toEqual([
      'procurement_answered',
      'procurement_answered',
      'procurement_declined',
    ])
    expect(answers.find((m) => m.kind === 'procurement_declined')!.text).toContain('Нет на складе до лета')
    // The second seller sees nothing of the first's prices.
    const second = (await api('GET', `/procurement/incoming/${number}`, sellers[1]!.cookie)).json().data
    expect(JSON.stringify(second)).not.toContain('45000000')
    expect(second.recipients).toBeUndefined()

    const page = (await api('GET', `/procurement/requests/${number}`, buyer.cookie)).json().data as ProcurementDetails
    expect(page.recipients.map((r) => r.status)).toEqual(['answered', 'answered', 'declined'])
    expect(page.recipients[2]!.declineReason).toBe('Нет на складе до лета')
    const { justification } = page
    // The drone: 450 000 and 500 000 → mean 475 000, σ = 35 355,34, V = 7,44 %; НМЦК = 2 × 475 000.
    expect(justification!.items[0]).toMatchObject({
      meanKopecks: 475_000_00,
      deviationKopecks: 35_355_34,
      variationPercent: 7.44,
      homogeneous: true,
      nmckKopecks: 950_000_00,
    })
    // Training: 60 000 and 40 000 → mean 50 000, σ = 14 142,14, V = 28,28 %.
    expect(justification!.items[1]).toMatchObject({ variationPercent: 28.28, nmckKopecks: 50_000_00 })
    expect(justification!.totalKopecks).toBe(1_000_000_00)
    expect(justification!.suppliers.map((s) => s.supplier)).toEqual([1, 2])
    expect(justification!.tooFewOffers).toBe(true)

    // The exports: the PDF and the workbook for the buyer only.
    const pdf = await api('GET', `/procurement/requests/${number}/justification.pdf`, buyer.cookie)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const printed = await readPdf(pdf.rawPayload)
    expect(printed.text).toContain('Обоснование начальной (максимальной) цены контракта')
    expect(printed.squashed.replace(/\u00a0/g, '')).toContain('Итогоначальная(максимальная)ценаконтракта1000000,00')
    const xlsx = await api('GET', `/procurement/requests/${number}/justification.xlsx`, buyer.cookie)
    expect(xlsx.headers['content-disposition']).toContain(`obosnovanie-nmck-${number}.xlsx`)
    const workbook = await readXlsx(xlsx.rawPayload)
    expect(workbook.getWorksheet('Обоснование НМЦК')!.getCell('G9').value).toEqual({
      formula: 'IF(COUNT(E9:F9)>0,AVERAGE(E9:F9),"")',
      result: 475000,
    })
    for (const outsider of [sellers[0]!, otherBuyer]) {
      expect((await api('GET', `/procurement/requests/${number}/justification.pdf`, outsider.cookie)).statusCode).toBe(
        404,
      )
    }

    // Closed: no more answers; cancelled with a reason otherwise.
    expect((await api('POST', `/procurement/requests/${number}/close`, buyer.cookie)).json().data.status).toBe('closed')
    const late = await api('POST', `/procurement/incoming/${number}/decline`, sellers[2]!.cookie, { reason: 'Поздно' })
    expect(late.statusCode).toBe(409)
    const noReason = await api('POST', `/procurement/requests/${number}/cancel`, buyer.cookie, { reason: '' })
    expect(noReason.json().error.fields.reason).toBe(PROCUREMENT_MESSAGES.cancelReason)
  })

  it('closes a sent request once its deadline day has passed', async () => {
    const { number } = (await api('POST', '/procurement/requests', buyer.cookie, draft())).json().data
    await api('POST', `/procurement/requests/${number}/send`, buyer.cookie)
    await database.db
      .update(procurementRequests)
      .set({ deadline: addDays(moscowToday(), -1) })
      .where(eq(procurementRequests.number, number))
    expect(await app.services.procurement.expire(systemCtx(database.db, { requestId: 'test' }))).toBeGreaterThan(0)
    const closed = (await api('GET', `/procurement/requests/${number}`, buyer.cookie)).json().data
    expect(closed.status).toBe('closed')
    expect(closed.actions).toEqual([])
  })
  it('lists each side’s requests with counts, a status filter and a search; a repeated create makes one draft', async () => {
    const headers = { cookie: buyer.cookie, 'idempotency-key': 'kp-form-1' }
    const body = draft({ title: 'Тепловизоры для лесной охраны' })
    const first = await app.inject({ method: 'POST', url: '/api/v1/procurement/requests', headers, payload: body })
    const again = await app.inject({ method: 'POST', url: '/api/v1/procurement/requests', headers, payload: body })
    expect(first.statusCode, first.body).toBe(201)
    expect(again.json().data.number).toBe(first.json().data.number)
    const reused = await app.inject({
      method: 'POST',
      url: '/api/v1/procurement/requests',
      headers,
      payload: draft({ title: 'Другое' }),
    })
    expect(reused.statusCode).toBe(422)
    const { number } = first.json().data as ProcurementDetails

    const all = (await api('GET', '/procurement/requests', buyer.cookie)).json()
    expect(all.meta.all).toBe(all.meta.total)
    expect(all.meta.filterCounts.draft).toBeGreaterThanOrEqual(1)
    const drafts = (await api('GET', '/procurement/requests?filter=draft', buyer.cookie)).json()
    expect(drafts.data.every((r: { status: string }) => r.status === 'draft')).toBe(true)
    expect(drafts.meta.total).toBe(drafts.meta.filterCounts.draft)
    const found = (
      await api('GET', `/procurement/requests?q=${encodeURIComponent('тепловизоры')}`, buyer.cookie)
    ).json()
    expect(found.data.map((r: { number: string }) => r.number)).toEqual([number])
    const byNumber = (await api('GET', `/procurement/requests?q=${number}`, buyer.cookie)).json()
    expect(byNumber.data).toHaveLength(1)
    // LIKE's wildcards are text: «%» finds nothing.
    expect((await api('GET', '/procurement/requests?q=%25', buyer.cookie)).json().data).toEqual([])
    // Another organization's lists do not show it.
    expect((await api('GET', '/procurement/requests', otherBuyer.cookie)).json().meta.all).toBe(0)

    await api('POST', `/procurement/requests/${number}/send`, buyer.cookie)
    const inbox = (await api('GET', '/procurement/incoming?filter=awaiting', sellers[2]!.cookie)).json()
    expect(inbox.data.map((r: { number: string }) => r.number)).toContain(number)
    expect(inbox.meta.filterCounts.awaiting).toBe(inbox.meta.total)
    expect((await api('GET', '/procurement/incoming', uninvited.cookie)).json().meta.all).toBe(0)

    // The form's sellers: the seller of the asked model first; never the buyer itself.
    const ctx = await ctxFor(database.db, buyer)
    const choices: RecipientChoices = await app.services.procurement.recipientChoices(ctx, [drone.id])
    expect(choices.sellers[0]).toMatchObject({ id: vendorIds[0], sameModel: true })
    expect(choices.categories.length).toBe(1)
    const listed = (await api('GET', `/procurement/recipients?product=${drone.id}`, buyer.cookie)).json().data
    expect(listed.sellers.map((s: { id: string }) => s.id)).toEqual(choices.sellers.map((s) => s.id))
    expect((await api('GET', '/procurement/recipients', sellers[0]!.cookie)).statusCode).toBe(403)
  })

  it('serves the specification and a seller’s signed scan to the parties only', async () => {
    const spec = (await uploadTestFile(app, buyer.cookie, { name: 'tz.pdf' })).json().data.id as string
    const foreign = (await uploadTestFile(app, otherBuyer.cookie, { name: 'alien.pdf' })).json().data.id as string
    const refused = await api('POST', '/procurement/requests', buyer.cookie, draft({ specificationFileId: foreign }))
    expect(refused.json().error.fields.specificationFileId).toBe(PROCUREMENT_MESSAGES.file)
    const { number, items } = (
      await api('POST', '/procurement/requests', buyer.cookie, draft({ specificationFileId: spec }))
    ).json().data as ProcurementDetails
    await api('POST', `/procurement/requests/${number}/send`, buyer.cookie)
    expect((await api('GET', `/procurement/requests/${number}/specification.pdf`, buyer.cookie)).statusCode).toBe(200)
    expect((await api('GET', `/procurement/incoming/${number}/specification.pdf`, sellers[1]!.cookie)).statusCode).toBe(
      200,
    )
    expect((await api('GET', `/procurement/incoming/${number}/specification.pdf`, uninvited.cookie)).statusCode).toBe(
      404,
    )

    const scan = (await uploadTestFile(app, sellers[1]!.cookie, { name: 'kp-signed.pdf' })).json().data.id as string
    const answer = await api('POST', `/procurement/incoming/${number}/answer`, sellers[1]!.cookie, {
      lines: items.map((item) => ({ itemId: item.id, unitPriceKopecks: 100_00, vatRate: '22' })),
      deliveryTerm: '14 дней',
      validUntil: addDays(moscowToday(), 10),
      signatoryName: 'Петров Пётр Петрович',
      signatoryPosition: 'Директор',
      scanFileId: scan,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    const copy = await api('GET', `/procurement/requests/${number}/offers/1/scan.pdf`, buyer.cookie)
    expect(copy.statusCode).toBe(200)
    expect(copy.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await api('GET', `/procurement/incoming/${number}/scan.pdf`, sellers[1]!.cookie)).statusCode).toBe(200)
    expect((await api('GET', `/procurement/requests/${number}/offers/1/scan.pdf`, otherBuyer.cookie)).statusCode).toBe(
      404,
    )
    expect((await api('GET', `/procurement/incoming/${number}/scan.pdf`, sellers[0]!.cookie)).statusCode).toBe(404)
  })

  it('turns a commercial offer into the buyer’s cart at the quoted prices until the offer’s last day', async () => {
    const { number, items } = (
      await api('POST', '/procurement/requests', buyer.cookie, draft({ purpose: 'commercial' }))
    ).json().data as ProcurementDetails
    await api('POST', `/procurement/requests/${number}/send`, buyer.cookie)
    await api('POST', `/procurement/incoming/${number}/answer`, sellers[0]!.cookie, {
      lines: items.map((item) => ({ itemId: item.id, unitPriceKopecks: 420_000_00, vatRate: '22' })),
      deliveryTerm: '5 дней',
      validUntil: addDays(moscowToday(), 3),
      signatoryName: 'Орлов Сергей Викторович',
      signatoryPosition: 'Генеральный директор',
    })
    expect((await api('POST', `/procurement/requests/${number}/offers/1/cart`, otherBuyer.cookie)).statusCode).toBe(404)
    expect((await api('POST', `/procurement/requests/${number}/offers/7/cart`, buyer.cookie)).statusCode).toBe(404)
    const moved = await api('POST', `/procurement/requests/${number}/offers/1/cart`, buyer.cookie)
    expect(moved.statusCode, moved.body).toBe(200)
    // The drone is the seller's own offer; the free-text training is not in its catalogue.
    expect(moved.json().data).toEqual({ lines: 1, skipped: 1 })
    const cart = (await api('GET', '/cart', buyer.cookie)).json().data as CartView
    const line = cart.groups.flatMap((g) => g.items).find((i) => i.productId === drone.id)!
    expect(line).toMatchObject({ priceKopecks: 420_000_00, quantity: 2, quote: { ref: `${number}/1` } })
    expect(cart.totalKopecks).toBe(840_000_00)

    // Past the offer's last day the catalogue's price is back, and the line says why.
    await database.db
      .update(cartItems)
      .set({ quoteValidUntil: addDays(moscowToday(), -1) })
      .where(eq(cartItems.productId, drone.id))
    const later = (await api('GET', '/cart', buyer.cookie)).json().data as CartView
    const back = later.groups.flatMap((g) => g.items).find((i) => i.productId === drone.id)!
    expect(back).toMatchObject({ priceKopecks: 450_000_00, quote: null })
    expect(back.note).toContain(`${number}/1`)

    // Within its days the checkout orders at the quoted price, as the cart showed it.
    await database.db.update(cartItems).set({ quoteValidUntil: moscowToday() }).where(eq(cartItems.productId, drone.id))
    const checkout = await api('POST', '/checkout', buyer.cookie, {
      checkoutKey: randomUUID(),
      payerOrganizationId: buyerOrgId,
      deliveryMethod: 'carrier',
      address: '350000, г. Краснодар, ул. Красная, д. 1',
      carrier: 'СДЭК',
      contactName: 'Ирина Закупщица',
      contactPhone: '+7 (861) 000-00-00',
      expectedTotalKopecks: 840_000_00,
    })
    expect(checkout.statusCode, checkout.body).toBe(201)
    const [placed] = checkout.json().data.orders as { number: string }[]
    const bought = (await api('GET', `/orders/purchase/${placed!.number}`, buyer.cookie)).json().data
    expect(bought.lines.map((l: { priceKopecks: number; quantity: number }) => [l.priceKopecks, l.quantity])).toEqual([
      [420_000_00, 2],
    ])

    // A 44-ФЗ purchase is contracted by its procedure, not from the cart.
    const { number: state } = (await api('POST', '/procurement/requests', buyer.cookie, draft())).json().data
    await api('POST', `/procurement/requests/${state}/send`, buyer.cookie)
    expect((await api('POST', `/procurement/requests/${state}/offers/1/cart`, buyer.cookie)).json().error.message).toBe(
      PROCUREMENT_MESSAGES.toCartPurpose,
    )
  })
})
