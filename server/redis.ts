import { Redis, type RedisOptions } from 'ioredis'

/**
 * Redis makes several instances share rate limits and chat fan-out; it is never a single point of
 * failure. Once connected, its connections fail a command at once while Redis is away (no offline
 * queue) or after a second (command timeout), so callers fall back (rate limits to in-process counting, chat to
 * the database and a recovery of the clients) instead of hanging; and they log the outage once
 * when it starts and once when it ends, rather than at every reconnect attempt.
 */
export interface RedisConnection {
  client: Redis
  /** Connected now: commands will be tried. */
  readonly ready: boolean
}

export const REDIS_COMMAND_TIMEOUT_MS = 1_000

export function connectRedis(
  url: string,
  name: string,
  log: (msg: string, err?: unknown) => void,
  options: RedisOptions = {},
): RedisConnection {
  const client = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // Until the first connection, commands wait for it (at most the command timeout): a start
    // loses nothing. After it, a command while Redis is away fails at once.
    enableOfflineQueue: true,
    // Reconnect soon after an outage ends, but never more often than every two seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    connectionName: name,
    ...options,
  })
  let down = false
  const keepQueue = options.enableOfflineQueue === true
  client.once('ready', () => {
    if (!keepQueue) client.options.enableOfflineQueue = false
  })
  client.on('error', (err: Error) => {
    if (down) return
    down = true
    log(`redis (${name}) unavailable, working without it until it is back: ${err.message}`)
  })
  client.on('ready', () => {
    if (!down) return
    down = false
    log(`redis (${name}) is back`)
  })
  return {
    client,
    get ready() {
      return client.status === 'ready'
    },
  }
}
