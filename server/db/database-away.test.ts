import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RU } from '#common/messages.ts'
import { buildApp } from '../app.ts'
import { PAGE_CACHE_HEADER } from '../plugins/page-cache.ts'
import { testConfig } from '../testing/app.ts'
import { createTestUser } from '../testing/auth.ts'
import { BACKENDS, openTestDatabase } from '../testing/database.ts'
import { type TcpProxy, startTcpProxy } from '../testing/tcp-proxy.ts'
import { type Database, openDatabase } from './client.ts'
import { isDatabaseUnavailable } from './errors.ts'

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' }
const CATALOG = '/catalog/bespilotniki'

describe('telling a database that is away from a refused statement', () => {
  it('reads the driver’s error and its causes', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause })
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    )
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(
      true,
    )
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false)
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false)
  })
})

// A real PostgreSQL behind a relay the test cuts and restores, as a restart or failover would.
describe.each(BACKENDS.filter((backend) => backend === 'postgres'))('a database that goes away (%s)', (backend) => {
  let owner: Database & { url?: string }
  let proxy: TcpProxy
  let database: Database
  let vite: ViteDevServer
  let app: FastifyInstance
  let user: { cookie: string }
  const lost: Error[] = []

  beforeAll(async () => {
    owner = await openTestDatabase(backend)
    const url = new URL(owner.url!)
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    url.host = `127.0.0.1:${proxy.port}`
    database = await openDatabase({ url: url.toString(), pgliteDir: '', onConnectionError: (err) => lost.push(err) })
    const { createServer } = await import('vite')
    vite = await createServer({
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: 'custom',
      logLevel: 'silent',
    })
    app = await buildApp({ config: testConfig(), database, pages: { kind: 'vite', vite } })
    await app.ready()
    user = await createTestUser(owner.db)
    // The renderer compiles each page on its first request: done here, not inside the tests.
    for (const url of ['/media', CATALOG]) {
      await app.inject({ method: 'GET', url, headers: { ...BROWSER, cookie: user.cookie } })
    }
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await vite?.close()
    await database?.close()
    await proxy?.close()
    await owner?.close()
  })

  it('fails a transaction that loses its connection, keeps the process up and recovers', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        await proxy.cut() // the connection dies between two statements: «idle in transaction»
        await new Promise((resolve) => setTimeout(resolve, 50))
        await tx.execute(sql`select 1`)
      })
      .then(
        () => null,
        (error: unknown) => error,
      )
    expect(isDatabaseUnavailable(failure)).toBe(true)
    expect(lost.some((err) => /Connection terminated/.test(err.message))).toBe(true)
    await proxy.restore()
    await expect(database.ping()).resolves.toBeUndefined()
  })

  it(
    'answers 503 with Retry-After while it is away, serves kept guest pages, and recovers',
    { timeout: 60_000 },
    async () => {
      const warm = await app.inject({ method: 'GET', url: CATALOG, headers: BROWSER })
      expect(warm.statusCode).toBe(200)
      expect((await app.inject({ method: 'GET', url: CATALOG, headers: BROWSER })).headers[PAGE_CACHE_HEADER]).toBe(
        'hit',
      )

      await proxy.cut()
      const api = await app.inject({ method: 'GET', url: '/api/v1/users/whoami', headers: { cookie: user.cookie } })
      expect(api.statusCode).toBe(503)
      expect(api.headers['retry-after']).toBe('5')
      expect(api.json()).toEqual({ error: { code: 'unavailable', message: RU.serviceUnavailable } })
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503)

      // A guest still gets the catalogue as it was kept; a page never kept, and a signed-in
      // visitor's page, are the error page with 503, not JSON.
      const kept = await app.inject({ method: 'GET', url: CATALOG, headers: BROWSER })
      expect(kept.statusCode).toBe(200)
      expect(kept.headers[PAGE_CACHE_HEADER]).toBe('stale')
      for (const request of [
        { url: '/media', headers: BROWSER },
        { url: CATALOG, headers: { ...BROWSER, cookie: user.cookie } },
      ]) {
        const page = await app.inject({ method: 'GET', ...request })
        expect(page.statusCode, request.url).toBe(503)
        expect(page.headers['content-type']).toMatch(/text\/html/)
        expect(page.headers['retry-after']).toBe('5')
        expect(page.body).toContain('Ошибка 503')
      }

      await proxy.restore()
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
      const back = await app.inject({ method: 'GET', url: '/api/v1/users/whoami', headers: { cookie: user.cookie } })
      expect(back.statusCode).toBe(200)
      expect((await app.inject({ method: 'GET', url: '/media', headers: BROWSER })).statusCode).toBe(200)
    },
  )
})
