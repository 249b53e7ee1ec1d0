import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { PRODUCT_ORIGIN_MESSAGES } from '#common/product-origin.ts'
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
import { closingDocuments } from './documents.table.ts'

describe.each(BACKENDS)('closing documents on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  type Member = { id: string; cookie: string }
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
    const [row] = await database.db.select().from(closingDocuments).where(eq(closingDocuments.orderNumber, number))
    const link = shipped.json().data.documents.find((d: { kind: string }) => d.kind === 'upd')
    expect(link).toEqual({
      kind: 'upd',
      title: `УПД № ${row!.number} от ${row!.date.split('-').reverse().join('.')}`,
      href: `/api/v1/orders/sale/${number}/documents/upd.pdf`,
    })
    const bought = await api('GET', `/orders/purchase/${number}`, buyer.cookie)
    expect(bought.json().data.documents.map((d: { kind: string }) => d.kind)).toContain('upd')

    for (const [side, cookie] of [
      ['sale', seller.cookie],
      ['purchase', buyer.cookie],
    ] as const) {
      const answer = await upd(side, cookie)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('application/pdf')
      expect(answer.headers['content-disposition']).toBe(`attachment; filename="upd-${row!.number}-${row!.date}.pdf"`)
      const pdf = await readPdf(answer.rawPayload)
      expect(pdf.text).toContain('Статус: 1')
      expect(pdf.text).toContain(`Счет-фактура № ${row!.number} от`)
      expect(pdf.text).toContain('Покупатель УПД')
      expect(pdf.text).toContain('Грузополучатель и его адрес:')
      expect(pdf.text).toContain('420000, г. Казань, ул. Баумана, д. 1')
      expect(pdf.text).toContain(`Заказ № ${number} от`)
      expect(pdf.text).toContain(`счёт на оплату № ${number} от`)
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
