import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChatEvent, type ChatMessage, chatChannel } from '#common/chat.ts'
import type { Database } from '#server/db/client.ts'
import { startRealtimeApp, until } from '#server/realtime/testing.ts'
import { openTestDatabase } from '#server/testing/database.ts'
import { onChatEvent, onChatResync, type ResyncReason } from './events.ts'
import { realtimeEndpoint, startRealtime } from './realtime.ts'

/**
 * The browser's realtime client (the official `centrifuge` client with the spec's options, as
 * the page runs it) against the real app's endpoint on 127.0.0.1, Node's own WebSocket.
 */
const ENV = { REALTIME_PING_SECONDS: '0.4', REALTIME_PONG_TIMEOUT_SECONDS: '0.3' }

let database: Database
let app: FastifyInstance
let url: string
let port: number

beforeAll(async () => {
  database = await openTestDatabase('pglite')
  ;({ app, url, port } = await startRealtimeApp(database, ENV))
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

const event = (userId: string, text: string): ChatEvent => ({
  eventType: 'messageCreated',
  room: {
    guid: '7f8d2b4e-7a35-4a6f-9d59-2b2f4c1f0a11',
    type: 'direct',
    name: 'ООО «Агрохолдинг Заря»',
    counterpart: { organizationId: userId, name: 'ООО «Агрохолдинг Заря»', slug: null },
    context: null,
    lastMessage: null,
    unreadCount: 1,
    blocked: null,
    createdAt: new Date().toISOString(),
  },
  // Only what this test reads of a message.
  message: { content: text } as ChatMessage,
})

function collect() {
  const events: ChatEvent[] = []
  const resyncs: ResyncReason[] = []
  const stops = [onChatEvent((e) => events.push(e)), onChatResync((r) => resyncs.push(r))]
  return { events, resyncs, stop: () => stops.forEach((s) => s()) }
}

describe('realtimeEndpoint', () => {
  it('is this site’s own endpoint unless one is configured', () => {
    expect(realtimeEndpoint(null, { protocol: 'https:', host: 'bas.example.ru' })).toBe(
      'wss://bas.example.ru/connection/websocket',
    )
    expect(realtimeEndpoint(null, { protocol: 'http:', host: '127.0.0.1:3000' })).toBe(
      'ws://127.0.0.1:3000/connection/websocket',
    )
    expect(realtimeEndpoint('wss://rt.example.ru/connection/websocket', { protocol: 'https:', host: 'x' })).toBe(
      'wss://rt.example.ru/connection/websocket',
    )
  })
})

/** Publications before the subscription exists go nowhere: publish until one arrives. */
async function publishUntilHeard(
  server: FastifyInstance,
  userId: string,
  seen: ReturnType<typeof collect>,
  content: string,
) {
  await until(
    () => {
      void server.services.realtime.publish(chatChannel(userId), event(userId, content))
      return seen.events.length > 0
    },
    5000,
    'first publication',
  )
}

describe('startRealtime', () => {
  it('delivers the publications of the user’s own channel to the page, and none after stopping', async () => {
    const userId = crypto.randomUUID()
    const seen = collect()
    let lost = 0
    const stop = startRealtime(userId, url, { onLost: () => lost++ }, () => app.services.realtime.issueToken(userId))
    await publishUntilHeard(app, userId, seen, 'первое')
    expect(seen.events[0]).toMatchObject({ eventType: 'messageCreated', message: { content: 'первое' } })

    // Someone else's channel is not ours to hear.
    await app.services.realtime.publish(chatChannel(crypto.randomUUID()), event(userId, 'чужое'))
    stop()
    const before = seen.events.length
    await app.services.realtime.publish(chatChannel(userId), event(userId, 'после'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(seen.events.slice(before)).toEqual([])
    expect(seen.events.map((e) => e.message?.content)).not.toContain('чужое')
    expect(lost).toBe(0)
    seen.stop()
  })

  it('after a restart that lost the history: tells the user and asks the page to read everything again', async () => {
    const userId = crypto.randomUUID()
    const seen = collect()
    let lost = 0
    const stop = startRealtime(userId, url, { onLost: () => lost++ }, () => app.services.realtime.issueToken(userId))
    await publishUntilHeard(app, userId, seen, 'до')
    // The embedded endpoint keeps history in memory: a restart starts a new epoch.
    await app.close()
    ;({ app, url } = await startRealtimeApp(database, ENV, port))
    await until(() => seen.resyncs.length > 1, 15_000, 'resubscribed')
    expect(seen.resyncs).toEqual(['subscribed', 'lost'])
    expect(lost).toBe(1)
    stop()
    seen.stop()
  })
})

/** Like the other Redis suites: run when REDIS_URL_TEST is set. */
const REDIS_URL = process.env.REDIS_URL_TEST

describe.runIf(REDIS_URL)('startRealtime with history kept in Redis', () => {
  it('after a restart it recovers what it missed and only asks the page to read again, without the toast', async () => {
    const prefix = `rt-test:${randomBytes(4).toString('hex')}:`
    const env = { ...ENV, REDIS_URL: REDIS_URL!, REALTIME_REDIS_PREFIX: prefix }
    let first = await startRealtimeApp(database, env)
    const userId = crypto.randomUUID()
    const seen = collect()
    let lost = 0
    const stop = startRealtime(userId, first.url, { onLost: () => lost++ }, () =>
      first.app.services.realtime.issueToken(userId),
    )
    try {
      await publishUntilHeard(first.app, userId, seen, 'до')
      // The instance the browser is connected to goes away; another one publishes meanwhile.
      await first.app.close()
      const other = await startRealtimeApp(database, env)
      await other.app.services.realtime.publish(chatChannel(userId), event(userId, 'пока не было связи'))
      await other.app.close()
      first = await startRealtimeApp(database, env, first.port)
      await until(() => seen.resyncs.length > 1, 15_000, 'resubscribed')
      expect(seen.resyncs).toEqual(['subscribed', 'reconnected'])
      expect(lost).toBe(0)
      await until(() => seen.events.some((e) => e.message?.content === 'пока не было связи'), 5000, 'recovered')
    } finally {
      stop()
      seen.stop()
      await first.app.close()
      const admin = new Redis(REDIS_URL!)
      const keys = await admin.keys(`${prefix}*`)
      if (keys.length) await admin.del(...keys)
      await admin.quit()
    }
  })
})
