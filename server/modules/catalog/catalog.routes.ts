import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { parseListingQuery } from '#common/catalog/listing.ts'
import type { ListingQuery } from '#common/catalog/listing.ts'
import { RU } from '#common/messages.ts'
import { CATALOG_ROOT_SLUG } from '#common/spheres.ts'
import { z } from '#common/zod.ts'
import { MergeModelsInput } from '#common/catalog/models.ts'
import { AppError } from '../../errors.ts'
import {
  CategorySummarySchema,
  ListingParams,
  ListingSchema,
  ModelDetailsSchema,
  ModelSummarySchema,
  ProductDetailsSchema,
  SuggestionSchema,
} from './catalog.api.ts'
import { data, passThrough } from '../../http.ts'

// Parameters are parsed by common/catalog/listing.ts, the same code the pages use; the schemas
const tags = ['catalog']

/**
 * The listing state from a request's URL. Invalid values are a 400 with an error per parameter
 * (pages ignore them instead).
 */
export function listingQueryFromUrl(url: string): ListingQuery {
  const { query, errors } = parseListingQuery(new URLSearchParams(url.split('?')[1] ?? ''))
  if (Object.keys(errors).length) throw new AppError('invalid', RU.invalidRequest, errors)
  return query
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = app.services.catalog

  app.get(
    '/catalog/categories',
    {
      schema: {
        tags,
        summary: 'Категории каталога с числом товаров',
        response: { 200: data(z.array(CategorySummarySchema)) },
      },
    },
    async (req) => ({ data: await catalog.listCategorySummaries(req.ctx) }),
  )

  app.get(
    '/catalog/products',
    {
      schema: {
        tags,
        summary: 'Товары категории с фильтрами, поиском и фасетами',
        description: 'Неверные значения параметров — 400 с ошибкой по каждому в `fields`; неизвестная категория — 404.',
        querystring: ListingParams.extend({
          category: z.string().optional().describe(`Слаг категории, по умолчанию ${CATALOG_ROOT_SLUG}`),
        }),
        response: { 200: data(ListingSchema) },
      },
      ...passThrough,
    },
    async (req) => {
      const query = listingQueryFromUrl(req.url)
      const category = new URLSearchParams(req.url.split('?')[1] ?? '').get('category') || CATALOG_ROOT_SLUG
      return { data: await catalog.listProducts(req.ctx, query, { categorySlug: category }) }
    },
  )

  app.get(
    '/catalog/suggestions',
    {
      schema: {
        tags,
        summary: 'Подсказки поиска: категории, бренды, товары',
        description: 'От двух символов; совпадения выделены <mark>, остальной текст экранирован.',
        querystring: z.object({ q: z.string().optional() }),
        response: { 200: data(z.array(SuggestionSchema)) },
      },
      ...passThrough,
    },
    async (req) => {
      const q = new URLSearchParams(req.url.split('?')[1] ?? '').get('q') ?? ''
      return { data: await catalog.suggest(req.ctx, q) }
    },
  )

  app.get(
    '/catalog/models/:slug',
    {
      schema: {
        tags,
        summary: 'Модель с предложениями всех продавцов',
        description:
          'Модель — одна карточка товара (бренд, название, P/N, GTIN); предложение — условия одного продавца. Объединённая модель отвечает той, в которую вошла.',
        params: z.object({ slug: z.string() }),
        response: { 200: data(ModelDetailsSchema) },
      },
    },
    async (req) => ({ data: await catalog.getModel(req.ctx, req.params.slug) }),
  )

  app.get(
    '/catalog/products/:slug',
    {
      schema: {
        tags,
        summary: 'Предложение продавца по его слагу, с моделью (modelSlug, href)',
        params: z.object({ slug: z.string() }),
        response: { 200: data(ProductDetailsSchema) },
      },
    },
    async (req) => ({ data: await catalog.getProduct(req.ctx, req.params.slug) }),
  )

  const staff = { tags: ['staff'] }
  app.get(
    '/staff/models',
    {
      schema: {
        ...staff,
        summary:
          'Модели каталога: поиск по названию, артикулу производителя, GTIN; без запроса — с наибольшим числом предложений',
        querystring: z.object({ q: z.string().max(100).optional() }),
        response: { 200: data(z.array(ModelSummarySchema)) },
      },
      ...passThrough,
    },
    async (req) => ({ data: await catalog.listModels(req.ctx, req.query.q ?? '') }),
  )

  app.post(
    '/staff/models/:id/merge',
    {
      schema: {
        ...staff,
        summary: 'Объединить модель с другой: её предложения переходят к той, старая модель отсылает к ней',
        params: z.object({ id: z.string() }),
        body: MergeModelsInput,
        response: { 200: data(z.object({ moved: z.number().int().describe('Перенесено предложений') })) },
      },
      ...passThrough,
    },
    async (req) => ({ data: await catalog.mergeModels(req.ctx, req.params.id, req.body) }),
  )
}
