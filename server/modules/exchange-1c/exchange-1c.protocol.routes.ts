import type { FastifyInstance } from 'fastify'
import { EXCHANGE_LIMITS, EXCHANGE_PATH } from '#common/exchange-1c.ts'
import { systemCtx } from '../../context.ts'
import { EXCHANGE_COOKIE } from './exchange-1c.access.ts'

/**
 * 1С's address, outside /api/v1: 1С is not a browser and not an API client. It signs in with
 * HTTP Basic once (`checkauth`) and then sends the cookie it was told; it sends files as raw
 * bodies of any content type, and reads plain text back. No session of the site is involved.
 */
export async function exchange1cProtocolRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  app.route({
    method: ['GET', 'POST'],
    url: EXCHANGE_PATH,
    // A part over the limit is refused by the protocol with 1С's «failure», not by the parser.
    bodyLimit: EXCHANGE_LIMITS.partBytes * 2,
    schema: { hide: true },
    handler: async (req, reply) => {
      const ctx = systemCtx(req.server.db, {
        requestId: String(req.id),
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      })
      const answer = await req.server.services.exchange1c.answer(
        ctx,
        {
          query: req.query as Record<string, unknown>,
          authorization: req.headers.authorization,
          token: req.cookies[EXCHANGE_COOKIE],
          body: Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : undefined,
          ip: req.ip,
        },
        (acting, changes) => req.server.services.flows.ordersFrom1c.apply(acting, changes),
      )
      return reply.header('cache-control', 'no-store').type(answer.contentType).send(answer.body)
    },
  })
}
