import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FILE_LIMITS } from '#common/files.ts'
import { DocumentNameInput } from '#common/product-media.schemas.ts'
import { z } from '#common/zod.ts'
import { data, passThrough } from '../../http.ts'
import { registerPhotoRoutes } from '../../moderation/photo-routes.ts'
import { contentDisposition, receiveUpload } from '../files/index.ts'
import { ProductDetailsSchema, ProductIdParams } from './products.api.ts'

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

  registerPhotoRoutes(app, {
    base: '/cabinet/products',
    idDescription: 'id товара',
    details: ProductDetailsSchema,
    service: products,
  })

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
