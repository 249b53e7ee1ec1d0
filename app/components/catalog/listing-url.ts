import { formatNumber } from '#app/lib/format.ts'
import { pagePath } from '#app/lib/http-errors.ts'
import { type ListingQuery, listingSearchParams } from '#common/catalog/listing.ts'
import type { Facet, Listing } from '#common/catalog/types.ts'

/**
 * URLs of listing states. Every link and every filter change goes through listingSearchParams,
 * so one state has one URL: Back returns to it and the server renders the same page.
 */
export function listingHref(basePath: string, query: Partial<ListingQuery>): string {
  const search = listingSearchParams(query).toString()
  return search ? `${basePath}?${search}` : basePath
}

/** Whether two queries are the same listing state, whatever page each is at. */
export const sameListingState = (a: Partial<ListingQuery>, b: Partial<ListingQuery>): boolean =>
  listingSearchParams({ ...a, page: 1 }).toString() === listingSearchParams({ ...b, page: 1 }).toString()

/** The parameter that asks a listing page for every option of its long facets (facetView). */
const ALL_OPTIONS = 'all_options'

/** Whether the page is asked for its facets unfolded. */
export const wantsAllOptions = (request: Request) => new URL(request.url).searchParams.get(ALL_OPTIONS) === '1'

/**
 * The listing's state with every facet option: without JavaScript «Показать все» links here; with
 * it, the facet fetches it with one card (`limit=1`), for the options alone.
 */
export function allOptionsHref(basePath: string, query: ListingQuery, { optionsOnly = false } = {}): string {
  const params = listingSearchParams({ ...query, page: 1 })
  params.set(ALL_OPTIONS, '1')
  if (optionsOnly) params.set('limit', '1')
  return `${basePath}?${params}`
}

/**
 * Where to send a request whose URL has empty fields (`price_min=&price_max=`, what the filter
 * form sends without JS), so the address bar shows the state once; null when there are none.
 */
export function withoutEmptyFields(request: Request): string | null {
  const params = new URL(request.url).searchParams
  if (![...params.values()].includes('')) return null
  // React Router's own parameter on data requests is not part of the page's address.
  const kept = new URLSearchParams([...params].filter(([name, value]) => value !== '' && name !== '_routes'))
  const search = kept.toString()
  return search ? `${pagePath(request)}?${search}` : pagePath(request)
}

/** The listing without any filter: the search and the sort stay. */
export function resetHref(basePath: string, query: ListingQuery): string {
  return listingHref(basePath, { q: query.q, sort: query.sort })
}

export interface AppliedFilter {
  /** What the chip says: «Бренд: DJI», «Цена: от 10 000 до 50 000 ₽». */
  label: string
  /** The listing without this filter, page 1. */
  href: string
}

export function formatRange(min: number | undefined, max: number | undefined, unit: string): string {
  const from = min === undefined ? '' : `от ${formatNumber(min, 2)}`
  const to = max === undefined ? '' : `до ${formatNumber(max, 2)}`
  return `${[from, to].filter(Boolean).join(' ')} ${unit}`.trim()
}

/**
 * One chip per selected value, in facet order. A facet's key is its URL parameter (ranges:
 * the prefix of `{key}_min` / `{key}_max`), so removing a chip removes those parameters.
 */
export function appliedFilters(listing: Pick<Listing, 'facets' | 'query'>, basePath: string): AppliedFilter[] {
  const params = listingSearchParams({ ...listing.query, page: 1 })
  const without = (drop: (name: string, value: string) => boolean) => {
    const kept = new URLSearchParams([...params].filter(([name, value]) => !drop(name, value))).toString()
    return kept ? `${basePath}?${kept}` : basePath
  }
  const chips: AppliedFilter[] = []
  for (const facet of listing.facets) chips.push(...facetChips(facet, params, without))
  return chips
}

function facetChips(
  facet: Facet,
  params: URLSearchParams,
  without: (drop: (name: string, value: string) => boolean) => string,
): AppliedFilter[] {
  const { key } = facet
  switch (facet.kind) {
    case 'terms':
      return params.getAll(key).map((value) => ({
        label: `${facet.title}: ${facet.options.find((o) => o.value === value)?.label ?? value}`,
        href: without((n, v) => n === key && v === value),
      }))
    case 'flag':
      return params.has(key) ? [{ label: facet.title, href: without((n) => n === key) }] : []
    case 'range': {
      const min = params.get(`${key}_min`)
      const max = params.get(`${key}_max`)
      if (min === null && max === null) return []
      return [
        {
          label: `${facet.title}: ${formatRange(min === null ? undefined : Number(min), max === null ? undefined : Number(max), facet.unit)}`,
          href: without((n) => n === `${key}_min` || n === `${key}_max`),
        },
      ]
    }
  }
}

/** Page numbers to link, with null for a gap: 1 … 4 5 6 … 20. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages: (number | null)[] = []
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - page) <= 1) pages.push(p)
    else if (pages.at(-1) !== null) pages.push(null)
  }
  return pages
}
