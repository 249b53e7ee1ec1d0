import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../testing/app.ts'
import {
  type AttemptVerdict,
  type BackoffRule,
  backoffDelayMs,
  createRateLimiter,
  type RateLimiter,
  tooManyRequestsMessage,
} from './rate-limiter.ts'

const RULE: BackoffRule = { free: 2, baseDelayMs: 100, maxDelayMs: 250, forgetAfterMs: 60_000 }

describe('backoff rules', () => {
  it('is free for the first attempts, then doubles up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5].map((count) => backoffDelayMs(count, RULE))).toEqual([0, 0, 100, 200, 250, 250])
  })

  it('multiplies the free attempts by the scale of the browser test suite', async () => {
    const scaled = createRateLimiter(undefined, { scale: 3 })
    const k = `test:${randomUUID()}`
    for (let i = 0; i < 6; i++) expect(await scaled.attempt(k, RULE)).toEqual({ allowed: true })
    expect((await scaled.attempt(k, RULE)).allowed).toBe(false)
    await scaled.close()
  })
})

/**
 * A store and the way its time passes: the memory store on a clock the test moves (exact), Redis
 * on its own clock, where the test sleeps and allows for a busy machine being slower still.
 */
interface Store {
  limiter: RateLimiter
  pass(ms: number): Promise<void>
  exact: boolean
}

const STORES: [string, () => Store][] = [
  [
    'memory',
    () => {
      const time = manualClock()
      return {
        limiter: createRateLimiter(undefined, { clock: time.clock }),
        pass: async (ms) => time.advance(ms),
        exact: true,
      }
    },
  ],
]
if (process.env.REDIS_URL_TEST) {
  STORES.push([
    'Redis',
    () => ({
      // Always tried (this connection queues commands until it is up), so Redis does all the counting.
      limiter: createRateLimiter({ client: new Redis(process.env.REDIS_URL_TEST!), ready: true }),
      pass: (ms) => sleep(ms),
      exact: false,
    }),
  ])
}

describe('the refusal', () => {
  it('says when to try again, rounded up to minutes or hours', () => {
    const wait = (seconds: number) => tooManyRequestsMessage(seconds).replace('Слишком много запросов. ', '')
    expect(wait(1)).toBe('Попробуйте ещё раз через минуту.')
    expect(wait(60)).toBe('Попробуйте ещё раз через минуту.')
    expect(wait(61)).toBe('Попробуйте ещё раз через 2 минуты.')
    expect(wait(599)).toBe('Попробуйте ещё раз через 10 минут.')
    expect(wait(21 * 60)).toBe('Попробуйте ещё раз через 21 минуту.')
    expect(wait(3600)).toBe('Попробуйте ещё раз через 1 час.')
    expect(wait(3601)).toBe('Попробуйте ещё раз через 2 часа.')
  })
})

describe.each(STORES)('fixed windows, %s', (_name, create) => {
  const { limiter } = create()
  afterAll(() => limiter.close())

  it('refuses past the limit with a 429 that says when the window ends', async () => {
    const k = `test:${randomUUID()}`
    const rule = { limit: 2, windowMs: 30_000 }
    await limiter.hit(k, rule)
    await limiter.hit(k, rule)
    const refused = await limiter.hit(k, rule).then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toMatchObject({
      kind: 'rate_limited',
      message: 'Слишком много запросов. Попробуйте ещё раз через минуту.',
    })
    const { retryAfterSeconds } = refused as { retryAfterSeconds: number }
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(29)
    expect(retryAfterSeconds).toBeLessThanOrEqual(30)
  })
})

describe.each(STORES)('attempts with growing delays, %s', (_name, create) => {
  const { limiter, pass, exact } = create()
  afterAll(() => limiter.close())
  /** The wait asked for: exactly `ms` on a clock that stands still, up to `ms` on a running one. */
  const expectWait = (verdict: AttemptVerdict, ms: number) => {
    expect(verdict.allowed).toBe(false)
    const wait = verdict.allowed ? 0 : verdict.retryAfterMs
    if (exact) expect(wait).toBe(ms)
    else {
      expect(wait).toBeGreaterThan(0)
      expect(wait).toBeLessThanOrEqual(ms)
    }
  }
  const key = () => `test:${randomUUID()}`

  it('lets the free attempts through, then makes each wait longer than the last', async () => {
    const k = key()
    expect(await limiter.attempt(k, RULE)).toEqual({ allowed: true })
    expect(await limiter.attempt(k, RULE)).toEqual({ allowed: true })
    expectWait(await limiter.attempt(k, RULE), 100)
    await pass(110)
    expect(await limiter.attempt(k, RULE)).toEqual({ allowed: true })
    expectWait(await limiter.attempt(k, RULE), 200)
  })

  it('lets only one of many simultaneous attempts through once the free ones are used', async () => {
    const k = key()
    await limiter.attempt(k, RULE)
    await limiter.attempt(k, RULE)
    await pass(110)
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => limiter.attempt(k, RULE)))
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(1)
  })

  it('starts afresh once forgotten', async () => {
    const k = key()
    for (let i = 0; i < 3; i++) await limiter.attempt(k, RULE)
    await limiter.forget(k)
    expect(await limiter.attempt(k, RULE)).toEqual({ allowed: true })
  })

  it('forgets on its own after a quiet period', async () => {
    const k = key()
    const shortMemory = { ...RULE, forgetAfterMs: 150 }
    for (let i = 0; i < 3; i++) await limiter.attempt(k, shortMemory)
    await pass(200)
    expect(await limiter.attempt(k, shortMemory)).toEqual({ allowed: true })
    expect(await limiter.attempt(k, shortMemory)).toEqual({ allowed: true })
  })
})
