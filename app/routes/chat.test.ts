import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
// The page's loader over the real services and a test database: the test builds the load
// context the server would hand it.
import type { Database } from '#server/db/client.ts'
import { ctxFor } from '#server/modules/organizations/organizations.testing.ts'
import { organizationRoles } from '#server/modules/organizations/organizations.table.ts'
import { createTestVendor } from '#server/modules/organizations/vendors.testing.ts'
import { createMember } from '#server/modules/products/products.testing.ts'
import { routeContext } from '#app/lib/load-context.testing.ts'
import { useTestApp } from '#server/testing/app.ts'
import { loader } from './chat.tsx'

type Args = Parameters<typeof loader>[0]

describe('the /chat loader', () => {
  let database: Database
  let app: FastifyInstance
  let seller: { id: string }
  let buyer: { id: string }
  let stranger: { id: string }
  let newcomer: { id: string }
  let guid: string

  useTestApp('pglite', (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    const db = database.db
    const vendor = await createTestVendor(db, { name: 'Аэроскан', slug: 'aeroskan-chat-page' })
    seller = await createMember(db, vendor.id, 'owner', 'Анна Продавец')
    const buyerOrg = await createTestVendor(db, { name: 'Агрохолдинг', slug: 'agro-chat-page', vendorStatus: null })
    await db.insert(organizationRoles).values({ organizationId: buyerOrg.id, type: 'buyer', status: 'confirmed' })
    buyer = await createMember(db, buyerOrg.id, 'owner', 'Вера Покупатель')
    stranger = await createMember(db, (await createTestVendor(db, { name: 'Чужие', slug: 'chuzhie-chat-page' })).id)
    const fresh = await createTestVendor(db, {
      name: 'Новички',
      slug: 'novichki-chat-page',
      vendorStatus: 'moderation',
    })
    newcomer = await createMember(db, fresh.id)
    const ctx = await ctxFor(db, buyer)
    guid = (await app.services.chat.openDirectRoom(ctx, { sellerSlug: 'aeroskan-chat-page' })).room.guid
    await app.services.chat.send(ctx, guid, { clientId: randomUUID(), content: 'Есть ли в наличии?' })
  })

  async function load(user: { id: string } | null, search = '') {
    const context = await routeContext(app, database, user)
    return loader({ request: new Request(`http://x/chat${search}`), context, params: {} } as unknown as Args)
  }

  it('asks a guest to sign in and tells an unconfirmed organization why there is no chat', async () => {
    expect(await load(null)).toEqual({ kind: 'guest' })
    expect(await load(newcomer)).toEqual({ kind: 'notConfirmed' })
  })

  it('lists the rooms and opens the one in the address, with its messages', async () => {
    const data = await load(seller, `?roomId=${guid}`)
    if (data.kind !== 'chat') throw new Error(`unexpected ${data.kind}`)
    expect(data.rooms.items.map((r) => r.name)).toEqual(['ООО «Агрохолдинг»'])
    expect(data.rooms.items[0]!.unreadCount).toBe(1)
    expect(data.open).toMatchObject({ kind: 'room', room: { guid, name: 'ООО «Агрохолдинг»' } })
    if (data.open?.kind !== 'room') throw new Error('no room')
    expect(data.open.page.items.map((m) => m.content)).toEqual(['Есть ли в наличии?'])
  })

  it('says a room is not there rather than showing another: unknown, malformed, or someone else’s', async () => {
    for (const roomId of [randomUUID(), 'not-a-room']) {
      const data = await load(buyer, `?roomId=${roomId}`)
      expect(data).toMatchObject({ kind: 'chat', open: { kind: 'missing', guid: roomId } })
    }
    const foreign = await load(stranger, `?roomId=${guid}`)
    expect(foreign).toMatchObject({ kind: 'chat', open: { kind: 'missing' }, rooms: { items: [] } })
  })

  it('searches rooms by name', async () => {
    expect(await load(buyer, '?q=аэро')).toMatchObject({ q: 'аэро', rooms: { items: [{ name: 'ООО «Аэроскан»' }] } })
    expect(await load(buyer, '?q=нет-такого')).toMatchObject({ rooms: { items: [] } })
  })
})
