import { randomUUID } from 'node:crypto'
import { type Centrifuge, type PublicationContext, UnauthorizedError } from 'centrifuge'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatEvent } from '#common/chat.ts'
import { systemCtx } from '../../context.ts'
import type { Database } from '../../db/client.ts'
import { newClient, nextEvent, sleep, startRealtimeApp, subscribed } from '../../realtime/testing.ts'
import { openTestDatabase } from '../../testing/database.ts'
import { apiClient } from '../organizations/organizations.testing.ts'
import { organizationRoles } from '../organizations/organizations.table.ts'
import { createTestVendor } from '../organizations/vendors.testing.ts'
import { createMember } from '../products/products.testing.ts'

/**
 * What the chat publishes, as the official client receives it: a message sent through the REST
 * API reaches the other side's members on their own channel with the spec's fields, and never
 * comes back to its own side.
 */
let database: Database
let app: FastifyInstance
let url: string
const clients: Centrifuge[] = []

beforeAll(async () => {
  database = await openTestDatabase('pglite')
  ;({ app, url } = await startRealtimeApp(database))
})
afterAll(async () => {
  for (const c of clients) c.disconnect()
  await app?.close()
  await database?.close()
})

/** Connects as the user with the token the REST API gives them, subscribed to their channel. */
async function listen(user: { id: string; cookie: string }) {
  const api = apiClient(app)
  const c = newClient(url, {
    getToken: async () => (await api('POST', '/chat/token', user.cookie)).json().token as string,
  })
  clients.push(c)
  return subscribed(c, user.id)
}

describe('chat publications through the realtime endpoint', () => {
  it('tells the other side of new messages, edits and reads, with the spec fields', async () => {
    const db = database.db
    const vendor = await createTestVendor(db, { name: 'Аэроскан', slug: 'aeroskan-rt' })
    const seller = await createMember(db, vendor.id, 'owner', 'Анна Продавец')
    const buyerOrg = await createTestVendor(db, { name: 'Агро', slug: 'agro-rt', vendorStatus: null })
    await db.insert(organizationRoles).values({ organizationId: buyerOrg.id, type: 'buyer', status: 'confirmed' })
    const buyer = await createMember(db, buyerOrg.id, 'owner', 'Вера Покупатель')
    const api = apiClient(app)

    const sellerSide = await listen(seller)
    const buyerSide = await listen(buyer)
    const guid = (await api('POST', '/chat/rooms', buyer.cookie, { organizationId: vendor.id })).json().data.guid

    // The room's first message arrives as roomCreated, the next ones as messageCreated.
    const first = nextEvent<PublicationContext>(sellerSide.sub, 'publication')
    await api('POST', `/chat/rooms/${guid}/messages`, buyer.cookie, {
      clientId: randomUUID(),
      content: 'Есть в наличии?',
    })
    const created = await first
    expect(created.data).toMatchObject({
      eventType: 'roomCreated',
      message: {
        content: 'Есть в наличии?',
        roomName: buyerOrg.name,
        roomGuid: guid,
        files: [],
        isSystem: false,
        isOwn: false,
      },
      room: { guid, name: buyerOrg.name, type: 'direct', lastMessage: { content: 'Есть в наличии?' }, unreadCount: 1 },
    })
    const second = nextEvent<PublicationContext>(sellerSide.sub, 'publication')
    const sent = await api('POST', `/chat/rooms/${guid}/messages`, buyer.cookie, {
      clientId: randomUUID(),
      content: 'И какая комплектация?',
    })
    expect((await second).data).toMatchObject({
      eventType: 'messageCreated',
      room: { unreadCount: 2 },
    })

    // The seller reads: the buyer hears of it (its messages are read now).
    const read = nextEvent<PublicationContext>(buyerSide.sub, 'publication')
    await api('POST', `/chat/rooms/${guid}/read`, seller.cookie)
    expect((await read).data).toMatchObject({ eventType: 'roomRead', room: { guid } })

    // An edit reaches the other side.
    const edit = nextEvent<PublicationContext>(sellerSide.sub, 'publication')
    await api('PATCH', `/chat/messages/${sent.json().data.id}`, buyer.cookie, { content: 'Какая комплектация?' })
    expect((await edit).data).toMatchObject({
      eventType: 'messageUpdated',
      message: { content: 'Какая комплектация?', editedAt: expect.any(String) },
    })

    // A system message goes to both sides.
    const toBuyer = nextEvent<PublicationContext>(buyerSide.sub, 'publication', (p) => p.data.message?.isSystem)
    const toSeller = nextEvent<PublicationContext>(sellerSide.sub, 'publication', (p) => p.data.message?.isSystem)
    await app.modules.chat.postSystemMessage(systemCtx(db, { requestId: 'test' }), guid, 'Заказ подтверждён')
    // Published by the job queued with the message (the test's app runs jobs when told to).
    await app.services.jobs.runUntilIdle()
    await Promise.all([toBuyer, toSeller])

    // The buyer never got its own messages back.
    await sleep(100)
    expect(
      buyerSide.publications
        .map((p) => p.data as ChatEvent)
        .filter((e) => e.eventType === 'messageCreated' || e.eventType === 'roomCreated'),
    ).toEqual([expect.objectContaining({ message: expect.objectContaining({ isSystem: true }) })])
  })
})

describe('connections and the session they were opened for', () => {
  /** A client whose getToken asks the REST API with the cookie, as the page does; 401 ends it. */
  function clientOf(user: { cookie: string }, token?: string) {
    const api = apiClient(app)
    const c = newClient(url, {
      ...(token && { token }),
      getToken: async () => {
        const res = await api('POST', '/chat/token', user.cookie)
        if (res.statusCode === 401) throw new UnauthorizedError('signed out')
        return res.json().token as string
      },
    })
    clients.push(c)
    return c
  }

  it('end when the user signs out, and the session’s token opens none after it', async () => {
    const org = await createTestVendor(database.db, { name: 'Выходящие', slug: 'signing-out-chat', vendorStatus: null })
    await database.db.insert(organizationRoles).values({ organizationId: org.id, type: 'buyer', status: 'confirmed' })
    const user = await createMember(database.db, org.id)
    const token = (await apiClient(app)('POST', '/chat/token', user.cookie)).json().token as string
    const c = clientOf(user, token)
    await subscribed(c, user.id)
    expect(c.state).toBe('connected')

    const ended = nextEvent<{ code: number }>(c, 'disconnected')
    const out = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: user.cookie } })
    expect(out.statusCode).toBeLessThan(300)
    // The server ends the socket; the client's new token request is refused (401): it stays off.
    expect((await ended).code).toBeGreaterThan(0)
    expect(c.state).toBe('disconnected')

    // The token issued to the ended session no longer connects, though it has not expired.
    const again = clientOf(user, token)
    const refused = nextEvent<{ code: number }>(again, 'disconnected')
    again.connect()
    await refused
    expect(again.state).toBe('disconnected')
  })
})
