import type { CabinetExchangeTab } from './links.ts'
import { OFFER_TABS, type OfferTab } from './offer-tabs.ts'
import { PROPOSAL_STATUSES, type ProposalStatus } from './proposals.ts'
import type { RequestStatus } from './requests.ts'
import type { ServiceOrderSide, ServiceOrderStatus } from './service-orders.ts'
import type { PriceUnit, ServiceType } from './services.ts'
import type { DraftStatus } from '../products.ts'

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
