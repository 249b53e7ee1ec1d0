import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CancelServiceOrderInput,
  ReworkServiceOrderInput,
  ServiceReviewInput,
  SubmitServiceResultInput,
} from '#common/exchange/service-orders.schemas.ts'
import { data, passThrough } from '../../../http.ts'
import { sendStoredFile } from '../../files/index.ts'
import {
  OrganizationParams,
  ServiceOrderDetailsSchema,
  ServiceOrderFileParams,
  ServiceOrderNumberParams,
  ServiceOrderParams,
  ServiceReviewsSummarySchema,
} from './service-orders.api.ts'

/**
 * Service orders of the exchange for both sides (`purchase`: the customer, `sale`: the
 * contractor), their moves, the result's files and the reviews. Validation and authorization are
 * the service's; these adapt HTTP to it.
 */
export const serviceOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.services.exchange.serviceOrders
  const route = <S extends object>(tag: string, schema: S) => ({ schema: { tags: [tag], ...schema }, ...passThrough })
  const Order = { 200: data(ServiceOrderDetailsSchema) }

  app.get(
    '/service-orders/:side/:number',
    route('service-orders', {
      summary: 'Заказ услуги: условия, история, результат, отзывы, доступные действия стороны',
      params: ServiceOrderParams,
      response: Order,
    }),
    async (req) => ({ data: await orders.get(req.ctx, req.params.side, req.params.number) }),
  )

  app.post(
    '/service-orders/:side/:number/start',
    route('service-orders', { summary: 'Начать работу (исполнитель)', params: ServiceOrderParams, response: Order }),
    async (req) => ({ data: await orders.start(req.ctx, req.params.side, req.params.number) }),
  )

  app.post(
    '/service-orders/:side/:number/result',
    route('service-orders', {
      summary: 'Сдать результат (исполнитель): отчёт и/или файлы, загруженные через /files',
      params: ServiceOrderParams,
      body: SubmitServiceResultInput,
      response: Order,
    }),
    async (req) => ({ data: await orders.submitResult(req.ctx, req.params.side, req.params.number, req.body) }),
  )

  app.post(
    '/service-orders/:side/:number/accept',
    route('service-orders', {
      summary: 'Принять работу (заказчик): заказ завершён',
      params: ServiceOrderParams,
      response: Order,
    }),
    async (req) => ({ data: await orders.accept(req.ctx, req.params.side, req.params.number) }),
  )

  app.post(
    '/service-orders/:side/:number/rework',
    route('service-orders', {
      summary: 'Вернуть результат на доработку (заказчик) с комментарием',
      params: ServiceOrderParams,
      body: ReworkServiceOrderInput,
      response: Order,
    }),
    async (req) => ({ data: await orders.requestRework(req.ctx, req.params.side, req.params.number, req.body) }),
  )

  app.post(
    '/service-orders/:side/:number/cancel',
    route('service-orders', {
      summary: 'Отменить новый заказ или заказ в работе с причиной (любая сторона)',
      params: ServiceOrderParams,
      body: CancelServiceOrderInput,
      response: Order,
    }),
    async (req) => ({ data: await orders.cancel(req.ctx, req.params.side, req.params.number, req.body) }),
  )

  app.post(
    '/service-orders/:side/:number/review',
    route('service-orders', {
      summary: 'Отзыв о другой стороне после завершения: оценка 1–5 и текст, один на сторону',
      params: ServiceOrderParams,
      body: ServiceReviewInput,
      response: { 201: data(ServiceOrderDetailsSchema) },
    }),
    async (req, reply) =>
      reply.status(201).send({ data: await orders.review(req.ctx, req.params.side, req.params.number, req.body) }),
  )

  app.get(
    '/service-orders/:side/:number/files/:fileId',
    route('service-orders', {
      summary: 'Файл результата (текущей или более ранней версии) для обеих сторон',
      params: ServiceOrderFileParams,
    }),
    async (req, reply) => {
      const file = await orders.resultFile(req.ctx, req.params.side, req.params.number, req.params.fileId)
      return sendStoredFile(reply, file)
    },
  )

  app.get(
    '/service-reviews/:organizationId',
    route('service-orders', {
      summary: 'Отзывы заказчиков об исполнителе услуг и средняя оценка (скрытые не показываются)',
      params: OrganizationParams,
      response: { 200: data(ServiceReviewsSummarySchema) },
    }),
    async (req) => ({ data: await orders.reviewsOf(req.ctx, req.params.organizationId) }),
  )

  app.get(
    '/staff/service-orders/:number',
    route('staff', {
      summary: 'Заказ услуги для сотрудника (только чтение; просмотр пишется в журнал)',
      params: ServiceOrderNumberParams,
      response: Order,
    }),
    async (req) => ({ data: await orders.staffGet(req.ctx, req.params.number) }),
  )
}
