import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DRAFT_STATUSES } from '#common/products.ts'
import { OfferFixesInput, OfferInput, OfferQueueQuery } from '#common/exchange/offers.ts'
import { PRICE_UNITS, SERVICE_TYPES } from '#common/exchange/services.ts'
import { FILE_LIMITS } from '#common/files.ts'
import { z } from '#common/zod.ts'
import { data, IdempotencyHeaders, passThrough } from '../../../http.ts'
import { VendorRefSchema } from '../../catalog/index.ts'
import { registerPhotoRoutes } from '../../../moderation/photo-routes.ts'
import { PhotoSchema } from '../../products/index.ts'

const OfferIdParams = z.object({ id: z.string().describe('id услуги') })

const EquipmentSchema = z.object({ id: z.uuid(), title: z.string(), slug: z.string().nullable() })

export const OfferDetailsSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  status: z.enum(DRAFT_STATUSES),
  published: z.boolean().describe('Видна на бирже услуг'),
  hasPendingChanges: z.boolean().describe('Опубликована, и есть неодобренные изменения'),
  title: z.string(),
  type: z.enum(SERVICE_TYPES),
  spheres: z.array(z.string()),
  regions: z.array(z.string()).describe('Коды регионов; пусто при nationwide'),
  nationwide: z.boolean().describe('Вся Россия'),
  priceFromKopecks: z.number().int().nullable().describe('Цена «от» в копейках; null — по договорённости'),
  priceUnit: z.enum(PRICE_UNITS),
  description: z.string().describe('Очищенный HTML'),
  photos: z.array(PhotoSchema),
  equipmentProductIds: z.array(z.uuid()),
  equipment: z.array(EquipmentSchema).describe('Товары каталога, на которых выполняется работа'),
  licences: z.array(z.object({ title: z.string(), number: z.string(), validUntil: z.string().nullable() })),
  staffComment: z.string().nullable().describe('Комментарий модератора, когда услуга возвращена на доработку'),
  sellerSlug: z.string().nullable().describe('Страница услуг продавца: /services/seller/{slug}'),
  problems: z.record(z.string(), z.string()).describe('Что ещё нужно заполнить перед отправкой на модерацию'),
  createdAt: z.date(),
  updatedAt: z.date(),
  submittedAt: z.date().nullable(),
})

const ReviewSchema = OfferDetailsSchema.extend({ vendor: VendorRefSchema.nullable() })

const QueueSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      type: z.enum(SERVICE_TYPES),
      priceFromKopecks: z.number().int().nullable(),
      priceUnit: z.enum(PRICE_UNITS),
      regions: z.array(z.string()),
      nationwide: z.boolean(),
      photo: z.object({ src: z.string(), alt: z.string() }).nullable(),
      vendor: VendorRefSchema.nullable(),
      isUpdate: z.boolean().describe('Новая версия опубликованной услуги'),
      submittedAt: z.date().nullable(),
    }),
  ),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
})

/**
 * Service offers in the seller cabinet (the selected organization's) and their moderation by
 * staff. Validation and authorization are the service's; these adapt HTTP to it.
 */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: FILE_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 200, parts: 6, headerPairs: 50 },
  })
  const { offers } = app.services.exchange
  const cabinet = <S extends object>(schema: S) => ({ schema: { tags: ['cabinet'], ...schema }, ...passThrough })
  const staff = <S extends object>(schema: S) => ({ schema: { tags: ['staff'], ...schema }, ...passThrough })
  const Details = { 200: data(OfferDetailsSchema) }

  app.get(
    '/cabinet/service-offers/equipment',
    cabinet({
      summary: 'Товары организации в каталоге, которые можно указать как оборудование услуги',
      response: { 200: data(z.array(EquipmentSchema)) },
    }),
    async (req) => ({ data: await offers.equipmentOptions(req.ctx) }),
  )

  app.post(
    '/cabinet/service-offers',
    cabinet({
      summary: 'Новая услуга (черновик; заголовок Idempotency-Key делает повтор безопасным)',
      headers: IdempotencyHeaders,
      body: OfferInput,
      response: { 201: data(OfferDetailsSchema) },
    }),
    async (req, reply) => {
      const created = await offers.create(req.ctx, req.body, req.headers['idempotency-key'])
      return reply.status(201).send({ data: created })
    },
  )

  app.get(
    '/cabinet/service-offers/:id',
    cabinet({ summary: 'Услуга организации', params: OfferIdParams, response: Details }),
    async (req) => ({ data: await offers.get(req.ctx, req.params.id) }),
  )

  app.patch(
    '/cabinet/service-offers/:id',
    cabinet({
      summary: 'Сохранить услугу (одобренная становится новым черновиком, на бирже остаётся одобренная версия)',
      params: OfferIdParams,
      body: OfferInput,
      response: Details,
    }),
    async (req) => ({ data: await offers.update(req.ctx, req.params.id, req.body) }),
  )

  app.delete(
    '/cabinet/service-offers/:id',
    cabinet({
      summary: 'Удалить черновик, который не опубликован и не на модерации',
      params: OfferIdParams,
      response: { 204: z.null() },
    }),
    async (req, reply) => {
      await offers.remove(req.ctx, req.params.id)
      return reply.status(204).send(null)
    },
  )

  const moves = [
    ['submit', 'Отправить услугу на модерацию'],
    ['withdraw', 'Отозвать услугу с модерации'],
    ['unpublish', 'Снять услугу с публикации на бирже'],
  ] as const
  for (const [move, summary] of moves) {
    app.post(
      `/cabinet/service-offers/:id/${move}`,
      cabinet({ summary, params: OfferIdParams, response: Details }),
      async (req) => ({ data: await offers[move](req.ctx, req.params.id) }),
    )
  }

  registerPhotoRoutes(app, {
    base: '/cabinet/service-offers',
    of: 'услуги',
    idDescription: 'id услуги',
    details: OfferDetailsSchema,
    service: offers,
  })

  app.get(
    '/staff/service-offers',
    staff({
      summary: 'Очередь модерации услуг (сначала ждущие дольше)',
      querystring: OfferQueueQuery,
      response: { 200: data(QueueSchema) },
    }),
    async (req) => ({ data: await offers.queue(req.ctx, req.query) }),
  )

  app.get(
    '/staff/service-offers/:id',
    staff({ summary: 'Услуга на модерации', params: OfferIdParams, response: { 200: data(ReviewSchema) } }),
    async (req) => ({ data: await offers.review(req.ctx, req.params.id) }),
  )

  app.post(
    '/staff/service-offers/:id/approve',
    staff({
      summary: 'Одобрить услугу: она сразу появится на бирже',
      params: OfferIdParams,
      response: { 200: data(ReviewSchema) },
    }),
    async (req) => ({ data: await offers.approve(req.ctx, req.params.id) }),
  )

  app.post(
    '/staff/service-offers/:id/request-fixes',
    staff({
      summary: 'Вернуть услугу на доработку (комментарий обязателен)',
      params: OfferIdParams,
      body: OfferFixesInput,
      response: { 200: data(ReviewSchema) },
    }),
    async (req) => ({ data: await offers.requestFixes(req.ctx, req.params.id, req.body) }),
  )
}
