import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CabinetListQuery } from '#common/exchange/cabinet.schemas.ts'
import { data, passThrough } from '../../../http.ts'
import { CabinetCountsSchema, CabinetPageSchema, CabinetTabParams, SuggestedRequestSchema } from './cabinet.api.ts'

/**
 * The exchange in the personal account over REST: the tabs' counts, a tab's page with its filters,
 * and the requests suggested to a vendor. The service checks who asks; these adapt HTTP to it.
 */
export const cabinetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cabinet } = app.services.exchange
  const route = <S extends object>(schema: S) => ({ schema: { tags: ['exchange'], ...schema }, ...passThrough })

  app.get(
    '/exchange/cabinet/counts',
    route({
      summary: 'Биржа услуг в кабинете: сколько заявок, предложений, услуг и заказов услуг у выбранной организации',
      response: { 200: data(CabinetCountsSchema) },
    }),
    async (req) => ({ data: await cabinet.counts(req.ctx) }),
  )

  app.get(
    '/exchange/cabinet/suggestions',
    route({
      summary: 'Открытые заявки, подходящие опубликованным услугам организации по виду работ и региону (до 10)',
      response: { 200: data(SuggestedRequestSchema.array()) },
    }),
    async (req) => ({ data: await cabinet.suggestedRequests(req.ctx) }),
  )

  app.get(
    '/exchange/cabinet/:tab',
    route({
      summary:
        'Вкладка кабинета: requests (фильтр drafts|open|awarded|closed), proposals (reviewing|accepted|rejected), ' +
        'offers (published|moderation|non-published), orders (active|completed|cancelled, side); поиск, страница по 20',
      params: CabinetTabParams,
      querystring: CabinetListQuery,
      response: { 200: CabinetPageSchema },
    }),
    async (req) => {
      const page = await cabinet.list(req.ctx, req.params.tab, req.query)
      const { items, page: n, pageSize, total, all, filterCounts } = page
      const sideCounts = 'sideCounts' in page ? page.sideCounts : undefined
      return { data: items, meta: { page: n, pageSize, total, all, filterCounts, ...(sideCounts && { sideCounts }) } }
    },
  )
}
