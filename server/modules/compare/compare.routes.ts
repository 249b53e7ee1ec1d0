import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AVAILABILITIES } from '#common/catalog/products.ts'
import { VAT_RATES } from '#common/catalog/vat.ts'
import { CompareClearQuery, CompareItemInput } from '#common/compare.ts'
import { z } from '#common/zod.ts'
import { guestWriteCtx, refuseCrossSite } from '../../plugins/session.ts'

const Ids = z.object({
  data: z.object({
    ids: z.array(z.uuid()).describe('Товары в сравнении, которые продаются сейчас'),
    count: z.number().int().min(0),
  }),
})

const Product = z.object({
  id: z.uuid().describe('Предложение продавца; в сравнении — одно на модель'),
  slug: z.string(),
  modelSlug: z.string().nullable().describe('Слаг модели: её страница — /product/{modelSlug}'),
  href: z.string().describe('Страница модели с этим предложением'),
  title: z.string(),
  brand: z.string(),
  model: z.string(),
  vendor: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
  priceKopecks: z.number().int().nullable().describe('Копейки; null — цена по запросу'),
  vatRate: z.enum(VAT_RATES),
  availability: z.enum(AVAILABILITIES),
  leadTimeDays: z.number().int().nullable(),
  image: z.object({ src: z.string(), alt: z.string() }).nullable(),
})

const View = z.object({
  data: z.object({
    groups: z.array(
      z.object({
        category: z.object({ slug: z.string(), title: z.string() }),
        products: z.array(Product),
        rows: z.array(
          z.object({
            code: z.string(),
            title: z.string(),
            section: z.enum(['main', 'specs']),
            values: z.array(z.string().nullable()).describe('По товарам, в порядке столбцов; null — нет значения'),
            differs: z.boolean(),
            best: z.array(z.number().int()).describe('Столбцы с лучшим значением'),
          }),
        ),
      }),
    ),
    count: z.number().int().min(0),
  }),
})

const tags = ['compare']

/**
 * The comparison list of the signed-in user or, for a guest, of the browser (the guest cookie,
 * made on the first addition). Writes from other sites are refused even before the cookie exists.
 */
export const compareRoutes: FastifyPluginAsyncZod = async (app) => {
  const compare = app.services.compare

  app.get(
    '/compare',
    {
      schema: {
        tags,
        summary: 'Сравнение: таблицы характеристик по категориям',
        description: 'Товары, снятые с продажи, не показываются и не учитываются.',
        response: { 200: View },
      },
    },
    async (req) => ({ data: await compare.list(req.ctx) }),
  )

  app.get(
    '/compare/ids',
    { schema: { tags, summary: 'Id товаров в сравнении (для кнопок «Сравнить»)', response: { 200: Ids } } },
    async (req) => ({ data: await compare.ids(req.ctx) }),
  )

  app.post(
    '/compare/items',
    {
      onRequest: refuseCrossSite,
      schema: {
        tags,
        summary: 'Добавить товар к сравнению',
        description: `Повторное добавление ничего не меняет. 404 — товар не опубликован; 409 — в категории уже предельное число товаров (сообщение по-русски). Гостю ставится cookie списка на 180 дней.`,
        body: CompareItemInput,
        response: { 200: Ids },
      },
    },
    async (req, reply) => ({ data: await compare.add(guestWriteCtx(req, reply, app.config), req.body) }),
  )

  app.delete(
    '/compare/items/:productId',
    {
      onRequest: refuseCrossSite,
      schema: { tags, summary: 'Убрать товар из сравнения', params: CompareItemInput, response: { 200: Ids } },
    },
    async (req) => ({ data: await compare.remove(req.ctx, req.params) }),
  )

  app.delete(
    '/compare',
    {
      onRequest: refuseCrossSite,
      schema: {
        tags,
        summary: 'Очистить сравнение: целиком или одну категорию (?category=slug)',
        querystring: CompareClearQuery,
        response: { 200: Ids },
      },
    },
    async (req) => ({ data: await compare.clear(req.ctx, req.query) }),
  )
}
