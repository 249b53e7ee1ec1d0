import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PhotoAltInput, PhotoOrderInput } from '#common/product-media.schemas.ts'
import { z } from '#common/zod.ts'
import type { Ctx } from '../context.ts'
import { data, passThrough } from '../http.ts'
import { receiveUpload } from '../modules/files/index.ts'

type App = Parameters<FastifyPluginAsyncZod>[0]

/** What a moderated listing's service does to its photos; each answers the listing as the cabinet shows it. */
export interface ListingPhotos<Details> {
  /** Refuses a guest or a buyer (401, 403) before 10 MB are read. */
  describeScope(ctx: Ctx): unknown
  addPhoto(ctx: Ctx, id: string, data: Buffer): Promise<Details>
  orderPhotos(ctx: Ctx, id: string, input: unknown): Promise<Details>
  setPhotoAlt(ctx: Ctx, id: string, photoId: string, input: unknown): Promise<Details>
  removePhoto(ctx: Ctx, id: string, photoId: string): Promise<Details>
}

/**
 * The cabinet's four photo routes of a moderated listing under `base` (`/cabinet/products`):
 * upload (multipart `file`, the app's multipart limits registered by the caller), order, caption,
 * delete. Products and service offers register them with their own service and words.
 */
export function registerPhotoRoutes<Details>(
  app: App | FastifyInstance,
  listing: {
    base: string
    /** The listing's noun in the summaries, genitive: «услуги»; none for products. */
    of?: string
    idDescription: string
    details: z.ZodType<Details>
    service: ListingPhotos<Details>
  },
): void {
  const api = app as App
  const of = listing.of ? ` ${listing.of}` : ''
  const params = z.object({ id: z.string().describe(listing.idDescription) })
  const photoParams = params.extend({ photoId: z.string().describe('id фотографии') })
  const cabinet = <S extends object>(schema: S) => ({ schema: { tags: ['cabinet'], ...schema }, ...passThrough })
  const answer = { 200: data(listing.details) }
  const { service } = listing

  api.post(
    `${listing.base}/:id/photos`,
    cabinet({
      summary: `Добавить фотографию${of} (JPEG, PNG или WebP до 10 МБ; хранится пересжатой в WebP)`,
      consumes: ['multipart/form-data'],
      params,
      body: z.object({ file: z.file() }),
      response: { 201: data(listing.details) },
    }),
    async (req, reply) => {
      service.describeScope(req.ctx)
      return receiveUpload(req, reply, (file) => service.addPhoto(req.ctx, req.params.id, file.data))
    },
  )

  api.put(
    `${listing.base}/:id/photos/order`,
    cabinet({
      summary: `Новый порядок фотографий${of} (первая — главная)`,
      params,
      body: PhotoOrderInput,
      response: answer,
    }),
    async (req) => ({ data: await service.orderPhotos(req.ctx, req.params.id, req.body) }),
  )

  api.patch(
    `${listing.base}/:id/photos/:photoId`,
    cabinet({
      summary: `Изменить подпись (alt) фотографии${of}`,
      params: photoParams,
      body: PhotoAltInput,
      response: answer,
    }),
    async (req) => ({ data: await service.setPhotoAlt(req.ctx, req.params.id, req.params.photoId, req.body) }),
  )

  api.delete(
    `${listing.base}/:id/photos/:photoId`,
    cabinet({ summary: `Удалить фотографию${of}`, params: photoParams, response: answer }),
    async (req) => ({ data: await service.removePhoto(req.ctx, req.params.id, req.params.photoId) }),
  )
}
