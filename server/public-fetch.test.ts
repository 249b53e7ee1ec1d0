import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicFetcher } from './public-fetch.ts'

/** A server on the loopback: what a vendor's picture host would answer, path by path. */
function pictureHost() {
  const seen: string[] = []
  const server = createServer((req, res) => {
    seen.push(req.url ?? '')
    switch (req.url) {
      case '/ok':
        return res.end('picture bytes')
      case '/missing':
        res.statusCode = 404
        return res.end('нет')
      case '/huge':
        // No length declared: the cap counts what arrives.
        res.write(Buffer.alloc(600))
        return res.end(Buffer.alloc(600))
      case '/declared-huge':
        res.setHeader('content-length', '5000')
        return res.end(Buffer.alloc(5000))
      case '/to-metadata':
        res.statusCode = 302
        res.setHeader('location', 'http://169.254.169.254/latest/meta-data/')
        return res.end()
      case '/to-ok':
        res.statusCode = 301
        res.setHeader('location', '/ok')
        return res.end()
      case '/loop':
        res.statusCode = 302
        res.setHeader('location', '/loop')
        return res.end()
      case '/silent':
        return // never answers
      default:
        res.statusCode = 500
        res.end()
    }
  })
  return { server, seen }
}

describe('fetching an address a user gave', () => {
  let host: ReturnType<typeof pictureHost>
  let base: string
  const open = new Set<Server>()

  beforeAll(async () => {
    host = pictureHost()
    await new Promise<void>((resolve) => host.server.listen(0, '127.0.0.1', resolve))
    open.add(host.server)
    base = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`
  })
  afterAll(() => {
    for (const server of open) server.closeAllConnections()
    for (const server of open) server.close()
  })

  const allowed = createPublicFetcher({ maxBytes: 1000, timeoutMs: 2000, allowAddresses: ['127.0.0.1'] })

  it('refuses the loopback and private networks without connecting, by address and by name', async () => {
    const strict = createPublicFetcher({ maxBytes: 1000, timeoutMs: 2000 })
    const before = host.seen.length
    expect(await strict.fetch(`${base}/ok`)).toEqual({ ok: false, reason: 'private' })
    const port = new URL(base).port
    expect(await strict.fetch(`http://localhost:${port}/ok`)).toEqual({ ok: false, reason: 'private' })
    expect(await strict.fetch('http://10.0.0.1/picture.jpg')).toEqual({ ok: false, reason: 'private' })
    expect(await strict.fetch('http://[::1]:9/picture.jpg')).toEqual({ ok: false, reason: 'private' })
    expect(await strict.fetch('http://169.254.169.254/latest/meta-data/')).toEqual({ ok: false, reason: 'private' })
    expect(host.seen.length).toBe(before)
  })

  it('fetches an allowed address, and follows a redirect only to where it may go', async () => {
    const ok = await allowed.fetch(`${base}/ok`)
    expect(ok).toMatchObject({ ok: true })
    expect(ok.ok && ok.bytes.toString()).toBe('picture bytes')
    expect(await allowed.fetch(`${base}/to-ok`)).toMatchObject({ ok: true })
    // Allowed itself, it sends the fetch to the cloud's metadata address: refused there.
    expect(await allowed.fetch(`${base}/to-metadata`)).toEqual({ ok: false, reason: 'private' })
    expect(await allowed.fetch(`${base}/loop`)).toEqual({ ok: false, reason: 'redirects' })
  })

  it('answers what went wrong: a status, a body over the cap, silence, an address that is not http', async () => {
    expect(await allowed.fetch(`${base}/missing`)).toEqual({ ok: false, reason: 'status', status: 404 })
    expect(await allowed.fetch(`${base}/huge`)).toEqual({ ok: false, reason: 'too_large' })
    expect(await allowed.fetch(`${base}/declared-huge`)).toEqual({ ok: false, reason: 'too_large' })
    const impatient = createPublicFetcher({ maxBytes: 1000, timeoutMs: 300, allowAddresses: ['127.0.0.1'] })
    expect(await impatient.fetch(`${base}/silent`)).toEqual({ ok: false, reason: 'timeout' })
    expect(await allowed.fetch('ftp://example.ru/picture.jpg')).toEqual({ ok: false, reason: 'address' })
    expect(await allowed.fetch('file:///etc/passwd')).toEqual({ ok: false, reason: 'address' })
    expect(await allowed.fetch('не ссылка')).toEqual({ ok: false, reason: 'address' })
  })
})
