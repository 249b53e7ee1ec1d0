import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import { connectRedis } from '../redis.ts'
import {
  type Broker,
  DEFAULT_META_TTL_SECONDS,
  type HistoryOptions,
  type HistorySince,
  ListenerMap,
  type Publication,
  type StreamPosition,
} from './broker.ts'

/**
 * Appends one publication atomically: the channel's epoch (created on first use, so a Redis that
 * lost the key gives the stream a new epoch and clients learn their history is gone), the next
 * offset, the capped history list with its TTL, then PUBLISH to the one pub/sub channel every
 * instance listens on. Being one script, the pub/sub order is the offset order.
 */
const PUBLISH_SCRIPT = `
local epoch = redis.call('HGET', KEYS[1], 'e')
if not epoch then
  epoch = ARGV[1]
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[1], 'e', epoch, 'o', 0)
end
local offset = redis.call('HINCRBY', KEYS[1], 'o', 1)
redis.call('RPUSH', KEYS[2], offset .. ' ' .. ARGV[3] .. ' ' .. ARGV[2])
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[4]), -1)
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PUBLISH', ARGV[7], ARGV[8] .. '\\n' .. epoch .. '\\n' .. offset .. '\\n' .. ARGV[2])
return {epoch, offset}
`

/** The position (created when missing, as the publish script does) and, when asked, the kept list. */
const READ_SCRIPT = `
local epoch = redis.call('HGET', KEYS[1], 'e')
if not epoch then
  epoch = ARGV[1]
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[1], 'e', epoch, 'o', 0)
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local offset = redis.call('HGET', KEYS[1], 'o')
if ARGV[3] == '1' then
  return {epoch, offset, redis.call('LRANGE', KEYS[2], 0, -1)}
end
return {epoch, offset}
`

type RedisWithScripts = Redis & {
  rtPublish(...args: (string | number)[]): Promise<[string, number]>
  rtRead(...args: (string | number)[]): Promise<[string, string, string[]?]>
}

export interface RedisBrokerOptions extends HistoryOptions {
  url: string
  /** Prefix of every key and of the pub/sub channel. */
  prefix: string
  log: (msg: string, err?: unknown) => void
}

/**
 * History and fan-out through Redis, for several app instances: a publication made on any of
 * them reaches the clients of all, and any of them recovers any client's missed publications.
 */
export function createRedisBroker(options: RedisBrokerOptions): Broker {
  const { prefix, log } = options
  const ttlMs = options.ttlSeconds * 1000
  const metaTtlMs = Math.max(ttlMs, (options.metaTtlSeconds ?? DEFAULT_META_TTL_SECONDS) * 1000)
  const pubsubChannel = `${prefix}pub`
  // Commands fail at once while Redis is away (server/redis.ts): a publication is then lost, not
  // waited for. The database keeps every message, and the channels that lost one are reset below.
  const connection = connectRedis(options.url, `${prefix}commands`, log)
  const redis = connection.client as RedisWithScripts
  redis.defineCommand('rtPublish', { numberOfKeys: 2, lua: PUBLISH_SCRIPT })
  redis.defineCommand('rtRead', { numberOfKeys: 2, lua: READ_SCRIPT })

  const listeners = new ListenerMap()
  const resetHandlers: (() => void)[] = []
  /** Channels a publication to which failed: their clients must not think their history whole. */
  const missed = new Set<string>()
  // A separate connection: one in subscriber mode can run no other command. It queues its
  // SUBSCRIBE until connected, and ioredis subscribes again by itself after a reconnect.
  const subscriber = connectRedis(options.url, `${prefix}subscriber`, log, {
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  }).client
  let readyTimes = 0
  subscriber.on('ready', () => {
    // Whatever was published meanwhile reached nobody here: every client recovers. (Told while
    // Redis is away, they would only find it away; told now, they get what they missed.)
    if (readyTimes++ > 0) void resetAfterOutage()
  })

  /**
   * After an outage: a channel that lost a publication gets a new epoch (its position is deleted),
   * so its clients' recovery fails and they load what they missed from the API, the database;
   * then every client of this instance reconnects and recovers.
   */
  async function resetAfterOutage() {
    const lost = [...missed]
    missed.clear()
    try {
      if (lost.length) await redis.del(...lost.map((channel) => keys(channel)[0]!))
    } catch (err) {
      for (const channel of lost) missed.add(channel)
      log('realtime: the channels that lost publications could not be reset yet', err)
    }
    for (const handler of resetHandlers) handler()
  }
  redis.on('ready', () => {
    if (missed.size) void resetAfterOutage()
  })
  const subscribed = subscriber.subscribe(pubsubChannel).catch((err) => log('realtime redis subscribe failed', err))
  subscriber.on('message', (_channel: string, message: string) => {
    const a = message.indexOf('\n')
    const b = message.indexOf('\n', a + 1)
    const c = message.indexOf('\n', b + 1)
    if (a < 0 || b < 0 || c < 0) return
    const channel = message.slice(0, a)
    if (!listeners.has(channel)) return
    listeners.deliver(
      { channel, epoch: message.slice(a + 1, b), offset: Number(message.slice(b + 1, c)), json: message.slice(c + 1) },
      (err) => log('realtime delivery failed', err),
    )
  })

  const keys = (channel: string) => [`${prefix}{${channel}}:m`, `${prefix}{${channel}}:h`]
  const newEpoch = () => randomBytes(6).toString('base64url')

  async function read(channel: string, withList: boolean) {
    const [epoch, offset, list] = await redis.rtRead(...keys(channel), newEpoch(), metaTtlMs, withList ? '1' : '0')
    return { position: { epoch, offset: Number(offset) } as StreamPosition, list: list ?? [] }
  }

  return {
    async publish(channel, data) {
      if (channel.includes('\n')) throw new Error('A channel name has no line breaks')
      await subscribed
      const json = JSON.stringify(data ?? null)
      try {
        const [epoch, offset] = await redis.rtPublish(
          ...keys(channel),
          newEpoch(),
          json,
          Date.now(),
          options.size,
          ttlMs,
          metaTtlMs,
          pubsubChannel,
          channel,
        )
        return { epoch, offset: Number(offset) }
      } catch (err) {
        missed.add(channel)
        throw err
      }
    },
    subscribe: (channel, listener) => listeners.add(channel, listener),
    unsubscribe: (channel, listener) => listeners.delete(channel, listener),
    async history(channel, sinceOffset): Promise<HistorySince> {
      const { position, list } = await read(channel, true)
      if (sinceOffset > position.offset || sinceOffset < 0) return { position, publications: null }
      if (sinceOffset === position.offset) return { position, publications: [] }
      const oldest = Date.now() - ttlMs
      const publications: Publication[] = []
      for (const entry of list) {
        const a = entry.indexOf(' ')
        const b = entry.indexOf(' ', a + 1)
        const offset = Number(entry.slice(0, a))
        if (offset <= sinceOffset || Number(entry.slice(a + 1, b)) < oldest) continue
        publications.push({ offset, json: entry.slice(b + 1) })
      }
      // Recoverable only if nothing between the client's offset and the top is missing.
      const complete =
        publications.length === position.offset - sinceOffset && publications[0]?.offset === sinceOffset + 1
      return { position, publications: complete ? publications : null }
    },
    async position(channel) {
      return (await read(channel, false)).position
    },
    onReset(handler) {
      resetHandlers.push(handler)
    },
    async close() {
      listeners.clear()
      await Promise.allSettled([redis.quit(), subscriber.quit()])
    },
  }
}
