import type { Redis } from 'ioredis'
import { RU } from '#common/messages.ts'
import { AppError } from '../../errors.ts'

export interface RateLimitRule {
  /** How many hits a key may make in one window. */
  limit: number
  windowMs: number
}

export interface RateLimiter {
  /** Counts a hit for `key`; throws a 429 AppError in Russian once the rule's limit is passed. */
  hit(key: string, rule: RateLimitRule): Promise<void>
  close(): Promise<void>
}

/**
 * Fixed-window counters. In memory for one process; in Redis when REDIS_URL is set, so that
 * every instance behind the load balancer counts the same hits.
 */
export function createRateLimiter(redis?: Redis, opts: { scale?: number } = {}): RateLimiter {
  const store = redis ? redisLimiter(redis) : memoryLimiter()
  const scale = opts.scale ?? 1
  if (scale === 1) return store
  // Every rule's limit multiplied (RATE_LIMIT_SCALE): for a browser test suite whose requests all
  // come from one loopback address. Never turns limits off.
  return { hit: (key, rule) => store.hit(key, { ...rule, limit: rule.limit * scale }), close: () => store.close() }
}

function refuse(): never {
  throw new AppError('rate_limited', RU.tooManyRequests)
}

function memoryLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  return {
    async hit(key, rule) {
      const now = Date.now()
      if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k)
      const current = windows.get(key)
      const window = current && current.resetAt > now ? current : { count: 0, resetAt: now + rule.windowMs }
      window.count += 1
      windows.set(key, window)
      if (window.count > rule.limit) refuse()
    },
    async close() {
      windows.clear()
    },
  }
}

function redisLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, rule) {
      const redisKey = `rl:${key}`
      const [[, count]] = (await redis.multi().incr(redisKey).pexpire(redisKey, rule.windowMs, 'NX').exec()) as [
        [Error | null, number],
      ]
      if (count > rule.limit) refuse()
    },
    async close() {
      await redis.quit()
    },
  }
}
