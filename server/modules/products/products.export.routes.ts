import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PRODUCTS_EXPORT_PATH, ProductsExportQuery } from '#common/products-export.ts'
import { passThrough } from '../../http.ts'

/** The cabinet's CSV export of the selected organization's products, as a download. */
export const productsExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products } = app.services

  app.get(
    PRODUCTS_EXPORT_PATH,
    {
      schema: {
        tags: ['cabinet'],
        summary: 'Скачать товары выбранной организации в CSV (UTF-8 с BOM, «;», колонки импорта)',
        description:
          'text/csv. scope=all — все товары в текущих версиях (по умолчанию), scope=published — ' +
          'опубликованные версии. Гость — 401, организация без роли поставщика — 403.',
        querystring: ProductsExportQuery,
      },
      ...passThrough,
    },
    async (req, reply) => {
      const file = await products.exports.exportCsv(req.ctx, req.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.csv)
    },
  )
}
