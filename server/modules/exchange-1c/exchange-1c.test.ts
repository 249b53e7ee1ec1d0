import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { EXCHANGE_MESSAGES } from '#common/exchange-1c.ts'
import type { Database } from '../../db/client.ts'
import { useTestApp } from '../../testing/app.ts'
import { createTestUser } from '../../testing/auth.ts'
import { BACKENDS } from '../../testing/database.ts'
import { catalogProducts } from '../catalog/catalog.table.ts'
import { apiClient } from '../organizations/organizations.testing.ts'
import { createTestBuyer, createTestVendor, giveInvoiceDetails } from '../organizations/vendors.testing.ts'
import { createOffer } from '../orders/orders.testing.ts'
import { productDrafts } from '../products/products.table.ts'
import { createMember } from '../products/products.testing.ts'
import { removeOldFiles } from './exchange-1c.files.ts'
import { exchange1cGoods, exchange1cSessions } from './exchange-1c.table.ts'
import { createStandIn, type ExchangeFile } from './stand-in/client.ts'
import { catalogFiles, orderChangesXml, type StandInCatalog, type StandInGood } from './stand-in/files.ts'

const GROUPS = [
  { id: 'grp-bas', name: 'БАС' },
  { id: 'grp-quads', name: 'Квадрокоптеры', parentId: 'grp-bas' },
  { id: 'grp-misc', name: 'Прочее' },
]
const PRICE_TYPES = [
  { id: 'pt-retail', name: 'Розничная' },
  { id: 'pt-wholesale', name: 'Оптовая' },
]
const WAREHOUSES = [
  { id: 'wh-msk', name: 'Основной склад' },
  { id: 'wh-ekb', name: 'Екатеринбург' },
]

/** A complete quadcopter as 1С would hold it: characteristics named as a Russian vendor names them. */
function quad(n: number, overrides: Partial<StandInGood> = {}): StandInGood {
  return {
    id: `6f1c2e3a-0000-4000-8000-00000000000${n}`,
    article: `AT-Q${n}`,
    title: `Квадрокоптер Аэротех Q${n}`,
    groupId: 'grp-quads',
    brand: 'Аэротех',
    vat: '22',
    description: `Квадрокоптер Q${n} для аэрофотосъёмки и мониторинга протяжённых объектов.`,
    pictures: [`import_files/q${n}.jpg`],
    params: {
      Модель: `Q${n}`,
      'Максимальная взлётная масса, кг': '2,4',
      'Время полёта, мин': '40',
      'Дальность, км': '8',
      'Страна производства': 'Россия',
    },
    prices: { 'pt-retail': `${100000 + n * 1000}.00`, 'pt-wholesale': `${90000 + n * 1000}.00` },
    stock: { 'wh-msk': n, 'wh-ekb': 1 },
    ...overrides,
  }
}

const catalogOf = (goods: StandInGood[], overrides: Partial<StandInCatalog> = {}): StandInCatalog => ({
  version: '2.08',
  groups: GROUPS,
  priceTypes: PRICE_TYPES,
  warehouses: WAREHOUSES,
  goods: () => goods,
  ...overrides,
})

describe.each(BACKENDS)('the exchange with 1С on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let baseUrl: string
  let vendor: { id: string; name: string }
  let owner: { id: string; cookie: string }
  let password: string
  let picture: Uint8Array

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
    await app.listen({ port: 0, host: '127.0.0.1' })
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })

  beforeAll(async () => {
    vendor = await createTestVendor(database.db, { name: 'Аэротех', slug: 'onec-aerotech' })
    owner = await createMember(database.db, vendor.id, 'owner')
    const enabled = await api('POST', '/cabinet/exchange-1c/password', owner.cookie, { login: 'aerotech-1c' })
    expect(enabled.statusCode).toBe(200)
    password = enabled.json().data.password
    picture = new Uint8Array(
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6ea5' } })
        .jpeg()
        .toBuffer(),
    )
  })

  const standIn = (login = 'aerotech-1c', pass = password) =>
    createStandIn({ baseUrl, login, password: pass, betweenPolls: () => app.services.jobs.runUntilIdle() })
  const filesOf = (catalog: StandInCatalog): ExchangeFile[] => catalogFiles(catalog)
  const pictures = (ns: number[]) => ns.map((n) => ({ name: `import_files/q${n}.jpg`, bytes: picture }))
  const draftsOf = (organizationId: string) =>
    database.db.select().from(productDrafts).where(eq(productDrafts.organizationId, organizationId))
  const lastSession = async () =>
    (await api('GET', '/cabinet/exchange-1c/log', owner.cookie)).json().data[0] as {
      id: string
      status: string
      counts: Record<string, number>
    }

  it('signs 1С in with HTTP Basic and refuses a wrong password, an unknown type and a missing session in 1С’s words', async () => {
    const wrong = standIn('aerotech-1c', 'not-the-password')
    await expect(wrong.checkauth('catalog')).rejects.toThrow(EXCHANGE_MESSAGES.badCredentials)
    const client = standIn()
    expect(await client.request('catalog', 'init')).toBe(`failure\n${EXCHANGE_MESSAGES.noSession}\n`)
    await client.checkauth('catalog')
    expect(await client.init('catalog')).toEqual({ zip: true, fileLimit: 8 * 1024 * 1024 })
    const unknown = await fetch(`${baseUrl}/exchange/1c?type=prices&mode=init`)
    expect(await unknown.text()).toBe(`failure\n${EXCHANGE_MESSAGES.unknownType('prices')}\n`)
    // A session of the catalogue is not one of orders.
    expect(await client.request('sale', 'query')).toBe(`failure\n${EXCHANGE_MESSAGES.noSession}\n`)
    expect(await client.request('catalog', 'import', { filename: 'import.xml' })).toBe(
      `failure\n${EXCHANGE_MESSAGES.fileNotReceived('import.xml')}\n`,
    )
    expect(await client.request('catalog', 'file', { filename: '../etc/passwd', body: new Uint8Array([1]) })).toBe(
      `failure\n${EXCHANGE_MESSAGES.badFileName}\n`,
    )
  })

  it('imports a zipped 2.08 catalogue: unmapped groups wait in drafts, mapped ones go to moderation with their pictures', async () => {
    const goods = [quad(1), quad(2)]
    // Two price types and none chosen: 1С is told to have the vendor choose.
    await expect(standIn().catalog(filesOf(catalogOf(goods)), { pictures: pictures([1, 2]) })).rejects.toThrow(
      EXCHANGE_MESSAGES.choosePriceType(['Розничная', 'Оптовая']),
    )
    let drafts = await draftsOf(vendor.id)
    expect(drafts.map((d) => [d.sku, d.status, d.categorySlug]).sort()).toEqual([
      ['AT-Q1', 'draft', null],
      ['AT-Q2', 'draft', null],
    ])
    expect((await lastSession()).status).toBe('failure')

    // The vendor chooses the price type and maps the group.
    await api('PATCH', '/cabinet/exchange-1c', owner.cookie, { priceType: 'Розничная' })
    const groups = (await api('GET', '/cabinet/exchange-1c/groups', owner.cookie)).json().data
    expect(groups.map((g: { name: string; goods: number }) => [g.name, g.goods])).toEqual([
      ['Квадрокоптеры', 2],
      ['БАС', 0],
      ['Прочее', 0],
    ])
    const notLeaf = await api('PUT', '/cabinet/exchange-1c/groups', owner.cookie, { groups: { 'grp-quads': 'bas' } })
    expect(notLeaf.statusCode).toBe(400)
    const mapped = await api('PUT', '/cabinet/exchange-1c/groups', owner.cookie, {
      groups: { 'grp-quads': 'multirotornye' },
    })
    expect(mapped.statusCode).toBe(200)
    // The goods that waited for the group's category get it at once, and go to moderation complete.
    expect(mapped.json().data.submitted).toBe(2)
    expect((await draftsOf(vendor.id)).map((d) => d.status)).toEqual(['moderation', 'moderation'])

    await standIn().catalog(filesOf(catalogOf(goods)), { pictures: pictures([1, 2]) })
    drafts = await draftsOf(vendor.id)
    expect(drafts).toHaveLength(2)
    for (const draft of drafts) {
      expect(draft.status).toBe('moderation')
      expect(draft.categorySlug).toBe('multirotornye')
      expect(draft.images).toHaveLength(1)
      expect(draft.specs).toMatchObject({ max_takeoff_weight: 2.4, flight_time: 40 })
    }
    const q2 = drafts.find((d) => d.sku === 'AT-Q2')!
    expect(q2.priceKopecks).toBe(102_000_00)
    expect(q2.stockQuantity).toBe(3)
    const session = await lastSession()
    expect(session.status).toBe('success')
    // The goods as they were (filed already), their prices and stock new.
    expect(session.counts).toMatchObject({ updated: 2, unchanged: 2, errors: 0 })
  })

  it('updates prices and stock of products on sale at once from 2.10’s prices.xml and rests.xml, visible in search', async () => {
    const staff = await createTestUser(database.db, { isStaff: true })
    for (const draft of await draftsOf(vendor.id))
      expect((await api('POST', `/staff/products/${draft.id}/approve`, staff.cookie)).statusCode).toBe(200)
    const changed = [quad(1, { prices: { 'pt-retail': '99999.90' }, stock: { 'wh-msk': 0, 'wh-ekb': 7 } }), quad(2)]
    await standIn().catalog(filesOf(catalogOf(changed, { version: '2.10', changesOnly: true })))
    const q1 = (await draftsOf(vendor.id)).find((d) => d.sku === 'AT-Q1')!
    expect(q1.status).toBe('approved')
    const [live] = await database.db.select().from(catalogProducts).where(eq(catalogProducts.id, q1.id))
    expect(live).toMatchObject({ priceKopecks: 99_999_90, stockQuantity: 7, status: 'published' })
    const found = await app.inject({
      method: 'GET',
      url: `/api/v1/catalog/products?category=multirotornye&q=${encodeURIComponent('Аэротех Q1')}`,
    })
    expect(found.statusCode).toBe(200)
    const item = found.json().data.items.find((i: { title: string }) => i.title === 'Квадрокоптер Аэротех Q1')
    expect(JSON.stringify(item)).toContain('9999990')
  })

  it('matches goods by their 1С id first, then by article: a renamed article keeps its product', async () => {
    await standIn().catalog(filesOf(catalogOf([quad(1, { article: 'AT-Q1-NEW' }), quad(2)])), {
      pictures: pictures([1, 2]),
    })
    const drafts = await draftsOf(vendor.id)
    expect(drafts.map((d) => d.sku).sort()).toEqual(['AT-Q1-NEW', 'AT-Q2'])
    // An edit of an approved product is a new version for staff, the catalogue keeps the approved one.
    const q1 = drafts.find((d) => d.sku === 'AT-Q1-NEW')!
    expect(q1.status).toBe('moderation')
    const links = await database.db.select().from(exchange1cGoods).where(eq(exchange1cGoods.organizationId, vendor.id))
    expect(links.find((l) => l.externalId === quad(1).id)?.productId).toBe(q1.id)

    // A product the vendor made in the cabinet before the exchange is found by its article, then linked.
    const made = await api('POST', '/cabinet/products', owner.cookie, {
      sku: 'at-q5',
      title: 'Квадрокоптер из кабинета',
    })
    expect(made.statusCode).toBe(201)
    await standIn().catalog(filesOf(catalogOf([quad(5)], { changesOnly: true })), { pictures: pictures([5]) })
    const after = await draftsOf(vendor.id)
    expect(after.filter((d) => d.sku.toLowerCase() === 'at-q5')).toHaveLength(1)
    const q5 = after.find((d) => d.id === made.json().data.id)!
    expect(q5).toMatchObject({ sku: 'AT-Q5', title: 'Квадрокоптер Аэротех Q5', categorySlug: 'multirotornye' })
    const linked = await database.db
      .select()
      .from(exchange1cGoods)
      .where(eq(exchange1cGoods.externalId, quad(5).id))
    expect(linked.map((l) => l.productId)).toEqual([q5.id])
  })

  it('refuses a broken zip, malformed XML, entities and an unknown price type with reasons 1С shows', async () => {
    const client = standIn()
    await client.checkauth('catalog')
    await client.request('catalog', 'file', {
      filename: 'exchange.zip',
      body: new Uint8Array([0x50, 0x4b, 3, 4, 9, 9]),
    })
    expect(await client.request('catalog', 'import', { filename: 'import.xml' })).toMatch(/^progress\n/)
    await app.services.jobs.runUntilIdle()
    const answer = await client.request('catalog', 'import', { filename: 'import.xml' })
    expect(answer).toMatch(/^failure\nАрхив повреждён или передан не полностью/)

    const cases: [string, RegExp][] = [
      ['<КоммерческаяИнформация><Каталог><Товары></Каталог>', /^failure\nСтрока 1: файл повреждён/],
      [
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><КоммерческаяИнформация>&e;</КоммерческаяИнформация>',
        /^failure\nФайл содержит объявление DOCTYPE/,
      ],
    ]
    for (const [xml, expected] of cases) {
      const bad = standIn()
      await bad.checkauth('catalog')
      await bad.request('catalog', 'file', { filename: 'import.xml', body: new TextEncoder().encode(xml) })
      await bad.request('catalog', 'import', { filename: 'import.xml' })
      await app.services.jobs.runUntilIdle()
      expect(await bad.request('catalog', 'import', { filename: 'import.xml' })).toMatch(expected)
    }

    await api('PATCH', '/cabinet/exchange-1c', owner.cookie, { priceType: 'Мелкооптовая' })
    await expect(standIn().catalog(filesOf(catalogOf([quad(2)])), { zip: false })).rejects.toThrow(
      EXCHANGE_MESSAGES.wrongPriceType('Мелкооптовая', ['Розничная', 'Оптовая']),
    )
    await api('PATCH', '/cabinet/exchange-1c', owner.cookie, { priceType: 'Розничная' })
  })

  it('takes a file sent in parts in order, and a session sees only its own organization’s files', async () => {
    const other = await createTestVendor(database.db, { name: 'Другой', slug: 'onec-other' })
    const otherOwner = await createMember(database.db, other.id, 'owner')
    const otherPassword = (
      await api('POST', '/cabinet/exchange-1c/password', otherOwner.cookie, { login: 'other-1c' })
    ).json().data.password
    // The login is one organization's.
    const taken = await api('POST', '/cabinet/exchange-1c/password', otherOwner.cookie, { login: 'AEROTECH-1C' })
    expect(taken.statusCode).toBe(409)

    const mine = standIn()
    await mine.checkauth('catalog')
    const text = [...catalogFiles(catalogOf([quad(3)]))[0]!.text()].join('')
    const bytes = new TextEncoder().encode(text)
    const third = Math.ceil(bytes.length / 3)
    for (let at = 0; at < bytes.length; at += third)
      expect(
        await mine.request('catalog', 'file', { filename: 'import.xml', body: bytes.subarray(at, at + third) }),
      ).toBe('success\n')
    const theirs = standIn('other-1c', otherPassword)
    await theirs.checkauth('catalog')
    expect(await theirs.request('catalog', 'import', { filename: 'import.xml' })).toBe(
      `failure\n${EXCHANGE_MESSAGES.fileNotReceived('import.xml')}\n`,
    )
    await mine.request('catalog', 'import', { filename: 'import.xml' })
    await app.services.jobs.runUntilIdle()
    expect(await mine.request('catalog', 'import', { filename: 'import.xml' })).toBe('success\n')
    expect((await draftsOf(vendor.id)).map((d) => d.sku)).toContain('AT-Q3')
    expect(await draftsOf(other.id)).toHaveLength(0)
    // The other organization's log does not list this one's sessions.
    const theirLog = (await api('GET', '/cabinet/exchange-1c/log', otherOwner.cookie)).json().data
    const mineLog = await lastSession()
    expect(theirLog.map((s: { id: string }) => s.id)).not.toContain(mineLog.id)
    expect((await api('GET', `/cabinet/exchange-1c/log/${mineLog.id}`, otherOwner.cookie)).statusCode).toBe(404)

    // Once 1С is done with a session (no request for the idle time), its parts go; the log keeps names and sizes.
    const blobs = app.modules.files.blobs
    const first = () => blobs.get('exchange1c', `${mineLog.id}/f0/p0`)
    expect((await first()).length).toBeGreaterThan(0)
    await removeOldFiles(database.db, blobs, vendor.id, new Date(Date.now() + 3 * 60 * 60_000))
    await expect(first()).rejects.toThrow()
    const kept = (await api('GET', `/cabinet/exchange-1c/log/${mineLog.id}`, owner.cookie)).json().data
    expect(kept.files).toEqual([{ name: 'import.xml', bytes: bytes.length }])

    // A part that comes after the import began is out of order: refused, the import goes on with what came before.
    const late = standIn()
    await late.checkauth('catalog')
    await late.request('catalog', 'file', { filename: 'import.xml', body: bytes.subarray(0, third) })
    expect(await late.request('catalog', 'import', { filename: 'import.xml' })).toMatch(/^progress\n/)
    expect(await late.request('catalog', 'file', { filename: 'import.xml', body: bytes.subarray(third) })).toBe(
      `failure\n${EXCHANGE_MESSAGES.partAfterImport('import.xml')}\n`,
    )
    await app.services.jobs.runUntilIdle()
    // Cut off mid-way: mid-character or mid-element, either way a reason 1С shows.
    expect(await late.request('catalog', 'import', { filename: 'import.xml' })).toMatch(
      /^failure\n(Строка \d+: файл повреждён|Файл не читается в кодировке UTF-8)/,
    )
  })

  it('turning the exchange off ends its sessions and the password', async () => {
    const client = standIn()
    await client.checkauth('catalog')
    expect((await api('DELETE', '/cabinet/exchange-1c/password', owner.cookie)).json().data.enabled).toBe(false)
    expect(await client.request('catalog', 'init')).toBe(`failure\n${EXCHANGE_MESSAGES.noSession}\n`)
    await expect(standIn().checkauth('catalog')).rejects.toThrow(EXCHANGE_MESSAGES.badCredentials)
    const again = await api('POST', '/cabinet/exchange-1c/password', owner.cookie, {})
    expect(again.json().data.login).toBe('aerotech-1c')
    password = again.json().data.password
    const [open] = await database.db
      .select()
      .from(exchange1cSessions)
      .where(and(eq(exchange1cSessions.organizationId, vendor.id), eq(exchange1cSessions.status, 'open')))
    expect(open).toBeUndefined()
  })

  it('sends new orders to 1С once, takes back payment and shipment «из 1С», and reports a move the order cannot make', async () => {
    await giveInvoiceDetails(database.db, vendor.id)
    const offer = await createOffer(database.db, vendor.id, {
      title: 'Аккумулятор Аэротех 6S',
      priceKopecks: 30_000_00,
    })
    const buyerOrg = await createTestBuyer(database.db, { name: 'Агрофирма Рассвет', slug: 'onec-buyer' })
    const buyer = await createMember(database.db, buyerOrg.id, 'owner')
    await api('POST', '/cart/items', buyer.cookie, { productId: offer.id, quantity: 2 })
    const placed = await api('POST', '/checkout', buyer.cookie, {
      checkoutKey: randomUUID(),
      payerOrganizationId: buyerOrg.id,
      deliveryMethod: 'carrier',
      address: '420000, г. Казань, ул. Баумана, д. 1',
      carrier: 'СДЭК',
      contactName: 'Вера Покупатель',
      contactPhone: '+7 (912) 345-67-89',
      expectedTotalKopecks: 60_000_00,
    })
    expect(placed.statusCode).toBe(201)
    const { number, id } = placed.json().data.orders[0] as { number: string; id: string }

    const orders = await standIn().sale()
    expect(orders).toContain(`<Номер>${number}</Номер>`)
    expect(orders).toContain('<ХозОперация>Заказ товара</ХозОперация>')
    expect(orders).toContain('<Наименование>ООО «Агрофирма Рассвет»</Наименование>')
    expect(orders).toContain('<ЦенаЗаЕдиницу>30000.00</ЦенаЗаЕдиницу>')
    // Sent and confirmed: not sent again until it changes.
    expect(await standIn().sale()).not.toContain('<Документ>')

    const sale = (path: string, body: object = {}) => api('POST', `/orders/sale/${number}/${path}`, owner.cookie, body)
    expect((await sale('confirm')).statusCode).toBe(200)
    const paidAndShipped = orderChangesXml([{ id, number, paid: true, shipped: 'РН-000017' }])
    const confirmedAgain = await standIn().sale(paidAndShipped)
    expect(confirmedAgain).toContain(`<Номер>${number}</Номер>`)
    const order = (await api('GET', `/orders/sale/${number}`, owner.cookie)).json().data
    expect(order.status).toBe('shipped')
    expect(JSON.stringify(order)).toContain('"trackingNumber":"РН-000017"')
    expect(order.history.filter((h: { comment: string | null }) => h.comment === 'из 1С')).toHaveLength(2)

    // A shipped order cannot be cancelled: 1С's change is reported, the order stays.
    await standIn().sale(orderChangesXml([{ id, number, cancelled: 'Покупатель отказался' }]))
    expect((await api('GET', `/orders/sale/${number}`, owner.cookie)).json().data.status).toBe('shipped')
    const session = await lastSession()
    const entry = (await api('GET', `/cabinet/exchange-1c/log/${session.id}`, owner.cookie)).json().data
    expect(entry.errors[0].message).toMatch(new RegExp(`^Заказ № ${number}: .*отменить`, 'i'))
    // A number that is not this seller's order is not found, like a missing one.
    await standIn().sale(orderChangesXml([{ id: randomUUID(), number: '2612-99999', paid: true }]))
    const missing = (await api('GET', `/cabinet/exchange-1c/log/${(await lastSession()).id}`, owner.cookie)).json().data
    expect(missing.errors[0].message).toMatch(/^Заказ № 2612-99999: /)
  })

  it('a full catalogue takes off sale what 1С no longer has, when the vendor allows it, and nothing else', async () => {
    const published = async () =>
      (await draftsOf(vendor.id)).filter((d) => d.published).map((d) => d.sku.replace(/-NEW$/, ''))
    const before = await published()
    expect(before).toEqual(expect.arrayContaining(['AT-Q1', 'AT-Q2']))
    // Not allowed yet: a full catalogue without Q1 leaves it on sale.
    await standIn().catalog(filesOf(catalogOf([quad(2), quad(3)])), { pictures: pictures([2, 3]) })
    expect(await published()).toEqual(before)
    await api('PATCH', '/cabinet/exchange-1c', owner.cookie, { takeOffMissing: true })
    // Changes only: nothing is missing from a list of changes.
    await standIn().catalog(filesOf(catalogOf([quad(2)], { changesOnly: true })))
    expect(await published()).toEqual(before)
    await standIn().catalog(filesOf(catalogOf([quad(2), quad(3)])), { pictures: pictures([2, 3]) })
    const after = await published()
    expect(after).not.toContain('AT-Q1')
    // What 1С still lists stays, and so do goods that never came from 1С (the battery on sale).
    expect(after).toContain('AT-Q2')
    expect(after.length).toBe(before.length - 1)
  })
})
