import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ProposalInput, RejectProposalInput } from '#common/exchange/proposals.schemas.ts'
import { data, IdempotencyHeaders, passThrough } from '../../../http.ts'
import { sendStoredFile } from '../../files/index.ts'
import {
  AcceptedProposalSchema,
  ProposalFileParams,
  ProposalIdParams,
  ProposalViewSchema,
  RequestNumberParams,
  RequestProposalsSchema,
} from './proposals.api.ts'

/**
 * Vendors' proposals on service requests and the customer's decisions on them. Validation and
 * authorization are the service's (a proposal is its author's and the customer's only); these
 * adapt HTTP to it.
 */
export const proposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const proposals = app.services.exchange.proposals
  const route = <S extends object>(schema: S) => ({
    schema: { tags: ['exchange-proposals'], ...schema },
    ...passThrough,
  })
  const One = { 200: data(ProposalViewSchema) }

  app.get(
    '/exchange/requests/:number/proposals',
    route({
      summary: 'Предложения по заявке: заказчику — все, исполнителю — своё; можно ли откликнуться и почему нет',
      params: RequestNumberParams,
      response: { 200: data(RequestProposalsSchema) },
    }),
    async (req) => ({ data: await proposals.forRequest(req.ctx, req.params.number) }),
  )

  app.post(
    '/exchange/requests/:number/proposals',
    route({
      summary: 'Отправить предложение по заявке (заголовок Idempotency-Key делает повтор безопасным)',
      params: RequestNumberParams,
      headers: IdempotencyHeaders,
      body: ProposalInput,
      response: { 201: data(ProposalViewSchema) },
    }),
    async (req, reply) => {
      const created = await proposals.submit(req.ctx, req.params.number, req.body, req.headers['idempotency-key'])
      return reply.status(201).send({ data: created })
    },
  )

  app.patch(
    '/exchange/proposals/:id',
    route({
      summary: 'Изменить своё предложение, пока заказчик его рассматривает (прежняя версия сохраняется)',
      params: ProposalIdParams,
      body: ProposalInput,
      response: One,
    }),
    async (req) => ({ data: await proposals.revise(req.ctx, req.params.id, req.body) }),
  )

  app.post(
    '/exchange/proposals/:id/accept',
    route({
      summary: 'Принять предложение (заказчик): создаётся заказ услуги, остальные отклоняются, если исполнитель один',
      params: ProposalIdParams,
      response: { 200: data(AcceptedProposalSchema) },
    }),
    async (req) => ({ data: await proposals.accept(req.ctx, req.params.id) }),
  )

  app.post(
    '/exchange/proposals/:id/reject',
    route({
      summary: 'Отклонить предложение с причиной (заказчик)',
      params: ProposalIdParams,
      body: RejectProposalInput,
      response: One,
    }),
    async (req) => ({ data: await proposals.reject(req.ctx, req.params.id, req.body) }),
  )

  app.get(
    '/exchange/proposals/:id/files/:fileId',
    route({ summary: 'Файл предложения (любой версии) для исполнителя и заказчика', params: ProposalFileParams }),
    async (req, reply) => {
      const file = await proposals.file(req.ctx, req.params.id, req.params.fileId)
      return sendStoredFile(reply, file)
    },
  )
}
