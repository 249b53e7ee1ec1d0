import {
  PROCUREMENT_FILTERS,
  PROCUREMENT_SEARCH_MAX,
  PROCUREMENT_TABS,
  type ProcurementTab,
} from '#common/procurement.ts'
import { procurementLinks } from '#common/procurement-links.ts'

/** The procurement list's state as its address keeps it: `?tab=&filter=&q=&page=`. */
export interface ProcurementListState {
  tab: ProcurementTab
  /** One of the tab's statuses, or «all». */
  filter: string
  q: string
  page: number
}

/**
 * The state from the address. Without a tab an organization that sells and does not buy opens
 * the requests asked of it; an unknown tab, filter or page falls back to the default.
 */
export function parseProcurementState(search: URLSearchParams, roles: { isBuyer: boolean; isVendor: boolean }) {
  const tabText = search.get('tab') ?? ''
  const tab: ProcurementTab = (PROCUREMENT_TABS as readonly string[]).includes(tabText)
    ? (tabText as ProcurementTab)
    : roles.isVendor && !roles.isBuyer
      ? 'incoming'
      : 'requests'
  const filterText = search.get('filter') ?? ''
  const filter = (PROCUREMENT_FILTERS[tab] as readonly string[]).includes(filterText) ? filterText : 'all'
  const pageText = search.get('page') ?? ''
  const page = /^\d{1,4}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1
  const q = (search.get('q') ?? '').trim().slice(0, PROCUREMENT_SEARCH_MAX)
  return { tab, filter, q, page } satisfies ProcurementListState
}

/** What the service's list takes for this state. */
export const procurementQueryOf = (state: ProcurementListState) => ({
  page: state.page,
  ...(state.filter !== 'all' && { filter: state.filter }),
  ...(state.q && { q: state.q }),
})

/** The list's address with some of its state changed; another tab or filter starts at page 1. */
export function procurementListHref(state: ProcurementListState, change: Partial<ProcurementListState>): string {
  const next = { ...state, ...change }
  if (change.tab && change.tab !== state.tab) Object.assign(next, { filter: 'all', q: '', page: 1 })
  if (change.filter !== undefined || change.q !== undefined) next.page = change.page ?? 1
  const query = new URLSearchParams({ tab: next.tab })
  if (next.filter !== 'all') query.set('filter', next.filter)
  if (next.q) query.set('q', next.q)
  if (next.page > 1) query.set('page', String(next.page))
  return `${procurementLinks.list()}?${query}`
}
