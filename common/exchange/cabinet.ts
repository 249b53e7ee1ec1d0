import { singleLineText } from '../text.ts'
import { fromDigits, z } from '../zod.ts'
import type { CabinetExchangeTab } from './links.ts'
import { OFFER_TABS, type OfferTab } from './offers.ts'
import { PROPOSAL_STATUSES, type ProposalStatus } from './proposals.ts'
import type { RequestStatus } from './requests.ts'
import { SERVICE_ORDER_SIDES, type ServiceOrderSide, type ServiceOrderStatus } from './service-orders.ts'
import type { PriceUnit, ServiceType } from './services.ts'
import type { DraftStatus } from '../products.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

/**
 * The exchange in the personal account (/personal-account/service-exchange/{tab?}): the selected
 * organization's requests, proposals, offers and service orders, each tab with its filters, and
 * the open requests that match a vendor's published offers.
 */

export const CABINET_LIMITS = {
  pageSize: 20,
  search: 100,
  suggestions: 10,
  maxPage: 10_000,
} as const

/** The requests tab's status groups. */
export const CABINET_REQUEST_FILTERS = ['drafts', 'open', 'awarded', 'closed'] as const
export type CabinetRequestFilter = (typeof CABINET_REQUEST_FILTERS)[number]

export const CABINET_REQUEST_FILTER_LABELS: Record<CabinetRequestFilter, string> = {
  drafts: 'Черновики',
  open: 'Приём предложений',
  awarded: 'Исполнитель выбран',
  closed: 'Закрытые и отменённые',
}

export const CABINET_REQUEST_FILTER_STATUSES: Record<CabinetRequestFilter, readonly RequestStatus[]> = {
  drafts: ['draft'],
  open: ['open'],
  awarded: ['awarded'],
  closed: ['closed', 'cancelled'],
}

/** The proposals tab filters by the proposal's own status. */
export const CABINET_PROPOSAL_FILTERS = PROPOSAL_STATUSES
export type CabinetProposalFilter = ProposalStatus

/** The offers tab: the products' three tabs (common/products.ts), mapped the same way. */
export const CABINET_OFFER_FILTERS = OFFER_TABS
export type CabinetOfferFilter = OfferTab

export const CABINET_OFFER_FILTER_LABELS: Record<OfferTab, string> = {
  published: 'Опубликованные',
  moderation: 'На модерации',
  'non-published': 'Черновики',
}

/** An offer's working copy as the cabinet names it (the products' statuses, a feminine noun). */
export const CABINET_OFFER_STATUS_LABELS: Record<DraftStatus, string> = {
  draft: 'Черновик',
  moderation: 'На модерации',
  needFixes: 'Требует доработки',
  approved: 'Одобрена',
}

/** The service orders tab's status groups. */
export const CABINET_ORDER_FILTERS = ['active', 'completed', 'cancelled'] as const
export type CabinetOrderFilter = (typeof CABINET_ORDER_FILTERS)[number]

export const CABINET_ORDER_FILTER_LABELS: Record<CabinetOrderFilter, string> = {
  active: 'Активные',
  completed: 'Завершённые',
  cancelled: 'Отменённые',
}

export const CABINET_ORDER_FILTER_STATUSES: Record<CabinetOrderFilter, readonly ServiceOrderStatus[]> = {
  active: ['created', 'in_progress', 'done'],
  completed: ['completed'],
  cancelled: ['cancelled'],
}

export const CABINET_ORDER_SIDE_LABELS: Record<ServiceOrderSide, string> = {
  purchase: 'Я заказчик',
  sale: 'Я исполнитель',
}

export const CABINET_MESSAGES = {
  noOrganization: 'Выберите организацию, от имени которой вы работаете',
  unknownTab: 'Такого раздела нет',
} as const

const search = singleLineText()
  .max(CABINET_LIMITS.search, `Не больше ${formatCount(CABINET_LIMITS.search, CHARACTERS_UP_TO)}`)
  .optional()
const page = fromDigits(z.number().int().min(1).max(CABINET_LIMITS.maxPage)).default(1)

export const CabinetRequestsQuery = z.object({ filter: z.enum(CABINET_REQUEST_FILTERS).optional(), q: search, page })
export const CabinetProposalsQuery = z.object({ filter: z.enum(CABINET_PROPOSAL_FILTERS).optional(), q: search, page })
export const CabinetOffersQuery = z.object({ filter: z.enum(CABINET_OFFER_FILTERS).optional(), q: search, page })
export const CabinetOrdersQuery = z.object({
  filter: z.enum(CABINET_ORDER_FILTERS).optional(),
  side: z.enum(SERVICE_ORDER_SIDES).optional(),
  q: search,
  page,
})

/** Every tab's filters in one schema: what GET /exchange/cabinet/{tab} documents and accepts. */
export const CabinetListQuery = z.object({
  filter: z.string().max(40).optional().describe('Фильтр вкладки: группа статусов или статус'),
  side: z
    .enum(SERVICE_ORDER_SIDES)
    .optional()
    .describe('Только для заказов: purchase — я заказчик, sale — исполнитель'),
  q: search.describe('Поиск по номеру или названию'),
  page,
})

/** How many rows each tab has, for the tab labels. */
export type CabinetCounts = Record<CabinetExchangeTab, number>

/** A page of a tab, with the count of each of its filters (the filter links show them). */
export interface CabinetPage<Item, Filter extends string> {
  items: Item[]
  page: number
  pageSize: number
  /** Rows matching the filter and the search. */
  total: number
  /** Rows of each filter, without the search. */
  filterCounts: Record<Filter, number>
  /** Rows of the tab, without filter and search. */
  all: number
}

export interface CabinetRequestItem {
  id: string
  number: string
  title: string
  type: ServiceType
  status: RequestStatus
  region: string | null
  budgetKopecks: number | null
  proposalsDeadline: string | null
  proposalCount: number
  /** When the newest proposal came, or null. */
  lastProposalAt: string | null
  createdAt: string
  updatedAt: string
}

export interface CabinetProposalItem {
  id: string
  status: ProposalStatus
  priceKopecks: number
  startsOn: string
  endsOn: string
  revision: number
  createdAt: string
  updatedAt: string
  request: {
    number: string
    title: string
    type: ServiceType
    status: RequestStatus
    customerName: string
    proposalsDeadline: string | null
  }
}

export interface CabinetOfferItem {
  id: string
  title: string
  type: ServiceType
  status: DraftStatus
  published: boolean
  regions: string[]
  nationwide: boolean
  priceFromKopecks: number | null
  priceUnit: PriceUnit
  staffComment: string | null
  updatedAt: string
}

export interface CabinetOrderItem {
  number: string
  side: ServiceOrderSide
  status: ServiceOrderStatus
  title: string
  type: ServiceType
  priceKopecks: number
  startsOn: string
  endsOn: string
  /** The other side's name. */
  counterpartName: string
  createdAt: string
}

export interface SuggestedRequest {
  number: string
  title: string
  type: ServiceType
  region: string | null
  budgetKopecks: number | null
  proposalsDeadline: string | null
  customerName: string
  invited: boolean
  publishedAt: string | null
}

export type CabinetRequestsPage = CabinetPage<CabinetRequestItem, CabinetRequestFilter>
export type CabinetProposalsPage = CabinetPage<CabinetProposalItem, CabinetProposalFilter>
export type CabinetOffersPage = CabinetPage<CabinetOfferItem, CabinetOfferFilter>
export type CabinetOrdersPage = CabinetPage<CabinetOrderItem, CabinetOrderFilter> & {
  sideCounts: Record<ServiceOrderSide, number>
}
