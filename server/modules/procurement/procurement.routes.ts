import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ProcurementAnswerInput,
  ProcurementCancelInput,
  ProcurementDeclineInput,
  ProcurementRequestInput,
} from '#common/procurement.ts'
import { z } from '#common/zod.ts'
import { IdempotencyHeaders, passThrough } from '../../http.ts'
import { sendStoredFile } from '../files/index.ts'

const NumberParams = z.object({ number: z.string().describe('Номер запроса КП, «KP-2612-00001»') })
const PageQuery = z.object({
  page: z.string().optional().describe('Страница, с 1'),
  filter: z
    .string()
    .optional()
    .describe('Статус: запроса (draft, sent, closed, cancelled) или своего ответа (awaiting, answered, declined)'),
  q: z.string().optional().describe('Часть номера или предмета закупки'),
})

/**
 * Requests for commercial offers under /procurement: the buyer's requests (`requests`) and the
 * ones a seller was asked (`incoming`). Validation and authorization are the service's.
 */
export const procurementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { procurement } = app.services
  const route = <S extends object>(schema: S) => ({ schema: { tags: ['procurement'], ...schema }, ...passThrough })

  app.get(
    '/procurement/requests',
    route({ summary: 'Запросы КП организации-покупателя, новые сверху', querystring: PageQuery }),
    async (req) => {
      const { items, ...meta } = await procurement.list(req.ctx, req.query)
      return { data: items, meta }
    },
  )

  app.post(
    '/procurement/requests',
    route({
      summary:
        'Создать черновик запроса КП: позиции из каталога или свободные, условия, срок ответа, поставщики (Idempotency-Key делает повтор безопасным)',
      headers: IdempotencyHeaders,
      body: ProcurementRequestInput,
    }),
    async (req, reply) =>
      reply.code(201).send({ data: await procurement.create(req.ctx, req.body, req.headers['idempotency-key']) }),
  )

  app.get(
    '/procurement/recipients',
    route({
      summary:
        'Поставщики, которых можно запросить: подтверждённые продавцы с товарами, сначала продающие те же модели и товары тех же категорий',
      querystring: z.object({
        product: z
          .union([z.string(), z.array(z.string())])
          .optional()
          .describe('id товаров каталога, по которым запрос'),
      }),
    }),
    async (req) => {
      const { product } = req.query as { product?: string | string[] }
      const ids = (Array.isArray(product) ? product : product ? [product] : []).filter((id) => typeof id === 'string')
      return { data: await procurement.recipientChoices(req.ctx, ids) }
    },
  )

  app.get(
    '/procurement/requests/:number',
    route({
      summary: 'Запрос КП покупателя: ответы поставщиков и обоснование НМЦК по ним',
      params: NumberParams,
    }),
    async (req) => ({ data: await procurement.get(req.ctx, req.params.number) }),
  )

  for (const format of ['pdf', 'xlsx'] as const) {
    app.get(
      `/procurement/requests/:number/justification.${format}`,
      route({
        summary:
          format === 'pdf'
            ? 'Обоснование НМЦК в PDF: цены поставщиков (обезличены), средняя, отклонение, коэффициент вариации, НМЦК; приложение с именами'
            : 'Обоснование НМЦК в XLSX с живыми формулами (СРЗНАЧ, СТАНДОТКЛОН, ОКРУГЛ) и листом поставщиков',
        params: NumberParams,
      }),
      async (req, reply) =>
        sendStoredFile(reply, await procurement.justificationFile(req.ctx, req.params.number, format)),
    )
  }

  app.get(
    '/procurement/requests/:number/offers/:offer.pdf',
    route({
      summary: 'Коммерческое предложение поставщика по запросу в PDF на его реквизитах (номер ответа по порядку)',
      params: NumberParams.extend({ offer: z.string().describe('Порядковый номер ответа: 1, 2, 3…') }),
    }),
    async (req, reply) =>
      sendStoredFile(reply, await procurement.offerFile(req.ctx, req.params.number, req.params.offer)),
  )

  app.get(
    '/procurement/requests/:number/specification.pdf',
    route({ summary: 'Техническое задание, приложенное к запросу (покупатель)', params: NumberParams }),
    async (req, reply) =>
      sendStoredFile(
        reply,
        await procurement.attachment(req.ctx, req.params.number, { kind: 'specification', side: 'buyer' }),
      ),
  )

  app.get(
    '/procurement/requests/:number/offers/:offer/scan.pdf',
    route({
      summary: 'Подписанный скан коммерческого предложения, приложенный поставщиком',
      params: NumberParams.extend({ offer: z.string().describe('Порядковый номер ответа: 1, 2, 3…') }),
    }),
    async (req, reply) =>
      sendStoredFile(
        reply,
        await procurement.attachment(req.ctx, req.params.number, { kind: 'scan', offer: req.params.offer }),
      ),
  )

  app.post(
    '/procurement/requests/:number/offers/:offer/cart',
    route({
      summary:
        'Коммерческая закупка: перенести позиции КП поставщика в корзину по ценам предложения (до срока его действия)',
      params: NumberParams.extend({ offer: z.string().describe('Порядковый номер ответа: 1, 2, 3…') }),
    }),
    async (req) => ({ data: await procurement.toCart(req.ctx, req.params.number, req.params.offer) }),
  )

  app.put(
    '/procurement/requests/:number',
    route({ summary: 'Изменить черновик запроса КП целиком', params: NumberParams, body: ProcurementRequestInput }),
    async (req) => ({ data: await procurement.update(req.ctx, req.params.number, req.body) }),
  )

  app.post(
    '/procurement/requests/:number/send',
    route({ summary: 'Отправить черновик выбранным поставщикам', params: NumberParams }),
    async (req) => ({ data: await procurement.send(req.ctx, req.params.number) }),
  )

  app.post(
    '/procurement/requests/:number/close',
    route({ summary: 'Завершить сбор ответов до срока', params: NumberParams }),
    async (req) => ({ data: await procurement.close(req.ctx, req.params.number) }),
  )

  app.post(
    '/procurement/requests/:number/cancel',
    route({ summary: 'Отменить запрос КП с причиной', params: NumberParams, body: ProcurementCancelInput }),
    async (req) => ({ data: await procurement.cancel(req.ctx, req.params.number, req.body) }),
  )

  app.get(
    '/procurement/incoming',
    route({ summary: 'Запросы КП, адресованные организации-поставщику', querystring: PageQuery }),
    async (req) => {
      const { items, ...meta } = await procurement.incoming(req.ctx, req.query)
      return { data: items, meta }
    },
  )

  app.get(
    '/procurement/incoming/:number',
    route({
      summary: 'Запрос КП, как его видит приглашённый поставщик: условия и только свой ответ',
      params: NumberParams,
    }),
    async (req) => ({ data: await procurement.getIncoming(req.ctx, req.params.number) }),
  )

  app.get(
    '/procurement/incoming/:number/offer.pdf',
    route({ summary: 'Своё коммерческое предложение по запросу в PDF (поставщик)', params: NumberParams }),
    async (req, reply) => sendStoredFile(reply, await procurement.offerFile(req.ctx, req.params.number, null)),
  )

  app.get(
    '/procurement/incoming/:number/specification.pdf',
    route({ summary: 'Техническое задание покупателя к запросу (приглашённый поставщик)', params: NumberParams }),
    async (req, reply) =>
      sendStoredFile(
        reply,
        await procurement.attachment(req.ctx, req.params.number, { kind: 'specification', side: 'seller' }),
      ),
  )

  app.get(
    '/procurement/incoming/:number/scan.pdf',
    route({ summary: 'Свой подписанный скан коммерческого предложения (поставщик)', params: NumberParams }),
    async (req, reply) =>
      sendStoredFile(reply, await procurement.attachment(req.ctx, req.params.number, { kind: 'scan', offer: 'mine' })),
  )

  app.post(
    '/procurement/incoming/:number/answer',
    route({
      summary:
        'Ответить коммерческим предложением: цена и ставка НДС каждой позиции, срок поставки и действия, подписант',
      params: NumberParams,
      body: ProcurementAnswerInput,
    }),
    async (req) => ({ data: await procurement.answer(req.ctx, req.params.number, req.body) }),
  )

  app.post(
    '/procurement/incoming/:number/decline',
    route({ summary: 'Отказаться от запроса КП с причиной', params: NumberParams, body: ProcurementDeclineInput }),
    async (req) => ({ data: await procurement.decline(req.ctx, req.params.number, req.body) }),
  )
}
