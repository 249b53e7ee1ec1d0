import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
// The registry page's loader over the real services and a test database.
import { REGISTRY_MESSAGES } from '#common/documents.ts'
import type { Database } from '#server/db/client.ts'
import { createTestVendor } from '#server/modules/organizations/vendors.testing.ts'
import { createMember } from '#server/modules/products/products.testing.ts'
import { routeContext } from '#app/lib/load-context.testing.ts'
import { createTestUser } from '#server/testing/auth.ts'
import { useTestApp } from '#server/testing/app.ts'
import { loader } from './documents.tsx'

describe('the documents registry page', () => {
  let database: Database
  let app: FastifyInstance
  let member: { id: string }
  let loner: { id: string }

  useTestApp('pglite', async (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    const vendor = await createTestVendor(database.db, { name: 'Реестр', slug: 'registry-page' })
    member = await createMember(database.db, vendor.id, 'member', 'Анна Бухгалтер')
    loner = await createTestUser(database.db, { name: 'Без организации' })
  })

  const open = async (user: { id: string } | null, query = '') => {
    const context = await routeContext(app, database, user)
    const args = { request: new Request(`http://x/personal-account/documents${query}`), context, params: {} }
    return loader(args as unknown as Parameters<typeof loader>[0])
  }

  it('answers a guest, a user without an organization and a member, each with what the page shows', async () => {
    expect(await open(null)).toEqual({ kind: 'guest' })
    expect(await open(loner)).toEqual({ kind: 'noOrganization' })
    const empty = await open(member)
    expect(empty).toMatchObject({
      kind: 'list',
      error: null,
      page: { items: [], total: 0, totals: { sale: { count: 0 }, purchase: { count: 0 } } },
    })
  })

  it('keeps the filters it was given and says which one it refused', async () => {
    const filtered = await open(member, '?kind=upd&counterparty=Заря&direction=sale')
    expect(filtered).toMatchObject({ kind: 'list', query: { kind: 'upd', counterparty: 'Заря', direction: 'sale' } })
    const backwards = await open(member, '?from=2026-12-31&to=2026-01-01')
    expect(backwards).toMatchObject({ kind: 'list', error: { fields: { to: REGISTRY_MESSAGES.period } } })
  })
})
