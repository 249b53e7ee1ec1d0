import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AttachModelInput,
  BulkInput,
  CabinetListQuery,
  DraftInput,
  FixesInput,
  ModelSearchQuery,
  StaffQueueQuery,
} from '#common/products.schemas.ts'
import { ModelSummarySchema } from '../catalog/index.ts'
import { z } from '#common/zod.ts'
import { data, IdempotencyHeaders, passThrough } from '../../http.ts'
import { productMediaRoutes } from './products.media.routes.ts'
import {
  BulkResultSchema,
  CabinetListSchema,
  ProductDetailsSchema,
  ProductIdParams,
  QueueFiltersSchema,
  QueueSchema,
  ReviewSchema,
} from './products.api.ts'

/**
 * The seller cabinet's products (the selected organization's) and their moderation by staff.
 * Validation and authorization are the services'; these adapt HTTP to them.
 */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(productMediaRoutes)
  const { products } = app.services
  const { moderation } = products
  const cabinet = <S extends object>(schema: S) => ({ schema: { tags: ['cabinet'], ...schema }, ...passThrough })
  const staff = <S extends object>(schema: S) => ({ schema: { tags: ['staff'], ...schema }, ...passThrough })
  const Details = { 200: data(ProductDetailsSchema) }

  app.get(
    '/cabinet/products',
    cabinet({
      summary: 'Товары выбранной организации: вкладка, поиск по названию и артикулу, сортировка, страница',
      querystring: CabinetListQuery,
      response: { 200: data(CabinetListSchema) },
    }),
    async (req) => ({ data: await products.list(req.ctx, req.query) }),
  )

  app.post(
    '/cabinet/products',
    cabinet({
      summary: 'Новый черновик товара (заголовок Idempotency-Key делает повтор безопасным)',
      headers: IdempotencyHeaders,
      body: DraftInput,
      response: { 201: data(ProductDetailsSchema) },
    }),
    async (req, reply) => {
      const created = await products.create(req.ctx, req.body, req.headers['idempotency-key'])
      return reply.status(201).send({ data: created })
    },
  )

  const Origin = z.object({
    countryCode: z.string().nullable().describe('Страна происхождения: цифровой код ОКСМ; null — российский товар'),
    customsDeclaration: z.string().nullable().describe('Регистрационный номер декларации на товары'),
  })
  app.get(
    '/cabinet/products/:id/origin',
    cabinet({
      summary: 'Страна происхождения и номер декларации на товары: графы 10, 10а и 11 УПД',
      params: ProductIdParams,
      response: { 200: data(Origin) },
    }),
    async (req) => ({ data: await products.origins.get(req.ctx, req.params.id) }),
  )
  app.put(
    '/cabinet/products/:id/origin',
    cabinet({
      summary: 'Сохранить страну происхождения и номер декларации (без модерации: это данные документов продавца)',
      params: ProductIdParams,
      body: Origin,
      response: { 200: data(Origin) },
    }),
    async (req) => ({ data: await products.origins.set(req.ctx, req.params.id, req.body) }),
  )

  app.get(
    '/cabinet/products/:id',
    cabinet({ summary: 'Товар: черновик, опубликованная версия, история', params: ProductIdParams, response: Details }),
    async (req) => ({ data: await products.get(req.ctx, req.params.id) }),
  )

  app.patch(
    '/cabinet/products/:id',
    cabinet({ summary: 'Сохранить изменения черновика', params: ProductIdParams, body: DraftInput, response: Details }),
    async (req) => ({ data: await products.update(req.ctx, req.params.id, req.body) }),
  )

  app.delete(
    '/cabinet/products/:id',
    cabinet({ summary: 'Удалить неопубликованный черновик', params: ProductIdParams, response: { 204: z.null() } }),
    async (req, reply) => {
      await products.remove(req.ctx, req.params.id)
      return reply.status(204).send(null)
    },
  )

  const moves = [
    ['submit', 'Отправить на модерацию'],
    ['withdraw', 'Отозвать с модерации'],
    ['unpublish', 'Снять с публикации'],
  ] as const
  for (const [move, summary] of moves) {
    app.post(
      `/cabinet/products/:id/${move}`,
      cabinet({ summary, params: ProductIdParams, response: Details }),
      async (req) => ({ data: await products[move](req.ctx, req.params.id) }),
    )
  }

  app.get(
    '/cabinet/models',
    cabinet({
      summary: 'Модели каталога для привязки товара: по названию, артикулу производителя или GTIN',
      querystring: ModelSearchQuery,
      response: { 200: data(z.array(ModelSummarySchema)) },
    }),
    async (req) => ({ data: await products.findModels(req.ctx, req.query) }),
  )

  app.post(
    '/cabinet/products/:id/model',
    cabinet({
      summary:
        'Привязать товар к модели каталога (описание, характеристики и фото — модели) или отвязать (modelId: null)',
      params: ProductIdParams,
      body: AttachModelInput,
      response: Details,
    }),
    async (req) => ({ data: await products.attachModel(req.ctx, req.params.id, req.body) }),
  )

  app.post(
    '/cabinet/products/bulk',
    cabinet({
      summary: 'Действие над несколькими товарами: отправить на модерацию, снять с публикации, удалить',
      body: BulkInput,
      response: { 200: data(BulkResultSchema) },
    }),
    async (req) => ({ data: await products.bulk(req.ctx, req.body) }),
  )

  app.get(
    '/staff/products',
    staff({
      summary: 'Очередь модерации товаров (сначала ждущие дольше)',
      querystring: StaffQueueQuery,
      response: { 200: data(QueueSchema) },
    }),
    async (req) => ({ data: await moderation.queue(req.ctx, req.query) }),
  )

  app.get(
    '/staff/products/queue-filters',
    staff({
      summary: 'Продавцы и категории, у которых есть товары в очереди модерации',
      response: { 200: data(QueueFiltersSchema) },
    }),
    async (req) => ({ data: await moderation.queueFilters(req.ctx) }),
  )

  app.get(
    '/staff/products/:id',
    staff({
      summary: 'Товар на модерации и версия в каталоге',
      params: ProductIdParams,
      response: { 200: data(ReviewSchema) },
    }),
    async (req) => ({ data: await moderation.get(req.ctx, req.params.id) }),
  )

  app.get(
    '/staff/products/:id/similar-models',
    staff({
      summary: 'Похожие модели каталога для товара, предлагающего новую модель (проверка на дубликат)',
      params: ProductIdParams,
      response: { 200: data(z.array(ModelSummarySchema)) },
    }),
    async (req) => ({ data: await moderation.similarModels(req.ctx, req.params.id) }),
  )

  app.post(
    '/staff/products/:id/model',
    staff({
      summary: 'Привязать товар на модерации к существующей модели вместо новой',
      params: ProductIdParams,
      body: AttachModelInput,
      response: { 200: data(ReviewSchema) },
    }),
    async (req) => ({ data: await moderation.attachModel(req.ctx, req.params.id, req.body) }),
  )

  app.post(
    '/staff/products/:id/approve',
    staff({
      summary: 'Одобрить товар: он сразу появится в каталоге',
      params: ProductIdParams,
      response: { 200: data(ReviewSchema) },
    }),
    async (req) => ({ data: await moderation.approve(req.ctx, req.params.id) }),
  )

  app.post(
    '/staff/products/:id/request-fixes',
    staff({
      summary: 'Вернуть товар на доработку (комментарий обязателен)',
      params: ProductIdParams,
      body: FixesInput,
      response: { 200: data(ReviewSchema) },
    }),
    async (req) => ({ data: await moderation.requestFixes(req.ctx, req.params.id, req.body) }),
  )
}
