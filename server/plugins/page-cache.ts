import { pipeline, Readable, Transform } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../db/client.ts'
import { isDatabaseUnavailable } from '../db/errors.ts'
import { type ContentVersion, createContentVersionReader } from '../page-cache/content-version.ts'
import { isGuestPageRequest, pageCacheKey } from '../page-cache/page-key.ts'
import { type CachedPage, createMemoryPageStore, type PageStore } from '../page-cache/page-store.ts'

/** Says how a page was answered: from the cache, rendered and stored, or rendered for this request only. */
export const PAGE_CACHE_HEADER = 'x-page-cache'

/** Headers made for each response (or by compression) that a stored page must not replay. */
const PER_RESPONSE_HEADERS = new Set([
  'content-security-policy',
  'x-request-id',
  'content-length',
  'content-encoding',
  'set-cookie',
  'connection',
  'date',
  PAGE_CACHE_HEADER,
])

declare module 'fastify' {
  interface FastifyInstance {
    /** The page renderer's onRequest hook: answers guests from the cache (absent when it is off). */
    pageCacheLookup?: onRequestAsyncHookHandler
    pageStore?: PageStore
  }
  interface FastifyRequest {
    /** A guest page being rendered: where its HTML goes, and the content version read before. */
    pageCacheMiss?: { key: string; version: ContentVersion }
    /** Something in the render (an error in a streamed part, a loader's wish) says: do not store. */
    pageCacheSkip?: boolean
  }
}

export interface PageCacheOptions {
  database: Database
  buildId: string
  ttlSeconds: number
  maxBytes: number
  store?: PageStore
}

/**
 * The guest page cache (decision 041). Register before compression: its onSend hook copies the
 * HTML as rendered while it streams to the client. The lookup runs as the page route's own
 * onRequest hook (server/plugins/react-router.ts), after the nonce and the cookies are known.
 */
export const pageCachePlugin = fp(async (app: FastifyInstance, opts: PageCacheOptions) => {
  const store = opts.store ?? createMemoryPageStore({ maxBytes: opts.maxBytes })
  app.decorate('pageStore', store)
  const readContentVersion = createContentVersionReader(opts.database)

  app.decorate('pageCacheLookup', async function lookup(req: FastifyRequest, reply: FastifyReply) {
    if (!isGuestPageRequest(req)) {
      reply.header(PAGE_CACHE_HEADER, 'bypass')
      return
    }
    const key = pageCacheKey(req, opts.buildId)
    const page = store.get(key)
    let version: ContentVersion
    try {
      version = await readContentVersion()
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      // The database is away: a guest still gets the page as it was, however old; with none
      // kept, the render answers the 503 page.
      if (!page) return
      reply.status(200).headers(page.headers).header(PAGE_CACHE_HEADER, 'stale')
      return reply.send(joinWithNonce(page.segments, reply.cspNonce))
    }
    if (page && page.version === version.version && page.expiresAt > Date.now()) {
      reply.status(200).headers(page.headers).header(PAGE_CACHE_HEADER, 'hit')
      return reply.send(joinWithNonce(page.segments, reply.cspNonce))
    }
    if (page) store.delete(key)
    req.pageCacheMiss = { key, version }
  } satisfies onRequestAsyncHookHandler)

  app.addHook('onSend', async (req, reply, payload) => {
    const miss = req.pageCacheMiss
    if (!miss) return payload
    if (!isStorable(req, reply, payload)) {
      reply.header(PAGE_CACHE_HEADER, 'bypass')
      return payload
    }
    reply.header(PAGE_CACHE_HEADER, 'miss')
    const headers = replayableHeaders(reply)
    const nonce = reply.cspNonce
    const expiresAt = Math.min(Date.now() + opts.ttlSeconds * 1000, miss.version.changesAt)
    return copyWhileSending(payload as Readable | string | Buffer, (html) => {
      // Checked again at the end: an error in a part streamed after the shell marks the request.
      if (req.pageCacheSkip) return
      const page: CachedPage = {
        version: miss.version.version,
        expiresAt,
        headers,
        segments: (nonce ? html.split(nonce) : [html]).map((part) => Buffer.from(part)),
        bytes: Buffer.byteLength(html),
      }
      store.set(miss.key, page)
    })
  })
})

/** Only a complete 200 HTML page that nothing personal went into, and that nobody said not to keep. */
function isStorable(req: FastifyRequest, reply: FastifyReply, payload: unknown): boolean {
  if (req.method !== 'GET' || reply.statusCode !== 200 || req.pageCacheSkip) return false
  if (req.personal || req.ctx?.user || reply.hasHeader('set-cookie')) return false
  const type = String(reply.getHeader('content-type') ?? '')
  const cacheControl = String(reply.getHeader('cache-control') ?? '')
  if (!type.startsWith('text/html') || /private|no-store/.test(cacheControl)) return false
  return payload instanceof Readable || typeof payload === 'string' || Buffer.isBuffer(payload)
}

/** Bytes, not a string: a hit then costs no UTF-8 encoding of the whole page. */
function joinWithNonce(segments: Buffer[], nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce)
  const parts: Buffer[] = []
  segments.forEach((segment, i) => parts.push(...(i ? [nonceBytes, segment] : [segment])))
  return Buffer.concat(parts)
}

function replayableHeaders(reply: FastifyReply): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name.toLowerCase())) continue
    headers[name] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return headers
}

/**
 * Passes the body on unchanged and hands its full text to `done` once it has all gone through;
 * a body cut short (the client left, the render failed) is never handed over.
 */
function copyWhileSending(payload: Readable | string | Buffer, done: (html: string) => void) {
  if (!(payload instanceof Readable)) {
    done(payload.toString())
    return payload
  }
  const chunks: Buffer[] = []
  const copy = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
      callback(null, chunk)
    },
    flush(callback) {
      done(Buffer.concat(chunks).toString('utf8'))
      callback()
    },
  })
  return pipeline(payload, copy, () => {})
}
