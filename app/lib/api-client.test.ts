import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiClient, isApiError, type ApiClientOptions, type ApiError } from './api-client.ts'

// A real HTTP server: the client is tested through real sockets, real headers and real timeouts.
let server: Server
let origin = ''
/** Hits per `id` query parameter, so each test counts only its own requests. */
const hits = new Map<string, number>()
/** Idempotency keys seen per `id`. */
const keys = new Map<string, (string | undefined)[]>()

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const id = url.searchParams.get('id') ?? ''
  const n = (hits.get(id) ?? 0) + 1
  hits.set(id, n)
  keys.set(id, [...(keys.get(id) ?? []), req.headers['idempotency-key'] as string | undefined])
  let body = ''
  for await (const chunk of req) body += String(chunk)

  switch (url.pathname) {
    case '/api/v1/echo':
      return json(res, 200, { method: req.method, url: req.url, headers: req.headers, body })
    case '/api/v1/status': {
      // Answers `code` for the first `fail` hits (all of them when `fail` is absent), then 200.
      const code = Number(url.searchParams.get('code'))
      const fail = Number(url.searchParams.get('fail') ?? Infinity)
      return n <= fail ? json(res, code, { error: { message: `failed ${code}` } }) : json(res, 200, { ok: true, n })
    }
    case '/api/v1/users/whoami':
    case '/api/v1/private':
      return json(res, 401, { error: { message: 'Unauthorized' } })
    case '/api/v1/forbidden':
      return json(res, 403, { error: { message: 'Forbidden' } })
    case '/api/v1/invalid':
      return json(res, 422, { error: { message: 'Проверьте поля', fields: { inn: 'Неверный ИНН', code: 7 } } })
    case '/api/v1/slow':
      return setTimeout(() => json(res, 200, { ok: true }), 1000)
    case '/api/v1/empty':
      res.writeHead(204).end()
      return
    case '/api/v1/text':
      res.writeHead(200, { 'content-type': 'text/plain' }).end('plain text')
      return
    case '/api/v1/bad-gateway-html':
      res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad Gateway</h1>')
      return
    default:
      return json(res, 404, { error: { message: 'Not found' } })
  }
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

let seq = 0
const uid = () => `t${++seq}`

function client(extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl: `${origin}/api/v1`, retryDelayMs: 0, ...extra })
}

/** Runs the promise and returns the ApiError it must reject with. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (e: unknown) => e,
  )
  expect(isApiError(error)).toBe(true)
  return error as ApiError
}

interface Echo {
  method: string
  url: string
  headers: Record<string, string>
  body: string
}

describe('requests', () => {
  it('joins the base URL and path and always includes credentials', async () => {
    const inits: RequestInit[] = []
    const recording: typeof fetch = (input, init) => {
      inits.push(init ?? {})
      return fetch(input, init)
    }
    const echo = await client({ fetch: recording }).get<Echo>('/echo')
    expect(echo.url).toBe('/api/v1/echo')
    expect(echo.method).toBe('GET')
    expect(echo.headers.accept).toBe('application/json')
    expect(inits).toHaveLength(1)
    expect(inits[0]?.credentials).toBe('include')
  })

  it('serialises the query, skipping null and undefined and repeating arrays', async () => {
    const echo = await client().get<Echo>('echo', {
      query: { q: 'дрон и камера', page: 2, draft: false, none: undefined, nil: null, tag: ['a', 'b'] },
    })
    const url = new URL(echo.url, origin)
    expect(url.searchParams.get('q')).toBe('дрон и камера')
    expect(url.searchParams.get('page')).toBe('2')
    expect(url.searchParams.get('draft')).toBe('false')
    expect(url.searchParams.has('none')).toBe(false)
    expect(url.searchParams.has('nil')).toBe(false)
    expect(url.searchParams.getAll('tag')).toEqual(['a', 'b'])
  })

  it('sends a JSON body with its content type, plus custom headers', async () => {
    const echo = await client().post<Echo>('/echo', { name: 'Квадрокоптер', price: 100 }, { headers: { 'x-a': '1' } })
    expect(echo.method).toBe('POST')
    expect(echo.headers['content-type']).toBe('application/json')
    expect(echo.headers['x-a']).toBe('1')
    expect(JSON.parse(echo.body)).toEqual({ name: 'Квадрокоптер', price: 100 })
  })

  it('passes FormData through untouched, letting fetch set the multipart type', async () => {
    const form = new FormData()
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'a.txt')
    const echo = await client().post<Echo>('/echo', form)
    expect(echo.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(echo.body).toContain('name="file"; filename="a.txt"')
  })

  it('resolves undefined on 204 and returns non-JSON bodies as text', async () => {
    await expect(client().delete('/empty')).resolves.toBeUndefined()
    await expect(client().get('/text')).resolves.toBe('plain text')
  })
})

describe('retries', () => {
  it('retries a 500 exactly 3 times, then rejects (4 hits)', async () => {
    const id = uid()
    const error = await failure(client().get('/status', { query: { id, code: 500 } }))
    expect(error.status).toBe(500)
    expect(error.message).toBe('failed 500')
    expect(hits.get(id)).toBe(4)
  })

  it('succeeds when a 500 is followed by a 200', async () => {
    const id = uid()
    await expect(client().get('/status', { query: { id, code: 500, fail: 1 } })).resolves.toEqual({ ok: true, n: 2 })
    expect(hits.get(id)).toBe(2)
  })

  it('retries a 503 on GET once (2 hits)', async () => {
    const id = uid()
    expect((await failure(client().get('/status', { query: { id, code: 503 } }))).status).toBe(503)
    expect(hits.get(id)).toBe(2)
  })

  it('does not retry a 503 on POST (1 hit)', async () => {
    const id = uid()
    expect((await failure(client().post('/status', {}, { query: { id, code: 503 } }))).status).toBe(503)
    expect(hits.get(id)).toBe(1)
  })

  it('retries a 409 on GET once', async () => {
    const id = uid()
    await failure(client().get('/status', { query: { id, code: 409 } }))
    expect(hits.get(id)).toBe(2)
  })

  it('lets `retry` raise the count or switch retries off', async () => {
    const raised = uid()
    await failure(client().get('/status', { query: { id: raised, code: 429 }, retry: 2 }))
    expect(hits.get(raised)).toBe(3)
    const off = uid()
    await failure(client().get('/status', { query: { id: off, code: 500 }, retry: 0 }))
    expect(hits.get(off)).toBe(1)
  })

  it('retries a 500 on POST 3 times with one Idempotency-Key on every attempt', async () => {
    const id = uid()
    await failure(client().post('/status', { a: 1 }, { query: { id, code: 500 } }))
    const sent = keys.get(id) ?? []
    expect(sent).toHaveLength(4)
    expect(sent[0]).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(new Set(sent).size).toBe(1)
  })

  it('keeps a caller-supplied Idempotency-Key and sends none on GET', async () => {
    const id = uid()
    await failure(
      client().put('/status', {}, { query: { id, code: 500, fail: 9 }, headers: { 'Idempotency-Key': 'k1' } }),
    )
    expect(keys.get(id)).toEqual(['k1', 'k1', 'k1', 'k1'])
    const get = uid()
    await client().get('/echo', { query: { id: get } })
    expect(keys.get(get)).toEqual([undefined])
  })

  it('waits retryDelayMs × attempt between attempts', async () => {
    const id = uid()
    const started = Date.now()
    await failure(client({ retryDelayMs: 50 }).get('/status', { query: { id, code: 500 } }))
    expect(Date.now() - started).toBeGreaterThanOrEqual(50 + 100 + 150 - 10)
  })
})

describe('401 and 403', () => {
  it('calls onUnauthorized on a 401, except for whoami', async () => {
    const onUnauthorized = vi.fn()
    const api = client({ onUnauthorized })
    expect((await failure(api.get('/private'))).status).toBe(401)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    expect((await failure(api.get('/users/whoami'))).status).toBe(401)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('calls onForbidden on a 403 and rejects', async () => {
    const onForbidden = vi.fn()
    const onUnauthorized = vi.fn()
    const error = await failure(client({ onForbidden, onUnauthorized }).post('/forbidden', {}))
    expect(error.status).toBe(403)
    expect(error.message).toBe('Forbidden')
    expect(onForbidden).toHaveBeenCalledTimes(1)
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('leaves a 403 to the caller when asked not to show the forbidden page', async () => {
    const onForbidden = vi.fn()
    const error = await failure(client({ onForbidden }).post('/forbidden', {}, { forbiddenPage: false }))
    expect(error.status).toBe(403)
    expect(onForbidden).not.toHaveBeenCalled()
  })
})

describe('errors', () => {
  it('flags a timeout with status 0', async () => {
    const error = await failure(client({ timeoutMs: 100 }).get('/slow'))
    expect(error).toMatchObject({ status: 0, timeout: true, cancelled: false, message: 'An error occurred' })
    expect(error.data).toBeUndefined()
  })

  it('flags a caller abort as cancelled, also when aborted before the call', async () => {
    const controller = new AbortController()
    const pending = client().get('/slow', { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    expect(await failure(pending)).toMatchObject({ status: 0, cancelled: true, timeout: false })
    expect(await failure(client().get('/echo', { signal: controller.signal }))).toMatchObject({ cancelled: true })
  })

  it('gives status 0 and the default message on a network error', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await failure(createApiClient({ baseUrl: `http://127.0.0.1:${port}/api/v1` }).get('/echo'))
    expect(error).toMatchObject({ status: 0, timeout: false, cancelled: false, message: 'An error occurred' })
    expect(error).toBeInstanceOf(Error)
  })

  it('takes the message and string fields from { error: { message, fields } }', async () => {
    const error = await failure(client().post('/invalid', {}))
    expect(error.status).toBe(422)
    expect(error.message).toBe('Проверьте поля')
    expect(error.fields).toEqual({ inn: 'Неверный ИНН' })
    expect(error.data).toEqual({ error: { message: 'Проверьте поля', fields: { inn: 'Неверный ИНН', code: 7 } } })
  })

  it('falls back to the default message and keeps a text body as data', async () => {
    const error = await failure(client().post('/bad-gateway-html'))
    expect(error).toMatchObject({ status: 502, message: 'An error occurred', data: '<h1>Bad Gateway</h1>' })
    expect(error.fields).toBeUndefined()
  })
})
