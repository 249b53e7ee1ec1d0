import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from '#common/zod.ts'
import { MESSAGES } from '#common/messages.ts'
import { AppError } from '../../errors.ts'

const Health = z.object({ status: z.literal('ok') })
const Ready = z.object({
  /** degraded: serving, with Redis away (rate limits per instance, chat recovered from the database). */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  redis: z.enum(['ok', 'unavailable', 'off']),
})
const BuildInfo = z.object({ id: z.string(), timestamp: z.number() })

/** Probes for the load balancer and the build id the browser polls for new releases. */
export const systemRoutes: FastifyPluginAsyncZod<{ buildId: string; builtAt: number }> = async (app, opts) => {
  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'Процесс жив', response: { 200: Health } } },
    async () => ({ status: 'ok' as const }),
  )

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'База данных доступна (Redis — по возможности)',
        response: { 200: Ready, 503: Ready },
      },
    },
    async (_req, reply) => {
      const ok = await app.services.system.isDatabaseReady()
      const redis = app.services.system.redisState()
      const status = !ok ? 'unavailable' : redis === 'unavailable' ? 'degraded' : 'ok'
      return reply.status(ok ? 200 : 503).send({ status, database: ok ? 'ok' : 'unavailable', redis })
    },
  )

  // Never cached: the browser compares this id with the one it was loaded with.
  app.get(
    '/builds/latest.json',
    { schema: { tags: ['system'], summary: 'Текущая сборка', response: { 200: BuildInfo } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store')
      return { id: opts.buildId, timestamp: opts.builtAt }
    },
  )

  app.get(
    '/builds/meta/:buildId.json',
    {
      schema: {
        tags: ['system'],
        summary: 'Манифест сборки',
        params: z.object({ buildId: z.string().max(100) }),
        response: { 200: BuildInfo },
      },
    },
    async (req, reply) => {
      if (req.params.buildId !== opts.buildId) throw new AppError('not_found', MESSAGES.pageNotFound(req.url))
      reply.header('cache-control', 'public, max-age=31536000, immutable')
      return { id: opts.buildId, timestamp: opts.builtAt }
    },
  )
}
