import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { LeadInput } from '#common/leads.ts'
import { z } from '#common/zod.ts'
import { data, passThrough } from '../../http.ts'

const Created = data(z.object({ id: z.uuid(), createdAt: z.string() }))

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
      ...passThrough,
    },
    async (req, reply) => {
      const lead = await app.services.leads.create(req.ctx, req.body)
      return reply.status(201).send({ data: { id: lead.id, createdAt: lead.createdAt.toISOString() } })
    },
  )
}
