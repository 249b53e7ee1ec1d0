import type { FastifyRequest } from 'fastify'
import { isbot } from 'isbot'
import { guessViewport, parseViewport, VIEWPORT_COOKIE, type Viewport } from '#common/viewport.ts'
import { GUEST_COOKIE, SESSION_COOKIE } from '../plugins/session.ts'

/** The layout a request gets: the viewport cookie, else a guess from the client hint and the UA. */
export function requestViewport(req: FastifyRequest): Viewport {
  const hint = req.headers['sec-ch-ua-mobile']
  return (
    parseViewport(req.cookies[VIEWPORT_COOKIE.name]) ??
    guessViewport(req.headers['user-agent'], typeof hint === 'string' ? hint : undefined)
  )
}

/**
 * A page request a guest's cached copy may answer: GET or HEAD of an HTML page, with neither the session nor the
 * guest cookie (the only cookies page renders read besides the viewport, which is in the key; the
 * compare list and cart of a guest hang on the guest cookie). An invalid session cookie is also
 * left alone: its page says nothing personal, but it is not worth telling the two apart here.
 */
export function isGuestPageRequest(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  // A client navigation's data (`/path.data`) is not HTML: not stored, so not worth a lookup.
  if (req.url.split('?', 1)[0]!.endsWith('.data')) return false
  return req.cookies[SESSION_COOKIE] === undefined && req.cookies[GUEST_COOKIE] === undefined
}

/**
 * Everything a guest's HTML depends on apart from the data: the build, the layout, whether the
 * renderer waits for all data (crawlers) or streams, and the URL exactly as asked (origin, path
 * and query; not reordered, since the page echoes its own URL into links and hydration data).
 */
export function pageCacheKey(req: FastifyRequest, buildId: string): string {
  const crawler = isbot(req.headers['user-agent'] ?? '') ? 'crawler' : 'browser'
  return [buildId, requestViewport(req), crawler, `${req.protocol}://${req.host}${req.url}`].join(' ')
}
