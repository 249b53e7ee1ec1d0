import { randomBytes } from 'node:crypto'
import type { PublicationContext, SubscribedContext } from 'centrifuge'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatChannel } from '#common/chat.ts'
import type { Database } from '../db/client.ts'
import { hashToken } from '../modules/identity/tokens.ts'
import { createTestUser } from '../testing/auth.ts'
import { openTestDatabase } from '../testing/database.ts'
import type { Broker, Delivery } from './broker.ts'
import { createRedisBroker } from './redis-broker.ts'
import { newClient, nextEvent, sleep, startRealtimeApp, subscribed, until } from './testing.ts'

/** Like the other Redis suites (rate limits, sign-in throttling): run when REDIS_URL_TEST is set. */
const REDIS_URL = process.env.REDIS_URL_TEST

describe.runIf(REDIS_URL)('Redis broker', () => {
  const prefix = `rt-test:${randomBytes(4).toString('hex')}:`
  const brokers: Broker[] = []
  const admin = REDIS_URL ? new Redis(REDIS_URL) : undefined
  function broker(size = 3, ttlSeconds = 60) {
    const b = createRedisBroker({ url: REDIS_URL!, prefix, size, ttlSeconds, log: () => {} })
    brokers.push(b)
    return b
  }
  afterAll(async () => {
    for (const b of brokers) await b.close()
    const keys = await admin!.keys(`${prefix}*`)
    if (keys.length) await admin!.del(...keys)
    await admin!.quit()
  })

  it('offsets grow by one; history keeps the last N; recovery past them is impossible', async () => {
    const b = broker(3)
    const first = await b.publish('chat:a', { n: 1 })
    expect(first.offset).toBe(1)
    for (let n = 2; n <= 5; n++) await b.publish('chat:a', { n })
    expect(await b.position('chat:a')).toEqual({ epoch: first.epoch, offset: 5 })
    const fromTwo = await b.history('chat:a', 2)
    expect(fromTwo.publications?.map((p) => [p.offset, JSON.parse(p.json).n])).toEqual([
      [3, 3],
      [4, 4],
      [5, 5],
    ])
    expect((await b.history('chat:a', 1)).publications).toBeNull() // 2 was trimmed
    expect((await b.history('chat:a', 5)).publications).toEqual([])
    expect((await b.history('chat:a', 6)).publications).toBeNull() // ahead of the stream
  })

  it('publications older than the TTL are not recovered', async () => {
    const b = broker(10, 1)
    await b.publish('chat:ttl', { n: 1 })
    await sleep(1100)
    await b.publish('chat:ttl', { n: 2 })
    expect((await b.history('chat:ttl', 0)).publications).toBeNull()
    expect((await b.history('chat:ttl', 1)).publications?.map((p) => p.offset)).toEqual([2])
  })

  it('a Redis that lost the stream gives it a new epoch, offsets start again', async () => {
    const b = broker()
    const before = await b.publish('chat:lost', { n: 1 })
    await admin!.del(...(await admin!.keys(`${prefix}{chat:lost}*`)))
    const after = await b.publish('chat:lost', { n: 2 })
    expect(after.epoch).not.toBe(before.epoch)
    expect(after.offset).toBe(1)
    // A channel nobody published on has a position too, stable between reads.
    const empty = await b.position('chat:empty')
    expect(await b.position('chat:empty')).toEqual(empty)
    expect(empty.offset).toBe(0)
  })

  it('delivers to the listeners of every instance, in offset order', async () => {
    const a = broker()
    const other = broker()
    const got: Delivery[] = []
    other.subscribe('chat:fan', (d) => got.push(d))
    await sleep(100) // the subscriber connection
    for (let n = 1; n <= 20; n++) await a.publish('chat:fan', { n })
    await until(() => got.length === 20)
    expect(got.map((d) => d.offset)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(JSON.parse(got[0]!.json)).toEqual({ n: 1 })
  })
})

const nextPosition = (app: FastifyInstance) => app.services.realtime.broker!.position(chatChannel('r1'))

describe.runIf(REDIS_URL)('two app instances sharing Redis', () => {
  const env = { REDIS_URL: REDIS_URL!, REALTIME_REDIS_PREFIX: `rt-test:${randomBytes(4).toString('hex')}:` }
  let database: Database
  let a: { app: FastifyInstance; url: string }
  let b: { app: FastifyInstance; url: string }
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    a = await startRealtimeApp(database, env)
    b = await startRealtimeApp(database, env)
  })
  afterAll(async () => {
    await a?.app.close()
    await b?.app.close()
    await database?.close()
  })

  it('a user connected to A receives what B publishes, and recovers on B what it missed', async () => {
    const c = newClient(a.url, { getToken: () => a.app.services.realtime.issueToken('r1') })
    const { publications } = await subscribed(c, 'r1')
    await b.app.services.realtime.publish(chatChannel('r1'), { n: 1 })
    await until(() => publications.length === 1, 3000, 'the publication made on B')

    // The client goes away; it comes back through B (as behind a load balancer) from where it was.
    const last = publications[0]!
    const epoch = (await nextPosition(a.app)).epoch
    c.disconnect()
    for (const n of [2, 3]) await a.app.services.realtime.publish(chatChannel('r1'), { n })
    const c2 = newClient(b.url, { getToken: () => b.app.services.realtime.issueToken('r1') })
    const sub2 = c2.newSubscription(chatChannel('r1'), { since: { offset: last.offset!, epoch } })
    const recovered: PublicationContext[] = []
    sub2.on('publication', (ctx) => recovered.push(ctx))
    const again = nextEvent<SubscribedContext>(sub2, 'subscribed')
    sub2.subscribe()
    c2.connect()
    expect(await again).toMatchObject({ wasRecovering: true, recovered: true })
    await until(() => recovered.length === 2)
    expect(recovered.map((p) => p.data.n)).toEqual([2, 3])
    c2.disconnect()
    c.disconnect()
  })

  it('a dropped Redis subscription: clients are disconnected (3010), reconnect and recover', async () => {
    const c = newClient(a.url, { getToken: () => a.app.services.realtime.issueToken('r2') })
    const { sub, publications } = await subscribed(c, 'r2')
    await a.app.services.realtime.publish(chatChannel('r2'), { n: 1 })
    await until(() => publications.length === 1)

    const reconnecting = nextEvent<{ code: number }>(c, 'connecting', (ctx) => ctx.code !== 0)
    const again = nextEvent<SubscribedContext>(sub, 'subscribed')
    const admin = new Redis(REDIS_URL!)
    const clients = (await admin.client('LIST')) as string
    for (const line of clients.split('\n')) {
      if (line.includes(` name=${env.REALTIME_REDIS_PREFIX}subscriber `)) {
        await admin.client('KILL', 'ID', line.match(/^id=(\d+)/)![1]!)
      }
    }
    await admin.quit()
    // What B publishes while A's subscription is down reaches A's client through recovery.
    await b.app.services.realtime.publish(chatChannel('r2'), { n: 2 })
    expect((await reconnecting).code).toBe(3010)
    expect(await again).toMatchObject({ wasRecovering: true, recovered: true })
    await until(() => publications.length === 2)
    expect(publications.map((p) => p.data.n)).toEqual([1, 2])
    c.disconnect()
  })

  it('a sign-out on B ends the session’s connection on A', async () => {
    const user = await createTestUser(database.db)
    const sessionId = hashToken(user.token)
    const c = newClient(a.url, { getToken: () => a.app.services.realtime.issueToken(user.id, sessionId) })
    await subscribed(c, user.id)
    const ended = nextEvent<{ code: number }>(c, 'connecting', (ctx) => ctx.code !== 0)
    await b.app.services.realtime.endConnections({ userId: user.id, sessionId })
    expect((await ended).code).toBe(3005)
    c.disconnect()
  })
})
