import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { isGuestPageRequest, pageCacheKey } from './page-key.ts'
import { type CachedPage, createMemoryPageStore } from './page-store.ts'

const pageOf = (bytes: number, version = '1'): CachedPage => ({
  version,
  expiresAt: Date.now() + 60_000,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  segments: [Buffer.alloc(bytes)],
  bytes,
})

describe('the memory page store', () => {
  it('keeps within its bytes, dropping the least recently used first', () => {
    const store = createMemoryPageStore({ maxBytes: 1000 })
    store.set('a', pageOf(200))
    store.set('b', pageOf(200))
    store.set('c', pageOf(200))
    store.get('a') // a is now the most recent: b goes first
    store.set('d', pageOf(200))
    store.set('e', pageOf(200))
    expect(store.get('b')).toBeUndefined()
    expect(['a', 'c', 'd', 'e'].map((k) => Boolean(store.get(k)))).toEqual([true, true, true, true])
    expect(store.size().bytes).toBeLessThanOrEqual(1000)
    expect(store.size().entries).toBe(4)
  })

  it('replaces an entry under the same key and refuses one too big to be worth keeping', () => {
    const store = createMemoryPageStore({ maxBytes: 1000 })
    store.set('a', pageOf(100, '1'))
    store.set('a', pageOf(100, '2'))
    expect(store.get('a')?.version).toBe('2')
    expect(store.size()).toEqual({ entries: 1, bytes: 101 })
    store.set('huge', pageOf(400))
    expect(store.get('huge')).toBeUndefined()
    store.delete('a')
    expect(store.size()).toEqual({ entries: 0, bytes: 0 })
  })
})

const request = (opts: {
  method?: string
  url?: string
  cookies?: Record<string, string>
  ua?: string
  host?: string
}) =>
  ({
    method: opts.method ?? 'GET',
    url: opts.url ?? '/catalog/bespilotniki',
    protocol: 'https',
    host: opts.host ?? 'bas-market.ru',
    cookies: opts.cookies ?? {},
    headers: { 'user-agent': opts.ua ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
  }) as unknown as FastifyRequest

describe('the page cache key', () => {
  it('tells apart what the HTML depends on: build, viewport, crawler, origin, path and query', () => {
    const base = pageCacheKey(request({}), 'b1')
    expect(pageCacheKey(request({}), 'b1')).toBe(base)
    const variants = [
      pageCacheKey(request({}), 'b2'),
      pageCacheKey(request({ cookies: { viewport: 'mobile' } }), 'b1'),
      pageCacheKey(request({ ua: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }), 'b1'),
      pageCacheKey(request({ host: 'www.bas-market.ru' }), 'b1'),
      pageCacheKey(request({ url: '/catalog/bespilotniki?page=2' }), 'b1'),
      pageCacheKey(request({ url: '/catalog/bespilotniki?sort=price_asc&page=2' }), 'b1'),
      pageCacheKey(request({ url: '/catalog/bespilotniki?page=2&sort=price_asc' }), 'b1'),
    ]
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1)
    // The same layout, however it was decided, is the same page.
    expect(pageCacheKey(request({ cookies: { viewport: 'desktop' } }), 'b1')).toBe(base)
    const phone = pageCacheKey(request({ ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile' }), 'b1')
    expect(phone).toBe(pageCacheKey(request({ cookies: { viewport: 'mobile' } }), 'b1'))
  })

  it('lets only GET and HEAD without the session or guest cookie through', () => {
    expect(isGuestPageRequest(request({}))).toBe(true)
    expect(isGuestPageRequest(request({ method: 'HEAD' }))).toBe(true)
    expect(isGuestPageRequest(request({ cookies: { viewport: 'mobile', _ym_uid: '1' } }))).toBe(true)
    expect(isGuestPageRequest(request({ method: 'POST' }))).toBe(false)
    expect(isGuestPageRequest(request({ url: '/catalog/bespilotniki.data?page=2' }))).toBe(false)
    expect(isGuestPageRequest(request({ cookies: { sid: 'x' } }))).toBe(false)
    expect(isGuestPageRequest(request({ cookies: { sid: '' } }))).toBe(false)
    expect(isGuestPageRequest(request({ cookies: { gid: 'x' } }))).toBe(false)
  })
})
