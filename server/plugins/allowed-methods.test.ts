import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import type { Database } from '../db/client.ts'
import { testConfig } from '../testing/app.ts'
import { createTestUser } from '../testing/auth.ts'
import { BACKENDS, openTestDatabase } from '../testing/database.ts'

/**
 * The smallest page build: one route with an action, rendered as a line of HTML. The real
 * renderer would need `react-router build`; what is tested here is the way to it.
 */
const pageBuild = {
  entry: {
    module: {
      default: (request: Request, status: number, headers: Headers) =>
        new Response(`<p>${request.method} ${new URL(request.url).pathname}</p>`, { status, headers }),
    },
  },
  routes: {
    root: {
      id: 'root',
      path: '',
      module: { default: () => null, loader: () => null, action: () => null },
    },
  },
  assets: { entry: { imports: [], module: '' }, routes: {}, url: '', version: 'test' },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
} as unknown as ServerBuild

const ODD_METHODS = ['TRACE', 'PROPFIND', 'CONNECT', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'] as const

describe.each(BACKENDS)('methods a path does not accept on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let cookie: string

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    app = await buildApp({ config: testConfig(), database, pages: { kind: 'build', build: pageBuild } })
    await app.ready()
    cookie = (await createTestUser(database.db)).cookie
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it.each(ODD_METHODS)('answers %s on a page with 405 and Allow: GET, HEAD, POST', async (method) => {
    const res = await app.inject({ method, url: '/catalog/bespilotniki?q=1' })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD, POST')
    expect(res.json().error.message).toBe(`Метод ${method} здесь не поддерживается.`)
  })

  it('still renders pages for GET, HEAD and POST', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe('<p>GET /</p>')
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200)
    const post = await app.inject({ method: 'POST', url: '/', payload: { intent: 'x' } })
    expect(post.statusCode).toBe(200)
    expect(post.body).toBe('<p>POST /</p>')
  })

  it.each(ODD_METHODS)('answers %s on an API route with 405 and the methods the route takes', async (method) => {
    const whoami = await app.inject({ method, url: '/api/v1/users/whoami', headers: { cookie } })
    expect(whoami.statusCode).toBe(405)
    expect(whoami.headers.allow).toBe('GET, HEAD')

    const select = await app.inject({
      method,
      url: '/api/v1/organizations/5c0f5b1e-2d4e-4c9a-9d55-3f1b1c7a0e11/select',
    })
    expect(select.statusCode).toBe(405)
    expect(select.headers.allow).toBe('POST')
  })

  it('answers a method of another route on the same path with 405, and an unknown API path with 404', async () => {
    const post = await app.inject({ method: 'POST', url: '/api/v1/catalog/products' })
    expect(post.statusCode).toBe(405)
    expect(post.headers.allow).toBe('GET, HEAD')
    expect((await app.inject({ method: 'TRACE', url: '/api/v1/no-such-thing' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' })).statusCode).toBe(404)
  })

  it('answers TRACE on a route outside the API and the pages with 405', async () => {
    const res = await app.inject({ method: 'TRACE', url: '/healthz' })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD')
  })

  it('answers a made-up method with 400 over a real connection', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('FROBNICATE / HTTP/1.1\r\nHost: x\r\n\r\n'))
      let data = ''
      socket.on('data', (chunk) => (data += chunk))
      socket.on('end', () => resolve(data))
      socket.on('error', reject)
    })
    expect(reply).toMatch(/^HTTP\/1\.1 400 /)
  })
})
