import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'

declare module 'fastify' {
  interface FastifyReply {
    /** Per-response nonce for the inline scripts React Router renders. */
    cspNonce: string
  }
}

const METRIKA_ORIGINS = ['https://mc.yandex.ru', 'https://mc.yandex.com', 'https://yastatic.net']

/**
 * Where the map's tiles come from, as a CSP source: the origin of MAP_TILES_URL, `*.` in place of
 * a `{s}` subdomain; none when the tiles are off or served from this origin ('self' has them).
 */
export function mapTilesSource(template: string): string[] {
  if (!/^https?:\/\//.test(template)) return []
  const url = new URL(template.replace(/\{s\}/g, 'tile-subdomain').replace(/\{[^}]*\}/g, '0'))
  if (!url.hostname.includes('tile-subdomain')) return [url.origin]
  return [`${url.protocol}//*.${url.host.split('.').slice(1).join('.')}`]
}

/** The Content-Security-Policy the app really works under, and the other strict headers. */
export function buildCsp(config: Config, nonce: string): string {
  const metrika = config.METRIKA_ID ? METRIKA_ORIGINS : []
  const cdn = /^https?:\/\//.test(config.CDN_URL) ? [new URL(config.CDN_URL).origin] : []
  const dev = config.isDevelopment
  // The realtime WebSocket: this origin's ws(s):// ('self' covers it only in CSP 3 browsers), or Centrifugo.
  const realtime = config.centrifugo
    ? [new URL(config.centrifugo.wsUrl).origin.replace(/^http/, 'ws')]
    : [new URL(config.publicUrl).origin.replace(/^http/, 'ws')]
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, ...metrika, ...(dev ? ["'unsafe-eval'"] : [])],
    // Mantine sets CSS variables and style props inline.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...cdn, ...metrika, ...mapTilesSource(config.MAP_TILES_URL)],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...realtime, ...metrika, ...(dev ? ['ws:', 'wss:'] : [])],
    'media-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': metrika.length ? metrika : ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts
  app.decorateReply('cspNonce', '')
  app.addHook('onRequest', async (_req, reply) => {
    reply.cspNonce = randomBytes(16).toString('base64')
  })
  app.addHook('onSend', async (req, reply) => {
    // A route that set a policy of its own keeps it: a stored file's `default-src 'none'; sandbox`
    // must not become the pages' policy, under which the file would run as a page of ours.
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', buildCsp(config, reply.cspNonce))
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('x-frame-options', 'DENY')
    reply.header('cross-origin-opener-policy', 'same-origin')
    reply.header('cross-origin-resource-policy', 'same-site')
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    reply.header('x-request-id', req.id)
    if (config.isProduction) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
    }
  })
})
