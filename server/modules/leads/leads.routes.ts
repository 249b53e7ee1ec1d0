import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { LeadInput } from '#common/leads.ts'
import { z } from '#common/zod.ts'
import { requestCtx } from '../../plugins/session.ts'

const Created = z.object({ data: z.object({ id: z.uuid(), createdAt: z.string() }) })

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/leads',
    {
      schema: {
        tags: ['leads'],
        summary: 'Заявка с формы страницы платформы',
        description: 'Повторная отправка с тем же submissionId возвращает уже сохранённую заявку.',
        body: LeadInput,
        response: { 201: Created },
      },
      // The service validates with the same schema and answers field errors in Russian.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (req, reply) => {
      const lead = await app.services.leads.create(await requestCtx(req), req.body)
      return reply.status(201).send({ data: { id: lead.id, createdAt: lead.createdAt.toISOString() } })
    },
  )
}
