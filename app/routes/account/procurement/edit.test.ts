import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
// The request form's loader and action, and the list's loader, over the real services and a test
// database: the test builds the load context the server would hand them.
import { routeContext } from '#app/lib/load-context.testing.ts'
import type { Database } from '#server/db/client.ts'
import { createOffer } from '#server/modules/orders/orders.testing.ts'
import { apiClient } from '#server/modules/organizations/organizations.testing.ts'
import { createTestBuyer, createTestVendor } from '#server/modules/organizations/vendors.testing.ts'
import { createMember } from '#server/modules/products/products.testing.ts'
import { useTestApp } from '#server/testing/app.ts'
import { loader as listLoader } from './list.tsx'
import { action, loader } from './edit.tsx'

type Member = { id: string; cookie: string }

describe('the request for offers form and list', () => {
  let database: Database
  let app: FastifyInstance
  let buyer: Member
  let seller: Member
  let vendorId: string
  let drone: { id: string; title: string }
  let battery: { id: string; title: string }

  useTestApp('pglite', async (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    const db = database.db
    const buyerOrg = await createTestBuyer(db, { name: 'Лесхоз', slug: 'kp-form-buyer' })
    buyer = await createMember(db, buyerOrg.id)
    const vendor = await createTestVendor(db, { name: 'Дроны Юга', slug: 'kp-form-vendor' })
    vendorId = vendor.id
    seller = await createMember(db, vendor.id)
    drone = await createOffer(db, vendor.id, { title: 'Квадрокоптер лесной', priceKopecks: 300_000_00 })
    battery = await createOffer(db, vendor.id, { title: 'Аккумулятор', priceKopecks: 20_000_00 })
  })

  const args = async (user: Member, path: string, init?: RequestInit, params: object = {}) =>
    ({
      request: new Request(`http://x${path}`, init),
      context: await routeContext(app, database, user),
      params,
    }) as never

  it('starts a new request from a product, or from the cart with its quantities, with the seller ticked', async () => {
    const fromProduct = await loader(await args(buyer, `/personal-account/procurement/new?product=${drone.id}`))
    expect(fromProduct).toMatchObject({
      kind: 'form',
      values: { title: drone.title, items: [{ productId: drone.id, quantity: 1 }], recipients: [vendorId] },
    })
    const api = apiClient(app)
    await api('POST', '/cart/items', buyer.cookie, { productId: battery.id, quantity: 3 })
    const fromCart = await loader(await args(buyer, '/personal-account/procurement/new?from=cart'))
    expect(fromCart).toMatchObject({ values: { items: [{ productId: battery.id, quantity: 3 }] } })
    // A seller without the buyer role is told why, not shown the form.
    expect(await loader(await args(seller, '/personal-account/procurement/new'))).toMatchObject({ kind: 'blocked' })
  })

  it('saves a draft once however often the form is sent, keeps what was typed when refused', async () => {
    const form = (values: object, intent: 'save' | 'send', key: string) => {
      const body = new FormData()
      body.set('intent', intent)
      body.set('creationKey', key)
      body.set('request', JSON.stringify(values))
      return args(buyer, '/personal-account/procurement/new', { method: 'POST', body })
    }
    const request = {
      title: 'Дроны для лесной охраны',
      purpose: 'commercial',
      deadline: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      contactName: 'Пётр',
      items: [{ productId: drone.id, name: drone.title, unit: 'piece', quantity: '2' }],
      recipients: [vendorId],
    }
    const refused = (await action(await form({ ...request, title: '' }, 'save', 'k1'))) as {
      data: { ok: boolean; fieldErrors: Record<string, string>; values: Record<string, string> }
    }
    expect(refused.data.ok).toBe(false)
    expect(refused.data.fieldErrors.title).toBe('Укажите предмет закупки')
    expect(JSON.parse(refused.data.values.request!).items[0].quantity).toBe('2')

    const saved = (await action(await form(request, 'save', 'k2'))) as Response
    expect(saved.status).toBe(302)
    const again = (await action(await form({ ...request, title: 'Дроны, уточнено' }, 'send', 'k2'))) as Response
    expect(again.headers.get('location')).toBe(saved.headers.get('location'))
    const number = saved.headers.get('location')!.split('/').at(-1)!
    const list = await listLoader(await args(buyer, '/personal-account/procurement?tab=requests'))
    expect(list).toMatchObject({
      kind: 'lists',
      requests: { all: 1, filterCounts: { sent: 1 }, items: [{ number, title: 'Дроны, уточнено', status: 'sent' }] },
    })
    const inbox = await listLoader(await args(seller, '/personal-account/procurement'))
    expect(inbox).toMatchObject({ state: { tab: 'incoming' }, incoming: { items: [{ number, myStatus: 'awaiting' }] } })
  })
})
