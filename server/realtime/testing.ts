import { Centrifuge, type Options, type PublicationContext, type SubscribedContext } from 'centrifuge'
import type { FastifyInstance } from 'fastify'
import { SignJWT } from 'jose'
import { buildApp } from '../app.ts'
import type { Database } from '../db/client.ts'
import { testConfig } from '../testing/app.ts'
import { chatChannel } from '#common/chat.ts'
import { WS_PATH } from './protocol.ts'

/** The secret testConfig sets. */
export const TEST_SECRET = 'test-chat-token-secret-0123456789abcdef'

/** The real app with the realtime endpoint, listening on 127.0.0.1 (port 0 unless given). */
export async function startRealtimeApp(
  database: Database,
  overrides: Record<string, string> = {},
  port = 0,
): Promise<{ app: FastifyInstance; url: string; port: number }> {
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    pages: { kind: 'none' },
    realtimeEndpoint: true,
  })
  await app.listen({ port, host: '127.0.0.1' })
  const listening = (app.server.address() as { port: number }).port
  return { app, url: `ws://127.0.0.1:${listening}${WS_PATH}`, port: listening }
}

/** The official client, unmodified, with Node's own WebSocket and the spec's options (section 9). */
export function newClient(url: string, options: Partial<Options> = {}): Centrifuge {
  return new Centrifuge(url, {
    websocket: WebSocket,
    timeout: 5000,
    minReconnectDelay: 100,
    maxReconnectDelay: 500,
    ...options,
  })
}

/** A token signed with the test secret, expired (or with any claims) as the test needs. */
export async function signToken(claims: { sub?: string; exp?: number }, secret = TEST_SECRET): Promise<string> {
  const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' })
  if (claims.sub) jwt.setSubject(claims.sub)
  if (claims.exp) jwt.setExpirationTime(claims.exp)
  return jwt.sign(new TextEncoder().encode(secret))
}

/** Resolves with the first event's argument that passes `test`; rejects after `ms`. */
export function nextEvent<T>(
  emitter: { on(event: string, fn: (ctx: T) => void): unknown; off?(event: string, fn: (ctx: T) => void): unknown },
  event: string,
  test: (ctx: T) => boolean = () => true,
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off?.(event, fn)
      reject(new Error(`no ${event} within ${ms} ms`))
    }, ms)
    const fn = (ctx: T) => {
      if (!test(ctx)) return
      clearTimeout(timer)
      emitter.off?.(event, fn)
      resolve(ctx)
    }
    emitter.on(event, fn)
  })
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export { until } from '../testing/poll.ts'

/**
 * Subscribes the client to the user's channel and connects it; resolves once subscribed, with
 * what the subscription receives from then on.
 */
export async function subscribed(c: Centrifuge, userId: string) {
  const sub = c.newSubscription(chatChannel(userId))
  const publications: PublicationContext[] = []
  const subscriptions: SubscribedContext[] = []
  sub.on('publication', (ctx) => publications.push(ctx))
  sub.on('subscribed', (ctx) => subscriptions.push(ctx))
  const first = nextEvent<SubscribedContext>(sub, 'subscribed')
  sub.subscribe()
  c.connect()
  await first
  return { sub, publications, subscriptions }
}
