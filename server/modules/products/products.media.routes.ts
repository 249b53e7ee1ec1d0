import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FILE_LIMITS } from '#common/files.ts'
import { DocumentNameInput, PhotoAltInput, PhotoOrderInput } from '#common/product-media.ts'
import { z } from '#common/zod.ts'
import { data, passThrough } from '../../http.ts'
import { contentDisposition, receiveUpload } from '../files/index.ts'
import { ProductDetailsSchema, ProductIdParams } from './products.api.ts'

const PhotoParams = ProductIdParams.extend({ photoId: z.string().describe('id фотографии') })
const DocumentParams = ProductIdParams.extend({ fileId: z.string().describe('id файла документа') })
const UploadBody = z.object({ file: z.file() })

/**
 * Photos and documents of a product in the seller cabinet, and the public download of the
 * documents of a product on sale. Uploads are multipart with the field `file`, one per request.
 */
export const productMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: FILE_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 200, parts: 6, headerPairs: 50 },
  })
  const { products } = app.services
  const cabinet = <S extends object>(schema: S) => ({ schema: { tags: ['cabinet'], ...schema }, ...passThrough })
  const Details = { 200: data(ProductDetailsSchema) }

  app.post(
    '/cabinet/products/:id/photos',
    cabinet({
      summary: 'Добавить фотографию (JPEG, PNG или WebP до 10 МБ; хранится пересжатой в WebP)',
      consumes: ['multipart/form-data'],
      params: ProductIdParams,
      body: UploadBody,
      response: { 201: data(ProductDetailsSchema) },
    }),
    async (req, reply) => {
      products.describeScope(req.ctx) // 401 or 403 before reading 10 MB
      return receiveUpload(req, reply, (file) => products.addPhoto(req.ctx, req.params.id, file.data))
    },
  )

  app.put(
    '/cabinet/products/:id/photos/order',
    cabinet({
      summary: 'Новый порядок фотографий (первая — главная)',
      params: ProductIdParams,
      body: PhotoOrderInput,
      response: Details,
    }),
    async (req) => ({ data: await products.orderPhotos(req.ctx, req.params.id, req.body) }),
  )

  app.patch(
    '/cabinet/products/:id/photos/:photoId',
    cabinet({
      summary: 'Изменить подпись (alt) фотографии',
      params: PhotoParams,
      body: PhotoAltInput,
      response: Details,
    }),
    async (req) => ({ data: await products.setPhotoAlt(req.ctx, req.params.id, req.params.photoId, req.body) }),
  )

  app.delete(
    '/cabinet/products/:id/photos/:photoId',
    cabinet({ summary: 'Удалить фотографию', params: PhotoParams, response: Details }),
    async (req) => ({ data: await products.removePhoto(req.ctx, req.params.id, req.params.photoId) }),
  )

  app.post(
    '/cabinet/products/:id/documents',
    cabinet({
      summary: 'Добавить документ (PDF до 10 МБ): сертификат, паспорт изделия, спецификация',
      consumes: ['multipart/form-data'],
      params: ProductIdParams,
      body: UploadBody,
      response: { 201: data(ProductDetailsSchema) },
    }),
    async (req, reply) => {
      products.describeScope(req.ctx)
      return receiveUpload(req, reply, (file) => products.addDocument(req.ctx, req.params.id, file))
    },
  )

  app.patch(
    '/cabinet/products/:id/documents/:fileId',
    cabinet({ summary: 'Переименовать документ', params: DocumentParams, body: DocumentNameInput, response: Details }),
    async (req) => ({ data: await products.renameDocument(req.ctx, req.params.id, req.params.fileId, req.body) }),
  )

  app.delete(
    '/cabinet/products/:id/documents/:fileId',
    cabinet({ summary: 'Убрать документ из товара', params: DocumentParams, response: Details }),
    async (req) => ({ data: await products.removeDocument(req.ctx, req.params.id, req.params.fileId) }),
  )

  app.get(
    '/products/:id/documents/:fileId',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Скачать документ товара (опубликованного; черновика — его поставщику и сотрудникам)',
        params: DocumentParams,
      },
      ...passThrough,
    },
    async (req, reply) => {
      const file = await products.downloadDocument(req.ctx, req.params.id, req.params.fileId)
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', file.data.length)
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(file.data)
    },
  )
}
