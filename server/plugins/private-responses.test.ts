import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ViteDevServer } from 'vite'
import { buildApp } from '../app.ts'
import type { Database } from '../db/client.ts'
import { organizationInput } from '../modules/organizations/organizations.testing.ts'
import { testConfig, useTestApp } from '../testing/app.ts'
import { createTestUser } from '../testing/auth.ts'
import { BACKENDS, openTestDatabase } from '../testing/database.ts'
import { PRIVATE_NO_STORE } from './session.ts'

const varyOf = (headers: Record<string, unknown>) => String(headers.vary ?? '').toLowerCase()

describe.each(BACKENDS)('caching of personal API responses on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  useTestApp(backend, (started) => {
    database = started.database
    app = started.app
  })

  it('marks every answer built from the session cookie private, no-store', async () => {
    const user = await createTestUser(database.db)
    const headers = { cookie: user.cookie }
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      payload: organizationInput(),
      headers,
    })
    expect(created.statusCode).toBe(201)
    expect(created.headers['cache-control']).toBe(PRIVATE_NO_STORE)
    const organizationId = created.json().data.id as string
    for (const url of [
      '/api/v1/users/whoami',
      '/api/v1/header/summary',
      '/api/v1/users/me/sessions',
      `/api/v1/organizations/${organizationId}`,
      `/api/v1/organizations/${organizationId}/members`,
    ]) {
      const res = await app.inject({ url, headers })
      expect([url, res.statusCode]).toEqual([url, 200])
      expect([url, res.headers['cache-control']]).toEqual([url, PRIVATE_NO_STORE])
      expect(varyOf(res.headers)).not.toContain('cookie')
    }
  })

  it('marks answers to a dead session and to a guest private too: they depend on the cookie', async () => {
    const dead = await app.inject({ url: '/api/v1/users/whoami', headers: { cookie: `sid=${'x'.repeat(43)}` } })
    expect(dead.statusCode).toBe(401)
    expect(dead.headers['cache-control']).toBe(PRIVATE_NO_STORE)
    const guest = await app.inject({ url: '/api/v1/header/summary', headers: { cookie: `gid=${'g'.repeat(43)}` } })
    expect(guest.headers['cache-control']).toBe(PRIVATE_NO_STORE)
  })

  it('marks a response that sets a cookie', async () => {
    const user = await createTestUser(database.db)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'correct-horse-battery' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe(PRIVATE_NO_STORE)
  })

  it('leaves answers without a session or guest cookie alone, and never varies on Cookie', async () => {
    const res = await app.inject({ url: '/api/v1/header/summary', headers: { cookie: 'viewport=mobile' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBeUndefined()
    expect(varyOf(res.headers)).not.toContain('cookie')
  })
})

// Pages through the real renderer (Vite's, as in development): the account's layout and a public page.
describe('caching of pages', () => {
  let database: Database
  let vite: ViteDevServer
  let app: FastifyInstance

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    const { createServer } = await import('vite')
    vite = await createServer({
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: 'custom',
      logLevel: 'silent',
    })
    app = await buildApp({ config: testConfig(), database, pages: { kind: 'vite', vite } })
    await app.ready()
    await app.inject('/personal-account/profile') // Vite transforms the app on the first page
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await vite?.close()
    await database?.close()
  })

  it('sends personal-account pages private, no-store, to the signed-in user and to a guest', async () => {
    const user = await createTestUser(database.db)
    for (const url of ['/personal-account/profile', '/personal-account/company']) {
      const signedIn = await app.inject({ url, headers: { cookie: user.cookie } })
      expect([url, signedIn.statusCode]).toEqual([url, 200])
      expect(signedIn.body).toContain(user.email)
      expect(signedIn.headers['cache-control']).toBe(PRIVATE_NO_STORE)
      const guest = await app.inject(url)
      expect([url, guest.statusCode]).toEqual([url, 200])
      expect(guest.headers['cache-control']).toBe(PRIVATE_NO_STORE)
    }
  })

  it('sends a public page private to a signed-in user (its header is theirs) and never with Vary: Cookie', async () => {
    const user = await createTestUser(database.db)
    const signedIn = await app.inject({ url: '/', headers: { cookie: user.cookie, 'accept-encoding': 'gzip' } })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.headers['cache-control']).toBe(PRIVATE_NO_STORE)
    expect(varyOf(signedIn.headers)).not.toContain('cookie')
    const guest = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(guest.statusCode).toBe(200)
    expect(guest.headers['cache-control']).toBeUndefined()
    // Compression varies on Accept-Encoding (and Vite's development CORS on Origin); nothing on Cookie.
    expect(varyOf(guest.headers)).toContain('accept-encoding')
    expect(varyOf(guest.headers)).not.toContain('cookie')
  })
})
