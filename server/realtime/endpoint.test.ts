import type { Centrifuge, DisconnectedContext, SubscribedContext, UnsubscribedContext } from 'centrifuge'
import { createServer } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { chatChannel } from '#common/chat.ts'
import type { Database } from '../db/client.ts'
import { openTestDatabase } from '../testing/database.ts'
import type { Broker, Listener } from './broker.ts'
import { createEndpoint } from './endpoint.ts'
import { createMemoryBroker } from './memory-broker.ts'
import { WS_PATH } from './protocol.ts'
import { newClient, nextEvent, signToken, sleep, startRealtimeApp, subscribed, TEST_SECRET, until } from './testing.ts'
import { createTokens } from './tokens.ts'

/**
 * The embedded endpoint against the official `centrifuge` client, unmodified, in Node (its own
 * WebSocket), over a real app listening on 127.0.0.1. Short pings so that the ping/pong cases
 * take a second; a small history so that a trimmed one is easy to reach.
 */
const ENV = { REALTIME_PING_SECONDS: '0.4', REALTIME_PONG_TIMEOUT_SECONDS: '0.3', CHAT_HISTORY_SIZE: '5' }

let database: Database
let app: FastifyInstance
let url: string
let port: number
const clients: Centrifuge[] = []

function client(userId: string, options: Parameters<typeof newClient>[1] = {}) {
  const c = newClient(url, { getToken: () => app.services.realtime.issueToken(userId), ...options })
  clients.push(c)
  return c
}

beforeAll(async () => {
  database = await openTestDatabase('pglite')
  ;({ app, url, port } = await startRealtimeApp(database, ENV))
})
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect()
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

describe('embedded realtime endpoint with the official client', () => {
  it('connects, subscribes to its own channel and receives what the service publishes', async () => {
    const c = client('u1')
    const { publications, subscriptions } = await subscribed(c, 'u1')
    expect(subscriptions[0]).toMatchObject({ recoverable: true, positioned: true, wasRecovering: false })
    await app.services.realtime.publish(chatChannel('u1'), { eventType: 'messageCreated', n: 1 })
    await app.services.realtime.publish(chatChannel('u2'), { eventType: 'messageCreated', n: 99 })
    await app.services.realtime.publish(chatChannel('u1'), { eventType: 'roomRead', n: 2 })
    await until(() => publications.length === 2, 2000, 'two publications')
    expect(publications.map((p) => p.data.n)).toEqual([1, 2])
    expect(publications[1]!.offset).toBe(publications[0]!.offset! + 1)
  })

  it('an expired token: the client gets a new one through getToken and reconnects', async () => {
    const expired = await signToken({ sub: 'u3', exp: Math.floor(Date.now() / 1000) - 60 })
    let asked = 0
    const c = client('u3', {
      token: expired,
      getToken: async () => {
        asked++
        return app.services.realtime.issueToken('u3')
      },
    })
    const errors: { error: { code: number } }[] = []
    c.on('error', (ctx) => errors.push(ctx as never))
    const connected = nextEvent(c, 'connected')
    c.connect()
    await connected
    expect(asked).toBe(1)
    expect(errors[0]?.error.code).toBe(109)
  })

  it('a bad token: disconnected with 3500, no reconnect', async () => {
    const forged = await signToken({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 600 }, 'x'.repeat(40))
    const c = client('u1', { token: forged, getToken: undefined })
    let connecting = 0
    c.on('connecting', () => connecting++)
    const disconnected = nextEvent<DisconnectedContext>(c, 'disconnected')
    c.connect()
    expect(await disconnected).toMatchObject({ code: 3500, reason: 'invalid token' })
    await sleep(400)
    expect(c.state).toBe('disconnected')
    expect(connecting).toBe(1)
  })

  it("someone else's channel is refused (103), another namespace is unknown (102)", async () => {
    const c = client('u1')
    const theirs = c.newSubscription(chatChannel('u2'))
    const other = c.newSubscription('news:all')
    const refused = nextEvent<UnsubscribedContext>(theirs, 'unsubscribed')
    const unknown = nextEvent<UnsubscribedContext>(other, 'unsubscribed')
    theirs.subscribe()
    other.subscribe()
    c.connect()
    expect((await refused).code).toBe(103)
    expect((await unknown).code).toBe(102)
  })

  it('recovers the publications missed while disconnected, in order', async () => {
    const c = client('u4')
    const { publications, subscriptions } = await subscribed(c, 'u4')
    await app.services.realtime.publish(chatChannel('u4'), { n: 1 })
    await until(() => publications.length === 1)
    c.disconnect()
    for (const n of [2, 3, 4]) await app.services.realtime.publish(chatChannel('u4'), { n })
    const again = nextEvent<SubscribedContext>(c.getSubscription(chatChannel('u4'))!, 'subscribed')
    c.connect()
    expect(await again).toMatchObject({ wasRecovering: true, recovered: true })
    await until(() => publications.length === 4)
    expect(publications.map((p) => p.data.n)).toEqual([1, 2, 3, 4])
    expect(subscriptions).toHaveLength(2)
  })

  it('history trimmed past the missed ones: wasRecovering and not recovered, at the current position', async () => {
    const c = client('u5')
    const { publications } = await subscribed(c, 'u5')
    c.disconnect()
    for (let n = 1; n <= 8; n++) await app.services.realtime.publish(chatChannel('u5'), { n }) // history keeps 5
    const again = nextEvent<SubscribedContext>(c.getSubscription(chatChannel('u5'))!, 'subscribed')
    c.connect()
    const ctx = await again
    expect(ctx.wasRecovering && !ctx.recovered).toBe(true)
    expect(ctx.streamPosition?.offset).toBe(8)
    expect(publications).toHaveLength(0)
    await app.services.realtime.publish(chatChannel('u5'), { n: 9 })
    await until(() => publications.length === 1)
    expect(publications[0]).toMatchObject({ data: { n: 9 }, offset: 9 })
  })

  it('ping/pong keeps a quiet connection open', async () => {
    const c = client('u6')
    let disconnects = 0
    c.on('disconnected', () => disconnects++)
    c.on('connecting', (ctx) => {
      if (ctx.code !== 0) disconnects++
    })
    await subscribed(c, 'u6')
    await sleep(2000) // five pings at 0.4 s, the client's own no-ping timer is 0.4 + 10 s
    expect(disconnects).toBe(0)
    expect(c.state).toBe('connected')
  })

  it('a restart (new epoch) closes with 3001, the client reconnects and is told its history is gone', async () => {
    const c = client('u7')
    const { subscriptions } = await subscribed(c, 'u7')
    const reconnecting = nextEvent<{ code: number }>(c, 'connecting', (ctx) => ctx.code !== 0)
    await app.close()
    expect((await reconnecting).code).toBe(3001)
    ;({ app, url } = await startRealtimeApp(database, ENV, port))
    await until(() => subscriptions.length === 2, 5000, 'resubscribed')
    expect(subscriptions[1]).toMatchObject({ wasRecovering: true, recovered: false })
    expect(subscriptions[1]!.streamPosition!.epoch).not.toBe(subscriptions[0]!.streamPosition!.epoch)
  })
})

describe('protocol edges, with a raw WebSocket', () => {
  function raw() {
    const ws = new WebSocket(url)
    const frames: string[] = []
    ws.on('message', (data) => frames.push(data.toString()))
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    )
    const open = new Promise<void>((resolve) => ws.on('open', () => resolve()))
    return { ws, frames, closed, open }
  }
  const connect = async (userId: string) =>
    JSON.stringify({ connect: { token: await app.services.realtime.issueToken(userId), name: 'js' }, id: 1 })

  it('a first command that is not connect: 3501', async () => {
    const r = raw()
    await r.open
    r.ws.send(JSON.stringify({ subscribe: { channel: 'chat:u1' }, id: 1 }))
    expect(await r.closed).toMatchObject({ code: 3501 })
  })

  it('connect and subscribe in one frame: both replies, one JSON object per line, no blank line', async () => {
    const r = raw()
    await r.open
    r.ws.send(
      `${await connect('u8')}\n${JSON.stringify({ subscribe: { channel: 'chat:u8', recoverable: true, flag: 1 }, id: 2 })}`,
    )
    await until(() => r.frames.length >= 2)
    const connectReply = JSON.parse(r.frames[0]!)
    expect(connectReply).toMatchObject({ id: 1, connect: { version: 'test', ping: 0.4, pong: true, expires: true } })
    expect(connectReply.connect.client).toMatch(/^[0-9a-f-]{36}$/)
    expect(connectReply.connect.ttl).toBeGreaterThan(500)
    expect(JSON.parse(r.frames[1]!)).toMatchObject({
      id: 2,
      subscribe: { recoverable: true, positioned: true, offset: 0 },
    })
    for (const frame of r.frames) expect(frame.split('\n').every((line) => line.trim() !== '')).toBe(true)
    r.ws.close()
  })

  it('no pong: 3012; a pong nobody asked for: 3501', async () => {
    const silent = raw()
    await silent.open
    silent.ws.send(await connect('u9'))
    expect(await silent.closed).toMatchObject({ code: 3012, reason: 'no pong' })

    const eager = raw()
    await eager.open
    eager.ws.send(await connect('u9'))
    await until(() => eager.frames.length === 1)
    eager.ws.send('{}')
    expect(await eager.closed).toMatchObject({ code: 3501 })
  })

  it('an expired token on a raw connection is error 109, a refresh renews the connection', async () => {
    const r = raw()
    await r.open
    r.ws.send(JSON.stringify({ connect: { token: await signToken({ sub: 'u10', exp: 1000 }) }, id: 1 }))
    await until(() => r.frames.length === 1)
    expect(JSON.parse(r.frames[0]!)).toEqual({ id: 1, error: { code: 109, message: 'token expired' } })
    r.ws.send(await connect('u10').then((s) => s.replace('"id":1', '"id":2')))
    await until(() => r.frames.length === 2)
    r.ws.send(JSON.stringify({ refresh: { token: await app.services.realtime.issueToken('u10') }, id: 3 }))
    await until(() => r.frames.some((f) => f.includes('"id":3')))
    expect(JSON.parse(r.frames.find((f) => f.includes('"id":3'))!)).toMatchObject({
      id: 3,
      refresh: { expires: true },
    })
    r.ws.close()
  })

  it('too many commands: error 111, then the connection is closed', async () => {
    const r = raw()
    await r.open
    r.ws.send(await connect('u11'))
    await until(() => r.frames.length === 1)
    const burst = Array.from({ length: 100 }, (_, i) =>
      JSON.stringify({ unsubscribe: { channel: 'chat:u11' }, id: i + 2 }),
    )
    r.ws.send(burst.join('\n'))
    await until(() => r.frames.some((f) => f.includes('"code":111')))
    for (let i = 0; i < 3; i++) r.ws.send(burst.join('\n'))
    expect(await r.closed).toMatchObject({ code: 3013 })
  })

  it('a frame over the size limit is refused', async () => {
    const r = raw()
    await r.open
    r.ws.send('x'.repeat(70 * 1024))
    expect((await r.closed).code).toBe(1009)
  })
})

describe('deliveries the broker repeats or loses', () => {
  it('a publication the client has is not sent again; a gap disconnects it to recover (3010)', async () => {
    const memory = createMemoryBroker({ size: 10, ttlSeconds: 60 })
    let listener: Listener | undefined
    const broker: Broker = {
      ...memory,
      subscribe(channel, l) {
        listener = l
        memory.subscribe(channel, l)
      },
    }
    const tokens = createTokens(TEST_SECRET, 600)
    const silent = { info() {}, warn() {}, error() {} }
    const endpoint = createEndpoint({
      broker,
      tokens,
      log: silent,
      version: 't',
      pingSeconds: 25,
      pongTimeoutSeconds: 8,
    })
    const server = createServer()
    server.on('upgrade', (req, socket, head) => endpoint.handleUpgrade(req, socket, head))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const ws = new WebSocket(`ws://127.0.0.1:${(server.address() as { port: number }).port}${WS_PATH}`)
    const frames: string[] = []
    ws.on('message', (data) => frames.push(data.toString()))
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
    await new Promise((resolve) => ws.on('open', resolve))
    ws.send(
      `${JSON.stringify({ connect: { token: await tokens.issueToken('d1') }, id: 1 })}\n` +
        JSON.stringify({ subscribe: { channel: 'chat:d1' }, id: 2 }),
    )
    await until(() => frames.length === 2)
    const { epoch } = JSON.parse(frames[1]!).subscribe
    await broker.publish('chat:d1', { n: 1 })
    await until(() => frames.length === 3)
    listener!({ channel: 'chat:d1', epoch, offset: 1, json: '{"n":1}' })
    await sleep(50)
    expect(frames).toHaveLength(3)
    listener!({ channel: 'chat:d1', epoch, offset: 3, json: '{"n":3}' })
    expect(await closed).toBe(3010)
    await endpoint.close()
    await memory.close()
    await new Promise((resolve) => server.close(resolve))
  })
})
