import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AuditListQuery, LEAD_STATUSES, LeadListQuery, LeadStatusInput, OutboxListQuery } from '#common/staff.ts'
import { z } from '#common/zod.ts'
import { data, pageOf, passThrough, toPageBody } from '../../http.ts'

/**
 * The platform staff's REST endpoints over the leads, mail and audit services. Each service
 * checks that the caller is staff (403 otherwise) and records what staff do.
 */
const Lead = z.object({
  id: z.uuid(),
  sourcePath: z.string(),
  name: z.string(),
  organization: z.string(),
  phone: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(LEAD_STATUSES),
  consentAt: z.date(),
  createdAt: z.date(),
})
const OutboxItem = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
  error: z.string().nullable(),
})
const AuditRecord = z.object({
  id: z.uuid(),
  createdAt: z.date(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.unknown(),
  ip: z.string(),
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
})

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leads, mail, audit } = app.services

  app.get(
    '/staff/leads',
    {
      schema: {
        tags: ['staff'],
        summary: 'Заявки с форм',
        querystring: LeadListQuery,
        response: { 200: pageOf(Lead) },
      },
      ...passThrough,
    },
    async (req) => toPageBody(await leads.list(req.ctx, req.query)),
  )

  app.patch(
    '/staff/leads/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Статус заявки',
        params: z.object({ id: z.string() }),
        body: LeadStatusInput,
        response: { 200: data(z.object({ id: z.string(), status: z.enum(LEAD_STATUSES) })) },
      },
      ...passThrough,
    },
    async (req) => ({ data: await leads.setStatus(req.ctx, req.params.id, req.body) }),
  )

  app.get(
    '/staff/outbox',
    {
      schema: {
        tags: ['staff'],
        summary: 'Исходящие письма',
        querystring: OutboxListQuery,
        response: { 200: pageOf(OutboxItem) },
      },
      ...passThrough,
    },
    async (req) => toPageBody(await mail.listOutbox(req.ctx, req.query)),
  )

  app.get(
    '/staff/audit',
    {
      schema: {
        tags: ['staff'],
        summary: 'Журнал действий',
        querystring: AuditListQuery,
        response: { 200: pageOf(AuditRecord) },
      },
      ...passThrough,
    },
    async (req) => toPageBody(await audit.list(req.ctx, req.query)),
  )
}
