import type { Redis } from 'ioredis'
import { formatCount } from '#common/format.ts'
import { RU } from '#common/messages.ts'
import { AppError, isAppError } from '../../errors.ts'
import type { RedisConnection } from '../../redis.ts'

/** Milliseconds since the epoch: `Date.now`, or a test's own clock. */
export type Clock = () => number

export interface RateLimitRule {
  /** How many hits a key may make in one window. */
  limit: number
  windowMs: number
}

/**
 * Growing delays instead of a hard limit: `free` attempts go through at once; after them each
 * attempt must wait `baseDelayMs`, doubled for every attempt since, at most `maxDelayMs`, counted
 * from the previous attempt. The count is forgotten `forgetAfterMs` after the last attempt.
 */
export interface BackoffRule {
  free: number
  baseDelayMs: number
  maxDelayMs: number
  forgetAfterMs: number
}

/** Whether an attempt was let through (and counted), or how long it has to wait. */
export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterMs: number }

export interface RateLimiter {
  /** Counts a hit for `key`; throws a 429 AppError in Russian once the rule's limit is passed. */
  hit(key: string, rule: RateLimitRule): Promise<void>
  /**
   * Counts an attempt for `key` unless it comes too soon after the previous one (then it is not
   * counted). Checking and counting are one step, so parallel attempts cannot slip through together.
   */
  attempt(key: string, rule: BackoffRule): Promise<AttemptVerdict>
  /** Forgets the attempts of `key`: after a success, or when what was guessed has changed. */
  forget(key: string): Promise<void>
  close(): Promise<void>
}

/**
 * Fixed-window counters and growing delays. In memory for one process; in Redis when REDIS_URL is
 * set, so that every instance behind the load balancer counts the same hits. While Redis is away
 * each instance counts on its own (a limit per instance rather than none, and no request waits).
 */
export function createRateLimiter(redis?: RedisConnection, opts: { scale?: number; clock?: Clock } = {}): RateLimiter {
  // Redis counts on its own clock (TTLs, TIME in the script); the memory store on the given one.
  const memory = memoryLimiter(opts.clock ?? Date.now)
  const store = redis ? withFallback(redisLimiter(redis.client), memory, () => redis.ready) : memory
  const scale = opts.scale ?? 1
  if (scale === 1) return store
  // Every rule's limit multiplied (RATE_LIMIT_SCALE): for a browser test suite whose requests all
  // come from one loopback address. Never turns limits off.
  return {
    hit: (key, rule) => store.hit(key, { ...rule, limit: rule.limit * scale }),
    attempt: (key, rule) => store.attempt(key, { ...rule, free: rule.free * scale }),
    forget: (key) => store.forget(key),
    close: () => store.close(),
  }
}

/** How long the attempt after `count` earlier ones must wait after the previous one. */
export function backoffDelayMs(count: number, rule: BackoffRule): number {
  if (count < rule.free) return 0
  return Math.min(rule.baseDelayMs * 2 ** (count - rule.free), rule.maxDelayMs)
}

/** A wait of a minute or more, rounded up to minutes or, past an hour, to hours: «1 минуту», «10 минут», «2 часа». */
export function formatWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return minutes < 60
    ? formatCount(minutes, ['минуту', 'минуты', 'минут'])
    : formatCount(Math.ceil(minutes / 60), ['час', 'часа', 'часов'])
}

/** What a refused user is told: when to try again («…через минуту», «…через 10 минут», «…через 1 час»). */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  return retryAfterSeconds <= 60 ? RU.tooManyRequests : RU.tooManyRequestsIn(formatWait(retryAfterSeconds))
}

/** The 429, with when the window ends (the Retry-After header), at least a second. */
function refuse(windowEndsInMs: number): never {
  const retryAfterSeconds = Math.max(1, Math.ceil(windowEndsInMs / 1000))
  throw new AppError('rate_limited', tooManyRequestsMessage(retryAfterSeconds), undefined, { retryAfterSeconds })
}

function memoryLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const attempts = new Map<string, { count: number; lastAt: number; forgetAt: number }>()
  return {
    async hit(key, rule) {
      const now = clock()
      if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k)
      const current = windows.get(key)
      const window = current && current.resetAt > now ? current : { count: 0, resetAt: now + rule.windowMs }
      window.count += 1
      windows.set(key, window)
      if (window.count > rule.limit) refuse(window.resetAt - now)
    },
    async attempt(key, rule) {
      const now = clock()
      if (attempts.size > 50_000) for (const [k, a] of attempts) if (a.forgetAt <= now) attempts.delete(k)
      const current = attempts.get(key)
      const previous = current && current.forgetAt > now ? current : { count: 0, lastAt: 0 }
      const readyAt = previous.lastAt + backoffDelayMs(previous.count, rule)
      if (now < readyAt) return { allowed: false, retryAfterMs: readyAt - now }
      attempts.set(key, { count: previous.count + 1, lastAt: now, forgetAt: now + rule.forgetAfterMs })
      return { allowed: true }
    },
    async forget(key) {
      attempts.delete(key)
    },
    async close() {
      windows.clear()
      attempts.clear()
    },
  }
}

/** `primary` while it is reachable and answers; `fallback` otherwise. A refusal (429) is an answer. */
function withFallback(primary: RateLimiter, fallback: RateLimiter, reachable: () => boolean): RateLimiter {
  async function inReachable<T>(call: (store: RateLimiter) => Promise<T>): Promise<T> {
    if (!reachable()) return call(fallback)
    try {
      return await call(primary)
    } catch (error) {
      if (isAppError(error)) throw error
      return call(fallback)
    }
  }
  return {
    hit: (key, rule) => inReachable((store) => store.hit(key, rule)),
    attempt: (key, rule) => inReachable((store) => store.attempt(key, rule)),
    async forget(key) {
      await fallback.forget(key)
      await inReachable((store) => store.forget(key))
    },
    async close() {
      await fallback.close()
      await primary.close()
    },
  }
}

function redisLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, rule) {
      const redisKey = `rl:${key}`
      const [[, count], , [, ttlMs]] = (await redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, rule.windowMs, 'NX')
        .pttl(redisKey)
        .exec()) as [[Error | null, number], [Error | null, number], [Error | null, number]]
      if (count > rule.limit) refuse(ttlMs > 0 ? ttlMs : rule.windowMs)
    },
    async attempt(key, rule) {
      const args = [rule.free, rule.baseDelayMs, rule.maxDelayMs, rule.forgetAfterMs]
      const retryAfterMs = Number(await redis.eval(ATTEMPT_SCRIPT, 1, `rl:attempts:${key}`, ...args))
      return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true }
    },
    async forget(key) {
      await redis.del(`rl:attempts:${key}`)
    },
    async close() {
      await redis.quit()
    },
  }
}

/**
 * backoffDelayMs and the memory store's attempt() in one atomic step, on Redis's clock so that
 * instances with skewed clocks agree. Answers the milliseconds to wait, or 0 when counted.
 */
const ATTEMPT_SCRIPT = `
local free, base, cap, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'count', 'lastAt')
local count, lastAt = tonumber(state[1]) or 0, tonumber(state[2]) or 0
if count >= free then
  local readyAt = lastAt + math.min(base * 2 ^ (count - free), cap)
  if now < readyAt then return math.ceil(readyAt - now) end
end
redis.call('HSET', KEYS[1], 'count', count + 1, 'lastAt', now)
redis.call('PEXPIRE', KEYS[1], ttl)
return 0
`
