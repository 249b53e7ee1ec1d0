import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { type Config, loadConfig } from '../config.ts'
import type { Database } from '../db/client.ts'

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ASSETS_CACHE_DIR: 'var/test-cache/images', ...overrides })
}

/** The real app over a test database, without the page renderer: API and plugins only. */
export async function buildTestApp(
  database: Database,
  overrides: Record<string, string> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), database, pages: { kind: 'none' } })
  await app.ready()
  return app
}
