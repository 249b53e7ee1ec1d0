import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { EXCHANGE_SORTS } from '#common/exchange/listing.ts'
import { PRICE_UNITS, SERVICE_TYPES, VOLUME_UNITS } from '#common/exchange/services.ts'
import { z } from '#common/zod.ts'
import { data, passThrough } from '../../../http.ts'

const tags = ['exchange']

const ListingQuerystring = z.object({
  type: z.enum(SERVICE_TYPES).optional().describe('Вид работ'),
  sphere: z.string().optional().describe('Сфера (слаг из 12)'),
  region: z
    .string()
    .optional()
    .describe('Код региона; услуга подходит, если указывает его или работает по всей России'),
  budgetFrom: z.string().optional().describe('Бюджет (для услуг — цена «от») не меньше, ₽'),
  budgetTo: z.string().optional().describe('Бюджет (для услуг — цена «от») не больше, ₽'),
  negotiable: z.literal('1').optional().describe('С диапазоном бюджета: показывать и «по договорённости»'),
  from: z.string().optional().describe('ГГГГ-ММ-ДД. Заявки: начало работ не раньше; услуги: опубликованы не раньше'),
  to: z.string().optional().describe('ГГГГ-ММ-ДД. Заявки: начало работ не позже; услуги: опубликованы не позже'),
  q: z.string().optional().describe('Поиск по названию и описанию (русская морфология)'),
  sort: z.enum(EXCHANGE_SORTS).optional().describe('new, cheap, expensive, deadline (срок приёма предложений)'),
  page: z.string().optional().describe('Страница по 20'),
})

const Rating = z.object({ average: z.number(), count: z.number().int() })
const Image = z.object({ src: z.string(), alt: z.string() })

const OfferCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(SERVICE_TYPES),
  spheres: z.array(z.string()),
  regions: z.array(z.string()),
  nationwide: z.boolean(),
  priceFromKopecks: z.number().int().nullable().describe('Цена «от» в копейках; null — по договорённости'),
  priceUnit: z.enum(PRICE_UNITS),
  photo: Image.nullable(),
  publishedAt: z.string(),
  seller: z.object({ id: z.uuid(), name: z.string(), slug: z.string(), rating: Rating }),
})

const RequestCardSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  title: z.string(),
  type: z.enum(SERVICE_TYPES),
  sphere: z.string().nullable(),
  region: z.string().nullable(),
  areaHectares: z.number().nullable(),
  volume: z.number().nullable(),
  volumeUnit: z.enum(VOLUME_UNITS),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  budgetKopecks: z.number().int().nullable().describe('Копейки; null — по договорённости'),
  proposalsDeadline: z.string().nullable(),
  proposalCount: z.number().int(),
  publishedAt: z.string().nullable(),
  customerName: z.string(),
})

const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  })

const SellerServicesSchema = z.object({
  seller: z.object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    region: z.string().nullable(),
    logo: z.string().nullable(),
    website: z.string().nullable(),
    createdAt: z.string(),
    verified: z.boolean(),
  }),
  offers: z.array(
    OfferCardSchema.extend({
      description: z.string().describe('Очищенный HTML'),
      photos: z.array(Image),
      equipment: z.array(z.object({ id: z.uuid(), slug: z.string(), title: z.string() })),
      licences: z.array(z.object({ title: z.string(), number: z.string(), validUntil: z.string().nullable() })),
    }),
  ),
  rating: Rating,
  reviews: z.array(
    z.object({
      id: z.uuid(),
      rating: z.number().int(),
      text: z.string(),
      authorName: z.string(),
      authorOrganizationName: z.string(),
      serviceType: z.enum(SERVICE_TYPES),
      orderNumber: z.string(),
      createdAt: z.string(),
    }),
  ),
})

/** The public exchange, for guests too; the service validates the query (Russian field errors). */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { listing } = app.services.exchange

  app.get(
    '/exchange/offers',
    {
      schema: {
        tags,
        summary: 'Биржа услуг: опубликованные услуги исполнителей',
        querystring: ListingQuerystring,
        response: { 200: data(pageSchema(OfferCardSchema)) },
      },
      ...passThrough,
    },
    async (req) => ({ data: await listing.listOffers(req.ctx, req.query) }),
  )

  app.get(
    '/exchange/requests',
    {
      schema: {
        tags,
        summary: 'Биржа услуг: открытые публичные заявки заказчиков',
        description: 'Заявки только для приглашённых исполнителей здесь не показываются.',
        querystring: ListingQuerystring,
        response: { 200: data(pageSchema(RequestCardSchema)) },
      },
      ...passThrough,
    },
    async (req) => ({ data: await listing.listRequests(req.ctx, req.query) }),
  )

  app.get(
    '/exchange/sellers/:slug',
    {
      schema: {
        tags,
        summary: 'Услуги исполнителя: профиль, опубликованные услуги, рейтинг и последние 20 отзывов',
        description: 'Неизвестный исполнитель или без услуг и отзывов — 404.',
        params: z.object({ slug: z.string().describe('Слаг исполнителя') }),
        response: { 200: data(SellerServicesSchema) },
      },
    },
    async (req) => ({ data: await listing.sellerServices(req.ctx, req.params.slug) }),
  )
}
