import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from '#common/zod.ts'
import { ERRORS, subscribePermission } from './protocol.ts'

/** Centrifugo's subscribe proxy request (the fields we read; it sends more). */
const ProxyRequest = z.looseObject({ user: z.string(), channel: z.string() })

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * `POST /api/v1/realtime/centrifugo/subscribe`: Centrifugo's subscribe proxy (docs/centrifugo.md).
 * With Centrifugo as the endpoint, a user may subscribe to `chat:{userId}` only when this says
 * so: the channel name is fixed by the spec, so Centrifugo's user-limited channels (`#`) do not
 * apply. Centrifugo sends the API key in `X-Centrifugo-Proxy-Key` (a static header of the proxy);
 * without Centrifugo configured the route answers 404.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/realtime/centrifugo/subscribe', { schema: { hide: true, body: ProxyRequest } }, async (req, reply) => {
    const centrifugo = app.config.centrifugo
    if (!centrifugo) return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } })
    if (!sameSecret(req.headers['x-centrifugo-proxy-key'], centrifugo.apiKey)) {
      return reply.status(403).send({ error: { code: 'forbidden', message: 'Forbidden' } })
    }
    const permission = req.body.user ? subscribePermission(req.body.user, req.body.channel) : 'permissionDenied'
    if (permission === 'ok') return { result: {} }
    const { code, message } = ERRORS[permission]
    return { error: { code, message } }
  })
}
