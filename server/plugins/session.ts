import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AUTH_MESSAGES } from '#common/auth.ts'
import type { Config } from '../config.ts'
import { type Ctx, ctxForUser, guestCtx } from '../context.ts'
import type { Db } from '../db/client.ts'
import { USER_PROFILE } from '../modules/identity/index.ts'

export const SESSION_COOKIE = 'sid'
/** A visitor's long-lived random browser token (compare list); only its SHA-256 is stored. */
export const GUEST_COOKIE = 'gid'
const GUEST_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60
const GUEST_TOKEN = /^[A-Za-z0-9_-]{43}$/
/**
 * A browser that has signed in to an account before (identity/known-devices.ts). Only the sign-in
 * routes read it, so only they are sent it.
 */
export const DEVICE_COOKIE = 'did'
const DEVICE_COOKIE_PATH = '/api/v1/auth'
/** What a response that depends on who is asking may be cached as: only by that browser, and not kept. */
export const PRIVATE_NO_STORE = 'private, no-store'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who is asking: set before the handler of every API route and before every page render
     * (`loadRequestCtx`); static files never build one.
     */
    ctx: Ctx
    /** The response depends on the session or guest cookie; see privateResponsesPlugin. */
    personal?: boolean
  }
}

/**
 * Puts the caller's context on the request: the session from the cookie, the user and the
 * selected organization. A preHandler of the API and the first step of a page render.
 */
export async function loadRequestCtx(req: FastifyRequest): Promise<void> {
  if (req.ctx) return
  // A read-only request's loaders share their reads (readOnce): one look at the catalogue's revision, say.
  const reads = req.method === 'GET' || req.method === 'HEAD' ? new Map<symbol, Promise<unknown>>() : undefined
  req.ctx = await ctxForRequest(req, reads)
}

async function ctxForRequest(req: FastifyRequest, reads: Ctx['reads']): Promise<Ctx> {
  const db: Db = req.server.db
  const guestToken = req.cookies[GUEST_COOKIE]
  const token = req.cookies[SESSION_COOKIE]
  // Whatever is answered from here on is someone's own: a shared cache must not keep it.
  if (token || guestToken) req.personal = true
  const origin = { requestId: req.id, ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }
  const guestId = guestToken && GUEST_TOKEN.test(guestToken) ? hashGuestToken(guestToken) : null
  const session = token ? await req.server.services.identity.resolveSession({ db }, token) : null
  if (!session) return { ...guestCtx(db, origin, guestId), reads }
  // The page's whoami takes the profile the session's statement brought along.
  reads?.set(USER_PROFILE, Promise.resolve(session.profile))
  return ctxForUser(db, session.user, { ...origin, sessionId: session.sessionId, guestId, reads })
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: config.isProduction,
    sameSite: 'lax',
    path: '/',
    expires: expiresAt,
  })
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, secure: config.isProduction, sameSite: 'lax', path: '/' })
}

export function setDeviceCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    secure: config.isProduction,
    sameSite: 'lax',
    path: DEVICE_COOKIE_PATH,
    expires: expiresAt,
  })
}

export function hashGuestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * The context of a guest's write to what the browser keeps (the compare list): a new guest
 * cookie on the first write, and 180 days more on each one after. Signed-in users pass as they are.
 */
export function guestWriteCtx(req: FastifyRequest, reply: FastifyReply, config: Config): Ctx {
  const ctx = req.ctx
  if (ctx.user) return ctx
  const current = req.cookies[GUEST_COOKIE]
  const token = ctx.guestId && current ? current : randomBytes(32).toString('base64url')
  reply.setCookie(GUEST_COOKIE, token, { ...guestCookieOptions(config), maxAge: GUEST_COOKIE_MAX_AGE_S })
  return { ...ctx, guestId: hashGuestToken(token) }
}

/** At sign-in the guest's things move to the account, and the browser stops being a guest. */
export function clearGuestCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(GUEST_COOKIE, guestCookieOptions(config))
}

function guestCookieOptions(config: Config) {
  return { httpOnly: true, secure: config.isProduction, sameSite: 'lax', path: '/' } as const
}

/**
 * CSRF: a write that carries the session or the guest cookie must come from our own pages.
 * Browsers say where a request comes from in Sec-Fetch-Site (and Origin); a cross-site one is
 * refused with 403. Requests without either cookie have no ambient authority to abuse and pass,
 * except routes that create a guest cookie (they call `refuseCrossSite` themselves).
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const ownOrigin = new URL(opts.config.publicUrl).origin
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method) || (!req.cookies[SESSION_COOKIE] && !req.cookies[GUEST_COOKIE])) return
    if (isCrossSite(req, ownOrigin)) return refuse(reply)
  })
})

/** An onRequest hook: a write from another site's page gets 403, cookies or not. */
export async function refuseCrossSite(req: FastifyRequest, reply: FastifyReply) {
  if (SAFE_METHODS.has(req.method)) return
  if (isCrossSite(req, new URL(req.server.config.publicUrl).origin)) return refuse(reply)
}

function refuse(reply: FastifyReply) {
  return reply.status(403).send({ error: { code: 'forbidden', message: AUTH_MESSAGES.crossSite } })
}

function isCrossSite(req: FastifyRequest, ownOrigin: string): boolean {
  const site = req.headers['sec-fetch-site']
  const origin = req.headers.origin
  const requestOrigin = `${req.protocol}://${req.host}`
  const sameSite = site ? site === 'same-origin' || site === 'none' : true
  const sameOrigin = origin ? origin === requestOrigin || origin === ownOrigin : true
  return !sameSite || !sameOrigin
}

/**
 * `Cache-Control: private, no-store` on every response built from the session or guest cookie
 * (the request's context marks them) and on every response that sets a cookie, in one place rather than per
 * route. Nothing adds `Vary: Cookie`: what is answered to a request without these cookies does
 * not depend on them. Static files never build a context and keep their own long caching.
 */
export const privateResponsesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (req, reply) => {
    if (req.personal || reply.hasHeader('set-cookie')) reply.header('cache-control', PRIVATE_NO_STORE)
  })
})
