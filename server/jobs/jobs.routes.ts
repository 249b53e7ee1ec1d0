import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromDigits, z } from '#common/zod.ts'
import { pageOf, passThrough, toPageBody } from '../http.ts'
import { JOB_STATUSES } from './jobs.table.ts'

export const JobSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  lastError: z.string().nullable(),
  runAt: z.date(),
  createdAt: z.date(),
  updatedAt: z.date(),
  finishedAt: z.date().nullable(),
})

/** Staff look into the queue: the failed jobs (dead letter) with their last error. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/jobs',
    {
      schema: {
        tags: ['staff'],
        summary: 'Фоновые задачи по состоянию (по умолчанию — завершившиеся ошибкой), новые сначала',
        querystring: z.object({
          status: z.enum(JOB_STATUSES).optional(),
          page: fromDigits(z.number().int().min(1)).optional(),
        }),
        response: { 200: pageOf(JobSchema) },
      },
      ...passThrough,
    },
    async (req) =>
      toPageBody(await app.services.jobs.listForStaff(req.ctx, req.query as { status?: string; page?: number })),
  )
}
