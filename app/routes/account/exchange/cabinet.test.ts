import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
// The exchange cabinet's loader over the real services and a test database: the test builds the
// load context the server would hand it.
import { routeContext } from '#app/lib/load-context.testing.ts'
import type { Database } from '#server/db/client.ts'
import { insertOffer, insertRequest } from '#server/modules/exchange/cabinet/cabinet.testing.ts'
import { organizationRoles } from '#server/modules/organizations/organizations.table.ts'
import { createTestBuyer, createTestVendor } from '#server/modules/organizations/vendors.testing.ts'
import { createMember } from '#server/modules/products/products.testing.ts'
import { createTestUser } from '#server/testing/auth.ts'
import { useTestApp } from '#server/testing/app.ts'
import { cabinetHref, parseCabinetState } from '#app/components/exchange/cabinet/cabinet-url.ts'
import { loader } from './cabinet.tsx'

type User = { id: string }

describe('the exchange cabinet page', () => {
  let database: Database
  let app: FastifyInstance
  let buyer: User
  let vendor: User
  let both: User
  let noRoles: User
  let lone: User

  useTestApp('pglite', async (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    const db = database.db
    const buyerOrg = await createTestBuyer(db, { name: 'Агрохолдинг', slug: 'agro-cabinet-page' })
    const vendorOrg = await createTestVendor(db, { name: 'Аэроработы', slug: 'aero-cabinet-page' })
    const bothOrg = await createTestVendor(db, {
      name: 'Всё сразу',
      slug: 'both-cabinet-page',
      vendorStatus: 'moderation',
    })
    await db.insert(organizationRoles).values({ organizationId: bothOrg.id, type: 'buyer', status: 'confirmed' })
    const noRolesOrg = await createTestVendor(db, { name: 'Без ролей', slug: 'none-cabinet-page', vendorStatus: null })
    buyer = await createMember(db, buyerOrg.id)
    vendor = await createMember(db, vendorOrg.id)
    both = await createMember(db, bothOrg.id)
    noRoles = await createMember(db, noRolesOrg.id)
    lone = await createTestUser(db)
    await insertRequest(db, buyerOrg, { status: 'draft', title: 'Черновик' })
    await insertRequest(db, buyerOrg, { title: 'Опрыскать поле', region: '16' })
    await insertOffer(db, vendorOrg, { regions: ['16'], status: 'approved', published: true })
  })

  async function load(user: User | null, path: string) {
    const context = await routeContext(app, database, user)
    const tab = path.split('/')[3]?.split('?')[0]
    const args = { request: new Request(`http://x${path}`), context, params: { tab } }
    return loader(args as unknown as Parameters<typeof loader>[0])
  }

  it("opens the tab the organization's roles suggest", async () => {
    expect(await load(buyer, '/personal-account/service-exchange')).toMatchObject({
      kind: 'cabinet',
      state: { tab: 'requests' },
      counts: { requests: 2, proposals: 0, offers: 0, orders: 0 },
      list: { total: 2 },
      suggestions: null,
    })
    // A vendor that does not buy lands on its proposals, with the requests it could answer.
    expect(await load(vendor, '/personal-account/service-exchange')).toMatchObject({
      state: { tab: 'proposals' },
      counts: { offers: 1 },
      suggestions: [{ title: 'Опрыскать поле', type: 'agro-spraying', region: '16' }],
    })
    expect(await load(both, '/personal-account/service-exchange')).toMatchObject({ state: { tab: 'requests' } })
    expect(await load(noRoles, '/personal-account/service-exchange')).toMatchObject({
      kind: 'cabinet',
      state: { tab: 'requests' },
      isBuyer: false,
      isVendor: false,
    })
  })

  it('takes the filters from the address and answers 404 for an unknown tab', async () => {
    expect(await load(buyer, '/personal-account/service-exchange/requests?filter=drafts')).toMatchObject({
      state: { tab: 'requests', filter: 'drafts' },
      list: { total: 1, items: [{ title: 'Черновик', status: 'draft' }], filterCounts: { drafts: 1, open: 1 } },
    })
    // An unknown filter is no filter, as in the other lists.
    expect(await load(buyer, '/personal-account/service-exchange/requests?filter=nope&page=x')).toMatchObject({
      state: { filter: 'all', page: 1 },
      list: { total: 2 },
    })
    expect(await load(buyer, '/personal-account/service-exchange/offers')).toMatchObject({ list: { total: 0 } })
    await expect(load(buyer, '/personal-account/service-exchange/archive')).rejects.toMatchObject({
      init: { status: 404 },
    })
  })

  it('leaves guests to the layout and explains what to do without an organization', async () => {
    expect(await load(null, '/personal-account/service-exchange')).toEqual({ kind: 'guest' })
    expect(await load(lone, '/personal-account/service-exchange/orders')).toEqual({ kind: 'noOrganization' })
    await expect(load(lone, '/personal-account/service-exchange/nowhere')).rejects.toMatchObject({
      init: { status: 404 },
    })
  })

  it('keeps the state in the address, starting a new filter from the first page', () => {
    const state = parseCabinetState('orders', new URLSearchParams('filter=active&side=sale&q=Z-1&page=3'), 'requests')!
    expect(state).toEqual({ tab: 'orders', filter: 'active', side: 'sale', q: 'Z-1', page: 3 })
    expect(cabinetHref(state)).toBe('/personal-account/service-exchange/orders?filter=active&side=sale&q=Z-1&page=3')
    expect(cabinetHref(state, { filter: 'completed' })).toBe(
      '/personal-account/service-exchange/orders?filter=completed&side=sale&q=Z-1',
    )
    expect(cabinetHref(state, { tab: 'requests' })).toBe('/personal-account/service-exchange/requests')
    // A side belongs to the orders tab only.
    expect(parseCabinetState('requests', new URLSearchParams('side=sale'), 'requests')!.side).toBe('all')
  })
})
