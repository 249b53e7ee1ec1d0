import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { MAX_PAGE } from '#common/catalog/listing.ts'
import { CATALOG_ROOT_SLUG } from '#common/spheres.ts'
import { z } from '#common/zod.ts'
import {
  ListingParams,
  listingQueryFromUrl,
  ListingSchema,
  SellerCardSchema,
  SellerDetailsSchema,
} from '../catalog/index.ts'
import { data, pageFromUrl, passThrough } from '../../http.ts'

const tags = ['sellers']
const SlugParams = z.object({ slug: z.string().describe('Слаг продавца') })

/** Public seller pages: organizations with a confirmed vendor role and their products. */
export const sellersRoutes: FastifyPluginAsyncZod = async (app) => {
  const sellers = app.services.sellers

  app.get(
    '/sellers',
    {
      schema: {
        tags,
        summary: 'Продавцы (подтверждённые поставщики)',
        querystring: z.object({ page: z.string().optional() }),
        response: {
          200: data(
            z.object({
              items: z.array(SellerCardSchema),
              total: z.number().int(),
              page: z.number().int(),
              pageCount: z.number().int(),
            }),
          ),
        },
      },
      ...passThrough,
    },
    async (req) => ({ data: await sellers.listSellers(req.ctx, { page: pageFromUrl(req.url, MAX_PAGE) }) }),
  )

  app.get(
    '/sellers/:slug',
    {
      schema: {
        tags,
        summary: 'Страница продавца',
        description: 'Неизвестная организация или без подтверждённой роли поставщика — 404.',
        params: SlugParams,
        response: { 200: data(SellerDetailsSchema) },
      },
    },
    async (req) => ({ data: await sellers.getSeller(req.ctx, req.params.slug) }),
  )

  app.get(
    '/sellers/:slug/products',
    {
      schema: {
        tags,
        summary: 'Товары продавца с теми же фильтрами, что в каталоге',
        params: SlugParams,
        querystring: ListingParams,
        response: { 200: data(ListingSchema) },
      },
      ...passThrough,
    },
    async (req) => {
      const query = listingQueryFromUrl(req.url)
      const params = req.params as { slug: string }
      return {
        data: await app.services.catalog.listProducts(req.ctx, query, {
          categorySlug: CATALOG_ROOT_SLUG,
          vendorSlug: params.slug,
        }),
      }
    },
  )
}
