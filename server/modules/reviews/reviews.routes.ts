import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ProductReviewInput,
  ReviewAnswerInput,
  ReviewEditInput,
  ReviewHideInput,
  ReviewListQuery,
  SellerReviewInput,
} from '#common/reviews.schemas.ts'
import { z } from '#common/zod.ts'
import { data, pageOf, passThrough, toPageBody } from '../../http.ts'
import {
  KindParams,
  OwnReviewSchema,
  ReviewableSchema,
  ReviewPageSchema,
  ReviewSchema,
  StaffReviewQuery,
  StaffReviewSchema,
} from './reviews.api.ts'

/**
 * Reviews from real purchases: the public lists, the buyer's reviews, the seller's answer and the
 * staff's moderation. Validation and authorization are the service's; these adapt HTTP to it.
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reviews } = app.services
  const route = <S extends object>(schema: S) => ({ schema: { tags: ['reviews'], ...schema }, ...passThrough })
  const Page = { 200: data(ReviewPageSchema) }

  app.get(
    '/products/:id/reviews',
    route({
      summary: 'Отзывы о товаре: видимые, новые сверху, со средней оценкой и распределением',
      params: z.object({ id: z.string() }),
      querystring: ReviewListQuery,
      response: Page,
    }),
    async (req) => ({ data: await reviews.listForProduct(req.ctx, req.params.id, req.query) }),
  )

  app.get(
    '/sellers/:slug/reviews',
    route({
      summary: 'Отзывы о продавце: видимые, новые сверху, со средней оценкой и распределением',
      params: z.object({ slug: z.string() }),
      querystring: ReviewListQuery,
      response: Page,
    }),
    async (req) => ({ data: await reviews.listForSeller(req.ctx, req.params.slug, req.query) }),
  )

  app.get(
    '/orders/purchase/:number/reviews',
    route({
      summary: 'Что покупатель может оценить в заказе и какие отзывы уже оставил',
      params: z.object({ number: z.string() }),
      response: { 200: data(ReviewableSchema) },
    }),
    async (req) => ({ data: await reviews.reviewableFor(req.ctx, req.params.number) }),
  )

  app.post(
    '/reviews/products',
    route({
      summary: 'Отзыв о товаре из полученного заказа (один на товар от организации)',
      body: ProductReviewInput,
      response: { 201: data(OwnReviewSchema) },
    }),
    async (req, reply) => reply.status(201).send({ data: await reviews.createProductReview(req.ctx, req.body) }),
  )

  app.post(
    '/reviews/sellers',
    route({
      summary: 'Отзыв о продавце полученного заказа (один на заказ)',
      body: SellerReviewInput,
      response: { 201: data(OwnReviewSchema) },
    }),
    async (req, reply) => reply.status(201).send({ data: await reviews.createSellerReview(req.ctx, req.body) }),
  )

  app.patch(
    '/reviews/:kind/:id',
    route({
      summary: 'Изменить свой отзыв (в течение 30 дней)',
      params: KindParams,
      body: ReviewEditInput,
      response: { 200: data(OwnReviewSchema) },
    }),
    async (req) => ({ data: await reviews.editReview(req.ctx, req.params.kind, req.params.id, req.body) }),
  )

  app.post(
    '/reviews/:kind/:id/answer',
    route({
      summary: 'Ответ продавца на отзыв (один раз)',
      params: KindParams,
      body: ReviewAnswerInput,
      response: { 200: data(ReviewSchema) },
    }),
    async (req) => ({ data: await reviews.answer(req.ctx, req.params.kind, req.params.id, req.body) }),
  )

  app.get(
    '/staff/reviews',
    route({
      summary: 'Отзывы для модерации: видимые или скрытые, новые сверху',
      querystring: StaffReviewQuery,
      response: { 200: pageOf(StaffReviewSchema) },
    }),
    async (req) => toPageBody(await reviews.listForStaff(req.ctx, req.query)),
  )

  app.post(
    '/staff/reviews/:kind/:id/hide',
    route({
      summary: 'Скрыть отзыв с причиной (сотрудник платформы)',
      params: KindParams,
      body: ReviewHideInput,
      response: { 200: data(StaffReviewSchema) },
    }),
    async (req) => ({ data: await reviews.hide(req.ctx, req.params.kind, req.params.id, req.body) }),
  )

  app.post(
    '/staff/reviews/:kind/:id/unhide',
    route({
      summary: 'Снова показать скрытый отзыв (сотрудник платформы)',
      params: KindParams,
      response: { 200: data(StaffReviewSchema) },
    }),
    async (req) => ({ data: await reviews.unhide(req.ctx, req.params.kind, req.params.id) }),
  )
}
