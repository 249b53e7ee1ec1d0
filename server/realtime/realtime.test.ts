import { createServer, type IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { buildCsp } from '../plugins/security-headers.ts'
import { buildTestApp, testConfig } from '../testing/app.ts'
import { openTestDatabase } from '../testing/database.ts'
import { createCentrifugoPublisher } from './centrifugo.ts'
import { createMemoryBroker } from './memory-broker.ts'
import { createRealtime } from './realtime.service.ts'
import { signToken, TEST_SECRET } from './testing.ts'
import { createTokens } from './tokens.ts'

describe('connection tokens', () => {
  const tokens = createTokens(TEST_SECRET, 600)
  it('carry the user as sub and a short exp, in Centrifugo format', async () => {
    const token = await tokens.issueToken('42')
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()))
    expect(header).toMatchObject({ alg: 'HS256' })
    expect(payload.sub).toBe('42')
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(590)
    expect(await tokens.verifyToken(token)).toMatchObject({ ok: true, userId: '42', expiresAt: payload.exp })
  })
  it('tell an expired token from a bad one', async () => {
    const expired = await signToken({ sub: '42', exp: Math.floor(Date.now() / 1000) - 10 })
    expect(await tokens.verifyToken(expired)).toEqual({ ok: false, reason: 'expired' })
    const forged = await signToken({ sub: '42', exp: Math.floor(Date.now() / 1000) + 60 }, 'y'.repeat(32))
    expect(await tokens.verifyToken(forged)).toEqual({ ok: false, reason: 'invalid' })
    expect(await tokens.verifyToken('not.a.jwt')).toEqual({ ok: false, reason: 'invalid' })
    expect(await tokens.verifyToken('')).toEqual({ ok: false, reason: 'invalid' })
    // A forged token that is also expired is bad, not expired: the signature comes first.
    const both = await signToken({ sub: '42', exp: 1000 }, 'y'.repeat(32))
    expect(await tokens.verifyToken(both)).toEqual({ ok: false, reason: 'invalid' })
    expect(await tokens.verifyToken(await signToken({ exp: Math.floor(Date.now() / 1000) + 60 }))).toEqual({
      ok: false,
      reason: 'invalid',
    })
  })
})

describe('configuration', () => {
  it('keeps no secret in the configuration unless given; requires one only for Centrifugo', () => {
    expect(loadConfig({}).chatTokenSecret).toBeNull()
    expect(loadConfig({ REDIS_URL: 'redis://r', DATABASE_URL: 'postgres://db/x' }).chatTokenSecret).toBeNull()
    expect(() => loadConfig({ CHAT_TOKEN_SECRET: 'short' })).toThrow(/CHAT_TOKEN_SECRET must be at least 32/)
    expect(() =>
      loadConfig({ CENTRIFUGO_API_URL: 'http://c:8000', CENTRIFUGO_API_KEY: 'k', CENTRIFUGO_WS_URL: 'ws://c/x' }),
    ).toThrow(/CHAT_TOKEN_SECRET: required with CENTRIFUGO_\*/)
    expect(() => loadConfig({ CHAT_TOKEN_SECRET: TEST_SECRET, CENTRIFUGO_API_URL: 'http://c:8000' })).toThrow(
      /CENTRIFUGO_API_KEY: required/,
    )
    expect(loadConfig({ REDIS_URL: 'redis://r', CHAT_TOKEN_SECRET: TEST_SECRET }).chatTokenSecret).toBe(TEST_SECRET)
  })

  it("without one, the installation's own secret lives in the database: restarts and instances agree", async () => {
    const database = await openTestDatabase('pglite')
    const config = { ...testConfig(), chatTokenSecret: null }
    const a = await buildApp({ config, database, pages: { kind: 'none' } })
    const b = await buildApp({ config, database, pages: { kind: 'none' } })
    try {
      const token = await a.services.realtime.issueToken('42')
      expect(await b.services.realtime.verifyToken(token)).toMatchObject({ ok: true, userId: '42' })
      // Not the test secret, and not guessable from the configuration.
      expect(await createTokens(TEST_SECRET, 60).verifyToken(token)).toEqual({ ok: false, reason: 'invalid' })
    } finally {
      await a.close()
      await b.close()
      await database.close()
    }
  })
  it('lets the browser open the WebSocket: same origin, or Centrifugo', () => {
    expect(buildCsp(testConfig({ PUBLIC_URL: 'https://bas.example.ru' }), 'n')).toContain(
      "connect-src 'self' wss://bas.example.ru",
    )
    const withCentrifugo = testConfig({
      CENTRIFUGO_API_URL: 'http://centrifugo:8000',
      CENTRIFUGO_API_KEY: 'key',
      CENTRIFUGO_WS_URL: 'wss://rt.example.ru/connection/websocket',
    })
    expect(buildCsp(withCentrifugo, 'n')).toContain("connect-src 'self' wss://rt.example.ru")
  })
})

describe('memory broker', () => {
  it('keeps the last N publications for T seconds, offsets grow by one, epochs differ per process', async () => {
    let now = 1_000_000
    const broker = createMemoryBroker({ size: 3, ttlSeconds: 10, now: () => now })
    for (let n = 1; n <= 5; n++) await broker.publish('chat:1', { n })
    const position = await broker.position('chat:1')
    expect(position.offset).toBe(5)
    expect((await broker.history('chat:1', 2)).publications?.map((p) => p.offset)).toEqual([3, 4, 5])
    expect((await broker.history('chat:1', 1)).publications).toBeNull()
    now += 11_000
    expect((await broker.history('chat:1', 4)).publications).toBeNull()
    expect((await broker.history('chat:1', 5)).publications).toEqual([])
    const other = createMemoryBroker({ size: 3, ttlSeconds: 10 })
    expect((await other.position('chat:1')).epoch).not.toBe(position.epoch)
    await broker.close()
    await other.close()
  })
})

describe('publishing through Centrifugo', () => {
  const received: { url: string; key: string; body: unknown }[] = []
  let answer: { status: number; body: string } = { status: 200, body: '{"result":{"offset":1,"epoch":"e"}}' }
  const server = createServer((req: IncomingMessage, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      received.push({ url: req.url!, key: String(req.headers['x-api-key']), body: JSON.parse(body) })
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
    })
  })
  let apiUrl = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('POSTs {channel, data} to /api/publish with X-API-Key; refusals and failures are logged, not thrown', async () => {
    const logged: string[] = []
    const publisher = createCentrifugoPublisher({
      apiUrl: `${apiUrl}/`,
      apiKey: 'secret-key',
      log: (m) => logged.push(m),
    })
    await publisher.publish('chat:7', { eventType: 'messageCreated' })
    expect(received.at(-1)).toEqual({
      url: '/api/publish',
      key: 'secret-key',
      body: { channel: 'chat:7', data: { eventType: 'messageCreated' } },
    })
    expect(logged).toEqual([])

    answer = { status: 200, body: '{"error":{"code":102,"message":"unknown channel"}}' }
    await publisher.publish('nope:7', {})
    expect(logged.at(-1)).toMatch(/refused: 102 unknown channel/)

    answer = { status: 401, body: 'Unauthorized' }
    await publisher.publish('chat:7', {})
    expect(logged.at(-1)).toMatch(/HTTP 401/)

    const down = createCentrifugoPublisher({ apiUrl: 'http://127.0.0.1:9', apiKey: 'k', log: (m) => logged.push(m) })
    await expect(down.publish('chat:7', {})).resolves.toBeUndefined()
    expect(logged.at(-1)).toMatch(/failed/)
  })

  it('with CENTRIFUGO_* the service publishes there and the browser is sent to Centrifugo', async () => {
    answer = { status: 200, body: '{"result":{}}' }
    const config = testConfig({
      CENTRIFUGO_API_URL: apiUrl,
      CENTRIFUGO_API_KEY: 'k2',
      CENTRIFUGO_WS_URL: 'wss://rt.example.ru/connection/websocket',
    })
    const realtime = createRealtime(
      config,
      () => {},
      async () => 'unused-when-configured',
    )
    expect(realtime.broker).toBeNull()
    expect(realtime.wsUrl).toBe('wss://rt.example.ru/connection/websocket')
    await realtime.publish('chat:8', { n: 1 })
    expect(received.at(-1)).toMatchObject({ key: 'k2', body: { channel: 'chat:8', data: { n: 1 } } })
    await realtime.close()
  })
})

describe("Centrifugo's subscribe proxy", () => {
  const env = {
    CENTRIFUGO_API_URL: 'http://127.0.0.1:9',
    CENTRIFUGO_API_KEY: 'proxy-key',
    CENTRIFUGO_WS_URL: 'wss://rt.example.ru/connection/websocket',
  }
  let database: Database
  let app: FastifyInstance
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    app = await buildTestApp(database, env)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })
  const ask = (body: object, key: string | null = 'proxy-key') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/realtime/centrifugo/subscribe',
      headers: key ? { 'x-centrifugo-proxy-key': key } : {},
      payload: { client: 'c', transport: 'websocket', protocol: 'json', encoding: 'json', ...body },
    })

  it('lets a user subscribe to their own chat channel only', async () => {
    expect((await ask({ user: '42', channel: 'chat:42' })).json()).toEqual({ result: {} })
    expect((await ask({ user: '42', channel: 'chat:43' })).json()).toEqual({
      error: { code: 103, message: 'permission denied' },
    })
    expect((await ask({ user: '', channel: 'chat:' })).json()).toMatchObject({ error: { code: 103 } })
    expect((await ask({ user: '42', channel: 'news:1' })).json()).toMatchObject({ error: { code: 102 } })
  })
  it('answers Centrifugo only', async () => {
    expect((await ask({ user: '42', channel: 'chat:42' }, 'wrong')).statusCode).toBe(403)
    expect((await ask({ user: '42', channel: 'chat:42' }, null)).statusCode).toBe(403)
    expect(app.services.realtime.broker).toBeNull()
  })
})
