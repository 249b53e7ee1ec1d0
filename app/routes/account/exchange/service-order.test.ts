import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { SERVICE_ORDER_MESSAGES } from '#common/exchange/service-orders.ts'
// The service order page's loader and action over the real services and a test database: the
// test builds the load context the server would hand them.
import type { Database } from '#server/db/client.ts'
import { createTestServiceOrder } from '#server/modules/exchange/service-orders/service-orders.testing.ts'
import { ctxFor } from '#server/modules/organizations/organizations.testing.ts'
import { createTestBuyer, createTestVendor, giveInvoiceDetails } from '#server/modules/organizations/vendors.testing.ts'
import { createMember } from '#server/modules/products/products.testing.ts'
import { routeContext } from '#app/lib/load-context.testing.ts'
import { useTestApp } from '#server/testing/app.ts'
import { action, loader } from './service-order.tsx'

type Member = { id: string; cookie: string }
type ActionData = { ok: boolean; message: string; fieldErrors?: Record<string, string>; values?: object }

describe('the service order page over the real services', () => {
  let database: Database
  let app: FastifyInstance
  let customer: Member
  let contractor: Member
  let stranger: Member
  let customerOrg: { id: string; name: string }
  let contractorOrg: { id: string; name: string }

  useTestApp('pglite', async (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    const db = database.db
    customerOrg = await createTestBuyer(db, { name: 'Заря', slug: 'zarya-so-page' })
    customer = await createMember(db, customerOrg.id, 'owner', 'Вера Заказчик')
    contractorOrg = await createTestVendor(db, { name: 'Аэросъёмка', slug: 'aero-so-page' })
    contractor = await createMember(db, contractorOrg.id, 'owner', 'Иван Исполнитель')
    // Handing the result over needs the contractor's signatories: the act is issued on acceptance.
    await giveInvoiceDetails(db, contractorOrg.id)
    const other = await createTestBuyer(db, { name: 'Чужие', slug: 'other-so-page' })
    stranger = await createMember(db, other.id)
  })

  const newOrder = async () =>
    createTestServiceOrder(await ctxFor(database.db, customer), {
      customer: customerOrg,
      contractor: contractorOrg,
      customerUserId: customer.id,
      contractorUserId: contractor.id,
    })
  const pageUrl = (type: string, nr: string) => `http://x/personal-account/service-order/${type}/${nr}`

  async function open(user: Member, type: string, nr: string) {
    const context = await routeContext(app, database, user)
    const args = { request: new Request(pageUrl(type, nr)), context, params: { type, nr } }
    return loader(args as unknown as Parameters<typeof loader>[0])
  }

  async function post(user: Member, type: string, nr: string, fields: Record<string, string>) {
    const request = new Request(pageUrl(type, nr), { method: 'POST', body: new URLSearchParams(fields) })
    const args = { request, context: await routeContext(app, database, user), params: { type, nr } }
    const result = (await action(args as unknown as Parameters<typeof action>[0])) as {
      data: ActionData
      init: { status?: number } | null
    }
    return { ...result.data, status: result.init?.status ?? 200 }
  }

  it('shows each side its order and a stranger or a wrong side the 404 page', async () => {
    const { number } = await newOrder()
    expect(await open(contractor, 'sale', number)).toMatchObject({
      kind: 'order',
      order: { number, status: 'created', actions: ['start', 'cancel'] },
    })
    expect(await open(customer, 'purchase', number)).toMatchObject({ order: { actions: ['cancel'] } })
    await expect(open(customer, 'sale', number)).rejects.toMatchObject({ init: { status: 404 } })
    await expect(open(stranger, 'purchase', number)).rejects.toMatchObject({ init: { status: 404 } })
    await expect(open(contractor, 'gift', number)).rejects.toMatchObject({ init: { status: 404 } })
  })

  it('moves the order through the forms and gives back the Russian refusals with what was typed', async () => {
    const { number } = await newOrder()
    expect(await post(contractor, 'sale', number, { intent: 'start' })).toMatchObject({ ok: true, intent: 'start' })
    expect(await open(contractor, 'sale', number)).toMatchObject({ order: { status: 'in_progress' } })
    expect(await post(contractor, 'sale', number, { intent: 'submitResult', report: ' ' })).toMatchObject({
      ok: false,
      status: 400,
      message: SERVICE_ORDER_MESSAGES.report,
    })
    expect(await post(contractor, 'sale', number, { intent: 'submitResult', report: 'Готово' })).toMatchObject({
      ok: true,
    })
    const rework = await post(customer, 'purchase', number, { intent: 'requestRework', comment: '' })
    expect(rework).toMatchObject({ ok: false, status: 400, values: { comment: '' } })
    expect(await post(customer, 'purchase', number, { intent: 'requestRework', comment: 'Доделать' })).toMatchObject({
      ok: true,
    })
    expect(await post(contractor, 'sale', number, { intent: 'submitResult', report: 'Доделали' })).toMatchObject({
      ok: true,
    })
    expect(await post(customer, 'purchase', number, { intent: 'accept' })).toMatchObject({ ok: true })
    expect(await post(customer, 'purchase', number, { intent: 'review', rating: '', text: 'Хорошо' })).toMatchObject({
      ok: false,
      fieldErrors: { rating: SERVICE_ORDER_MESSAGES.rating },
    })
    expect(await post(customer, 'purchase', number, { intent: 'review', rating: '5', text: 'Хорошо' })).toMatchObject({
      ok: true,
    })
    expect(await open(customer, 'purchase', number)).toMatchObject({
      order: { status: 'completed', canReview: false, reviews: [{ rating: 5 }] },
    })
    // Not a move of this page.
    expect(await post(customer, 'purchase', number, { intent: 'ship' })).toMatchObject({ ok: false, status: 400 })
  })
})
