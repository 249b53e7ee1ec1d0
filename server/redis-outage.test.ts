import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './db/client.ts'
import { buildTestApp } from './testing/app.ts'
import { TEST_PASSWORD, createTestUser } from './testing/auth.ts'
import { openTestDatabase } from './testing/database.ts'
import { type TestRedis, startTestRedis } from './testing/redis-server.ts'
import { until } from './testing/poll.ts'
import { type TcpProxy, startTcpProxy } from './testing/tcp-proxy.ts'

// Like the other Redis suites: run where Redis is installed (CI sets REDIS_URL_TEST). The suite
// starts a Redis of its own behind a relay it cuts, so the machine's Redis is never touched.
describe.runIf(process.env.REDIS_URL_TEST)('the app while Redis is away', () => {
  let redis: TestRedis
  let proxy: TcpProxy
  let database: Database
  let app: FastifyInstance
  let admin: Redis
  let user: { email: string }

  beforeAll(async () => {
    redis = await startTestRedis()
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(redis.url).port) })
    admin = new Redis(redis.url)
    database = await openTestDatabase('pglite')
    app = await buildTestApp(database, { REDIS_URL: `redis://127.0.0.1:${proxy.port}` })
    user = await createTestUser(database.db)
    await until(() => app.services.system.redisState() === 'ok', 10_000)
  })

  afterAll(async () => {
    await app?.close()
    await database?.close()
    admin?.disconnect()
    await proxy?.close()
    await redis?.kill()
  })

  const signIn = () =>
    app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: TEST_PASSWORD } })

  it('signs in, counts on its own and says it is degraded; the chat’s lost publications are recovered from the database', async () => {
    const broker = app.services.realtime.broker!
    let resets = 0
    broker.onReset(() => resets++)
    const before = await broker.position('chat:outage')
    await app.services.realtime.publish('chat:outage', { n: 1 })
    expect((await broker.position('chat:outage')).offset).toBe(before.offset + 1)
    expect((await signIn()).statusCode).toBe(200)
    expect(await admin.keys('rl:*')).not.toEqual([]) // counted where every instance sees it

    await proxy.cut()
    await until(() => app.services.system.redisState() === 'unavailable', 10_000)
    expect((await signIn()).statusCode).toBe(200)
    const ready = await app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'unavailable' })
    // A message sent now reaches nobody live: the publication fails at once and is not thrown.
    await app.services.realtime.publish('chat:outage', { n: 2 })

    await proxy.restore()
    await until(() => app.services.system.redisState() === 'ok', 10_000)
    // The channel that lost a publication starts a new epoch: its clients cannot think their
    // history whole, and load what they missed from the API.
    await until(async () => (await broker.position('chat:outage')).epoch !== before.epoch, 10_000)
    await until(() => resets > 0, 10_000) // and every client was told to reconnect and recover
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ok', redis: 'ok' })
    expect((await signIn()).statusCode).toBe(200)
  })
})
