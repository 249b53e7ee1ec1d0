import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { REQUEST_LIMITS, REQUEST_MESSAGES } from '#common/exchange/requests.ts'
import { areaOutsideRegionMessage } from '#common/region-bounds.ts'
import { addDays, moscowToday } from '#common/moscow-days.ts'
import type { Database } from '../../../db/client.ts'
import { jobs } from '../../../jobs/jobs.table.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { useTestApp } from '../../../testing/app.ts'
import { createTestUser } from '../../../testing/auth.ts'
import { uploadTestFile } from '../../files/files.testing.ts'
import { emailOutbox } from '../../mail/mail.table.ts'
import { apiClient } from '../../organizations/organizations.testing.ts'
import { createTestBuyer, createTestVendor } from '../../organizations/vendors.testing.ts'
import { createMember } from '../../products/products.testing.ts'
import { publishTestOffer } from '../listing/listing.testing.ts'
import { EXPIRE_JOB } from './requests.jobs.ts'
import { serviceRequestEvents, serviceRequests } from './requests.table.ts'

type Member = { id: string; cookie: string; email: string }
type Org = { id: string; name: string; slug: string }

const today = moscowToday()

/** Everything publishing asks for: spraying in Krasnodar Krai, an area, flight details. */
function complete(overrides: Record<string, unknown> = {}) {
  return {
    type: 'agro-spraying',
    sphere: 'selskoe-khozyaistvo',
    title: 'Обработка 120 га пшеницы гербицидом',
    description: 'Поле у трассы, подъезд для техники есть.',
    region: '23',
    address: 'Краснодарский край, Динской район',
    area: {
      type: 'Polygon',
      coordinates: [
        [
          [38.9, 45.2],
          [38.95, 45.2],
          [38.95, 45.23],
          [38.9, 45.2],
        ],
      ],
    },
    startsOn: addDays(today, 20),
    endsOn: addDays(today, 25),
    volume: 120,
    volumeUnit: 'hectares',
    budgetKopecks: 300_000_00,
    flight: { maxAltitudeM: 50, controlledAirspace: false, restrictedZone: true, permissionBy: 'customer' },
    visibility: 'public',
    proposalsDeadline: addDays(today, 10),
    allowSeveral: false,
    ...overrides,
  }
}

describe.each(BACKENDS)('service requests on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let customerOrg: Org
  let customer: Member
  let colleague: Member
  let otherBuyer: Member
  let matching: Member
  let nationwide: Member
  let otherType: Member
  let otherRegion: Member
  let invitedVendorOrg: Org
  let invitedVendor: Member
  let vendorOnly: Member
  let staff: Member

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  beforeAll(async () => {
    const db = database.db
    customerOrg = await createTestBuyer(db, { name: 'Агрохолдинг Заря', slug: 'zarya-rq' })
    customer = await createMember(db, customerOrg.id, 'owner', 'Вера Заказчик')
    colleague = await createMember(db, customerOrg.id, 'member', 'Олег Коллега')
    const other = await createTestBuyer(db, { name: 'Чужая ферма', slug: 'other-farm-rq' })
    otherBuyer = await createMember(db, other.id, 'owner', 'Глеб Чужой')
    const vendor = async (name: string, slug: string, offer?: Parameters<typeof publishTestOffer>[2]) => {
      const org = await createTestVendor(db, { name, slug })
      if (offer) await publishTestOffer(db, org, offer)
      return { org, member: await createMember(db, org.id, 'owner', `Владелец ${name}`) }
    }
    matching = (await vendor('Агродрон Кубань', 'agrodron-rq', { type: 'agro-spraying', regions: ['23', '61'] })).member
    nationwide = (await vendor('Дроны России', 'drony-rq', { type: 'agro-spraying', regions: [], nationwide: true }))
      .member
    otherType = (await vendor('Съёмка Юг', 'semka-rq', { type: 'aerial-survey', regions: ['23'] })).member
    otherRegion = (await vendor('Агро Сибирь', 'agro-sib-rq', { type: 'agro-spraying', regions: ['54'] })).member
    const invited = await vendor('Приглашённый подрядчик', 'invited-rq')
    invitedVendorOrg = invited.org
    invitedVendor = invited.member
    vendorOnly = (await vendor('Просто поставщик', 'just-vendor-rq')).member
    staff = await createTestUser(db, { isStaff: true })
  })

  const create = (cookie: string, body: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/exchange/requests',
      payload: body,
      headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    })
  const get = (number: string, cookie = '') => api('GET', `/exchange/requests/${number}`, cookie)
  const move = (number: string, what: string, cookie: string, body: object = {}) =>
    api('POST', `/exchange/requests/${number}/${what}`, cookie, body)
  async function draft(body: object = complete(), cookie = customer.cookie): Promise<string> {
    const res = await create(cookie, body)
    expect(res.statusCode).toBe(201)
    return res.json().data.number
  }
  async function published(body: object = complete()): Promise<string> {
    const number = await draft(body)
    const res = await move(number, 'publish', customer.cookie)
    expect(res.statusCode).toBe(200)
    return number
  }
  const rowOf = async (number: string) =>
    (await database.db.select().from(serviceRequests).where(eq(serviceRequests.number, number)))[0]!

  it('keeps a draft of a confirmed buyer with little filled in, once per Idempotency-Key', async () => {
    const first = await create(customer.cookie, { type: 'inspection' }, 'key-1')
    expect(first.statusCode).toBe(201)
    const body = first.json().data
    expect(body).toMatchObject({
      status: 'draft',
      type: 'inspection',
      title: '',
      viewer: 'customer',
      actions: ['publish', 'cancel'],
      customer: { id: customerOrg.id, name: customerOrg.name, sellerSlug: null },
      flight: { maxAltitudeM: 120, permissionBy: 'contractor' },
      budgetKopecks: null,
    })
    expect(body.number).toMatch(/^Z-\d{4}-\d{5,}$/)
    const again = await create(customer.cookie, { type: 'inspection' }, 'key-1')
    expect(again.statusCode).toBe(201)
    expect(again.json().data.number).toBe(body.number)
    // The key again with another body is not a retry: 422.
    const reused = await create(customer.cookie, { type: 'inspection', title: 'Повтор' }, 'key-1')
    expect(reused.statusCode).toBe(422)
    const row = await rowOf(body.number)
    const history = await database.db
      .select()
      .from(serviceRequestEvents)
      .where(eq(serviceRequestEvents.requestId, row.id))
    expect(history).toEqual([expect.objectContaining({ event: 'create', fromStatus: null, toStatus: 'draft' })])

    // The area's hectares are the server's.
    const withArea = await create(customer.cookie, complete())
    expect(withArea.json().data.areaHectares).toBeGreaterThan(500)
    expect(withArea.json().data.areaHectares).toBeLessThan(700)
  })

  it('lets only confirmed buyers post, and signed-in people only', async () => {
    const refused = await create(vendorOnly.cookie, complete())
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe(REQUEST_MESSAGES.notBuyer)
    expect((await create('', complete())).statusCode).toBe(401)
    expect((await create(customer.cookie, {})).json().error.fields).toEqual({ type: REQUEST_MESSAGES.type })
  })

  it('refuses bad areas, budgets, volumes and flight details with Russian messages', async () => {
    const fieldsOf = async (overrides: Record<string, unknown>) => {
      const res = await create(customer.cookie, complete(overrides))
      expect(res.statusCode).toBe(400)
      return res.json().error.fields
    }
    const ring = (coordinates: number[][]) => ({ type: 'Polygon', coordinates: [coordinates] })
    const bowTie = ring([
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ])
    expect((await fieldsOf({ area: bowTie })).area).toBe('Стороны контура участка не должны пересекаться')
    expect(
      (
        await fieldsOf({
          area: ring([
            [0, 0],
            [1, 0],
            [1, 1],
          ]),
        })
      ).area,
    ).toBe('Контур участка должен быть замкнут')
    expect(
      (
        await fieldsOf({
          area: ring([
            [0, 0],
            [1, 0],
            [0, 0],
          ]),
        })
      ).area,
    ).toBe('В контуре участка должно быть не меньше 3 точек')
    expect((await fieldsOf({ area: { type: 'Point', coordinates: [0, 0] } })).area).toBe(
      'Участок должен быть многоугольником (GeoJSON Polygon)',
    )
    expect((await fieldsOf({ budgetKopecks: 0 })).budgetKopecks).toBe(REQUEST_MESSAGES.budget)
    expect((await fieldsOf({ budgetKopecks: 10.5 })).budgetKopecks).toBe(REQUEST_MESSAGES.budget)
    expect((await fieldsOf({ volume: -1 })).volume).toBe(REQUEST_MESSAGES.volume)
    const flight = { controlledAirspace: false, restrictedZone: false, permissionBy: 'customer' }
    expect((await fieldsOf({ flight: { ...flight, maxAltitudeM: 0 } }))['flight.maxAltitudeM']).toBe(
      REQUEST_MESSAGES.altitude,
    )
    expect((await fieldsOf({ flight: { ...flight, maxAltitudeM: 5001 } }))['flight.maxAltitudeM']).toBe(
      REQUEST_MESSAGES.altitude,
    )
    expect((await fieldsOf({ flight: { ...flight, permissionBy: 'nobody' } }))['flight.permissionBy']).toBe(
      REQUEST_MESSAGES.permissionBy,
    )
    // «По договорённости» is a null budget.
    expect((await create(customer.cookie, complete({ budgetKopecks: null }))).statusCode).toBe(201)
  })

  it('publishes only a complete request with dates that make sense today', async () => {
    const empty = await draft({ type: 'agro-spraying' })
    const refused = await move(empty, 'publish', customer.cookie)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.fields).toMatchObject({
      title: REQUEST_MESSAGES.title,
      region: REQUEST_MESSAGES.region,
      address: REQUEST_MESSAGES.location,
      volume: REQUEST_MESSAGES.volume,
      proposalsDeadline: REQUEST_MESSAGES.deadline,
    })
    const problems = async (overrides: Record<string, unknown>) =>
      (await move(await draft(complete(overrides)), 'publish', customer.cookie)).json().error.fields
    expect((await problems({ startsOn: addDays(today, -1) })).startsOn).toBe(REQUEST_MESSAGES.pastDate)
    expect((await problems({ endsOn: addDays(today, 15) })).endsOn).toBe(REQUEST_MESSAGES.dates)
    expect((await problems({ proposalsDeadline: addDays(today, 21) })).proposalsDeadline).toBe(
      REQUEST_MESSAGES.deadlineAfterStart,
    )
    expect((await problems({ proposalsDeadline: addDays(today, -1) })).proposalsDeadline).toBe(
      REQUEST_MESSAGES.pastDate,
    )
    const far = addDays(today, REQUEST_LIMITS.deadlineMaxDays + 1)
    expect(
      (await problems({ startsOn: addDays(far, 5), endsOn: addDays(far, 6), proposalsDeadline: far }))
        .proposalsDeadline,
    ).toMatch(/не дальше чем через 180 дней/)
    expect((await problems({ visibility: 'invited' })).invitedOrganizationIds).toBe(REQUEST_MESSAGES.invited)
    // The Krasnodar field with the Voronezh region chosen: drawn where the work is not.
    expect((await problems({ region: '36' })).area).toBe(areaOutsideRegionMessage('36'))
    // An address without an area is enough, and so is an area without an address.
    expect((await move(await draft(complete({ area: null })), 'publish', customer.cookie)).statusCode).toBe(200)
    expect((await move(await draft(complete({ address: '' })), 'publish', customer.cookie)).statusCode).toBe(200)
  })

  it('edits a draft; an open request only gets a later deadline; finished ones nothing', async () => {
    const number = await draft({ type: 'agro-spraying' })
    const saved = await api('PATCH', `/exchange/requests/${number}`, colleague.cookie, complete({ title: 'Новое' }))
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data).toMatchObject({ title: 'Новое', region: '23', volume: 120 })
    expect((await api('PATCH', `/exchange/requests/${number}`, otherBuyer.cookie, complete())).statusCode).toBe(404)

    expect((await move(number, 'publish', customer.cookie)).json().data.status).toBe('open')
    const later = addDays(today, 12)
    const extended = await api('PATCH', `/exchange/requests/${number}`, customer.cookie, {
      proposalsDeadline: later,
      title: 'Не меняется',
    })
    expect(extended.statusCode).toBe(200)
    expect(extended.json().data).toMatchObject({ proposalsDeadline: later, title: 'Новое' })
    const earlier = await api('PATCH', `/exchange/requests/${number}`, customer.cookie, {
      proposalsDeadline: addDays(today, 5),
    })
    expect(earlier.statusCode).toBe(400)
    expect(earlier.json().error.fields.proposalsDeadline).toMatch(/можно только продлить/)

    expect((await move(number, 'close', customer.cookie)).json().data).toMatchObject({ status: 'closed', actions: [] })
    const closed = await api('PATCH', `/exchange/requests/${number}`, customer.cookie, complete())
    expect(closed.statusCode).toBe(409)
  })

  it('closes and cancels with a reason; repeated clicks answer the request as it is', async () => {
    const number = await published()
    expect((await move(number, 'close', customer.cookie)).json().data.status).toBe('closed')
    expect((await move(number, 'close', customer.cookie)).statusCode).toBe(200)
    const cancelClosed = await move(number, 'cancel', customer.cookie, { reason: 'Передумали' })
    expect(cancelClosed.statusCode).toBe(409)
    expect(cancelClosed.json().error.message).toMatch(
      /^Заявка № Z-.+: отменить можно только .+ Сейчас статус «Закрыта»\.$/,
    )
    expect((await move(number, 'publish', customer.cookie)).statusCode).toBe(409)

    const other = await draft()
    const noReason = await move(other, 'cancel', customer.cookie, { reason: '  ' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().error.fields.reason).toBe('Напишите, почему заявка отменяется')
    const cancelled = await move(other, 'cancel', customer.cookie, { reason: 'Поле продано' })
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'Поле продано', actions: [] })
    const history = await database.db
      .select()
      .from(serviceRequestEvents)
      .where(eq(serviceRequestEvents.requestId, (await rowOf(other)).id))
    expect(history.map((h) => h.event)).toEqual(['create', 'cancel'])
  })

  it('shows drafts and invited requests to those allowed only, with the same 404 to everyone else', async () => {
    const status = async (number: string, cookie: string) => (await get(number, cookie)).statusCode
    const number = await draft()
    expect(await status(number, customer.cookie)).toBe(200)
    expect(await status(number, colleague.cookie)).toBe(200)
    for (const cookie of ['', otherBuyer.cookie, matching.cookie, staff.cookie])
      expect(await status(number, cookie)).toBe(404)

    await move(number, 'publish', customer.cookie)
    for (const cookie of ['', otherBuyer.cookie, matching.cookie, staff.cookie])
      expect(await status(number, cookie)).toBe(200)
    const asGuest = (await get(number)).json().data
    expect(asGuest).toMatchObject({ viewer: 'reader', actions: [], invited: [] })
    expect((await get(number, staff.cookie)).json().data.viewer).toBe('staff')

    const invited = await published(complete({ visibility: 'invited', invitedOrganizationIds: [invitedVendorOrg.id] }))
    expect(await status(invited, invitedVendor.cookie)).toBe(200)
    expect(await status(invited, staff.cookie)).toBe(200)
    for (const cookie of ['', otherBuyer.cookie, matching.cookie]) {
      const refused = await get(invited, cookie)
      expect(refused.statusCode).toBe(404)
      expect(refused.json().error.message).toBe(REQUEST_MESSAGES.notFound)
    }
    expect((await get(invited, customer.cookie)).json().data.invited).toEqual([
      { id: invitedVendorOrg.id, name: invitedVendorOrg.name, slug: invitedVendorOrg.slug },
    ])
    expect((await get(invited, invitedVendor.cookie)).json().data.invited).toEqual([])

    const cancelled = await published()
    await move(cancelled, 'cancel', customer.cookie, { reason: 'Не нужно' })
    expect(await status(cancelled, '')).toBe(404)
    expect(await status(cancelled, customer.cookie)).toBe(200)

    // Inviting someone who is not a confirmed vendor is refused.
    const bad = await create(
      customer.cookie,
      complete({ visibility: 'invited', invitedOrganizationIds: [customerOrg.id] }),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields.invitedOrganizationIds).toMatch(/подтверждённой ролью «Поставщик»/)
  })

  it('e-mails matching vendors of a public request, and only the invited ones of an invited request', async () => {
    const mailsAbout = async (number: string) => {
      await app.services.jobs.runUntilIdle()
      return (await database.db.select().from(emailOutbox)).filter((m) => m.text.includes(number))
    }
    const number = await published()
    const mails = await mailsAbout(number)
    expect(mails.map((m) => m.to).sort()).toEqual([matching.email, nationwide.email].sort())
    expect(mails[0]).toMatchObject({ kind: 'service_request_new' })
    expect(mails[0]!.subject).toBe('Новая заявка на бирже услуг: «Обработка 120 га пшеницы гербицидом»')
    expect(mails[0]!.text).toContain(`/services/requests/${number}`)

    const invited = await published(complete({ visibility: 'invited', invitedOrganizationIds: [invitedVendorOrg.id] }))
    const told = await mailsAbout(invited)
    expect(told.map((m) => [m.to, m.kind])).toEqual([[invitedVendor.email, 'service_request_invited']])
    for (const m of [...mails, ...told]) {
      expect([customer.email, colleague.email, otherType.email, otherRegion.email]).not.toContain(m.to)
    }
  })

  it('publishes at most the daily number of requests per organization', async () => {
    const org = await createTestBuyer(database.db, { name: 'Частый заказчик', slug: 'often-rq' })
    const owner = await createMember(database.db, org.id, 'owner')
    const numbers: string[] = []
    for (let i = 0; i <= REQUEST_LIMITS.perDay; i++)
      numbers.push(await draft(complete({ title: `Заявка ${i}` }), owner.cookie))
    // Written as published this morning, the quicker way to the cap.
    await database.db
      .update(serviceRequests)
      .set({ status: 'open', publishedAt: new Date() })
      .where(inArray(serviceRequests.number, numbers.slice(0, REQUEST_LIMITS.perDay)))
    const refused = await move(numbers[REQUEST_LIMITS.perDay]!, 'publish', owner.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(REQUEST_MESSAGES.tooMany)
    expect((await rowOf(numbers[REQUEST_LIMITS.perDay]!)).status).toBe('draft')
  })

  it('closes open requests past their deadline by the daily job, and no others', async () => {
    const overdue = await published()
    const current = await published()
    const lastDay = await published()
    await database.db
      .update(serviceRequests)
      .set({ proposalsDeadline: addDays(today, -1) })
      .where(eq(serviceRequests.number, overdue))
    await database.db
      .update(serviceRequests)
      .set({ proposalsDeadline: today })
      .where(eq(serviceRequests.number, lastDay))
    const draftPast = await draft()
    await database.db
      .update(serviceRequests)
      .set({ proposalsDeadline: addDays(today, -3) })
      .where(eq(serviceRequests.number, draftPast))

    // Publishing queued the run after its deadline's day; run one now as that day's would.
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, EXPIRE_JOB))
    expect(queued.map((j) => j.key)).toContain(addDays(today, 10))
    await app.services.jobs.enqueue(database.db, EXPIRE_JOB, { date: addDays(today, -1) }, { key: addDays(today, -1) })
    await app.services.jobs.runUntilIdle()

    expect((await rowOf(overdue)).status).toBe('closed')
    expect((await rowOf(current)).status).toBe('open')
    expect((await rowOf(lastDay)).status).toBe('open')
    expect((await rowOf(draftPast)).status).toBe('draft')
    const history = await database.db
      .select()
      .from(serviceRequestEvents)
      .where(eq(serviceRequestEvents.requestId, (await rowOf(overdue)).id))
    expect(history.at(-1)).toMatchObject({ event: 'expire', toStatus: 'closed', byUserId: null })
    // The run queued the next day's: the job recurs.
    const after = await database.db.select().from(jobs).where(eq(jobs.kind, EXPIRE_JOB))
    expect(after.map((j) => j.key)).toContain(today)
  })

  it('serves attachments to whoever may see the request', async () => {
    const uploaded = await uploadTestFile(app, customer.cookie, { name: 'схема-поля.pdf' })
    expect(uploaded.statusCode).toBe(201)
    const fileId = uploaded.json().data.id
    const number = await draft(complete({ attachmentIds: [fileId] }))
    expect((await get(number, customer.cookie)).json().data.attachments).toEqual([
      expect.objectContaining({ fileId, name: 'схема-поля.pdf', mimeType: 'application/pdf' }),
    ])
    const path = `/exchange/requests/${number}/files/${fileId}`
    expect((await api('GET', path, '')).statusCode).toBe(404)
    await move(number, 'publish', customer.cookie)
    const asGuest = await api('GET', path, '')
    expect(asGuest.statusCode).toBe(200)
    expect(asGuest.headers['content-type']).toBe('application/pdf')
    expect(
      (await api('GET', `/exchange/requests/${number}/files/00000000-0000-4000-8000-000000000000`, '')).statusCode,
    ).toBe(404)

    // Someone else's upload cannot be attached.
    const foreign = await uploadTestFile(app, otherBuyer.cookie, { name: 'чужое.pdf' })
    const refused = await create(customer.cookie, complete({ attachmentIds: [foreign.json().data.id] }))
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.fields.attachmentIds).toMatch(/Файл не найден/)
  })

  it('answers guests 401 on writes and everyone 404 for numbers they may not have', async () => {
    const number = await draft()
    const writes = [
      ['PATCH', `/exchange/requests/${number}`, complete()],
      ['POST', `/exchange/requests/${number}/publish`, {}],
      ['POST', `/exchange/requests/${number}/close`, {}],
      ['POST', `/exchange/requests/${number}/cancel`, { reason: 'Причина' }],
    ] as const
    for (const [method, path, body] of writes) {
      expect((await api(method, path, '', body)).statusCode).toBe(401)
      expect((await api(method, path, otherBuyer.cookie, body)).statusCode).toBe(404)
      expect((await api(method, path, staff.cookie, body)).statusCode).toBe(404)
    }
    for (const missing of ['Z-2611-99999', 'nonsense', 'Z-26']) {
      expect((await get(missing, customer.cookie)).statusCode).toBe(404)
      expect((await move(missing, 'publish', customer.cookie)).statusCode).toBe(404)
    }
    expect((await rowOf(number)).status).toBe('draft')
  })
})
