import { randomUUID } from 'node:crypto'
import { XMLParser } from 'fast-xml-parser'
import iconv from 'iconv-lite'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { PRODUCT_ORIGIN_MESSAGES } from '#common/product-origin.ts'
import { REGISTRY_MESSAGES, type RegistryItem } from '#common/documents.ts'
import { moscowToday } from '#common/moscow-days.ts'
import { unzipSync } from 'fflate'
import { ORDER_MESSAGES } from '#common/orders.ts'
import { systemCtx, withDb } from '../../context.ts'
import type { Database } from '../../db/client.ts'
import { readPdf } from '../../documents/testing.ts'
import { sampleUpd } from '../../documents/fixtures.ts'
import { BACKENDS } from '../../testing/database.ts'
import { useTestApp } from '../../testing/app.ts'
import { createOffer } from '../orders/orders.testing.ts'
import { apiClient } from '../organizations/organizations.testing.ts'
import { organizations } from '../organizations/organizations.table.ts'
import {
  TEST_DOCUMENT_SETTINGS,
  createTestBuyer,
  createTestVendor,
  giveInvoiceDetails,
} from '../organizations/vendors.testing.ts'
import { createMember } from '../products/products.testing.ts'
import { emailAttachments, emailOutbox } from '../mail/mail.table.ts'
import { closingDocuments } from './documents.table.ts'

describe.each(BACKENDS)('closing documents on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  type Member = { id: string; cookie: string; email: string }
  let seller: Member
  let buyer: Member
  let stranger: Member
  let vendor: { id: string; name: string }
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
    vendor = await createTestVendor(db, { name: 'Документы', slug: 'docs-vendor' })
    await giveInvoiceDetails(db, vendor.id)
    seller = await createMember(db, vendor.id, 'owner', 'Олег Продавец')
    buyerOrg = await createTestBuyer(db, { name: 'Покупатель УПД', slug: 'docs-buyer' })
    buyer = await createMember(db, buyerOrg.id, 'owner', 'Вера Покупатель')
    const strangerOrg = await createTestBuyer(db, { name: 'Посторонние', slug: 'docs-stranger' })
    stranger = await createMember(db, strangerOrg.id)
    drone = await createOffer(db, vendor.id, { title: 'Квадрокоптер УПД-1', priceKopecks: 122_000_00, weightKg: 12 })
    battery = await createOffer(db, vendor.id, { title: 'Аккумулятор УПД', priceKopecks: 11_000_00, vatRate: '10' })
  })

  /** An order of the drone and two batteries, confirmed and paid: ready to ship. */
  async function paidOrder(): Promise<{ number: string; droneLine: string }> {
    await api('POST', '/cart/items', buyer.cookie, { productId: drone.id, quantity: 1 })
    await api('POST', '/cart/items', buyer.cookie, { productId: battery.id, quantity: 2 })
    const placed = await api('POST', '/checkout', buyer.cookie, {
      checkoutKey: randomUUID(),
      payerOrganizationId: buyerOrg.id,
      deliveryMethod: 'carrier',
      address: '420000, г. Казань, ул. Баумана, д. 1',
      carrier: 'СДЭК',
      contactName: 'Вера Покупатель',
      contactPhone: '+7 (912) 345-67-89',
      expectedTotalKopecks: 144_000_00,
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const number = placed.json().data.orders[0].number as string
    const confirmed = await api('POST', `/orders/sale/${number}/confirm`, seller.cookie, {})
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    await api('POST', `/orders/sale/${number}/mark-paid`, seller.cookie, {})
    const lines = confirmed.json().data.lines as { id: string; title: string }[]
    return { number, droneLine: lines.find((l) => l.title === drone.title)!.id }
  }

  it('keeps the country of origin and customs declaration of an offer, checked by field', async () => {
    const path = `/cabinet/products/${battery.id}/origin`
    const bad = await api('PUT', path, seller.cookie, { countryCode: '999', customsDeclaration: '123' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({
      countryCode: PRODUCT_ORIGIN_MESSAGES.country,
      customsDeclaration: PRODUCT_ORIGIN_MESSAGES.declaration,
    })
    const russian = await api('PUT', path, seller.cookie, { countryCode: '643', customsDeclaration: '' })
    expect(russian.json().error.fields.countryCode).toBe(PRODUCT_ORIGIN_MESSAGES.russia)
    const noCountry = await api('PUT', path, seller.cookie, {
      countryCode: '',
      customsDeclaration: '10702070/151026/5012345',
    })
    expect(noCountry.json().error.fields.countryCode).toBe(PRODUCT_ORIGIN_MESSAGES.declarationWithoutCountry)
    // Another organization's product is not found.
    expect((await api('PUT', path, buyer.cookie, { countryCode: '156' })).statusCode).toBe(403)
    const saved = await api('PUT', path, seller.cookie, {
      countryCode: '156',
      customsDeclaration: ' 10702070/151026/5012345/2 ',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toEqual({ countryCode: '156', customsDeclaration: '10702070/151026/5012345/2' })
    expect((await api('GET', path, seller.cookie)).json().data.countryCode).toBe('156')
  })

  it('issues the УПД on shipping, numbered for the year, for both sides and nobody else', async () => {
    const { number, droneLine } = await paidOrder()
    const upd = (side: string, cookie: string) => api('GET', `/orders/${side}/${number}/documents/upd.pdf`, cookie)
    const early = await upd('sale', seller.cookie)
    expect(early.statusCode).toBe(404)
    expect(early.json().error.message).toBe(ORDER_MESSAGES.noDocument)

    const shipped = await api('POST', `/orders/sale/${number}/ship`, seller.cookie, {
      trackingNumber: '1234567890',
      serials: [{ lineId: droneLine, numbers: ['UPD-SN-77'] }],
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    const [row] = await database.db
      .select()
      .from(closingDocuments)
      .where(and(eq(closingDocuments.orderNumber, number), eq(closingDocuments.kind, 'upd')))
    const link = shipped.json().data.documents.find((d: { kind: string }) => d.kind === 'upd')
    expect(link).toEqual({
      kind: 'upd',
      title: `УПД № ${row!.number} от ${row!.date.split('-').reverse().join('.')}`,
      href: `/api/v1/orders/sale/${number}/documents/upd.pdf`,
    })
    // The buyer's members hear of the shipment with the УПД's links; the seller, who shipped, does not.
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order_shipped'))
    const told = mails.filter((m) => m.text.includes(number))
    expect(told.map((m) => m.to)).toEqual([buyer.email])
    expect(told[0]!.text).toContain(`УПД № ${row!.number} от ${row!.date.split('-').reverse().join('.')}`)
    expect(told[0]!.text).toContain(`/api/v1/orders/purchase/${number}/documents/upd.pdf`)
    expect(told[0]!.text).toContain(`/api/v1/orders/purchase/${number}/documents/upd.xml`)
    // The УПД itself comes with it: the PDF for print and the XML for the exchange operator.
    const files = await database.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, told[0]!.id))
    expect(files.map((f) => [f.filename.slice(0, 14), f.contentType])).toEqual([
      [`upd-${row!.number}-${row!.date}`.slice(0, 14), 'application/pdf'],
      ['ON_NSCHFDOPPR_', 'application/xml; charset=windows-1251'],
    ])
    expect(Buffer.from(files[0]!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
    const bought = await api('GET', `/orders/purchase/${number}`, buyer.cookie)
    expect(bought.json().data.documents.map((d: { kind: string }) => d.kind)).toContain('upd')

    for (const [side, cookie] of [
      ['sale', seller.cookie],
      ['purchase', buyer.cookie],
    ] as const) {
      const answer = await upd(side, cookie)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('application/pdf')
      expect(answer.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="upd-${row!.number}-${row!.date}\\.pdf"`),
      )
      const pdf = await readPdf(answer.rawPayload)
      expect(pdf.text).toContain('Статус: 1')
      expect(pdf.text).toContain(`Счет-фактура № ${row!.number} от`)
      expect(pdf.text).toContain('Покупатель УПД')
      expect(pdf.text).toContain('Грузополучатель и его адрес:')
      expect(pdf.text).toContain('420000, г. Казань, ул. Баумана, д. 1')
      expect(pdf.text).toContain(`Заказ № ${number} от`)
      expect(pdf.text).toContain(`Счет на оплату № ${number} от`)
      expect(pdf.text).toContain('СДЭК, трек-номер 1234567890')
      expect(pdf.text).toContain('Серийные номера: UPD-SN-77')
      // The drone at 22 %: 122 000,00 with VAT, 100 000,00 without; the batteries at 10 %, from China.
      expect(pdf.squashed).toContain('796шт1100000,00100000,00безакциза22%22000,00122000,00')
      expect(pdf.squashed).toContain(
        '796шт210000,0020000,00безакциза10%2000,0022000,00156Китай10702070/151026/5012345/2',
      )
      expect(pdf.squashed).toContain('120000,00XX24000,00144000,00')
      expect(pdf.text).toContain('Тестов П. И.')
      expect(pdf.text).toContain('Счётова А. П.')
      expect(pdf.text).toContain('Генеральный директор')
    }
    // Anyone else, or the wrong side, finds nothing.
    expect((await upd('purchase', stranger.cookie)).statusCode).toBe(404)
    expect((await upd('sale', buyer.cookie)).statusCode).toBe(404)
    expect((await upd('purchase', seller.cookie)).statusCode).toBe(404)
    expect((await api('GET', `/orders/purchase/${number}/documents/upd.pdf`)).statusCode).toBe(404)
  })

  it('serves the same УПД as the format 5.03 XML, element by element the order', async () => {
    const { number, droneLine } = await paidOrder()
    await api('POST', `/orders/sale/${number}/ship`, seller.cookie, {
      trackingNumber: 'XML-42',
      serials: [{ lineId: droneLine, numbers: ['XML-SN-1'] }],
    })
    const order = (await api('GET', `/orders/purchase/${number}`, buyer.cookie)).json().data
    expect(order.documents.find((d: { kind: string }) => d.kind === 'upd-xml').href).toBe(
      `/api/v1/orders/purchase/${number}/documents/upd.xml`,
    )
    const answer = await api('GET', `/orders/purchase/${number}/documents/upd.xml`, buyer.cookie)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/xml; charset=windows-1251')
    const filename = /filename="([^"]+)"/.exec(String(answer.headers['content-disposition']))![1]!
    expect(filename).toMatch(/^ON_NSCHFDOPPR_\d{19}_\d{19}_\d{8}_[0-9a-f-]{36}_0_0_0_0_0_00\.xml$/)
    const text = iconv.decode(answer.rawPayload, 'win1251')
    expect(text.startsWith('<?xml version="1.0" encoding="windows-1251"?>')).toBe(true)
    const xml = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseAttributeValue: false,
      parseTagValue: false,
      isArray: (name) => ['СведТов', 'ОснПер'].includes(name),
    }).parse(text).Файл
    expect(xml.ИдФайл).toBe(filename.replace(/\.xml$/, ''))
    expect(xml.ВерсФорм).toBe('5.03')
    const [row] = await database.db
      .select()
      .from(closingDocuments)
      .where(and(eq(closingDocuments.orderNumber, number), eq(closingDocuments.kind, 'upd')))
    const document = xml.Документ
    expect(document).toMatchObject({ КНД: '1115131', Функция: 'СЧФДОП' })
    expect(document.СвСчФакт).toMatchObject({
      НомерДок: row!.number,
      ДатаДок: row!.date.split('-').reverse().join('.'),
    })
    expect(document.СвСчФакт.СвПрод.ИдСв.СвЮЛУч).toMatchObject({
      НаимОрг: order.sellerParty.fullName,
      ИННЮЛ: order.sellerParty.inn,
    })
    expect(document.СвСчФакт.СвПокуп.ИдСв.СвЮЛУч).toMatchObject({
      НаимОрг: order.buyerParty.fullName,
      ИННЮЛ: order.buyerParty.inn,
    })
    expect(document.СвСчФакт.ГрузПолуч.Адрес.АдрИнф.АдрТекст).toBe('420000, г. Казань, ул. Баумана, д. 1')
    const lines = document.ТаблСчФакт.СведТов
    expect(lines).toHaveLength(order.lines.length)
    const money = (kopecks: number) => (kopecks / 100).toFixed(2)
    order.lines.forEach(
      (
        line: { title: string; quantity: number; amountKopecks: number; vatKopecks: number; vatRate: string },
        i: number,
      ) => {
        expect(lines[i]).toMatchObject({
          НомСтр: String(i + 1),
          НаимТов: line.title,
          ОКЕИ_Тов: '796',
          НаимЕдИзм: 'шт',
          КолТов: String(line.quantity),
          СтТовБезНДС: money(line.amountKopecks - line.vatKopecks),
          НалСт: `${line.vatRate}%`,
          СтТовУчНал: money(line.amountKopecks),
          СумНал: { СумНал: money(line.vatKopecks) },
        })
      },
    )
    const battery = lines.find((l: { НаимТов: string }) => l.НаимТов === 'Аккумулятор УПД')
    expect(battery.СвДТ).toEqual({ КодПроисх: '156', НомерДТ: '10702070/151026/5012345/2' })
    expect(lines.find((l: { НаимТов: string }) => l.НаимТов === drone.title).ИнфПолФХЖ2.Значен).toBe('XML-SN-1')
    expect(document.ТаблСчФакт.ВсегоОпл).toEqual({
      СтТовБезНДСВсего: money(order.totalKopecks - order.vatKopecks),
      СтТовУчНалВсего: money(order.totalKopecks),
      КолНеттоВс: '3',
      СумНалВсего: { СумНал: money(order.vatKopecks) },
    })
    expect(document.СвПродПер.СвПер.ОснПер[0]).toMatchObject({ РеквНаимДок: 'Заказ', РеквНомерДок: number })
    expect(document.СвПродПер.СвПер.Тран.СвТран).toBe('СДЭК, трек-номер XML-42')
    expect(document.Подписант).toMatchObject({
      Должн: 'Генеральный директор',
      ФИО: { Фамилия: 'Тестов', Имя: 'Пётр', Отчество: 'Иванович' },
    })
    // The seller downloads the same bytes; nobody else gets any.
    const sold = await api('GET', `/orders/sale/${number}/documents/upd.xml`, seller.cookie)
    expect(sold.rawPayload.equals(answer.rawPayload)).toBe(true)
    expect((await api('GET', `/orders/purchase/${number}/documents/upd.xml`, stranger.cookie)).statusCode).toBe(404)
    expect((await api('GET', `/orders/sale/${number}/documents/upd.xml`, buyer.cookie)).statusCode).toBe(404)
  })

  it('prints status 2 for a seller that is not a VAT payer', async () => {
    await database.db
      .update(organizations)
      .set({ documentSettings: { ...TEST_DOCUMENT_SETTINGS, vatStatus: 'none' } })
      .where(eq(organizations.id, vendor.id))
    const { number, droneLine } = await paidOrder()
    await api('POST', `/orders/sale/${number}/ship`, seller.cookie, {
      trackingNumber: '555',
      serials: [{ lineId: droneLine, numbers: ['UPD-SN-78'] }],
    })
    const pdf = await readPdf((await api('GET', `/orders/sale/${number}/documents/upd.pdf`, seller.cookie)).rawPayload)
    expect(pdf.text).toContain('Статус: 2')
    await giveInvoiceDetails(database.db, vendor.id)
  })

  it('lists the organization’s invoices and УПД in its registry, filtered, with the period’s totals', async () => {
    const registry = (cookie: string, query = '') => api('GET', `/documents${query}`, cookie)
    const sold = await registry(seller.cookie, '?direction=sale')
    expect(sold.statusCode, sold.body).toBe(200)
    const items = sold.json().data as RegistryItem[]
    expect(items.length).toBeGreaterThanOrEqual(6)
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(['invoice', 'upd']))
    expect(items.every((i) => i.direction === 'sale' && i.counterparty.name.includes('Покупатель УПД'))).toBe(true)
    const upd = items.find((i) => i.kind === 'upd')!
    expect(upd.files.map((f) => f.format)).toEqual(['pdf', 'xml'])
    expect((await api('GET', upd.files[1]!.href.replace('/api/v1', ''), seller.cookie)).statusCode).toBe(200)
    // Every order here was paid before it shipped: its invoice says so.
    const invoices = items.filter((i) => i.kind === 'invoice')
    expect(invoices.every((i) => i.state === 'paid')).toBe(true)
    const totals = sold.json().totals
    expect(totals.sale).toEqual({
      count: items.length,
      totalKopecks: items.reduce((sum, i) => sum + i.totalKopecks, 0),
      vatKopecks: items.reduce((sum, i) => sum + i.vatKopecks, 0),
    })
    expect(totals.purchase).toEqual({ count: 0, totalKopecks: 0, vatKopecks: 0 })

    // Filters: kind, state, counterparty by name or ИНН, the period.
    const onlyUpd = (await registry(seller.cookie, '?kind=upd')).json().data as RegistryItem[]
    expect(onlyUpd.length).toBe(items.filter((i) => i.kind === 'upd').length)
    expect((await registry(seller.cookie, '?state=issued&kind=invoice')).json().data).toEqual([])
    const byInn = (await registry(seller.cookie, `?counterparty=${upd.counterparty.inn}`)).json().data
    expect(byInn).toHaveLength(items.length)
    expect((await registry(seller.cookie, `?counterparty=${encodeURIComponent('Посторонние')}`)).json().data).toEqual(
      [],
    )
    expect((await registry(seller.cookie, '?to=2000-01-31')).json().data).toEqual([])
    const period = await registry(seller.cookie, '?from=2026-12-31&to=2026-01-01')
    expect(period.statusCode).toBe(400)
    expect(period.json().error.fields.to).toBe(REGISTRY_MESSAGES.period)
    expect((await registry(seller.cookie, '?kind=letter')).statusCode).toBe(400)

    // The buyer sees the same documents as received; a stranger sees none of them.
    const received = (await registry(buyer.cookie)).json()
    expect(received.data.every((i: RegistryItem) => i.direction === 'purchase')).toBe(true)
    expect(received.totals.purchase.count).toBe(items.length)
    expect(received.data[0].files[0].href).toMatch(/^\/api\/v1\/orders\/purchase\//)
    expect((await registry(stranger.cookie)).json().data).toEqual([])
    expect((await api('GET', '/documents')).statusCode).toBe(401)
  })

  it('gives a month’s documents as one ZIP, PDF and XML by folder, and nobody else’s', async () => {
    const month = moscowToday().slice(0, 7)
    const answer = await api('GET', `/documents/archive.zip?month=${month}`, seller.cookie)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/zip')
    expect(answer.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="documents-${month}\\.zip"`),
    )
    const files = unzipSync(new Uint8Array(answer.rawPayload))
    const names = Object.keys(files)
    const listed = (await api('GET', `/documents?from=${month}-01`, seller.cookie)).json().data as RegistryItem[]
    const pdfs = names.filter((n) => n.endsWith('.pdf'))
    const xmls = names.filter((n) => n.endsWith('.xml'))
    expect(pdfs).toHaveLength(listed.length)
    expect(xmls).toHaveLength(listed.filter((i) => i.kind === 'upd').length)
    expect(names.every((n) => n.startsWith('Выданные/'))).toBe(true)
    expect(names.some((n) => /^Выданные\/Счёт \d{4}-\d{5} от \d{4}-\d\d-\d\d\.pdf$/.test(n))).toBe(true)
    expect(xmls.every((n) => /^Выданные\/ON_NSCHFDOPPR_.+_0_0_0_0_0_00\.xml$/.test(n))).toBe(true)
    for (const name of pdfs) expect(Buffer.from(files[name]!.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const xml = iconv.decode(Buffer.from(files[xmls[0]!]!), 'win1251')
    expect(xml).toContain('ВерсФорм="5.03"')

    const theirs = await api('GET', `/documents/archive.zip?month=${month}`, buyer.cookie)
    expect(Object.keys(unzipSync(new Uint8Array(theirs.rawPayload))).every((n) => n.startsWith('Полученные/'))).toBe(
      true,
    )
    const nothing = await api('GET', `/documents/archive.zip?month=${month}`, stranger.cookie)
    expect(Object.keys(unzipSync(new Uint8Array(nothing.rawPayload)))).toEqual([])
    const bad = await api('GET', '/documents/archive.zip?month=2026-13', seller.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields.month).toBe(REGISTRY_MESSAGES.month)
  })

  it('numbers a seller’s УПД without gaps or repeats under concurrent shipments, from 1 each year', async () => {
    const other = await createTestVendor(database.db, { name: 'Нумерация', slug: 'docs-numbering' })
    const issue = (orderNumber: string, date: string) =>
      database.db.transaction((db) =>
        app.modules.documents.issueUpd(withDb(systemCtx(database.db, { requestId: 'test' }), db), {
          sellerOrganizationId: other.id,
          buyerOrganizationId: buyerOrg.id,
          orderNumber,
          content: { ...sampleUpd(), date },
          signatureFileId: null,
          stampFileId: null,
        }),
      )
    const issued = await Promise.all(Array.from({ length: 12 }, (_, i) => issue(`NUM-${i}`, '2026-12-01')))
    expect(issued.map((d) => Number(d.number)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    )
    // Issuing again for an order answers the document it has.
    expect(await issue('NUM-3', '2026-12-02')).toEqual(issued[3])
    expect((await issue('NUM-NEXT-YEAR', '2027-01-09')).number).toBe('1')
    expect((await issue('NUM-12', '2026-12-31')).number).toBe('13')
  })
})
