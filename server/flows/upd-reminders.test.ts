import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, moscowToday } from '#common/moscow-days.ts'
import { ORDER_MESSAGES, type OrderDetails } from '#common/orders.ts'
import type { Database } from '../db/client.ts'
import { jobs } from '../jobs/jobs.table.ts'
import { BACKENDS } from '../testing/database.ts'
import { useTestApp } from '../testing/app.ts'
import { closingDocuments } from '../modules/documents/documents.table.ts'
import { emailAttachments, emailOutbox } from '../modules/mail/mail.table.ts'
import { createOffer } from '../modules/orders/orders.testing.ts'
import { orders } from '../modules/orders/orders.table.ts'
import { apiClient } from '../modules/organizations/organizations.testing.ts'
import { createTestBuyer, createTestVendor, giveInvoiceDetails } from '../modules/organizations/vendors.testing.ts'
import { createMember } from '../modules/products/products.testing.ts'
import { UPD_REMINDER_JOB } from './upd-reminders.ts'

const DAY_MS = 24 * 60 * 60_000

describe.each(BACKENDS)('the УПД of orders shipped without one on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  type Member = { id: string; cookie: string; email: string }
  let seller: Member
  let buyer: Member
  let buyerOrg: { id: string }
  let kit: { id: string }

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  beforeAll(async () => {
    const db = database.db
    const vendor = await createTestVendor(db, { name: 'Без УПД', slug: 'no-upd-vendor' })
    await giveInvoiceDetails(db, vendor.id)
    seller = await createMember(db, vendor.id, 'owner', 'Олег Продавец')
    buyerOrg = await createTestBuyer(db, { name: 'Покупатель без УПД', slug: 'no-upd-buyer' })
    buyer = await createMember(db, buyerOrg.id, 'owner', 'Вера Покупатель')
    kit = await createOffer(db, vendor.id, { title: 'Комплект запчастей', priceKopecks: 5_000_00 })
  })

  async function placed(): Promise<string> {
    await api('POST', '/cart/items', buyer.cookie, { productId: kit.id, quantity: 1 })
    const res = await api('POST', '/checkout', buyer.cookie, {
      checkoutKey: randomUUID(),
      payerOrganizationId: buyerOrg.id,
      deliveryMethod: 'pickup',
      contactName: 'Вера Покупатель',
      contactPhone: '+7 (912) 345-67-89',
      expectedTotalKopecks: 5_000_00,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().data.orders[0].number as string
  }

  /** An order shipped three days ago, as before the platform issued transfer documents: without one. */
  async function shippedWithoutUpd(): Promise<string> {
    const number = await placed()
    await api('POST', `/orders/sale/${number}/confirm`, seller.cookie, {})
    await api('POST', `/orders/sale/${number}/mark-paid`, seller.cookie, {})
    await api('POST', `/orders/sale/${number}/ship`, seller.cookie, { trackingNumber: 'OLD-1' })
    await database.db
      .delete(closingDocuments)
      .where(and(eq(closingDocuments.orderNumber, number), eq(closingDocuments.kind, 'upd')))
    await database.db
      .update(orders)
      .set({ upd: null, shippedAt: new Date(Date.now() - 3 * DAY_MS) })
      .where(eq(orders.number, number))
    return number
  }

  const runReminder = async () => {
    await app.services.flows.updReminders.scheduleToday(database.db)
    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, UPD_REMINDER_JOB))
    await app.services.jobs.runUntilIdle()
  }
  const reminders = async (number: string) =>
    (await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order_upd_missing'))).filter((m) =>
      m.text.includes(number),
    )

  it('reminds the seller each morning of shipped orders without a УПД, until it issues one from the order page', async () => {
    const number = await shippedWithoutUpd()
    const fresh = await placed()
    await runReminder()
    const [mail, ...more] = await reminders(number)
    expect(more).toHaveLength(0)
    expect(mail!.to).toBe(seller.email)
    expect(mail!.subject).toBe('Отгруженные заказы без УПД: 1')
    expect(mail!.text).toContain(`/personal-account/order/sale/${number}`)
    expect(mail!.text).not.toContain(fresh)
    // The run queued the next morning's.
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, UPD_REMINDER_JOB))
    expect(queued.map((j) => j.key).sort()).toEqual([moscowToday(), addDays(moscowToday(), 1)])

    // Only the seller issues it, only for a shipped order.
    expect((await api('POST', `/orders/sale/${number}/documents/upd`, buyer.cookie)).statusCode).toBe(404)
    const early = await api('POST', `/orders/sale/${fresh}/documents/upd`, seller.cookie)
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toBe(ORDER_MESSAGES.updBeforeShipping)
    const issued = await api('POST', `/orders/sale/${number}/documents/upd`, seller.cookie)
    expect(issued.statusCode, issued.body).toBe(200)
    const view = issued.json().data as OrderDetails
    const [row] = await database.db.select().from(orders).where(eq(orders.number, number))
    expect(view.documents.find((d) => d.kind === 'upd')?.href).toBe(`/api/v1/orders/sale/${number}/documents/upd.pdf`)
    expect(row!.upd!.date).toBe(moscowToday(row!.shippedAt!))
    expect(view.history.at(-1)).toMatchObject({ event: 'upd_issued', by: 'seller' })
    // Again: the same document, not another number.
    const again = (await api('POST', `/orders/sale/${number}/documents/upd`, seller.cookie)).json().data
    expect(again.documents).toEqual(view.documents)
    const kept = await database.db
      .select()
      .from(closingDocuments)
      .where(and(eq(closingDocuments.orderNumber, number), eq(closingDocuments.kind, 'upd')))
    expect(kept).toHaveLength(1)
    expect((await api('GET', `/orders/purchase/${number}/documents/upd.xml`, buyer.cookie)).statusCode).toBe(200)
    // The buyer hears of it with the links.
    const told = (await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order_upd_issued'))).filter(
      (m) => m.text.includes(number),
    )
    expect(told.map((m) => m.to)).toEqual([buyer.email])
    expect(told[0]!.text).toContain(`/api/v1/orders/purchase/${number}/documents/upd.xml`)
    const files = await database.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, told[0]!.id))
    expect(files.map((f) => f.contentType)).toEqual(['application/pdf', 'application/xml; charset=windows-1251'])

    // The next morning: nothing more about it.
    await database.db.delete(jobs).where(eq(jobs.kind, UPD_REMINDER_JOB))
    await runReminder()
    expect(await reminders(number)).toHaveLength(1)
  })
})
