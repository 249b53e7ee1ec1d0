import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AUTH_MESSAGES } from '#common/auth.ts'
import type { Config } from '../config.ts'
import type { Ctx } from '../context.ts'
import type { Db } from '../db/client.ts'
import { loadSelectedOrganization } from '../modules/organizations/organizations.context.ts'
import type { Services } from '../services.ts'

export const SESSION_COOKIE = 'sid'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

declare module 'fastify' {
  interface FastifyRequest {
    ctxPromise?: Promise<Ctx>
  }
}

/**
 * The caller's context, built once per request and only when something asks for it (static
 * files never do): the session from the cookie, the user, and the selected organization.
 */
export function requestCtx(req: FastifyRequest): Promise<Ctx> {
  req.ctxPromise ??= buildCtx(req)
  return req.ctxPromise
}

async function buildCtx(req: FastifyRequest): Promise<Ctx> {
  const db: Db = req.server.db
  const services: Services = req.server.services
  const base = {
    db,
    requestId: req.id,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
  }
  const token = req.cookies[SESSION_COOKIE]
  const session = token ? await services.identity.resolveSession({ db }, token) : null
  if (!session) return { ...base, user: null, sessionId: null, organization: null }
  return {
    ...base,
    user: session.user,
    sessionId: session.sessionId,
    organization: await loadSelectedOrganization(db, session.user.id, session.user.selectedOrganizationId),
  }
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

/**
 * CSRF: a write that carries the session cookie must come from our own pages. Browsers say where
 * a request comes from in Sec-Fetch-Site (and Origin); a cross-site one is refused with 403.
 * Requests without the cookie have no ambient authority to abuse and pass.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const ownOrigin = new URL(opts.config.publicUrl).origin
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method) || !req.cookies[SESSION_COOKIE]) return
    const site = req.headers['sec-fetch-site']
    const origin = req.headers.origin
    const requestOrigin = `${req.protocol}://${req.host}`
    const sameSite = site ? site === 'same-origin' || site === 'none' : true
    const sameOrigin = origin ? origin === requestOrigin || origin === ownOrigin : true
    if (!sameSite || !sameOrigin) {
      return reply.status(403).send({ error: { code: 'forbidden', message: AUTH_MESSAGES.crossSite } })
    }
  })
})
