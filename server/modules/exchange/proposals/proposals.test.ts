import { CALENDAR_DATE_MESSAGES } from '#common/calendar-date.ts'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { PROPOSAL_BLOCK_MESSAGES, PROPOSAL_LIMITS, PROPOSAL_MESSAGES } from '#common/exchange/proposals.ts'
import type { Database } from '../../../db/client.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { useTestApp } from '../../../testing/app.ts'
import { createTestUser } from '../../../testing/auth.ts'
import { chatMessages, chatRooms } from '../../chat/chat.table.ts'
import { uploadTestFile } from '../../files/files.testing.ts'
import { emailOutbox } from '../../mail/mail.table.ts'
import { apiClient, PDF } from '../../organizations/organizations.testing.ts'
import { createTestBuyer, createTestVendor } from '../../organizations/vendors.testing.ts'
import { createMember } from '../../products/products.testing.ts'
import { insertProposal } from '../cabinet/cabinet.testing.ts'
import { serviceProposalEvents, serviceProposalRevisions, serviceProposals } from './proposals.table.ts'
import { daysFromToday, insertMatchingOffer, insertOpenRequest, proposalInput } from './proposals.testing.ts'
import { serviceRequestEvents, serviceRequests } from '../requests/requests.table.ts'
import { serviceOrders } from '../service-orders/service-orders.table.ts'
import { quote } from '#common/format.ts'

type Member = { id: string; cookie: string; email: string }
type Org = { id: string; name: string; slug: string }

describe.each(BACKENDS)('proposals on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let customerOrg: Org
  let customer: Member
  let customerColleague: Member
  let otherBuyer: Member
  let staff: Member
  const vendors: { org: Org; member: Member }[] = []
  let nationwide: { org: Org; member: Member }
  let wrongRegion: { org: Org; member: Member }
  let unconfirmed: { org: Org; member: Member }

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  beforeAll(async () => {
    const db = database.db
    customerOrg = await createTestBuyer(db, { name: 'Агрохолдинг Заря', slug: 'zarya-pr' })
    customer = await createMember(db, customerOrg.id, 'owner', 'Вера Заказчик')
    customerColleague = await createMember(db, customerOrg.id, 'member', 'Олег Коллега')
    const other = await createTestBuyer(db, { name: 'Чужая ферма', slug: 'other-farm-pr' })
    otherBuyer = await createMember(db, other.id, 'owner', 'Глеб Чужой')
    staff = await createTestUser(db, { isStaff: true })
    for (const [i, name] of ['Аэроагро', 'Небесный пахарь', 'Дрон-Сервис'].entries()) {
      const org = await createTestVendor(db, { name, slug: `vendor-pr-${i}` })
      await insertMatchingOffer(db, org)
      vendors.push({ org, member: await createMember(db, org.id, 'owner', `Исполнитель ${i}`) })
    }
    const make = async (
      slug: string,
      opts: Parameters<typeof createTestVendor>[1] extends infer O ? Partial<O> : never,
    ) => {
      const org = await createTestVendor(db, { name: slug, slug, ...opts })
      return { org, member: await createMember(db, org.id, 'owner') }
    }
    nationwide = await make('nationwide-pr', {})
    await insertMatchingOffer(db, nationwide.org, { nationwide: true, regions: [] })
    wrongRegion = await make('wrong-region-pr', {})
    await insertMatchingOffer(db, wrongRegion.org, { regions: ['77'] })
    unconfirmed = await make('unconfirmed-pr', { vendorStatus: 'moderation' })
    await insertMatchingOffer(db, unconfirmed.org)
  })

  const newRequest = (overrides: Parameters<typeof insertOpenRequest>[2] = {}) =>
    insertOpenRequest(database.db, customerOrg, overrides)
  const list = (number: string, cookie = '') => api('GET', `/exchange/requests/${number}/proposals`, cookie)
  const submit = (number: string, cookie: string, body: object = proposalInput(), key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/exchange/requests/${number}/proposals`,
      payload: body,
      headers: { ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    })
  const revise = (id: string, cookie: string, body: object) => api('PATCH', `/exchange/proposals/${id}`, cookie, body)
  const accept = (id: string, cookie: string) => api('POST', `/exchange/proposals/${id}/accept`, cookie, {})
  const reject = (id: string, cookie: string, reason: string) =>
    api('POST', `/exchange/proposals/${id}/reject`, cookie, { reason })
  const requestRow = async (id: string) =>
    (await database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]!
  const proposalRow = async (id: string) =>
    (await database.db.select().from(serviceProposals).where(eq(serviceProposals.id, id)))[0]!
  const mailsTo = async (email: string, kind: string) =>
    (await database.db.select().from(emailOutbox)).filter((m) => m.to === email && m.kind === kind)

  it('takes a proposal from a vendor with a matching offer: room, history, count, e-mail, system message', async () => {
    const request = await newRequest()
    const [a] = vendors
    const before = await list(request.number, a!.member.cookie)
    expect(before.statusCode).toBe(200)
    expect(before.json().data).toMatchObject({
      viewer: 'other',
      canPropose: true,
      blocked: null,
      proposals: [],
      request: { number: request.number, status: 'open', takingProposals: true },
    })

    const sent = await submit(request.number, a!.member.cookie)
    expect(sent.statusCode).toBe(201)
    const proposal = sent.json().data
    expect(proposal).toMatchObject({
      status: 'reviewing',
      priceKopecks: 180_000_00,
      revision: 1,
      revisions: [],
      vendor: { id: a!.org.id, name: a!.org.name, slug: a!.org.slug },
      serviceOrderNumber: null,
    })
    expect((await requestRow(request.id)).proposalCount).toBe(1)

    // The (request, vendor) room, named after the request, with the system message.
    const [room] = await database.db.select().from(chatRooms).where(eq(chatRooms.id, proposal.chatRoomId))
    expect(room).toMatchObject({
      type: 'request',
      requestId: request.id,
      sideA: customerOrg.id,
      sideB: a!.org.id,
      requestTitle: `Заявка № ${request.number}: ${request.title}`,
    })
    const messages = await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, room!.id))
    expect(messages.map((m) => [m.isSystem, m.content])).toEqual([
      [true, `Исполнитель ${quote(a!.org.name)} отправил предложение. Здесь можно обсудить его с заказчиком.`],
    ])
    const history = await database.db
      .select()
      .from(serviceProposalEvents)
      .where(eq(serviceProposalEvents.proposalId, proposal.id))
    expect(history.map((h) => [h.event, h.fromStatus, h.toStatus, h.byUserId])).toEqual([
      ['submit', null, 'reviewing', a!.member.id],
    ])
    // Both of the customer's members hear of it, with the request's page.
    for (const person of [customer, customerColleague]) {
      const mails = await mailsTo(person.email, 'proposal_submitted')
      expect(mails.filter((m) => m.text.includes(request.number))).toHaveLength(1)
      expect(mails[0]!.text).toContain(`/services/requests/${request.number}`)
    }

    const after = await list(request.number, a!.member.cookie)
    expect(after.json().data).toMatchObject({
      viewer: 'vendor',
      canPropose: false,
      blocked: { reason: 'already', message: PROPOSAL_MESSAGES.duplicate },
      proposals: [{ id: proposal.id }],
    })
  })

  it('refuses whoever may not propose, each with its reason', async () => {
    const request = await newRequest()
    const guest = await list(request.number)
    expect(guest.json().data).toMatchObject({ canPropose: false, blocked: { reason: 'signIn' }, proposals: [] })
    expect((await submit(request.number, '')).statusCode).toBe(401)

    const own = await submit(request.number, customer.cookie)
    expect(own.statusCode).toBe(409)
    expect(own.json().error.message).toBe(PROPOSAL_MESSAGES.ownRequest)

    const buyer = await submit(request.number, otherBuyer.cookie)
    expect(buyer.statusCode).toBe(403)
    expect(buyer.json().error.message).toBe(PROPOSAL_MESSAGES.notVendor)
    expect((await submit(request.number, unconfirmed.member.cookie)).json().error.message).toBe(
      PROPOSAL_MESSAGES.notVendor,
    )

    const noOffer = await submit(request.number, wrongRegion.member.cookie)
    expect(noOffer.statusCode).toBe(409)
    expect(noOffer.json().error.message).toBe(PROPOSAL_MESSAGES.noMatchingOffer)
    expect((await list(request.number, wrongRegion.member.cookie)).json().data.blocked).toEqual({
      reason: 'noMatchingOffer',
      message: PROPOSAL_BLOCK_MESSAGES.noMatchingOffer,
    })
    // A nationwide offer covers every region.
    expect((await submit(request.number, nationwide.member.cookie)).statusCode).toBe(201)

    // Closed, awarded, or past its deadline: not taking proposals.
    const [a] = vendors
    for (const overrides of [
      { status: 'closed' as const },
      { status: 'awarded' as const },
      { proposalsDeadline: daysFromToday(-1) },
    ]) {
      const stopped = await newRequest(overrides)
      const refused = await submit(stopped.number, a!.member.cookie)
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(409)
      expect(refused.json().error.message).toBe(PROPOSAL_MESSAGES.closed)
    }
    // A draft or cancelled request is not there at all.
    for (const status of ['draft', 'cancelled'] as const) {
      const hidden = await newRequest({ status })
      expect((await submit(hidden.number, a!.member.cookie)).statusCode).toBe(404)
    }

    // Bad input: Russian field errors.
    const bad = await submit(
      request.number,
      a!.member.cookie,
      proposalInput({ priceKopecks: 0, startsOn: daysFromToday(-2), endsOn: daysFromToday(-3) }),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toMatchObject({
      priceKopecks: PROPOSAL_MESSAGES.price,
      startsOn: PROPOSAL_MESSAGES.pastDate,
    })
    const backwards = await submit(
      request.number,
      a!.member.cookie,
      proposalInput({ startsOn: daysFromToday(5), endsOn: daysFromToday(4) }),
    )
    expect(backwards.json().error.fields.endsOn).toBe(PROPOSAL_MESSAGES.dates)
    const tooMany = await submit(
      request.number,
      a!.member.cookie,
      proposalInput({ fileIds: Array.from({ length: 6 }, () => crypto.randomUUID()) }),
    )
    expect(tooMany.json().error.fields.fileIds).toBe(PROPOSAL_MESSAGES.files)

    // Days that are not in the calendar: a 400 for the field, not the database's error.
    const impossible = await submit(
      request.number,
      a!.member.cookie,
      proposalInput({ startsOn: '2099-02-30', endsOn: '2099-04-31' }),
    )
    expect(impossible.statusCode).toBe(400)
    expect(impossible.json().error.fields).toEqual({
      startsOn: CALENDAR_DATE_MESSAGES.noSuchDay,
      endsOn: CALENDAR_DATE_MESSAGES.noSuchDay,
    })
    const sent = (await submit(request.number, a!.member.cookie)).json().data
    const revised = await revise(sent.id, a!.member.cookie, proposalInput({ endsOn: '2099-04-31' }))
    expect(revised.statusCode).toBe(400)
    expect(revised.json().error.fields.endsOn).toBe(CALENDAR_DATE_MESSAGES.noSuchDay)
  })

  it('keeps one proposal per vendor: a repeat with the same key is the same proposal, two racing submits make one', async () => {
    const request = await newRequest()
    const [a, b] = vendors
    const first = await submit(request.number, a!.member.cookie, proposalInput(), 'key-1')
    const again = await submit(request.number, a!.member.cookie, proposalInput(), 'key-1')
    expect(again.statusCode).toBe(201)
    expect(again.json().data.id).toBe(first.json().data.id)
    const other = await submit(request.number, a!.member.cookie, proposalInput(), 'key-2')
    expect(other.statusCode).toBe(409)
    expect(other.json().error.message).toBe(PROPOSAL_MESSAGES.duplicate)

    const racing = await Promise.all([
      submit(request.number, b!.member.cookie),
      submit(request.number, b!.member.cookie),
    ])
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const rows = await database.db.select().from(serviceProposals).where(eq(serviceProposals.requestId, request.id))
    expect(rows).toHaveLength(2)
    expect((await requestRow(request.id)).proposalCount).toBe(2)
  })

  it('stops a vendor at the daily cap', async () => {
    const capped = await createTestVendor(database.db, { name: 'Спамер', slug: 'spammer-pr' })
    await insertMatchingOffer(database.db, capped)
    const member = await createMember(database.db, capped.id)
    for (let i = 0; i < PROPOSAL_LIMITS.perDay; i++) {
      await insertProposal(database.db, await newRequest(), capped)
    }
    const request = await newRequest()
    const refused = await submit(request.number, member.cookie)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toBe(PROPOSAL_MESSAGES.dailyCap)
  })

  it('hides an invited request from a vendor that was not invited, and lets the invited one propose', async () => {
    const [a, b] = vendors
    const request = await newRequest({ visibility: 'invited', invitedOrganizationIds: [a!.org.id] })
    expect((await list(request.number, b!.member.cookie)).statusCode).toBe(404)
    expect((await submit(request.number, b!.member.cookie)).statusCode).toBe(404)
    expect((await list(request.number)).statusCode).toBe(404)
    expect((await submit(request.number, a!.member.cookie)).statusCode).toBe(201)
  })

  it('lets the author revise while reviewing and keeps every earlier version', async () => {
    const request = await newRequest()
    const [a] = vendors
    const upload = await uploadTestFile(app, a!.member.cookie, { name: 'смета.pdf' })
    const fileId = upload.json().data.id as string
    const sent = (await submit(request.number, a!.member.cookie, proposalInput({ fileIds: [fileId] }))).json().data
    expect(sent.files).toEqual([expect.objectContaining({ fileId, name: 'смета.pdf' })])

    const changed = await revise(
      sent.id,
      a!.member.cookie,
      proposalInput({ priceKopecks: 150_000_00, terms: 'Дешевле' }),
    )
    expect(changed.statusCode).toBe(200)
    expect(changed.json().data).toMatchObject({
      priceKopecks: 150_000_00,
      terms: 'Дешевле',
      files: [],
      revision: 2,
      revisions: [{ revision: 1, priceKopecks: 180_000_00, files: [expect.objectContaining({ fileId })] }],
    })
    const stored = await database.db
      .select()
      .from(serviceProposalRevisions)
      .where(eq(serviceProposalRevisions.proposalId, sent.id))
    expect(stored.map((r) => [r.revision, r.priceKopecks, r.byUserId])).toEqual([[1, 180_000_00, a!.member.id]])
    // The earlier version's file is still there for the author and the customer, for no one else.
    const path = `/exchange/proposals/${sent.id}/files/${fileId}`
    const download = await api('GET', path, customer.cookie)
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(PDF)).toBe(true)
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect((await api('GET', path, a!.member.cookie)).statusCode).toBe(200)
    for (const cookie of [vendors[1]!.member.cookie, otherBuyer.cookie, staff.cookie]) {
      expect((await api('GET', path, cookie)).statusCode).toBe(404)
    }

    expect((await mailsTo(customer.email, 'proposal_revised')).some((m) => m.text.includes(request.number))).toBe(true)
    const room = await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, sent.chatRoomId))
    expect(room.map((m) => m.content).at(-1)).toContain('изменил предложение')

    // Not by the customer, not by another vendor, not once decided.
    expect((await revise(sent.id, customer.cookie, proposalInput())).statusCode).toBe(403)
    expect((await revise(sent.id, vendors[1]!.member.cookie, proposalInput())).statusCode).toBe(404)
    await database.db
      .update(serviceProposals)
      .set({ revision: PROPOSAL_LIMITS.revisions + 1 })
      .where(eq(serviceProposals.id, sent.id))
    const limit = await revise(sent.id, a!.member.cookie, proposalInput())
    expect(limit.statusCode).toBe(409)
    expect(limit.json().error.message).toBe(PROPOSAL_MESSAGES.tooManyRevisions)
    await database.db.update(serviceProposals).set({ status: 'rejected' }).where(eq(serviceProposals.id, sent.id))
    expect((await revise(sent.id, a!.member.cookie, proposalInput())).statusCode).toBe(409)
  })

  it('accepting one makes the service order, awards the request and rejects the others with notices', async () => {
    const request = await newRequest()
    const [a, b, c] = vendors
    const ids: string[] = []
    for (const v of [a!, b!, c!]) ids.push((await submit(request.number, v.member.cookie)).json().data.id)
    await reject(ids[2]!, customer.cookie, 'Слишком дорого')

    expect((await accept(ids[0]!, a!.member.cookie)).statusCode).toBe(403)
    const accepted = await accept(ids[0]!, customer.cookie)
    expect(accepted.statusCode).toBe(200)
    const { serviceOrderNumber, proposal } = accepted.json().data
    expect(proposal).toMatchObject({ status: 'accepted', serviceOrderNumber })
    const [order] = await database.db.select().from(serviceOrders).where(eq(serviceOrders.proposalId, ids[0]!))
    expect(order).toMatchObject({ number: serviceOrderNumber, status: 'created', contractorOrganizationId: a!.org.id })
    expect((await requestRow(request.id)).status).toBe('awarded')
    const requestHistory = await database.db
      .select()
      .from(serviceRequestEvents)
      .where(eq(serviceRequestEvents.requestId, request.id))
    expect(requestHistory.map((h) => [h.event, h.toStatus])).toEqual([['award', 'awarded']])

    // A double click: the same order.
    const again = await accept(ids[0]!, customer.cookie)
    expect(again.json().data.serviceOrderNumber).toBe(serviceOrderNumber)

    const superseded = await proposalRow(ids[1]!)
    expect(superseded).toMatchObject({ status: 'rejected', rejectReason: PROPOSAL_MESSAGES.otherChosen })
    const history = await database.db
      .select()
      .from(serviceProposalEvents)
      .where(and(eq(serviceProposalEvents.proposalId, ids[1]!), eq(serviceProposalEvents.event, 'supersede')))
    expect(history).toEqual([expect.objectContaining({ byUserId: null, toStatus: 'rejected' })])
    // The one rejected earlier keeps the customer's reason.
    expect((await proposalRow(ids[2]!)).rejectReason).toBe('Слишком дорого')

    const toA = await mailsTo(a!.member.email, 'proposal_accepted')
    expect(toA.find((m) => m.text.includes(request.number))?.text).toContain(
      `/personal-account/service-order/sale/${serviceOrderNumber}`,
    )
    const toB = (await mailsTo(b!.member.email, 'proposal_superseded')).filter((m) => m.text.includes(request.number))
    expect(toB).toHaveLength(1)
    expect(toB[0]!.text).toContain(`Причина: ${PROPOSAL_MESSAGES.otherChosen}`)
    expect((await mailsTo(c!.member.email, 'proposal_superseded')).some((m) => m.text.includes(request.number))).toBe(
      false,
    )
    const roomB = await database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.roomId, (await proposalRow(ids[1]!)).chatRoomId!))
    expect(roomB.map((m) => m.content).at(-1)).toContain('Заказчик выбрал другого исполнителя')

    // The request is no longer open: the customer decides nothing more.
    expect((await list(request.number, customer.cookie)).json().data.canDecide).toBe(false)
  })

  it('keeps the request open and the others reviewing when it allows several contractors', async () => {
    const request = await newRequest({ allowSeveral: true })
    const [a, b] = vendors
    const first = (await submit(request.number, a!.member.cookie)).json().data.id
    const second = (await submit(request.number, b!.member.cookie)).json().data.id
    expect((await accept(first, customer.cookie)).statusCode).toBe(200)
    expect((await requestRow(request.id)).status).toBe('open')
    expect((await proposalRow(second)).status).toBe('reviewing')
    expect((await accept(second, customer.cookie)).statusCode).toBe(200)
    expect(await database.db.select().from(serviceOrders).where(eq(serviceOrders.requestId, request.id))).toHaveLength(
      2,
    )
  })

  it('awards once when two proposals are accepted at the same moment', async () => {
    const request = await newRequest()
    const [a, b] = vendors
    const first = (await submit(request.number, a!.member.cookie)).json().data.id
    const second = (await submit(request.number, b!.member.cookie)).json().data.id
    const results = await Promise.all([accept(first, customer.cookie), accept(second, customerColleague.cookie)])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await database.db.select().from(serviceOrders).where(eq(serviceOrders.requestId, request.id))).toHaveLength(
      1,
    )
    const statuses = [(await proposalRow(first)).status, (await proposalRow(second)).status].sort()
    expect(statuses).toEqual(['accepted', 'rejected'])
  })

  it('rejects with a reason the customer must give, and tells the vendor', async () => {
    const request = await newRequest()
    const [a] = vendors
    const id = (await submit(request.number, a!.member.cookie)).json().data.id
    const noReason = await reject(id, customer.cookie, '  ')
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().error.fields.reason).toBe(PROPOSAL_MESSAGES.reason)
    expect((await reject(id, a!.member.cookie, 'Сам себе')).statusCode).toBe(403)
    const rejected = await reject(id, customer.cookie, 'Сроки не подходят')
    expect(rejected.statusCode).toBe(200)
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejectReason: 'Сроки не подходят' })
    expect((await reject(id, customer.cookie, 'Сроки не подходят')).statusCode).toBe(200)
    const mails = (await mailsTo(a!.member.email, 'proposal_rejected')).filter((m) => m.text.includes(request.number))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('Причина: Сроки не подходят')
    expect((await accept(id, customer.cookie)).statusCode).toBe(409)
    // The vendor sees the reason on the request's page.
    expect((await list(request.number, a!.member.cookie)).json().data.proposals[0].rejectReason).toBe(
      'Сроки не подходят',
    )
  })

  it('shows proposals to their author and the customer only; a 404 or 401 for everyone else', async () => {
    const request = await newRequest()
    const [a, b] = vendors
    const id = (await submit(request.number, a!.member.cookie)).json().data.id
    const of = async (cookie: string) => (await list(request.number, cookie)).json().data
    expect((await of(customer.cookie)).proposals.map((p: { id: string }) => p.id)).toEqual([id])
    expect(await of(customer.cookie)).toMatchObject({ viewer: 'customer', canDecide: true, canPropose: false })
    expect((await of(customerColleague.cookie)).proposals).toHaveLength(1)
    expect((await of(a!.member.cookie)).proposals).toHaveLength(1)
    for (const cookie of ['', b!.member.cookie, otherBuyer.cookie, staff.cookie]) {
      const seen = await of(cookie)
      expect(seen.proposals).toEqual([])
      expect(seen.canDecide).toBe(false)
    }

    const moves = [
      ['PATCH', `/exchange/proposals/${id}`, proposalInput()],
      ['POST', `/exchange/proposals/${id}/accept`, {}],
      ['POST', `/exchange/proposals/${id}/reject`, { reason: 'Нет' }],
      ['GET', `/exchange/proposals/${id}/files/${crypto.randomUUID()}`, undefined],
    ] as const
    for (const [method, url, body] of moves) {
      expect((await api(method, url, '', body)).statusCode, `${method} ${url} guest`).toBe(401)
      for (const cookie of [b!.member.cookie, otherBuyer.cookie, staff.cookie]) {
        const res = await api(method, url, cookie, body)
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.json().error.message).toBe(PROPOSAL_MESSAGES.notFound)
      }
    }
    // Malformed and unknown ids and numbers are the same 404.
    expect((await accept('not-an-id', customer.cookie)).statusCode).toBe(404)
    expect((await accept(crypto.randomUUID(), customer.cookie)).statusCode).toBe(404)
    expect((await list('Z-0000-00000', customer.cookie)).statusCode).toBe(404)
    expect((await proposalRow(id)).status).toBe('reviewing')
  })

  it('documents its routes in the OpenAPI document', () => {
    const paths = app.swagger().paths ?? {}
    expect(Object.keys(paths['/api/v1/exchange/requests/{number}/proposals'] ?? {}).sort()).toEqual(['get', 'post'])
    expect(paths['/api/v1/exchange/proposals/{id}']).toHaveProperty('patch')
    expect(paths['/api/v1/exchange/proposals/{id}/accept']).toHaveProperty('post')
    expect(paths['/api/v1/exchange/proposals/{id}/reject']).toHaveProperty('post')
    expect(paths['/api/v1/exchange/proposals/{id}/files/{fileId}']).toHaveProperty('get')
  })
})
