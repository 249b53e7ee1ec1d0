import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { REGISTRY_DIRECTIONS, REGISTRY_KINDS, REGISTRY_STATES } from '#common/documents.ts'
import { SERVICE_ORDER_SIDES } from '#common/exchange/service-orders.ts'
import { ORDER_SIDES } from '#common/orders.ts'
import { z } from '#common/zod.ts'
import { passThrough } from '../../http.ts'
import { contentDisposition, FILE_POLICY, sendStoredFile } from '../files/index.ts'

const UpdParams = z.object({ side: z.enum(ORDER_SIDES), number: z.string() })
const RegistryQuerySchema = z.object({
  from: z.string().optional().describe('Начало периода, ГГГГ-ММ-ДД'),
  to: z.string().optional().describe('Конец периода, ГГГГ-ММ-ДД'),
  kind: z.enum(REGISTRY_KINDS).optional(),
  state: z.enum(REGISTRY_STATES).optional(),
  direction: z.enum(REGISTRY_DIRECTIONS).optional(),
  counterparty: z.string().optional().describe('Название или ИНН контрагента, любая часть'),
  page: z.string().optional(),
})
const ArchiveQuerySchema = z.object({
  month: z.string().describe('Месяц, ГГГГ-ММ'),
  direction: z.enum(REGISTRY_DIRECTIONS).optional(),
})
const UkdParams = z.object({
  side: z.enum(ORDER_SIDES),
  number: z.string(),
  correction: z.string().describe('Номер корректировки в заказе'),
})
const ActParams = z.object({ side: z.enum(SERVICE_ORDER_SIDES), number: z.string() })

/** The closing documents of an order, beside its invoice and delivery note. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents } = app.services

  app.get(
    '/orders/:side/:number/documents/upd.pdf',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Универсальный передаточный документ (УПД) отгруженного заказа в PDF: статус 1 для плательщика НДС, 2 — для остальных',
        params: UpdParams,
      },
      ...passThrough,
    },
    async (req, reply) => {
      return sendStoredFile(reply, await documents.download(req.ctx, 'upd', 'pdf', req.params.side, req.params.number))
    },
  )

  app.get(
    '/orders/:side/:number/documents/upd.xml',
    {
      schema: {
        tags: ['orders'],
        summary:
          'УПД отгруженного заказа в формате ФНС 5.03 (КНД 1115131, windows-1251) для загрузки оператору ЭДО; имя файла — по правилам формата',
        params: UpdParams,
      },
      ...passThrough,
    },
    async (req, reply) => {
      return sendStoredFile(reply, await documents.download(req.ctx, 'upd', 'xml', req.params.side, req.params.number))
    },
  )

  app.get(
    '/orders/:side/:number/corrections/:correction/ukd.pdf',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Универсальный корректировочный документ (УКД) принятой корректировки заказа в PDF: к УПД заказа, строки А–Г по каждой изменённой позиции',
        params: UkdParams,
      },
      ...passThrough,
    },
    async (req, reply) => {
      const { side, number, correction } = req.params
      return sendStoredFile(reply, await documents.downloadUkd(req.ctx, side, number, correction))
    },
  )

  app.get(
    '/service-orders/:side/:number/documents/act.pdf',
    {
      schema: {
        tags: ['service-orders'],
        summary:
          'Акт сдачи-приёмки выполненных работ по заказу биржи услуг в PDF, после того как заказчик принял работу',
        params: ActParams,
      },
      ...passThrough,
    },
    async (req, reply) => {
      return sendStoredFile(reply, await documents.download(req.ctx, 'act', 'pdf', req.params.side, req.params.number))
    },
  )

  app.get(
    '/documents',
    {
      schema: {
        tags: ['documents'],
        summary:
          'Реестр документов организации: счета, УПД и акты — выданные и полученные; фильтры по периоду, контрагенту, виду и статусу, итоги за период',
        querystring: RegistryQuerySchema,
      },
      ...passThrough,
    },
    async (req) => {
      const { items, totals, ...page } = await documents.registry.list(req.ctx, req.query)
      return { data: items, meta: page, totals }
    },
  )

  app.get(
    '/documents/archive.zip',
    {
      schema: {
        tags: ['documents'],
        summary: 'Документы организации за месяц одним ZIP-архивом: PDF и XML, по папкам «Выданные» и «Полученные»',
        querystring: ArchiveQuerySchema,
      },
      ...passThrough,
    },
    async (req, reply) => {
      const { stream, filename } = await documents.registry.archive(req.ctx, req.query)
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition(filename))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_POLICY)
        .header('cache-control', 'private, no-store')
        .send(stream)
    },
  )
}
