import { CABINET_SORTS, type CabinetSort, PRODUCT_TABS, type ProductTab } from '#common/products.ts'

/**
 * The product list's state lives in its address (`?tab=&q=&sort=&page=`), so Back, reloads and
 * shared links show the same list. Defaults stay out of the address: the first tab's first page
 * sorted by the last change is plain /personal-account/products.
 */
export const PRODUCTS_PATH = '/personal-account/products'
export const NEW_PRODUCT_PATH = `${PRODUCTS_PATH}/edit/new`
export const editProductPath = (id: string) => `${PRODUCTS_PATH}/edit/${id}`
export const previewProductPath = (id: string) => `${PRODUCTS_PATH}/preview/${id}`

export interface ListState {
  tab: ProductTab
  q: string
  sort: CabinetSort
  page: number
}

export const DEFAULT_LIST_STATE: ListState = { tab: 'published', q: '', sort: 'updated', page: 1 }

/** Any address gives a list: unknown values fall back to the defaults rather than an error page. */
export function parseListState(search: URLSearchParams): ListState {
  const tab = search.get('tab') ?? ''
  const sort = search.get('sort') ?? ''
  const page = Number(search.get('page'))
  return {
    tab: PRODUCT_TABS.includes(tab as ProductTab) ? (tab as ProductTab) : DEFAULT_LIST_STATE.tab,
    // The service takes at most 100 characters and collapses spaces the same way.
    q: (search.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, 100),
    sort: CABINET_SORTS.includes(sort as CabinetSort) ? (sort as CabinetSort) : DEFAULT_LIST_STATE.sort,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  }
}

/**
 * The address of the list with some of its state changed. Changing the tab, the search or the
 * sort starts again from the first page; the search is kept across tabs.
 */
export function listHref(state: ListState, change: Partial<ListState> = {}): string {
  const resetsPage = change.tab !== undefined || change.q !== undefined || change.sort !== undefined
  const next: ListState = { ...state, ...change, page: change.page ?? (resetsPage ? 1 : state.page) }
  const params = new URLSearchParams()
  if (next.tab !== DEFAULT_LIST_STATE.tab) params.set('tab', next.tab)
  if (next.q) params.set('q', next.q)
  if (next.sort !== DEFAULT_LIST_STATE.sort) params.set('sort', next.sort)
  if (next.page > 1) params.set('page', String(next.page))
  const query = params.toString()
  return query ? `${PRODUCTS_PATH}?${query}` : PRODUCTS_PATH
}

/** How many pages a total takes (at least one, so «страница 1 из 1» reads right). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}
