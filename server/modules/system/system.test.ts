import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { buildTestApp, useTestApp } from '../../testing/app.ts'
import { BACKENDS, openTestDatabase } from '../../testing/database.ts'

describe.each(BACKENDS)('system routes on %s', (backend) => {
  let database: Database
  let app: FastifyInstance

  useTestApp(backend, (started) => {
    database = started.database
    app = started.app
  })

  it('applies the migrations', async () => {
    const result = (await database.db.execute(sql`select to_regclass('public.system_meta') as name`)) as {
      rows: unknown[]
    }
    expect(result.rows).toEqual([{ name: 'system_meta' }])
  })

  it('answers /healthz while the process lives', async () => {
    const res = await app.inject('/healthz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })

  it('answers /readyz with the database state, and Redis as off when there is none', async () => {
    const res = await app.inject('/readyz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'off' })
  })

  it('answers an unknown API path with the spec 404 message as JSON', async () => {
    const res = await app.inject('/api/v1/no-such-thing?x=1')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Page Not Found: /api/v1/no-such-thing?x=1' } })
  })

  it('sends the strict security headers on every response', async () => {
    const res = await app.inject('/healthz')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('unsafe-eval')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.headers['strict-transport-security']).toBeUndefined() // only in production
  })

  it('gives every response a fresh CSP nonce', async () => {
    const nonce = (h: unknown) => /nonce-([^']+)/.exec(String(h))?.[1]
    const [a, b] = await Promise.all([app.inject('/healthz'), app.inject('/healthz')])
    expect(nonce(a.headers['content-security-policy'])).not.toBe(nonce(b.headers['content-security-policy']))
  })

  it('serves the current build id uncached for the new-build check', async () => {
    const res = await app.inject(`/builds/latest.json?${Date.now()}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toMatchObject({ id: 'test' })
    expect((await app.inject('/builds/meta/test.json')).statusCode).toBe(200)
    expect((await app.inject('/builds/meta/other.json')).statusCode).toBe(404)
  })

  it('publishes the OpenAPI document', async () => {
    const res = await app.inject('/api/docs/json')
    expect(res.statusCode).toBe(200)
    expect(res.json().paths).toHaveProperty('/readyz')
    expect((await app.inject('/api/docs')).statusCode).toBeLessThan(400)
  })

  it('compresses large responses', async () => {
    const res = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers['content-encoding']).toBe('gzip')
  })
})

describe('unhandled errors', () => {
  it('answer 500 in Russian without a stack trace or SQL', async () => {
    const database = await openTestDatabase('pglite')
    const { buildApp } = await import('../../app.ts')
    const { testConfig } = await import('../../testing/app.ts')
    const app = await buildApp({ config: testConfig({ NODE_ENV: 'production' }), database, pages: { kind: 'none' } })
    app.get('/api/v1/__boom', async () => {
      await database.db.execute(sql`select * from no_such_table`)
    })
    const res = await app.inject('/api/v1/__boom')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      error: { code: 'internal', message: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.' },
    })
    expect(res.body).not.toMatch(/no_such_table|select|at .*\.ts/)
    await app.close()
    await database.close()
  })
})

describe('graceful shutdown', () => {
  it('finishes the request in flight, then stops accepting connections', async () => {
    const database = await openTestDatabase('pglite')
    const { buildApp } = await import('../../app.ts')
    const { testConfig } = await import('../../testing/app.ts')
    const app = await buildApp({ config: testConfig(), database, pages: { kind: 'none' } })
    app.get('/api/v1/__slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 400))
      return { done: true }
    })
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const inFlight = fetch(`${url}/api/v1/__slow`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const closing = app.close()
    const res = await inFlight
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ done: true })
    await closing
    await expect(fetch(`${url}/healthz`)).rejects.toThrow()
    await database.close()
  })
})

describe('production headers', () => {
  it('adds HSTS in production', async () => {
    const database = await openTestDatabase('pglite')
    const app = await buildTestApp(database, { NODE_ENV: 'production' })
    const res = await app.inject('/healthz')
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    await app.close()
    await database.close()
  })
})
