import { CABINET_EXCHANGE_TABS } from '#common/exchange/links.ts'
import { PROPOSAL_STATUSES } from '#common/exchange/proposals.ts'
import { REQUEST_STATUSES } from '#common/exchange/requests.ts'
import { SERVICE_ORDER_SIDES, SERVICE_ORDER_STATUSES } from '#common/exchange/service-orders.ts'
import { PRICE_UNITS, SERVICE_TYPES } from '#common/exchange/services.ts'
import { DRAFT_STATUSES } from '#common/products.ts'
import { z } from '#common/zod.ts'

/** The response shapes of the cabinet's routes, for OpenAPI and the serializer. */

const Kopecks = z.number().int().describe('Копейки')
const IsoDate = z.string().describe('ГГГГ-ММ-ДД')
const Count = z.number().int()

export const CabinetTabParams = z.object({ tab: z.string().describe(CABINET_EXCHANGE_TABS.join(' | ')) })

export const CabinetCountsSchema = z.object({ requests: Count, proposals: Count, offers: Count, orders: Count })

const RequestItem = z.object({
  id: z.uuid(),
  number: z.string(),
  title: z.string(),
  type: z.enum(SERVICE_TYPES),
  status: z.enum(REQUEST_STATUSES),
  region: z.string().nullable(),
  budgetKopecks: Kopecks.nullable().describe('null — по договорённости'),
  proposalsDeadline: IsoDate.nullable(),
  proposalCount: Count,
  lastProposalAt: z.string().nullable().describe('Когда пришло последнее предложение'),
  createdAt: z.string(),
  updatedAt: z.string(),
})

const ProposalItem = z.object({
  id: z.uuid(),
  status: z.enum(PROPOSAL_STATUSES),
  priceKopecks: Kopecks,
  startsOn: IsoDate,
  endsOn: IsoDate,
  revision: Count,
  createdAt: z.string(),
  updatedAt: z.string(),
  request: z.object({
    number: z.string(),
    title: z.string(),
    type: z.enum(SERVICE_TYPES),
    status: z.enum(REQUEST_STATUSES),
    customerName: z.string(),
    proposalsDeadline: IsoDate.nullable(),
  }),
})

const OfferItem = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(SERVICE_TYPES),
  status: z.enum(DRAFT_STATUSES),
  published: z.boolean(),
  regions: z.array(z.string()),
  nationwide: z.boolean(),
  priceFromKopecks: Kopecks.nullable(),
  priceUnit: z.enum(PRICE_UNITS),
  staffComment: z.string().nullable(),
  updatedAt: z.string(),
})

const OrderItem = z.object({
  number: z.string(),
  side: z.enum(SERVICE_ORDER_SIDES).describe('purchase — мы заказчик, sale — мы исполнитель'),
  status: z.enum(SERVICE_ORDER_STATUSES),
  title: z.string(),
  type: z.enum(SERVICE_TYPES),
  priceKopecks: Kopecks,
  startsOn: IsoDate,
  endsOn: IsoDate,
  counterpartName: z.string(),
  createdAt: z.string(),
})

/** A tab's page: its rows are those of the tab asked for. */
export const CabinetPageSchema = z.object({
  data: z.union([z.array(RequestItem), z.array(ProposalItem), z.array(OfferItem), z.array(OrderItem)]),
  meta: z.object({
    page: Count,
    pageSize: Count,
    total: Count.describe('Строк с фильтром и поиском'),
    all: Count.describe('Строк вкладки без фильтров'),
    filterCounts: z.record(z.string(), Count).describe('Строк каждого фильтра вкладки'),
    sideCounts: z
      .object({ purchase: Count, sale: Count })
      .optional()
      .describe('Только для заказов: как заказчик и как исполнитель'),
  }),
})

export const SuggestedRequestSchema = z.object({
  number: z.string(),
  title: z.string(),
  type: z.enum(SERVICE_TYPES),
  region: z.string().nullable(),
  budgetKopecks: Kopecks.nullable(),
  proposalsDeadline: IsoDate.nullable(),
  customerName: z.string(),
  invited: z.boolean().describe('Заказчик пригласил именно вас'),
  publishedAt: z.string().nullable(),
})
