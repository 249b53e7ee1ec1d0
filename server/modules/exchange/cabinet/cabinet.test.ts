import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { CABINET_MESSAGES } from '#common/exchange/cabinet.ts'
import type { Ctx } from '../../../context.ts'
import type { Database } from '../../../db/client.ts'
import { createTestUser } from '../../../testing/auth.ts'
import { useTestApp } from '../../../testing/app.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { apiClient, ctxFor } from '../../organizations/organizations.testing.ts'
import { createTestBuyer, createTestVendor } from '../../organizations/vendors.testing.ts'
import { createMember } from '../../products/products.testing.ts'
import type { CabinetService } from './cabinet.service.ts'
import { insertOffer, insertProposal, insertRequest, insertServiceOrder } from './cabinet.testing.ts'

describe.each(BACKENDS)('the exchange cabinet on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let cabinet: CabinetService
  type Org = { id: string; name: string; slug: string }
  let buyerOrg: Org
  let vendorOrg: Org
  let rivalOrg: Org
  let otherBuyerOrg: Org
  let crowdOrg: Org
  let buyer: Ctx
  let vendor: Ctx
  let rival: Ctx
  let noRoles: Ctx
  let crowd: Ctx
  let buyerCookie: string
  let vendorCookie: string
  const numbers: Record<string, string> = {}

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
    cabinet = app.services.exchange.cabinet
  })

  beforeAll(async () => {
    const db = database.db
    buyerOrg = await createTestBuyer(db, { name: 'Агрохолдинг', slug: 'agro-cabinet' })
    otherBuyerOrg = await createTestBuyer(db, { name: 'Сетевая компания', slug: 'grid-cabinet' })
    vendorOrg = await createTestVendor(db, { name: 'Аэроработы', slug: 'aero-cabinet' })
    rivalOrg = await createTestVendor(db, { name: 'Соперник', slug: 'rival-cabinet' })
    crowdOrg = await createTestVendor(db, { name: 'Киносъёмка', slug: 'film-cabinet' })
    const noRolesOrg = await createTestVendor(db, { name: 'Без ролей', slug: 'noroles-cabinet', vendorStatus: null })
    const buyerUser = await createMember(db, buyerOrg.id)
    const vendorUser = await createMember(db, vendorOrg.id)
    buyerCookie = buyerUser.cookie
    vendorCookie = vendorUser.cookie
    buyer = await ctxFor(db, buyerUser)
    vendor = await ctxFor(db, vendorUser)
    rival = await ctxFor(db, await createMember(db, rivalOrg.id))
    noRoles = await ctxFor(db, await createMember(db, noRolesOrg.id))
    crowd = await ctxFor(db, await createMember(db, crowdOrg.id))

    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000)

    // The buyer's requests: one of each status, two open.
    const draft = await insertRequest(db, buyerOrg, {
      status: 'draft',
      title: 'Черновик опрыскивания',
      updatedAt: at(1),
    })
    const openA = await insertRequest(db, buyerOrg, { title: 'Опрыскать пшеницу', region: '16', updatedAt: at(2) })
    const openB = await insertRequest(db, buyerOrg, { title: 'Съёмка фермы', type: 'aerial-survey', updatedAt: at(3) })
    const awarded = await insertRequest(db, buyerOrg, { status: 'awarded', title: 'Обработка рапса', updatedAt: at(4) })
    const closed = await insertRequest(db, buyerOrg, { status: 'closed', title: 'Закрытая заявка', updatedAt: at(5) })
    const cancelled = await insertRequest(db, buyerOrg, { status: 'cancelled', title: 'Отменённая', updatedAt: at(6) })
    Object.assign(numbers, { draft: draft.number, openA: openA.number, openB: openB.number, awarded: awarded.number })

    // Proposals: the vendor answered three of them, the rival two.
    await insertProposal(db, openA, vendorOrg, { createdAt: at(30), updatedAt: at(30) })
    const lastOnA = at(10)
    await insertProposal(db, openA, rivalOrg, { createdAt: lastOnA, updatedAt: lastOnA })
    const accepted = await insertProposal(db, awarded, vendorOrg, { status: 'accepted', updatedAt: at(20) })
    const rejected = await insertProposal(db, closed, vendorOrg, { status: 'rejected', updatedAt: at(21) })
    const rivalRejected = await insertProposal(db, awarded, rivalOrg, { status: 'rejected' })
    numbers.lastOnA = lastOnA.toISOString()

    // Service orders: the vendor works for the buyer three times; the rival once, for another buyer.
    await insertServiceOrder(db, awarded, accepted, 'in_progress', { createdAt: at(3) })
    await insertServiceOrder(db, closed, rejected, 'completed', { createdAt: at(2) })
    await insertServiceOrder(db, cancelled, await insertProposal(db, cancelled, vendorOrg), 'cancelled', {
      createdAt: at(1),
    })
    const elsewhere = await insertRequest(db, otherBuyerOrg, { status: 'awarded', title: 'Чужой заказ' })
    await insertServiceOrder(db, elsewhere, await insertProposal(db, elsewhere, rivalOrg, { status: 'accepted' }))
    void rivalRejected

    // The vendor's offers, one per state, and the tabs they fall in.
    await insertOffer(db, vendorOrg, {
      title: 'Опрыскивание в Татарстане',
      type: 'agro-spraying',
      regions: ['16'],
      status: 'approved',
      published: true,
    })
    await insertOffer(db, vendorOrg, {
      title: 'Аэрофотосъёмка по всей России',
      type: 'aerial-survey',
      nationwide: true,
      status: 'approved',
      published: true,
    })
    await insertOffer(db, vendorOrg, {
      title: 'Ремонт в Москве',
      type: 'repair',
      regions: ['77'],
      status: 'moderation',
      published: true,
    })
    await insertOffer(db, vendorOrg, { title: 'Мониторинг', type: 'monitoring', regions: ['16'], status: 'moderation' })
    await insertOffer(db, vendorOrg, { title: 'Инспекция ЛЭП', type: 'inspection', status: 'needFixes' })
    await insertOffer(db, vendorOrg, { title: 'Новая услуга', type: 'delivery', status: 'draft' })
    await insertOffer(db, rivalOrg, { title: 'Чужая услуга', status: 'approved', published: true, regions: ['16'] })

    // Requests of another buyer that the suggestions weigh.
    const other = (title: string, values: Parameters<typeof insertRequest>[2] = {}) =>
      insertRequest(db, otherBuyerOrg, { title, ...values })
    numbers.agro16 = (await other('Подходит: опрыскивание 16', { publishedAt: at(50) })).number
    numbers.survey77 = (
      await other('Подходит: съёмка 77', { type: 'aerial-survey', region: '77', publishedAt: at(40) })
    ).number
    numbers.invitedMe = (
      await other('Подходит: приглашение', {
        visibility: 'invited',
        invitedOrganizationIds: [rivalOrg.id, vendorOrg.id],
        publishedAt: at(45),
      })
    ).number
    await other('Не подходит: регион', { region: '77' })
    await other('Не подходит: ремонт в 16 (услуга в 77)', { type: 'repair', region: '16' })
    await other('Не подходит: вид работ', { type: 'inspection' })
    await other('Не подходит: услуга не опубликована', { type: 'monitoring' })
    await other('Не подходит: приглашены другие', { visibility: 'invited', invitedOrganizationIds: [rivalOrg.id] })
    await other('Не подходит: срок истёк', { proposalsDeadline: '2020-01-01' })
    await other('Не подходит: черновик', { status: 'draft' })
    await other('Не подходит: исполнитель выбран', { status: 'awarded' })
    await insertRequest(db, vendorOrg, { title: 'Не подходит: своя заявка' })

    // A vendor with many matches: ten newest of twelve.
    await insertOffer(db, crowdOrg, { type: 'filming', nationwide: true, status: 'approved', published: true })
    for (let i = 0; i < 12; i++) {
      await other(`Съёмка ${i}`, { type: 'filming', region: '50', publishedAt: at(100 - i) })
    }
  })

  /** Runs the call and tells how many statements it took. */
  async function statementsOf<T>(call: () => Promise<T>): Promise<[T, number]> {
    const before = database.statements.count
    const result = await call()
    return [result, database.statements.count - before]
  }

  it('counts the four tabs in one statement, both sides of the orders included', async () => {
    const [counts, statements] = await statementsOf(() => cabinet.counts(buyer))
    expect(statements).toBe(1)
    expect(counts).toEqual({ requests: 6, proposals: 0, offers: 0, orders: 3 })
    expect(await cabinet.counts(vendor)).toEqual({ requests: 1, proposals: 4, offers: 6, orders: 3 })
    expect(await cabinet.counts(rival)).toEqual({ requests: 0, proposals: 3, offers: 1, orders: 1 })
  })

  it("lists the organization's requests by status group and search, with their proposals", async () => {
    const [all, statements] = await statementsOf(() => cabinet.myRequests(buyer, {}))
    expect(statements).toBe(2)
    expect(all.total).toBe(6)
    expect(all.all).toBe(6)
    expect(all.filterCounts).toEqual({ drafts: 1, open: 2, awarded: 1, closed: 2 })
    expect(all.items.map((r) => r.title)).toEqual([
      'Черновик опрыскивания',
      'Опрыскать пшеницу',
      'Съёмка фермы',
      'Обработка рапса',
      'Закрытая заявка',
      'Отменённая',
    ])
    const openA = all.items.find((r) => r.number === numbers.openA)!
    expect(openA.proposalCount).toBe(2)
    expect(openA.lastProposalAt).toBe(numbers.lastOnA)
    expect(all.items.find((r) => r.number === numbers.openB)!).toMatchObject({ proposalCount: 0, lastProposalAt: null })

    const closed = await cabinet.myRequests(buyer, { filter: 'closed' })
    expect(closed.items.map((r) => r.status).sort()).toEqual(['cancelled', 'closed'])
    expect(closed.total).toBe(2)
    expect((await cabinet.myRequests(buyer, { filter: 'drafts' })).items.map((r) => r.number)).toEqual([numbers.draft])
    expect((await cabinet.myRequests(buyer, { filter: 'awarded' })).items.map((r) => r.number)).toEqual([
      numbers.awarded,
    ])

    const byTitle = await cabinet.myRequests(buyer, { q: 'пшени' })
    expect(byTitle.items.map((r) => r.number)).toEqual([numbers.openA])
    const byNumber = await cabinet.myRequests(buyer, { q: numbers.openB!.toLowerCase() })
    expect(byNumber.items.map((r) => r.number)).toEqual([numbers.openB])
    // The search keeps the filter; the filter counts do not follow the search.
    const both = await cabinet.myRequests(buyer, { q: 'опрыск', filter: 'open' })
    expect(both.items.map((r) => r.number)).toEqual([numbers.openA])
    expect(both.filterCounts.open).toBe(2)
    // A wildcard typed in the search is literal.
    expect((await cabinet.myRequests(buyer, { q: '%' })).total).toBe(0)

    // Another organization's requests never show, nor does a page past the end.
    expect((await cabinet.myRequests(rival, {})).total).toBe(0)
    expect((await cabinet.myRequests(vendor, {})).items.map((r) => r.title)).toEqual(['Не подходит: своя заявка'])
    expect((await cabinet.myRequests(buyer, { page: 2 })).items).toEqual([])
  })

  it('pages twenty rows at a time', async () => {
    const many = await cabinet.myRequests(otherBuyerOrgCtx(), {})
    expect(many.pageSize).toBe(20)
    expect(many.items).toHaveLength(20)
    expect(many.total).toBe(24)
    const second = await cabinet.myRequests(otherBuyerOrgCtx(), { page: 2 })
    expect(second.items).toHaveLength(4)
    expect(new Set([...many.items, ...second.items].map((r) => r.number)).size).toBe(24)
  })

  let otherBuyer: Ctx
  const otherBuyerOrgCtx = () => otherBuyer
  beforeAll(async () => {
    otherBuyer = await ctxFor(database.db, await createMember(database.db, otherBuyerOrg.id))
  })

  it("lists the organization's proposals with their requests, by status", async () => {
    const [all, statements] = await statementsOf(() => cabinet.myProposals(vendor, {}))
    expect(statements).toBe(2)
    expect(all.total).toBe(4)
    expect(all.filterCounts).toEqual({ reviewing: 2, accepted: 1, rejected: 1 })
    const onA = all.items.find((p) => p.request.number === numbers.openA)!
    expect(onA).toMatchObject({
      status: 'reviewing',
      priceKopecks: 100_000_00,
      request: { title: 'Опрыскать пшеницу', status: 'open', customerName: buyerOrg.name },
    })
    const accepted = await cabinet.myProposals(vendor, { filter: 'accepted' })
    expect(accepted.items.map((p) => p.request.number)).toEqual([numbers.awarded])
    expect((await cabinet.myProposals(vendor, { filter: 'rejected' })).items.map((p) => p.status)).toEqual(['rejected'])
    expect((await cabinet.myProposals(vendor, { q: 'рапс' })).items.map((p) => p.request.number)).toEqual([
      numbers.awarded,
    ])
    // The rival's proposals on the same requests are its own.
    const rivals = await cabinet.myProposals(rival, {})
    expect(rivals.total).toBe(3)
    expect(rivals.filterCounts).toEqual({ reviewing: 1, accepted: 1, rejected: 1 })
  })

  it("lists the organization's offers in the products' three tabs", async () => {
    const [all, statements] = await statementsOf(() => cabinet.myOffers(vendor, {}))
    expect(statements).toBe(2)
    expect(all.total).toBe(6)
    // Published while a new version is with staff: in both tabs, as products are.
    expect(all.filterCounts).toEqual({ published: 3, moderation: 2, 'non-published': 2 })
    const titles = async (filter: string) =>
      (await cabinet.myOffers(vendor, { filter })).items.map((o) => o.title).sort()
    expect(await titles('published')).toEqual([
      'Аэрофотосъёмка по всей России',
      'Опрыскивание в Татарстане',
      'Ремонт в Москве',
    ])
    expect(await titles('moderation')).toEqual(['Мониторинг', 'Ремонт в Москве'])
    expect(await titles('non-published')).toEqual(['Инспекция ЛЭП', 'Новая услуга'])
    expect((await cabinet.myOffers(vendor, { q: 'ремонт' })).items.map((o) => o.title)).toEqual(['Ремонт в Москве'])
    expect((await cabinet.myOffers(rival, {})).items.map((o) => o.title)).toEqual(['Чужая услуга'])
  })

  it('lists service orders of both sides with the side, by status group and side', async () => {
    const [asBuyer, statements] = await statementsOf(() => cabinet.myServiceOrders(buyer, {}))
    expect(statements).toBe(2)
    expect(asBuyer.total).toBe(3)
    expect(asBuyer.items.every((o) => o.side === 'purchase' && o.counterpartName === vendorOrg.name)).toBe(true)
    expect(asBuyer.filterCounts).toEqual({ active: 1, completed: 1, cancelled: 1 })
    expect(asBuyer.sideCounts).toEqual({ purchase: 3, sale: 0 })

    const asVendor = await cabinet.myServiceOrders(vendor, {})
    expect(asVendor.items.map((o) => o.side)).toEqual(['sale', 'sale', 'sale'])
    expect(asVendor.items[0]!.counterpartName).toBe(buyerOrg.name)
    expect((await cabinet.myServiceOrders(vendor, { filter: 'active' })).items.map((o) => o.status)).toEqual([
      'in_progress',
    ])
    expect((await cabinet.myServiceOrders(vendor, { filter: 'completed' })).items.map((o) => o.status)).toEqual([
      'completed',
    ])
    expect((await cabinet.myServiceOrders(vendor, { filter: 'cancelled' })).items.map((o) => o.status)).toEqual([
      'cancelled',
    ])
    expect((await cabinet.myServiceOrders(vendor, { side: 'purchase' })).total).toBe(0)
    expect((await cabinet.myServiceOrders(vendor, { side: 'sale' })).total).toBe(3)
    expect((await cabinet.myServiceOrders(buyer, { q: 'рапс' })).items.map((o) => o.title)).toEqual(['Обработка рапса'])
    const number = asVendor.items[1]!.number
    expect((await cabinet.myServiceOrders(vendor, { q: number })).items.map((o) => o.number)).toEqual([number])

    // The rival sees only its order with another buyer; the buyer never sees it.
    const rivals = await cabinet.myServiceOrders(rival, {})
    expect(rivals.items.map((o) => o.title)).toEqual(['Чужой заказ'])
    expect((await cabinet.myServiceOrders(buyer, { q: 'Чужой' })).total).toBe(0)
  })

  it("suggests open requests matching one of the vendor's published offers by type and region", async () => {
    const [suggested, statements] = await statementsOf(() => cabinet.suggestedRequests(vendor))
    expect(statements).toBe(1)
    // Newest first (the buyer's survey, covered by the nationwide offer, was published last); the
    // one answered (the buyer's spraying in 16) and every mismatch left out.
    expect(suggested.map((r) => r.number)).toEqual([numbers.openB, numbers.survey77, numbers.invitedMe, numbers.agro16])
    expect(suggested.find((r) => r.number === numbers.invitedMe)).toMatchObject({
      invited: true,
      customerName: otherBuyerOrg.name,
    })
    expect(suggested.map((r) => r.title).some((t) => t.startsWith('Не подходит'))).toBe(false)
    expect(suggested.map((r) => r.number)).not.toContain(numbers.openA)

    // The rival's offer is spraying in 16: it is invited too, and it answered the buyer's already.
    const rivals = (await cabinet.suggestedRequests(rival)).map((r) => r.number)
    expect(rivals).toEqual(expect.arrayContaining([numbers.agro16, numbers.invitedMe]))
    expect(rivals).not.toContain(numbers.openA)
    expect(rivals).not.toContain(numbers.survey77)

    const many = await cabinet.suggestedRequests(crowd)
    expect(many.map((r) => r.title)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Съёмка ${i}`))
  })

  it('gives a buyer-only or role-less organization empty vendor lists, without an error', async () => {
    expect((await cabinet.myOffers(buyer, {})).total).toBe(0)
    expect((await cabinet.myProposals(buyer, {})).total).toBe(0)
    expect(await cabinet.suggestedRequests(buyer)).toEqual([])
    expect(await cabinet.counts(noRoles)).toEqual({ requests: 0, proposals: 0, offers: 0, orders: 0 })
    expect((await cabinet.myRequests(noRoles, {})).items).toEqual([])
  })

  it('refuses a guest and a user without an organization, and bad filters in Russian', async () => {
    const lone = await ctxFor(database.db, await createTestUser(database.db))
    await expect(cabinet.counts(lone)).rejects.toMatchObject({
      kind: 'forbidden',
      message: CABINET_MESSAGES.noOrganization,
    })
    await expect(cabinet.myRequests({ ...buyer, user: null, organization: null }, {})).rejects.toMatchObject({
      kind: 'unauthorized',
    })
    await expect(cabinet.myRequests(buyer, { filter: 'everything' })).rejects.toMatchObject({ kind: 'invalid' })
    await expect(cabinet.list(buyer, 'elsewhere', {})).rejects.toMatchObject({ kind: 'not_found' })
  })

  it('answers over REST under /api/v1', async () => {
    const counts = await api('GET', '/exchange/cabinet/counts', buyerCookie)
    expect(counts.statusCode).toBe(200)
    expect(counts.json().data).toEqual({ requests: 6, proposals: 0, offers: 0, orders: 3 })

    const closed = await api('GET', '/exchange/cabinet/requests?filter=closed', buyerCookie)
    expect(closed.statusCode).toBe(200)
    expect(closed.json().meta).toMatchObject({ total: 2, all: 6, page: 1, pageSize: 20 })
    expect(
      closed
        .json()
        .data.map((r: { status: string }) => r.status)
        .sort(),
    ).toEqual(['cancelled', 'closed'])

    const orders = await api('GET', '/exchange/cabinet/orders?side=sale', vendorCookie)
    expect(orders.json().meta.sideCounts).toEqual({ purchase: 0, sale: 3 })
    expect(orders.json().data[0]).toMatchObject({ side: 'sale', counterpartName: buyerOrg.name })

    const offers = await api('GET', '/exchange/cabinet/offers?filter=moderation', vendorCookie)
    expect(
      offers
        .json()
        .data.map((o: { title: string }) => o.title)
        .sort(),
    ).toEqual(['Мониторинг', 'Ремонт в Москве'])

    const suggestions = await api('GET', '/exchange/cabinet/suggestions', vendorCookie)
    expect(suggestions.json().data).toHaveLength(4)

    expect((await api('GET', '/exchange/cabinet/elsewhere', buyerCookie)).statusCode).toBe(404)
    const bad = await api('GET', '/exchange/cabinet/proposals?filter=everything', vendorCookie)
    expect(bad.statusCode).toBe(400)
    expect((await api('GET', '/exchange/cabinet/counts')).statusCode).toBe(401)
    // Whatever a client sends is a 400 or a 404, never a 500.
    for (const url of [
      '/requests?page=abc',
      '/requests?page=0',
      '/orders?side=both',
      '/offers?q=%00',
      '/offers?q=a&q=b',
    ]) {
      expect((await api('GET', `/exchange/cabinet${url}`, vendorCookie)).statusCode, url).toBe(400)
    }
    expect((await api('GET', '/exchange/cabinet/%E2%80%AE%00', vendorCookie)).statusCode).toBe(404)
    expect(app.swagger().paths?.['/api/v1/exchange/cabinet/{tab}']).toBeDefined()
  })
})
