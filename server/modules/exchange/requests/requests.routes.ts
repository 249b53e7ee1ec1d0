import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  PERMISSION_PARTIES,
  REQUEST_ACTIONS,
  REQUEST_STATUSES,
  REQUEST_VISIBILITIES,
} from '#common/exchange/requests.ts'
import { CancelRequestInput, RequestInput } from '#common/exchange/requests.schemas.ts'
import { SERVICE_TYPES, VOLUME_UNITS } from '#common/exchange/services.ts'
import { z } from '#common/zod.ts'
import { data, IdempotencyHeaders, passThrough } from '../../../http.ts'
import { sendStoredFile } from '../../files/index.ts'

const NumberParams = z.object({ number: z.string().describe('Номер заявки, например Z-2611-00042') })
const FileParams = NumberParams.extend({ fileId: z.string().describe('id файла вложения') })

const Ref = z.object({ id: z.uuid(), name: z.string(), slug: z.string() })

export const RequestDetailsSchema = z.object({
  number: z.string(),
  status: z.enum(REQUEST_STATUSES),
  type: z.enum(SERVICE_TYPES),
  sphere: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  region: z.string().nullable().describe('Код региона'),
  address: z.string(),
  area: z
    .object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) })
    .nullable()
    .describe('Участок: GeoJSON Polygon, [долгота, широта]'),
  areaHectares: z.number().nullable().describe('Площадь участка, вычисленная сервером, га'),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  volume: z.number().nullable(),
  volumeUnit: z.enum(VOLUME_UNITS),
  budgetKopecks: z.number().int().nullable().describe('Бюджет в копейках; null — по договорённости'),
  attachments: z.array(z.object({ fileId: z.uuid(), name: z.string(), size: z.number().int(), mimeType: z.string() })),
  flight: z.object({
    maxAltitudeM: z.number(),
    controlledAirspace: z.boolean(),
    restrictedZone: z.boolean(),
    permissionBy: z
      .enum(PERMISSION_PARTIES)
      .describe('Кто получает разрешение на использование воздушного пространства'),
  }),
  visibility: z.enum(REQUEST_VISIBILITIES),
  proposalsDeadline: z.string().nullable().describe('Последний день приёма предложений (московское время)'),
  allowSeveral: z.boolean(),
  proposalCount: z.number().int(),
  customer: Ref.extend({ sellerSlug: z.string().nullable() }),
  viewer: z.enum(['customer', 'proposer', 'staff', 'reader']),
  actions: z.array(z.enum(REQUEST_ACTIONS)).describe('Действия заказчика сейчас'),
  invited: z.array(Ref).describe('Приглашённые исполнители (только для заказчика)'),
  cancelReason: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

/**
 * Buyers' service requests: drafts, publishing, closing and cancelling by the customer, the
 * request's page for whoever may see it, its attachments. The public list is listing.routes.ts.
 * Validation and authorization are the service's; these adapt HTTP to it.
 */
export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requests } = app.services.exchange
  const route = <S extends object>(schema: S) => ({ schema: { tags: ['exchange'], ...schema }, ...passThrough })
  const Details = { 200: data(RequestDetailsSchema) }

  app.post(
    '/exchange/requests',
    route({
      summary: 'Новая заявка (черновик; заголовок Idempotency-Key делает повтор безопасным)',
      headers: IdempotencyHeaders,
      body: RequestInput,
      response: { 201: data(RequestDetailsSchema) },
    }),
    async (req, reply) => {
      const created = await requests.create(req.ctx, req.body, req.headers['idempotency-key'])
      return reply.status(201).send({ data: created })
    },
  )

  app.get(
    '/exchange/requests/:number',
    route({
      summary: 'Заявка: условия для всех, кому она видна; приглашённые и действия — для заказчика',
      params: NumberParams,
      response: Details,
    }),
    async (req) => ({ data: await requests.get(req.ctx, req.params.number) }),
  )

  app.patch(
    '/exchange/requests/:number',
    route({
      summary: 'Сохранить черновик; у открытой заявки — только продлить срок приёма предложений',
      params: NumberParams,
      body: z
        .record(z.string(), z.unknown())
        .describe('Черновик — поля новой заявки; открытая — { proposalsDeadline }'),
      response: Details,
    }),
    async (req) => ({ data: await requests.update(req.ctx, req.params.number, req.body) }),
  )

  app.post(
    '/exchange/requests/:number/publish',
    route({
      summary: 'Опубликовать черновик: проверка всех полей, не больше 20 заявок в день',
      params: NumberParams,
      response: Details,
    }),
    async (req) => ({ data: await requests.publish(req.ctx, req.params.number) }),
  )

  app.post(
    '/exchange/requests/:number/close',
    route({ summary: 'Закрыть приём предложений', params: NumberParams, response: Details }),
    async (req) => ({ data: await requests.close(req.ctx, req.params.number) }),
  )

  app.post(
    '/exchange/requests/:number/cancel',
    route({
      summary: 'Отменить черновик или открытую заявку с причиной',
      params: NumberParams,
      body: CancelRequestInput,
      response: Details,
    }),
    async (req) => ({ data: await requests.cancel(req.ctx, req.params.number, req.body) }),
  )

  app.get(
    '/exchange/requests/:number/files/:fileId',
    route({ summary: 'Вложение заявки для всех, кому она видна', params: FileParams }),
    async (req, reply) => {
      const file = await requests.attachment(req.ctx, req.params.number, req.params.fileId)
      return sendStoredFile(reply, file)
    },
  )
}
