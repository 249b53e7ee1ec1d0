import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { SERVICE_ORDER_MESSAGES, SERVICE_ORDER_STATUSES } from '#common/exchange/service-orders.ts'
import type { Database } from '../../../db/client.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { useTestApp } from '../../../testing/app.ts'
import { createTestUser } from '../../../testing/auth.ts'
import { auditLog } from '../../audit/audit.table.ts'
import { chatMessages } from '../../chat/chat.table.ts'
import { uploadTestFile } from '../../files/files.testing.ts'
import { emailOutbox } from '../../mail/mail.table.ts'
import { apiClient, ctxFor, PDF } from '../../organizations/organizations.testing.ts'
import { createTestBuyer, createTestVendor, giveInvoiceDetails } from '../../organizations/vendors.testing.ts'
import { organizations } from '../../organizations/organizations.table.ts'
import { readPdf } from '../../../documents/testing.ts'
import { createMember } from '../../products/products.testing.ts'
import { serviceOrderEvents, serviceOrders, serviceReviews } from './service-orders.table.ts'
import { createTestServiceOrder } from './service-orders.testing.ts'
import { contractorRecords } from './contractor-records.ts'

type Side = 'purchase' | 'sale'
type Member = { id: string; cookie: string; email: string }

describe.each(BACKENDS)('service orders on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let customer: Member
  let customerColleague: Member
  let contractor: Member
  let stranger: Member
  let rivalVendor: Member
  let staff: Member
  let customerOrg: { id: string; name: string; slug: string }
  let contractorOrg: { id: string; name: string; slug: string }

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  beforeAll(async () => {
    const db = database.db
    customerOrg = { ...(await createTestBuyer(db, { name: 'Агрохолдинг Заря', slug: 'zarya-so' })), slug: 'zarya-so' }
    customer = await createMember(db, customerOrg.id, 'owner', 'Вера Заказчик')
    customerColleague = await createMember(db, customerOrg.id, 'member', 'Олег Коллега')
    contractorOrg = {
      ...(await createTestVendor(db, { name: 'Аэросъёмка Плюс', slug: 'aero-plus-so' })),
      slug: 'aero-plus-so',
    }
    contractor = await createMember(db, contractorOrg.id, 'owner', 'Иван Исполнитель')
    await giveInvoiceDetails(db, contractorOrg.id)
    const other = await createTestBuyer(db, { name: 'Чужая ферма', slug: 'other-farm-so' })
    stranger = await createMember(db, other.id, 'owner', 'Глеб Чужой')
    const rival = await createTestVendor(db, { name: 'Другой подрядчик', slug: 'rival-so' })
    rivalVendor = await createMember(db, rival.id, 'owner', 'Пётр Соперник')
    staff = await createTestUser(db, { isStaff: true })
  })

  /** A fresh order accepted from a proposal, made as the customer. */
  async function newOrder(opts: { chatRoomId?: string | null } = {}) {
    const ctx = await ctxFor(database.db, customer)
    return createTestServiceOrder(ctx, {
      customer: customerOrg,
      contractor: contractorOrg,
      customerUserId: customer.id,
      contractorUserId: contractor.id,
      ...opts,
    })
  }
  const path = (side: Side, number: string, tail = '') => `/service-orders/${side}/${number}${tail}`
  const get = (side: Side, number: string, cookie: string) => api('GET', path(side, number), cookie)
  const post = (side: Side, number: string, move: string, cookie: string, body?: object) =>
    api('POST', path(side, number, `/${move}`), cookie, body ?? {})
  const statusOf = async (id: string) =>
    (await database.db.select({ s: serviceOrders.status }).from(serviceOrders).where(eq(serviceOrders.id, id)))[0]!.s
  const setStatus = (id: string, status: (typeof SERVICE_ORDER_STATUSES)[number]) =>
    database.db.update(serviceOrders).set({ status }).where(eq(serviceOrders.id, id))

  it('shows the order to both sides and to no one else', async () => {
    const order = await newOrder()
    const purchase = await get('purchase', order.number, customer.cookie)
    expect(purchase.statusCode).toBe(200)
    const body = purchase.json().data
    expect(body).toMatchObject({
      number: order.number,
      side: 'purchase',
      status: 'created',
      title: 'Аэрофотосъёмка 120 га под кадастр',
      priceKopecks: 150_000_00,
      flight: { permissionBy: 'contractor', maxAltitudeM: 120 },
      request: { number: order.requestNumber },
      customer: { id: customerOrg.id, name: customerOrg.name },
      contractor: { id: contractorOrg.id, name: contractorOrg.name },
      actions: ['cancel'],
      result: null,
      reviews: [],
      canReview: false,
    })
    expect(body.history).toEqual([expect.objectContaining({ event: 'create', to: 'created', by: 'customer' })])
    expect((await get('purchase', order.number, customerColleague.cookie)).statusCode).toBe(200)
    const sale = await get('sale', order.number, contractor.cookie)
    expect(sale.statusCode).toBe(200)
    expect(sale.json().data.actions).toEqual(['start', 'cancel'])

    // The wrong side of one's own order, another organization, a guest, a malformed number.
    expect((await get('sale', order.number, customer.cookie)).statusCode).toBe(404)
    expect((await get('purchase', order.number, contractor.cookie)).statusCode).toBe(404)
    for (const cookie of [stranger.cookie, rivalVendor.cookie]) {
      for (const side of ['purchase', 'sale'] as const) {
        const refused = await get(side, order.number, cookie)
        expect(refused.statusCode).toBe(404)
        expect(refused.json().error.message).toBe(SERVICE_ORDER_MESSAGES.notFound)
      }
    }
    expect((await get('purchase', order.number, '')).statusCode).toBe(401)
    expect((await get('purchase', 'S-2611', customer.cookie)).statusCode).toBe(404)
    expect((await api('GET', `/service-orders/other/${order.number}`, customer.cookie)).statusCode).toBe(404)

    // Staff read it (each opening on record) but cannot move it.
    expect((await get('purchase', order.number, staff.cookie)).statusCode).toBe(404)
    const staffView = await api('GET', `/staff/service-orders/${order.number}`, staff.cookie)
    expect(staffView.statusCode).toBe(200)
    expect(staffView.json().data.actions).toEqual([])
    expect((await api('GET', `/staff/service-orders/${order.number}`, customer.cookie)).statusCode).toBe(403)
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, order.id))
    expect(audit.map((a) => a.action)).toContain('service_order.staff_view')
  })

  it('goes through the whole life: start, result, rework, result again, accept; each move told and recorded', async () => {
    const room = await app.modules.chat.openRequestRoom(await ctxFor(database.db, customer), {
      requestId: '00000000-0000-4000-8000-000000000001',
      title: 'Заявка для теста',
      customerOrganizationId: customerOrg.id,
      vendorOrganizationId: contractorOrg.id,
    })
    const order = await newOrder({ chatRoomId: room.guid })

    const started = await post('sale', order.number, 'start', contractor.cookie)
    expect(started.statusCode).toBe(200)
    expect(started.json().data).toMatchObject({ status: 'in_progress', actions: ['submitResult', 'cancel'] })

    // Neither a report nor files: refused in Russian; files of a stranger cannot be attached.
    const empty = await post('sale', order.number, 'result', contractor.cookie, { report: '  ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.message).toBe(SERVICE_ORDER_MESSAGES.report)
    const foreign = await uploadTestFile(app, stranger.cookie, { name: 'чужой.pdf' })
    const notMine = await post('sale', order.number, 'result', contractor.cookie, {
      fileIds: [foreign.json().data.id],
    })
    expect(notMine.statusCode).toBe(400)

    const upload = await uploadTestFile(app, contractor.cookie, { name: 'ортофотоплан.pdf' })
    expect(upload.statusCode).toBe(201)
    const fileId = upload.json().data.id as string
    // The act the acceptance issues is signed by the contractor's head: without one, where to add it.
    await database.db
      .update(organizations)
      .set({ documentSettings: null })
      .where(eq(organizations.id, contractorOrg.id))
    const unsigned = await post('sale', order.number, 'result', contractor.cookie, { report: 'Готово' })
    expect(unsigned.statusCode).toBe(409)
    expect(unsigned.json().error.message).toBe(SERVICE_ORDER_MESSAGES.noSignatories)
    await giveInvoiceDetails(database.db, contractorOrg.id)
    const first = await post('sale', order.number, 'result', contractor.cookie, {
      report: 'Съёмка выполнена, ортофотоплан приложен.',
      fileIds: [fileId],
    })
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toMatchObject({
      status: 'done',
      actions: [],
      result: { report: 'Съёмка выполнена, ортофотоплан приложен.', files: [{ fileId, name: 'ортофотоплан.pdf' }] },
    })

    // The customer (not a member of the contractor) downloads the result's file.
    const download = await api('GET', path('purchase', order.number, `/files/${fileId}`), customer.cookie)
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(PDF)).toBe(true)
    expect((await api('GET', path('purchase', order.number, `/files/${fileId}`), stranger.cookie)).statusCode).toBe(404)
    expect(
      (await api('GET', path('purchase', order.number, `/files/${foreign.json().data.id}`), customer.cookie))
        .statusCode,
    ).toBe(404)

    const noComment = await post('purchase', order.number, 'rework', customer.cookie, { comment: '' })
    expect(noComment.statusCode).toBe(400)
    const rework = await post('purchase', order.number, 'rework', customer.cookie, {
      comment: 'Не хватает северной части участка.',
    })
    expect(rework.statusCode).toBe(200)
    expect(rework.json().data).toMatchObject({
      status: 'in_progress',
      reworkComment: 'Не хватает северной части участка.',
      result: { report: 'Съёмка выполнена, ортофотоплан приложен.' },
    })

    const second = await post('sale', order.number, 'result', contractor.cookie, {
      report: 'Досняли северную часть.',
    })
    expect(second.statusCode).toBe(200)
    const resubmitted = second.json().data
    expect(resubmitted).toMatchObject({
      status: 'done',
      reworkComment: null,
      result: { report: 'Досняли северную часть.' },
    })
    // The first version stays in the history, with its file still downloadable.
    const submissions = resubmitted.history.filter((h: { event: string }) => h.event === 'submitResult')
    expect(submissions.map((h: { submission: { report: string } }) => h.submission.report)).toEqual([
      'Съёмка выполнена, ортофотоплан приложен.',
      'Досняли северную часть.',
    ])
    expect(resubmitted.history.find((h: { event: string }) => h.event === 'requestRework').comment).toBe(
      'Не хватает северной части участка.',
    )
    expect((await api('GET', path('sale', order.number, `/files/${fileId}`), contractor.cookie)).statusCode).toBe(200)

    expect((await get('purchase', order.number, customer.cookie)).json().data.documents).toEqual([])
    const accepted = await post('purchase', order.number, 'accept', customer.cookie)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json().data).toMatchObject({ status: 'completed', actions: [], canReview: true })

    // The acceptance issues the contractor's act, first of its acts this year, for both sides.
    const [act] = accepted.json().data.documents
    expect(act).toMatchObject({
      kind: 'act',
      title: expect.stringMatching(/^Акт выполненных работ № \d+ от \d\d\.\d\d\.\d{4}$/),
      href: `/api/v1/service-orders/purchase/${order.number}/documents/act.pdf`,
    })
    const actPdf = await api('GET', path('purchase', order.number, '/documents/act.pdf'), customer.cookie)
    expect(actPdf.statusCode).toBe(200)
    expect(actPdf.headers['content-type']).toBe('application/pdf')
    const text = (await readPdf(actPdf.rawPayload)).text
    expect(text).toMatch(/Исполнитель: [^,]*Аэросъёмка Плюс.*Заказчик: [^,]*Агрохолдинг Заря/)
    for (const expected of [
      'сдачи-приёмки выполненных работ (оказанных услуг)',
      `Основание: Заявка на бирже услуг № ${order.requestNumber} от`,
      `Заказ № ${order.number} от`,
      'Аэрофотосъёмка и картография: Аэрофотосъёмка 120 га под кадастр',
      'Результат: Досняли северную часть.',
      'В том числе НДС 22%: 27 049,18',
      'Сто пятьдесят тысяч рублей 00 копеек',
      'на платформе «БАС Маркет»',
      'пользователь Вера Заказчик',
      'Тестов П. И.',
    ]) {
      expect(text).toContain(expected)
    }
    expect((await api('GET', path('sale', order.number, '/documents/act.pdf'), contractor.cookie)).statusCode).toBe(200)
    for (const [side, cookie] of [
      ['purchase', stranger.cookie],
      ['sale', rivalVendor.cookie],
      ['sale', customer.cookie],
    ] as const) {
      expect((await api('GET', path(side, order.number, '/documents/act.pdf'), cookie)).statusCode).toBe(404)
    }

    const history = await database.db
      .select()
      .from(serviceOrderEvents)
      .where(eq(serviceOrderEvents.orderId, order.id))
      .orderBy(serviceOrderEvents.createdAt)
    expect(history.map((h) => [h.event, h.fromStatus, h.toStatus, h.byUserId])).toEqual([
      ['create.customer', null, 'created', customer.id],
      ['start.contractor', 'created', 'in_progress', contractor.id],
      ['submitResult.contractor', 'in_progress', 'done', contractor.id],
      ['requestRework.customer', 'done', 'in_progress', customer.id],
      ['submitResult.contractor', 'in_progress', 'done', contractor.id],
      ['accept.customer', 'done', 'completed', customer.id],
    ])

    // E-mails to the other side of each move: the customer's two members, the contractor's one.
    const mails = await database.db.select().from(emailOutbox)
    const about = mails.filter((m) => m.text.includes(order.number))
    expect(about.filter((m) => m.to === customer.email).map((m) => m.kind)).toEqual([
      'service_order_start',
      'service_order_submitResult',
      'service_order_submitResult',
    ])
    expect(about.filter((m) => m.to === customerColleague.email)).toHaveLength(3)
    expect(about.filter((m) => m.to === contractor.email).map((m) => m.kind)).toEqual([
      'service_order_requestRework',
      'service_order_accept',
    ])
    const reworkMail = about.find((m) => m.kind === 'service_order_requestRework')!
    expect(reworkMail.text).toContain('Что доработать: Не хватает северной части участка.')
    expect(reworkMail.text).toContain(`/personal-account/service-order/sale/${order.number}`)

    // System messages in the order's room, one per move; the customer's comment follows as the
    // customer's own message, never in the platform's voice.
    const messages = await database.db
      .select({
        content: chatMessages.content,
        isSystem: chatMessages.isSystem,
        author: chatMessages.authorOrganizationId,
      })
      .from(chatMessages)
      .where(eq(chatMessages.roomId, room.guid))
      .orderBy(chatMessages.seq)
    expect(messages.map((m) => [m.isSystem, m.content])).toEqual([
      [true, `Исполнитель начал работу: заказ № ${order.number}.`],
      [true, `Исполнитель сдал результат: заказ № ${order.number}. Отчёт и файлы — на странице заказа.`],
      [
        true,
        `Заказчик вернул результат на доработку: заказ № ${order.number}. Комментарий заказчика — в следующем сообщении.`,
      ],
      [false, 'Не хватает северной части участка.'],
      [true, `Исполнитель сдал результат: заказ № ${order.number}. Отчёт и файлы — на странице заказа.`],
      [true, `Заказчик принял работу: заказ № ${order.number} завершён.`],
    ])
    expect(messages[3]!.author).toBe(customerOrg.id)
    expect(messages.filter((m) => m.isSystem).every((m) => m.author === null)).toBe(true)
  })

  it('opens the request’s room for an order made without one', async () => {
    const order = await newOrder()
    await post('sale', order.number, 'start', contractor.cookie)
    const [row] = await database.db.select().from(serviceOrders).where(eq(serviceOrders.id, order.id))
    expect(row!.chatRoomId).not.toBeNull()
    const messages = await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, row!.chatRoomId!))
    expect(messages).toHaveLength(1)
  })

  it('lets either side cancel a new or running order with a reason, and no later', async () => {
    const order = await newOrder()
    const noReason = await post('purchase', order.number, 'cancel', customer.cookie, { reason: ' ' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().error.fields.reason).toBe(SERVICE_ORDER_MESSAGES.reason)
    const cancelled = await post('sale', order.number, 'cancel', contractor.cookie, { reason: 'Сломался дрон' })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'Сломался дрон', actions: [] })
    const last = cancelled.json().data.history.at(-1)
    expect(last).toMatchObject({ event: 'cancel', by: 'contractor', comment: 'Сломался дрон' })
    const mail = (await database.db.select().from(emailOutbox)).find(
      (m) => m.kind === 'service_order_cancel' && m.text.includes(order.number),
    )
    expect(mail?.to).toBeOneOf([customer.email, customerColleague.email])
    expect(mail?.text).toContain('Причина: Сломался дрон')
  })

  describe('every move by each side from each status', () => {
    const MOVES = [
      ['start', 'start', undefined],
      ['submitResult', 'result', { report: 'Отчёт о работе' }],
      ['accept', 'accept', undefined],
      ['requestRework', 'rework', { comment: 'Доработать' }],
      ['cancel', 'cancel', { reason: 'Передумали' }],
    ] as const
    const ALLOWED: Record<string, string> = {
      'created start sale': 'in_progress',
      'in_progress submitResult sale': 'done',
      'done accept purchase': 'completed',
      'done requestRework purchase': 'in_progress',
      'created cancel purchase': 'cancelled',
      'created cancel sale': 'cancelled',
      'in_progress cancel purchase': 'cancelled',
      'in_progress cancel sale': 'cancelled',
    }
    const TARGET: Record<string, string> = {
      start: 'in_progress',
      submitResult: 'done',
      accept: 'completed',
      requestRework: 'in_progress',
      cancel: 'cancelled',
    }

    it('moves where the lifecycle allows, answers a repeated click as it is, refuses the rest', async () => {
      const order = await newOrder()
      for (const from of SERVICE_ORDER_STATUSES) {
        for (const [event, route, body] of MOVES) {
          for (const side of ['purchase', 'sale'] as const) {
            await setStatus(order.id, from)
            const cookie = side === 'purchase' ? customer.cookie : contractor.cookie
            const res = await post(side, order.number, route, cookie, body)
            const key = `${from} ${event} ${side}`
            const sideMakes = Object.keys(ALLOWED).some((k) => k.endsWith(` ${event} ${side}`))
            const label = `${key} → ${res.statusCode} ${res.body.slice(0, 200)}`
            if (ALLOWED[key]) {
              expect(res.statusCode, label).toBe(200)
              expect(await statusOf(order.id), label).toBe(ALLOWED[key])
            } else if (sideMakes && TARGET[event] === from) {
              // Already where the click leads: the order as it is, nothing written.
              expect(res.statusCode, label).toBe(200)
              expect(await statusOf(order.id), label).toBe(from)
            } else {
              expect(res.statusCode, label).toBe(sideMakes ? 409 : 403)
              expect(await statusOf(order.id), label).toBe(from)
            }
          }
        }
      }
    })

    it('writes one history row for a double click', async () => {
      const order = await newOrder()
      const [a, b] = await Promise.all([
        post('sale', order.number, 'start', contractor.cookie),
        post('sale', order.number, 'start', contractor.cookie),
      ])
      expect([a.statusCode, b.statusCode]).toEqual([200, 200])
      const again = await post('sale', order.number, 'start', contractor.cookie)
      expect(again.json().data.status).toBe('in_progress')
      const rows = await database.db.select().from(serviceOrderEvents).where(eq(serviceOrderEvents.orderId, order.id))
      expect(rows.map((r) => r.event).sort()).toEqual(['create.customer', 'start.contractor'])
    })

    it('is a 404 for another organization’s order, whatever the move', async () => {
      const order = await newOrder()
      for (const [, route, body] of MOVES) {
        for (const side of ['purchase', 'sale'] as const) {
          const res = await post(side, order.number, route, stranger.cookie, body)
          expect(res.statusCode).toBe(404)
        }
      }
      expect(await statusOf(order.id)).toBe('created')
    })
  })

  describe('reviews', () => {
    it('takes one review per side after completion and shows the customers’ ones on the seller’s list', async () => {
      const order = await newOrder()
      const early = await post('purchase', order.number, 'review', customer.cookie, { rating: 5, text: 'Отлично' })
      expect(early.statusCode).toBe(409)
      expect(early.json().error.message).toBe(SERVICE_ORDER_MESSAGES.reviewTooEarly)
      await setStatus(order.id, 'completed')

      const badRating = await post('purchase', order.number, 'review', customer.cookie, { rating: 6, text: 'Хорошо' })
      expect(badRating.statusCode).toBe(400)
      expect(badRating.json().error.fields.rating).toBe(SERVICE_ORDER_MESSAGES.rating)
      expect(
        (await post('purchase', order.number, 'review', stranger.cookie, { rating: 5, text: 'Чужой' })).statusCode,
      ).toBe(404)

      const byCustomer = await post('purchase', order.number, 'review', customer.cookie, {
        rating: 5,
        text: 'Сделали быстро и аккуратно.',
      })
      expect(byCustomer.statusCode).toBe(201)
      expect(byCustomer.json().data).toMatchObject({
        canReview: false,
        reviews: [
          { side: 'purchase', rating: 5, authorName: 'Вера Заказчик', authorOrganizationName: customerOrg.name },
        ],
      })
      // The same side again, from another member: one review per side.
      const twice = await post('purchase', order.number, 'review', customerColleague.cookie, { rating: 1, text: 'Ещё' })
      expect(twice.statusCode).toBe(409)
      expect(twice.json().error.message).toBe(SERVICE_ORDER_MESSAGES.reviewExists)

      const byContractor = await post('sale', order.number, 'review', contractor.cookie, {
        rating: 4,
        text: 'Заказчик вовремя дал доступ на участок.',
      })
      expect(byContractor.statusCode).toBe(201)
      expect(byContractor.json().data.reviews.map((r: { side: string }) => r.side)).toEqual(['purchase', 'sale'])
      const [stored] = await database.db
        .select()
        .from(serviceReviews)
        .where(eq(serviceReviews.orderId, order.id))
        .orderBy(serviceReviews.createdAt)
      expect(stored).toMatchObject({ subjectOrganizationId: contractorOrg.id, authorOrganizationId: customerOrg.id })

      // A second completed order rated 2, then hidden by staff: out of the list and the average.
      const other = await newOrder()
      await setStatus(other.id, 'completed')
      await post('purchase', other.number, 'review', customer.cookie, { rating: 3, text: 'Средне.' })
      const hidden = await newOrder()
      await setStatus(hidden.id, 'completed')
      await post('purchase', hidden.number, 'review', customer.cookie, { rating: 1, text: 'Грубо.' })
      await database.db
        .update(serviceReviews)
        .set({ hiddenAt: new Date() })
        .where(eq(serviceReviews.orderId, hidden.id))

      const list = await api('GET', `/service-reviews/${contractorOrg.id}`)
      expect(list.statusCode).toBe(200)
      const summary = list.json().data
      expect(summary.count).toBe(2)
      expect(summary.average).toBe(4)
      expect(summary.items.map((r: { text: string }) => r.text)).toEqual(['Средне.', 'Сделали быстро и аккуратно.'])
      // The contractor's review of the customer is not on the contractor's list.
      const ofCustomer = await app.services.exchange.serviceOrders.reviewsOf(
        await ctxFor(database.db, customer),
        customerOrg.id,
      )
      expect(ofCustomer).toEqual({ items: [], count: 0, average: null })

      // Beside a proposal the customer sees the same rating and the orders the contractor completed.
      const completed = await database.db
        .select({ id: serviceOrders.id })
        .from(serviceOrders)
        .where(and(eq(serviceOrders.contractorOrganizationId, contractorOrg.id), eq(serviceOrders.status, 'completed')))
      expect(completed.length).toBeGreaterThanOrEqual(3)
      const records = await contractorRecords(await ctxFor(database.db, customer), [contractorOrg.id, customerOrg.id])
      expect(records.get(contractorOrg.id)).toEqual({
        rating: { average: 4, count: 2 },
        completedOrders: completed.length,
      })
      expect(records.get(customerOrg.id)).toEqual({ rating: { average: 0, count: 0 }, completedOrders: 0 })
      expect((await api('GET', '/service-reviews/not-a-uuid')).json().data.count).toBe(0)
    })
  })
})
