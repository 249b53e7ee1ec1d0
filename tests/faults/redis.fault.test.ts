import { randomUUID } from 'node:crypto'
import type { Centrifuge, PublicationContext, SubscribedContext } from 'centrifuge'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WS_PATH } from '../../server/realtime/protocol.ts'
import { newClient, nextEvent, subscribed } from '../../server/realtime/testing.ts'
import { type TestRedis, startTestRedis } from '../../server/testing/redis-server.ts'
import { type Instance, createFaultDatabase, startInstance } from './instance.ts'
import { until } from '../../server/testing/poll.ts'
import { BUYER, SELLER, type Session, buy, call, signIn, whoami } from './shop.ts'

/** How long Redis stays away: the buyer keeps working all that time. */
const OUTAGE_MS = 10_000

/**
 * Redis, which the instances share for rate limits and chat delivery, is killed and started
 * again while the buyer signs in, checks out and writes to the seller on one instance and the
 * seller listens on the other. Nothing the buyer does fails; the seller's client is told to
 * recover once Redis is back and finds the message of the outage in the history.
 */
describe('Redis killed under two instances', () => {
  let redis: TestRedis
  let database: Awaited<ReturnType<typeof createFaultDatabase>>
  let sql: pg.Client
  const instances: Instance[] = []
  let listener: Centrifuge | undefined

  beforeAll(async () => {
    redis = await startTestRedis()
    database = await createFaultDatabase()
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url }
    instances.push(await startInstance(env))
    instances.push(await startInstance(env))
    sql = new pg.Client({ connectionString: database.url })
    await sql.connect()
  })

  afterAll(async () => {
    listener?.disconnect()
    for (const instance of instances) await instance.crash()
    await sql?.end()
    await database?.drop()
    await redis?.kill()
  })

  const readiness = async (instance: Instance) => (await (await fetch(`${instance.origin}/readyz`)).json()).redis

  it('keeps sign-in, checkout and chat working, and the seller recovers what it missed', async () => {
    const [front, back] = instances as [Instance, Instance]
    let buyer = await signIn(front.origin, BUYER)
    const seller = await signIn(back.origin, SELLER)
    const { payer } = await whoami(buyer)
    const { userId: sellerId } = await whoami(seller)
    const {
      rows: [product],
    } = await sql.query<{ id: string; vendor: string }>(
      `select p.id, p.vendor_organization_id as vendor from catalog_products p
       join organization_members m on m.organization_id = p.vendor_organization_id
       join users u on u.id = m.user_id
       where u.email = $1 and p.status = 'published' and p.price_kopecks is not null order by p.id limit 1`,
      [SELLER],
    )
    await sql.query(`update catalog_products set stock_quantity = 1000 where id = $1`, [product!.id])
    const room = (await (await call(buyer, 'POST', '/chat/rooms', { organizationId: product!.vendor })).json()).data
      .guid as string

    // The seller listens on the other instance: the buyer's message crosses over Redis.
    listener = newClient(`${back.origin.replace('http', 'ws')}${WS_PATH}`, {
      getToken: async () => (await (await call(seller, 'POST', '/chat/token')).json()).token as string,
    })
    const heard = await subscribed(listener, sellerId)
    const say = (session: Session, content: string) =>
      call(session, 'POST', `/chat/rooms/${room}/messages`, { clientId: randomUUID(), content })
    const live = nextEvent<PublicationContext>(heard.sub, 'publication', (p) => p.data.message?.content === 'До сбоя')
    expect((await say(buyer, 'До сбоя')).status).toBe(201)
    await live

    await redis.kill()
    for (const instance of instances)
      await until(async () => (await readiness(instance)) === 'unavailable', 30_000, 'degraded')
    const tally = { requests: 0, failed: [] as string[], slowestMs: 0 }
    const timed = async (what: string, request: () => Promise<Response>, expected: number[]) => {
      const started = performance.now()
      const res = await request()
      tally.requests++
      tally.slowestMs = Math.max(tally.slowestMs, performance.now() - started)
      if (!expected.includes(res.status)) tally.failed.push(`${what}: ${res.status} ${await res.text()}`)
      return res
    }
    // While Redis is away (long enough for the clients' reconnect attempts to back off), round
    // after round: a new sign-in, a checkout and a message, each on the buyer's instance.
    const outageEnds = performance.now() + OUTAGE_MS
    let rounds = 0
    while (rounds < 3 || performance.now() < outageEnds) {
      rounds++
      buyer = await signIn(front.origin, BUYER)
      tally.requests++
      await timed('checkout', () => buy(buyer, payer, product!.id), [201])
      await timed('message', () => say(buyer, `Во время сбоя ${rounds}`), [201])
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(tally.failed).toEqual([])
    expect(heard.publications.some((p) => String(p.data.message?.content).startsWith('Во время сбоя'))).toBe(false)

    // Redis is back: the seller's client is told to recover, cannot (its stream lost messages),
    // and the page would load the history, where the outage's messages are.
    const recovering = nextEvent<SubscribedContext>(heard.sub, 'subscribed', (ctx) => ctx.wasRecovering, 30_000)
    await redis.start()
    const restartedAt = performance.now()
    for (const instance of instances)
      await until(async () => (await readiness(instance)) === 'ok', 30_000, 'Redis again')
    expect((await recovering).recovered).toBe(false)
    const recoveredMs = performance.now() - restartedAt
    // The history the page loads then (its latest page) ends with the outage's last message, and
    // every message of the outage was kept.
    const history = (await (await call(seller, 'GET', `/chat/rooms/${room}/messages`)).json()).data.items as {
      content: string
    }[]
    expect(history.at(-1)?.content).toBe(`Во время сбоя ${rounds}`)
    const { rows: kept } = await sql.query<{ n: number }>(
      `select count(distinct content)::int as n from chat_messages where room_id = $1 and content like 'Во время сбоя %'`,
      [room],
    )
    expect(kept[0]!.n).toBe(rounds)
    const after = nextEvent<PublicationContext>(heard.sub, 'publication', (p) => p.data.message?.content === 'После')
    expect((await say(buyer, 'После')).status).toBe(201)
    await after
    console.log(
      `Redis killed for ${(OUTAGE_MS / 1000).toFixed(0)} s: ${tally.requests} requests in ${rounds} rounds on the ` +
        `buyer's instance, none failed, the slowest ${Math.round(tally.slowestMs)} ms; both instances ready and ` +
        `the seller's client resubscribed ${(recoveredMs / 1000).toFixed(1)} s after Redis was back`,
    )
  })
})
