import type { ProductImage } from '../catalog/products.ts'
import type { ExchangeQuery } from './listing-query.ts'
import type { Licence } from './offers.ts'
import type { PriceUnit, ServiceType, VolumeUnit } from './services.ts'
import type { SanitizedHtml } from '../html.ts'

/**
 * The public exchange's list state, all of it in the URL: `/services?tab=requests&type=inspection
 * &region=66&budgetFrom=50000&q=ЛЭП&sort=cheap&page=2`. Budgets are whole roubles in the URL (what
 * people type) and kopecks in the service. The page reads the URL leniently (a broken value is
 * dropped), the REST API strictly (a 400 with Russian field errors): both through the schema in
 * listing-query.ts, which the pages' browser code never loads (it brings zod).
 */

export type { ExchangeQuery } from './listing-query.ts'

export const EXCHANGE_PAGE_SIZE = 20
/** 20 × 250 = 5 000 items deep; past that people search or filter. */
export const EXCHANGE_MAX_PAGE = 250
export const EXCHANGE_SEARCH_MAX = 100

export const EXCHANGE_SORTS = ['new', 'cheap', 'expensive', 'deadline'] as const
export type ExchangeSort = (typeof EXCHANGE_SORTS)[number]

export const EXCHANGE_SORT_LABELS: Record<ExchangeSort, string> = {
  new: 'Новые',
  cheap: 'Дешевле',
  expensive: 'Дороже',
  deadline: 'По сроку',
}

export const EXCHANGE_QUERY_KEYS = [
  'tab',
  'type',
  'sphere',
  'region',
  'budgetFrom',
  'budgetTo',
  'negotiable',
  'from',
  'to',
  'q',
  'sort',
  'page',
] as const

/** The URL of a list state: defaults left out, so every state has exactly one address. */
export function exchangeHref(query: Partial<ExchangeQuery>): string {
  const params = new URLSearchParams()
  for (const key of EXCHANGE_QUERY_KEYS) {
    const value = query[key]
    if (value === undefined || value === '') continue
    if (key === 'tab' && value === 'offers') continue
    if (key === 'sort' && value === 'new') continue
    if (key === 'page' && value === 1) continue
    params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `/services?${search}` : '/services'
}

/** Whether anything narrows the list (the empty state then offers to reset). */
export function hasExchangeFilters(query: ExchangeQuery): boolean {
  return Boolean(
    query.type ||
    query.sphere ||
    query.region ||
    query.budgetFrom !== undefined ||
    query.budgetTo !== undefined ||
    query.from ||
    query.to ||
    query.q,
  )
}

/** What an offer card shows. Prices stay kopecks; the page formats them. */
export interface OfferCard {
  id: string
  title: string
  type: ServiceType
  spheres: string[]
  regions: string[]
  nationwide: boolean
  priceFromKopecks: number | null
  priceUnit: PriceUnit
  photo: ProductImage | null
  publishedAt: string
  seller: { id: string; name: string; slug: string; rating: { average: number; count: number } }
}

/** What a request card shows. */
export interface RequestCard {
  id: string
  number: string
  title: string
  type: ServiceType
  sphere: string | null
  region: string | null
  areaHectares: number | null
  volume: number | null
  volumeUnit: VolumeUnit
  startsOn: string | null
  endsOn: string | null
  budgetKopecks: number | null
  proposalsDeadline: string | null
  proposalCount: number
  publishedAt: string | null
  customerName: string
}

export interface ExchangePage<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
  pageCount: number
}

/** An offer in full on the vendor's services page. */
export interface OfferDetails extends OfferCard {
  description: SanitizedHtml
  photos: ProductImage[]
  equipment: { id: string; slug: string; title: string }[]
  licences: Licence[]
}

export interface ServiceReview {
  id: string
  rating: number
  text: string
  authorName: string
  authorOrganizationName: string
  serviceType: ServiceType
  orderNumber: string
  createdAt: string
}

/** /services/seller/{slug}: the vendor, its offers in full, its rating as a contractor and the latest reviews. */
export interface SellerServices {
  seller: {
    id: string
    slug: string
    name: string
    description: string
    region: string | null
    logo: string | null
    website: string | null
    createdAt: string
    /** Staff confirmed its vendor role (the only vendors with a public page). */
    verified: boolean
  }
  offers: OfferDetails[]
  rating: { average: number; count: number }
  reviews: ServiceReview[]
}

/** The vendor's services page lists this many latest reviews. */
export const SELLER_SERVICE_REVIEWS = 20

export const LISTING_MESSAGES = {
  sellerNotFound: 'У этого исполнителя нет услуг на бирже',
  noOffers: 'Услуг по этим условиям не нашлось',
  noRequests: 'Открытых заявок по этим условиям не нашлось',
  noReviews: 'Отзывов пока нет',
} as const
