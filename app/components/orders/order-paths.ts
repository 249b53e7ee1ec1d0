import {
  ORDER_FILTERS,
  ORDER_LIMITS,
  ORDER_TAB_SIDE,
  ORDER_TABS,
  type OrderFilter,
  type OrderSide,
  type OrderTab,
} from '#common/orders.ts'
import type { RoleType } from '#common/organizations.ts'

/** The addresses of the order pages, and the list's state as its address keeps it. */

export const ORDERS_PATH = '/personal-account/orders'
export const DRONE_REGISTRATION_PATH = '/platforms/drone-registration'

export const TAB_LABELS: Record<OrderTab, string> = { purchases: 'Покупки', sales: 'Продажи' }
export const TAB_OF_SIDE: Record<OrderSide, OrderTab> = { purchase: 'purchases', sale: 'sales' }

/** The list's filter links: «Все» is no filter at all. */
export type FilterChoice = OrderFilter | 'all'

/** The service's last page number. */
const MAX_PAGE = 10_000

export interface OrdersListState {
  tab: OrderTab
  filter: FilterChoice
  q: string
  page: number
}

/**
 * The tab an organization opens by default: a seller that does not buy (a vendor role, confirmed
 * or still being checked, and no buyer role) sees its sales; everyone else their purchases.
 */
export function defaultOrderTab(roles: readonly { type: RoleType }[] | null | undefined): OrderTab {
  const has = (type: RoleType) => roles?.some((r) => r.type === type) ?? false
  return has('vendor') && !has('buyer') ? 'sales' : 'purchases'
}

/**
 * The list's state from its address, or null for an unknown tab (the page answers 404 then). An
 * unknown filter or page number falls back to the default, as the products list does; a search
 * longer than the limit is cut, as the field itself would.
 */
export function parseOrdersListState(
  tab: string | undefined,
  search: URLSearchParams,
  fallbackTab: OrderTab,
): OrdersListState | null {
  const chosenTab = tab ?? fallbackTab
  if (!(ORDER_TABS as readonly string[]).includes(chosenTab)) return null
  const filterText = search.get('filter') ?? ''
  const filter: FilterChoice = (ORDER_FILTERS as readonly string[]).includes(filterText)
    ? (filterText as OrderFilter)
    : 'all'
  const pageText = search.get('page') ?? ''
  const page = /^\d{1,5}$/.test(pageText) && Number(pageText) >= 1 ? Math.min(Number(pageText), MAX_PAGE) : 1
  const q = (search.get('q') ?? '').trim().slice(0, ORDER_LIMITS.search)
  return { tab: chosenTab as OrderTab, filter, q, page }
}

/** What the orders service's `list` takes for this state. */
export function listQueryOf(state: OrdersListState) {
  return {
    side: ORDER_TAB_SIDE[state.tab],
    ...(state.filter !== 'all' && { filter: state.filter }),
    ...(state.q && { q: state.q }),
    page: state.page,
  }
}

/**
 * The address of the list with some of its state changed. A new tab, filter or search starts
 * again from the first page; the first page and «Все» are left out of the address.
 */
export function ordersHref(state: OrdersListState, change: Partial<OrdersListState> = {}): string {
  const next = { ...state, ...change }
  if (change.page === undefined && (change.tab || change.filter || change.q !== undefined)) next.page = 1
  if (change.tab && change.tab !== state.tab) next.filter = 'all'
  const params = new URLSearchParams()
  if (next.filter !== 'all') params.set('filter', next.filter)
  if (next.q) params.set('q', next.q)
  if (next.page > 1) params.set('page', String(next.page))
  const query = params.toString()
  return `${ORDERS_PATH}/${next.tab}${query ? `?${query}` : ''}`
}

/** `/personal-account/order/sale/2611-00042`. */
export function orderPath(side: OrderSide, number: string): string {
  return `/personal-account/order/${side}/${encodeURIComponent(number)}`
}
