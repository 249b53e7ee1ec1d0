import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FILE_LIMITS } from '#common/files.ts'
import { ArticleInput, MediaQuery } from '#common/media/articles.ts'
import { z } from '#common/zod.ts'
import { requireStaff } from '../../context.ts'
import { data, pageOf, passThrough, toPageBody } from '../../http.ts'
import { receiveUpload } from '../files/index.ts'
import {
  ArticlePageSchema,
  EmbeddableProductSchema,
  MediaListSchema,
  StaffArticleRowSchema,
  StaffArticleSchema,
  UploadedImageSchema,
} from './articles.api.ts'
import { ScheduleInput, StaffArticlesQuery } from './articles.staff.ts'

const IdParams = z.object({ id: z.string().describe('id статьи') })
const SlugParams = z.object({ slug: z.string().describe('адрес статьи') })
const UploadBody = z.object({ file: z.file() })

/**
 * Media under /api/v1/media: the public list and article, and the staff editor's endpoints
 * (staff only: 401 signed out, 403 otherwise, checked by the service). Input is validated by the
 * service with the shared schemas, so field errors come back in Russian from one place.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: FILE_LIMITS.maxBytes, files: 1, fields: 2, fieldSize: 200, parts: 3, headerPairs: 50 },
  })
  const { media } = app.services
  const pub = <S extends object>(schema: S) => ({ schema: { tags: ['media'], ...schema }, ...passThrough })
  const staff = <S extends object>(schema: S) => ({ schema: { tags: ['media', 'staff'], ...schema }, ...passThrough })
  const One = { 200: data(StaffArticleSchema) }

  app.get(
    '/media/articles',
    pub({
      summary: 'Статьи: новые сверху, фильтры по рубрике, тегу и поиску',
      querystring: MediaQuery,
      response: { 200: data(MediaListSchema) },
    }),
    async (req) => ({ data: await media.list(req.ctx, req.query) }),
  )

  app.get(
    '/media/articles/:slug',
    pub({
      summary: 'Статья с живыми карточками товаров',
      params: SlugParams,
      response: { 200: data(ArticlePageSchema) },
    }),
    async (req) => ({ data: await media.article(req.ctx, req.params.slug) }),
  )

  app.get(
    '/media/staff/articles',
    staff({
      summary: 'Все статьи для редакции',
      querystring: StaffArticlesQuery,
      response: { 200: pageOf(StaffArticleRowSchema) },
    }),
    async (req) => toPageBody(await media.staffList(req.ctx, req.query)),
  )

  app.post(
    '/media/staff/articles',
    staff({ summary: 'Новый черновик', body: ArticleInput, response: { 201: data(StaffArticleSchema) } }),
    async (req, reply) => reply.status(201).send({ data: await media.create(req.ctx, req.body) }),
  )

  app.get(
    '/media/staff/articles/:id',
    staff({ summary: 'Статья в редакторе: поля, допустимые действия, история', params: IdParams, response: One }),
    async (req) => ({ data: await media.staffGet(req.ctx, req.params.id) }),
  )

  app.put(
    '/media/staff/articles/:id',
    staff({
      summary: 'Сохранить статью (409, если её изменил другой редактор)',
      params: IdParams,
      body: ArticleInput,
      response: One,
    }),
    async (req) => ({ data: await media.update(req.ctx, req.params.id, req.body) }),
  )

  app.get(
    '/media/staff/articles/:id/preview',
    staff({
      summary: 'Предпросмотр: статья так, как её увидят читатели',
      params: IdParams,
      response: { 200: data(ArticlePageSchema) },
    }),
    async (req) => ({ data: await media.preview(req.ctx, req.params.id) }),
  )

  app.post(
    '/media/staff/articles/:id/publish',
    staff({ summary: 'Опубликовать сейчас', params: IdParams, response: One }),
    async (req) => ({ data: await media.publish(req.ctx, req.params.id) }),
  )

  app.post(
    '/media/staff/articles/:id/schedule',
    staff({
      summary: 'Запланировать публикацию на время в будущем',
      params: IdParams,
      body: ScheduleInput,
      response: One,
    }),
    async (req) => ({ data: await media.schedule(req.ctx, req.params.id, req.body) }),
  )

  for (const [action, summary] of [
    ['unschedule', 'Отменить запланированную публикацию (статья вернётся в черновики)'],
    ['archive', 'Убрать опубликованную статью в архив'],
    ['restore', 'Вернуть статью из архива в черновики'],
  ] as const) {
    app.post(
      `/media/staff/articles/:id/${action}`,
      staff({ summary, params: IdParams, response: One }),
      async (req) => ({ data: await media[action](req.ctx, req.params.id) }),
    )
  }

  app.post(
    '/media/staff/images',
    staff({
      summary: 'Загрузить изображение для статьи (JPEG, PNG или WebP до 10 МБ; хранится пересжатым в WebP)',
      consumes: ['multipart/form-data'],
      body: UploadBody,
      response: { 201: data(UploadedImageSchema) },
    }),
    async (req, reply) => {
      requireStaff(req.ctx) // 401 or 403 before reading 10 MB
      return receiveUpload(req, reply, (file) => media.uploadImage(req.ctx, file.data))
    },
  )

  app.get(
    '/media/staff/products',
    staff({
      summary: 'Товары в продаже для вставки в статью',
      querystring: z.object({ q: z.string().max(100).optional() }),
      response: { 200: data(z.array(EmbeddableProductSchema)) },
    }),
    async (req) => ({ data: await media.searchProducts(req.ctx, (req.query as { q?: string }).q ?? '') }),
  )
}
