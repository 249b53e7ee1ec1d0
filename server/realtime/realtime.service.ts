import type { Config } from '../config.ts'
import type { Broker } from './broker.ts'
import { createCentrifugoPublisher } from './centrifugo.ts'
import { createMemoryBroker } from './memory-broker.ts'
import type { RealtimePublisher } from './publisher.ts'
import { createRedisBroker } from './redis-broker.ts'
import { CONTROL_CHANNEL } from './protocol.ts'
import { createTokens, type Tokens } from './tokens.ts'

/** Centrifugo's server API: disconnect every connection of the user. */
async function disconnectInCentrifugo(centrifugo: { apiUrl: string; apiKey: string }, userId: string) {
  await fetch(`${centrifugo.apiUrl.replace(/\/$/, '')}/api/disconnect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': centrifugo.apiKey },
    body: JSON.stringify({ user: userId }),
    signal: AbortSignal.timeout(5000),
  })
}

export interface RealtimeService extends RealtimePublisher {
  /** Publishes `data` on the channel; a failure is logged, never thrown. */
  publish(channel: string, data: unknown): Promise<void>
  /** A connection token of the user's session, for `POST /chat/token` (the client's getToken). */
  issueToken(userId: string, sessionId?: string | null): Promise<string>
  /**
   * Ends the live connections of a session (sign-out) or of every session of a user (a password
   * reset) on every instance; their tokens are refused from then on, as their sessions are gone.
   */
  endConnections(target: { userId: string; sessionId?: string }): Promise<void>
  verifyToken: Tokens['verifyToken']
  /** The broker the embedded endpoint serves from; null when Centrifugo is the endpoint. */
  broker: Broker | null
  /** Where the browser connects: null for this origin's `/connection/websocket`, else Centrifugo's URL. */
  wsUrl: string | null
  close(): Promise<void>
}

/**
 * The realtime transport the configuration names: Centrifugo's HTTP API (CENTRIFUGO_*), or the
 * embedded endpoint's broker, on Redis with REDIS_URL (several instances), in memory otherwise.
 */
export function createRealtime(
  config: Config,
  log: (msg: string, err?: unknown) => void,
  /** The installation's own secret, when CHAT_TOKEN_SECRET is not set. */
  storedSecret: () => Promise<string>,
): RealtimeService {
  const tokens = createTokens(config.chatTokenSecret ?? storedSecret, config.CHAT_TOKEN_TTL_SECONDS)
  const history = { size: config.CHAT_HISTORY_SIZE, ttlSeconds: config.CHAT_HISTORY_TTL_SECONDS }
  let broker: Broker | null = null
  let publish: (channel: string, data: unknown) => Promise<void>
  if (config.centrifugo) {
    publish = createCentrifugoPublisher({ ...config.centrifugo, log }).publish
  } else {
    const b = config.REDIS_URL
      ? createRedisBroker({ url: config.REDIS_URL, prefix: config.REALTIME_REDIS_PREFIX, log, ...history })
      : createMemoryBroker({ ...history, log })
    broker = b
    publish = async (channel, data) => {
      try {
        await b.publish(channel, data)
      } catch (err) {
        log(`realtime publish to ${channel} failed`, err)
      }
    }
  }
  return {
    publish,
    issueToken: (userId, sessionId) => tokens.issueToken(userId, sessionId),
    async endConnections(target) {
      try {
        if (broker) await broker.publish(CONTROL_CHANNEL, { end: target })
        // Centrifugo ends the user's connections itself; their tokens fail at the next refresh.
        else if (config.centrifugo) await disconnectInCentrifugo(config.centrifugo, target.userId)
      } catch (err) {
        log('realtime: ending connections failed', err)
      }
    },
    verifyToken: (token) => tokens.verifyToken(token),
    broker,
    wsUrl: config.centrifugo?.wsUrl ?? null,
    close: async () => {
      await broker?.close()
    },
  }
}
