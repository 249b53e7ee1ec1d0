import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IMPORT_FILE_FIELD, IMPORT_LIMITS, ImportMappingInput, ImportViewQuery } from '#common/product-import.ts'
import { PRODUCT_IMPORT_MESSAGES as M } from '#common/product-import.ts'
import { data, passThrough } from '../../../http.ts'
import { AppError } from '../../../errors.ts'
import { requireConfirmed, vendorScope } from '../products.access.ts'
import { filePartBytes, receiveUpload } from '../../files/index.ts'
import { ImportIdParams, ImportViewSchema, UploadBodySchema } from './imports.api.ts'

/** The file part of the upload; reading stops (413) as soon as it passes the limit. */
async function readFile(req: FastifyRequest): Promise<{ fileName: string; bytes: Uint8Array }> {
  let file: { fileName: string; bytes: Uint8Array } | undefined
  for await (const part of req.parts()) {
    if (part.type !== 'file') continue
    const bytes = await filePartBytes(part)
    if (part.fieldname === IMPORT_FILE_FIELD) file = { fileName: part.filename, bytes }
  }
  if (!file) throw new AppError('invalid', M.missingFile, { file: M.missingFile })
  return file
}

/** The import form's own words for its limits (20 MB, YML or CSV). */
const IMPORT_UPLOAD_WORDING = { tooLarge: M.tooLarge, missing: M.missingFile, unreadable: M.unreadable }

/** The seller cabinet's imports from a file (YML or CSV): upload, preview, mapping, start. */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 2, fieldSize: 200, parts: 3, headerPairs: 50 },
  })
  const { productImports } = app.services
  const cabinet = <S extends object>(schema: S) => ({ schema: { tags: ['cabinet'], ...schema }, ...passThrough })
  const View = { 200: data(ImportViewSchema) }

  app.post(
    '/cabinet/imports',
    {
      config: { upload: { maxBytes: IMPORT_LIMITS.maxBytes, tooLarge: M.tooLarge } },
      ...cabinet({
        summary: 'Загрузить каталог (YML или CSV, до 20 МБ): проверка в фоне, затем предпросмотр; товары не меняются',
        description:
          'multipart/form-data с полем `file`. Ответ 202 — загрузка в статусе `parsing` с ходом проверки; `GET /cabinet/imports/{id}` даёт предпросмотр (`preview`: категории и характеристики файла с предложенным сопоставлением, счётчики и ошибки по строкам) или отказ (`failed` с причиной). Только подтверждённый поставщик, одна загрузка организации одновременно.',
        consumes: ['multipart/form-data'],
        body: UploadBodySchema,
        response: { 202: data(ImportViewSchema) },
      }),
    },
    async (req, reply) => {
      // Who may import is known before the body is read: a guest's, a buyer's or an unconfirmed
      // vendor's 20 MB is not. A declared length over the limit was refused before this.
      requireConfirmed(vendorScope(req.ctx))
      return receiveUpload(req, reply, (file) => productImports.upload(req.ctx, file), {
        status: 202,
        read: readFile,
        wording: IMPORT_UPLOAD_WORDING,
      })
    },
  )

  app.get(
    '/cabinet/imports/:id',
    cabinet({
      summary: 'Предпросмотр загрузки или ход и итог импорта (ошибки по страницам)',
      params: ImportIdParams,
      querystring: ImportViewQuery,
      response: View,
    }),
    async (req) => ({ data: await productImports.get(req.ctx, req.params.id, req.query) }),
  )

  app.put(
    '/cabinet/imports/:id/mapping',
    cabinet({
      summary: 'Сопоставление категорий и характеристик файла с каталогом, ставка НДС по умолчанию',
      params: ImportIdParams,
      body: ImportMappingInput,
      response: View,
    }),
    async (req) => ({ data: await productImports.setMapping(req.ctx, req.params.id, req.body) }),
  )

  app.post(
    '/cabinet/imports/:id/confirm',
    cabinet({
      summary: 'Запустить импорт в фоне (повторный вызов ничего не повторяет)',
      params: ImportIdParams,
      body: ImportMappingInput.optional(),
      response: { 202: data(ImportViewSchema) },
    }),
    async (req, reply) =>
      reply.status(202).send({ data: await productImports.confirm(req.ctx, req.params.id, req.body) }),
  )
}
