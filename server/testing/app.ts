import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../app.ts'
import { type Config, loadConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import type { Clock } from '../modules/rate-limit/rate-limiter.ts'
import { type Backend, openTestDatabase } from './database.ts'
import { until } from './poll.ts'

/**
 * A clock that stands still until a test moves it: time windows (rate limits, sign-in delays)
 * then depend on what the test does, not on how busy the machine is.
 */
export function manualClock(start = Date.UTC(2026, 10, 28, 9, 0, 0)) {
  let now = start
  const clock: Clock = () => now
  return {
    clock,
    advance(ms: number) {
      now += ms
    },
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ASSETS_CACHE_DIR: 'var/test-cache/images',
    // Tests read messages from the outbox table.
    MAIL_DIR: '',
    // Fixed, so that tests which set REDIS_URL (several instances) still have a shared secret.
    CHAT_TOKEN_SECRET: 'test-chat-token-secret-0123456789abcdef',
    ...overrides,
  })
}

/** The real app over a test database, without the page renderer: API and plugins only. */
export async function buildTestApp(
  database: Database,
  overrides: Record<string, string> = {},
  opts: { clock?: Clock } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), database, pages: { kind: 'none' }, clock: opts.clock })
  await app.ready()
  return app
}

/**
 * Opens a migrated database of the backend and the app over it before a suite's tests, and
 * closes both after them. `onReady` receives them (and may do the suite's own set-up).
 */
export function useTestApp(
  backend: Backend,
  onReady: (started: { database: Database; app: FastifyInstance }) => void | Promise<void>,
  overrides: Record<string, string> = {},
  opts: { clock?: Clock } = {},
): void {
  let started: { database: Database; app: FastifyInstance } | undefined
  beforeAll(async () => {
    const database = await openTestDatabase(backend)
    started = { database, app: await buildTestApp(database, overrides, opts) }
    await onReady(started)
  })
  afterAll(async () => {
    await started?.app.close()
    await started?.database.close()
  })
}

/**
 * Waits until each app's Redis connection is up. Before it is, a command waits at most the
 * command timeout and then counts in the process instead (server/redis.ts): on a busy machine a
 * test of counting shared between instances must not start before.
 */
export async function untilRedisReady(...apps: FastifyInstance[]): Promise<void> {
  for (const app of apps) await until(() => app.services.system.redisState() === 'ok', 10_000, 'Redis connected')
}
