import {
  CABINET_LIMITS,
  CABINET_OFFER_FILTER_LABELS,
  CABINET_OFFER_FILTERS,
  CABINET_ORDER_FILTER_LABELS,
  CABINET_ORDER_FILTERS,
  CABINET_PROPOSAL_FILTERS,
  CABINET_REQUEST_FILTER_LABELS,
  CABINET_REQUEST_FILTERS,
} from '#common/exchange/cabinet.ts'
import { CABINET_EXCHANGE_TABS, type CabinetExchangeTab, exchangeLinks } from '#common/exchange/links.ts'
import { PROPOSAL_STATUS_LABELS } from '#common/exchange/proposals.ts'
import { SERVICE_ORDER_SIDES, type ServiceOrderSide } from '#common/exchange/service-orders.ts'
import type { RoleType } from '#common/organizations.ts'

/** The exchange cabinet's state as its address keeps it: `/{tab}?filter=&side=&q=&page=`. */
export interface CabinetState {
  tab: CabinetExchangeTab
  /** One of the tab's filters, or «all». */
  filter: string
  /** The orders tab only: one side, or «all». */
  side: ServiceOrderSide | 'all'
  q: string
  page: number
}

/** Each tab's filter links, in order, with their labels. */
export const CABINET_FILTERS: Record<CabinetExchangeTab, readonly { value: string; label: string }[]> = {
  requests: CABINET_REQUEST_FILTERS.map((value) => ({ value, label: CABINET_REQUEST_FILTER_LABELS[value] })),
  proposals: CABINET_PROPOSAL_FILTERS.map((value) => ({ value, label: PROPOSAL_STATUS_LABELS[value] })),
  offers: CABINET_OFFER_FILTERS.map((value) => ({ value, label: CABINET_OFFER_FILTER_LABELS[value] })),
  orders: CABINET_ORDER_FILTERS.map((value) => ({ value, label: CABINET_ORDER_FILTER_LABELS[value] })),
}

/**
 * The tab an organization opens by default: one that only sells (a vendor role, confirmed or
 * being checked, and no buyer role) its proposals; everyone else their requests.
 */
export function defaultCabinetTab(roles: readonly { type: RoleType }[] | null | undefined): CabinetExchangeTab {
  const has = (type: RoleType) => roles?.some((r) => r.type === type) ?? false
  return has('vendor') && !has('buyer') ? 'proposals' : 'requests'
}

/**
 * The state from the address, or null for an unknown tab (the page answers 404). An unknown
 * filter, side or page falls back to the default, as the orders list does; a long search is cut.
 */
export function parseCabinetState(
  tab: string | undefined,
  search: URLSearchParams,
  fallbackTab: CabinetExchangeTab,
): CabinetState | null {
  const chosen = tab ?? fallbackTab
  if (!(CABINET_EXCHANGE_TABS as readonly string[]).includes(chosen)) return null
  const tabName = chosen as CabinetExchangeTab
  const filterText = search.get('filter') ?? ''
  const filter = CABINET_FILTERS[tabName].some((f) => f.value === filterText) ? filterText : 'all'
  const sideText = search.get('side') ?? ''
  const side =
    tabName === 'orders' && (SERVICE_ORDER_SIDES as readonly string[]).includes(sideText)
      ? (sideText as ServiceOrderSide)
      : 'all'
  const pageText = search.get('page') ?? ''
  const page =
    /^\d{1,5}$/.test(pageText) && Number(pageText) >= 1 ? Math.min(Number(pageText), CABINET_LIMITS.maxPage) : 1
  const q = (search.get('q') ?? '').trim().slice(0, CABINET_LIMITS.search)
  return { tab: tabName, filter, side, q, page }
}

/** What the cabinet service's list of the tab takes for this state. */
export function cabinetQueryOf(state: CabinetState) {
  return {
    ...(state.filter !== 'all' && { filter: state.filter }),
    ...(state.side !== 'all' && { side: state.side }),
    ...(state.q && { q: state.q }),
    page: state.page,
  }
}

/**
 * The address with some of the state changed. A new tab, filter, side or search starts from the
 * first page; a new tab drops the filters; defaults are left out of the address.
 */
export function cabinetHref(state: CabinetState, change: Partial<CabinetState> = {}): string {
  const next = { ...state, ...change }
  const restart = change.tab || change.filter || change.side || change.q !== undefined
  if (change.page === undefined && restart) next.page = 1
  if (change.tab && change.tab !== state.tab) Object.assign(next, { filter: 'all', side: 'all', q: '' })
  const params = new URLSearchParams()
  if (next.filter !== 'all') params.set('filter', next.filter)
  if (next.side !== 'all') params.set('side', next.side)
  if (next.q) params.set('q', next.q)
  if (next.page > 1) params.set('page', String(next.page))
  const query = params.toString()
  return `${exchangeLinks.cabinet(next.tab)}${query ? `?${query}` : ''}`
}
