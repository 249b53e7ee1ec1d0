import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from '#common/zod.ts'

const Summary = z.object({
  chatUnreadMessagesCount: z.number().int().min(0),
  cartCount: z.number().int().min(0),
  compareCount: z.number().int().min(0),
})

/** The header's counters, fetched again whenever the signed-in state changes. */
export const headerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/header/summary',
    {
      schema: {
        tags: ['header'],
        summary: 'Счётчики шапки: непрочитанные сообщения, корзина, сравнение',
        response: { 200: Summary },
      },
    },
    async (req) => app.services.header.summary(req.ctx),
  )
}
