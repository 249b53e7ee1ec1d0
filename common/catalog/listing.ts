import { DRONE_TYPES, type DroneType, RANGE_ATTRIBUTE_CODES, type RangeAttributeCode } from './attributes.ts'
import { AVAILABILITIES, type Availability } from './products.ts'
import { isSphereSlug, type SphereSlug } from '../spheres.ts'
import { isSingleLineText, TEXT_MESSAGES } from '../text-rules.ts'
import { formatCount, type PluralForms } from '#common/format.ts'

// Declined here rather than taken from counted-words.ts: every public page loads this module, and
// the shared table would come along with it (the first-load budget of landing pages).
const CHARACTERS_UP_TO: PluralForms = ['символа', 'символов', 'символов']
const VALUES_UP_TO: PluralForms = ['значения', 'значений', 'значений']

/**
 * The state of a catalogue listing and its URL form. The page, the REST API and the sellers'
 * pages share it, so a link copied from the address bar renders the same on the server.
 *
 * URL parameters: q, areas_of_application, brand, vendor, type, availability (repeatable),
 * made_in_russia=1, rtk=1, price_min / price_max (roubles), {attribute}_min / {attribute}_max,
 * compatible (drone models' slugs, repeatable), sort, page, limit (API only).
 */
export const SORTS = ['popular', 'price_asc', 'price_desc', 'new', 'relevance'] as const
export type Sort = (typeof SORTS)[number]

export const SORT_LABELS: Record<Sort, string> = {
  popular: 'По популярности',
  price_asc: 'Сначала дешевле',
  price_desc: 'Сначала дороже',
  new: 'Сначала новые',
  relevance: 'По релевантности',
}

/** The API's default page. */
export const PAGE_SIZE = 24
/**
 * A listing page's cards (the catalogue, a seller's page): twelve make whole rows at one to four
 * columns and keep the catalogue's HTML within 90 KB; «Показать ещё» adds the next twelve in place
 * (decision 077).
 */
export const LISTING_PAGE_SIZE = 12
export const MAX_PAGE_SIZE = 60
/** Deeper pages are refused: nobody reads them and deep OFFSETs are what scrapers ask for. */
export const MAX_PAGE = 200
export const MAX_QUERY_LENGTH = 100
/** Repeatable values per parameter; more are cut off (lenient) or refused (strict). */
export const MAX_VALUES_PER_FILTER = 30

export interface Range {
  min?: number
  max?: number
}

export interface ListingFilters {
  q?: string
  areas: SphereSlug[]
  brands: string[]
  /** Vendor organization slugs. */
  vendors: string[]
  types: DroneType[]
  availability: Availability[]
  madeInRussia: boolean
  rtk: boolean
  /** Roubles (the URL and the UI); the query converts to kopecks. */
  price: Range
  /** Drone models' slugs: only the payloads, accessories and parts that fit one of them («совместимо с …»). */
  compatible: string[]
  ranges: Partial<Record<RangeAttributeCode, Range>>
}

export interface ListingQuery extends ListingFilters {
  sort: Sort
  page: number
  pageSize: number
}

export type ListingParseResult = { query: ListingQuery; errors: Record<string, string> }

const DRONE_TYPE_VALUES: readonly string[] = DRONE_TYPES.map((t) => t.value)

export function emptyListingQuery(): ListingQuery {
  return {
    areas: [],
    brands: [],
    vendors: [],
    types: [],
    availability: [],
    compatible: [],
    madeInRussia: false,
    rtk: false,
    price: {},
    ranges: {},
    sort: 'popular',
    page: 1,
    pageSize: PAGE_SIZE,
  }
}

/**
 * Reads a listing from URL parameters. Invalid values are dropped and reported in `errors`
 * (keyed by parameter): the page ignores them, the API answers 400 with them. `pageSize` is the
 * page's size when the URL gives no `limit`.
 */
export function parseListingQuery(params: URLSearchParams, pageSize = PAGE_SIZE): ListingParseResult {
  const errors: Record<string, string> = {}
  const query = emptyListingQuery()

  const q = params.get('q')?.trim().replace(/\s+/g, ' ')
  if (q) {
    if (!isSingleLineText(q)) errors.q = TEXT_MESSAGES.invalidCharacters
    else if (q.length > MAX_QUERY_LENGTH) errors.q = `Не длиннее ${formatCount(MAX_QUERY_LENGTH, CHARACTERS_UP_TO)}`
    else query.q = q
  }

  const list = (name: string, accept: (v: string) => boolean): string[] => {
    const values = [
      ...new Set(
        params
          .getAll(name)
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ]
    if (values.length > MAX_VALUES_PER_FILTER)
      errors[name] = `Не больше ${formatCount(MAX_VALUES_PER_FILTER, VALUES_UP_TO)}`
    const valid = values.slice(0, MAX_VALUES_PER_FILTER).filter((v) => accept(v) && v.length <= 100)
    if (valid.length < Math.min(values.length, MAX_VALUES_PER_FILTER)) errors[name] ??= 'Неизвестное значение'
    return valid
  }
  query.areas = list('areas_of_application', isSphereSlug) as SphereSlug[]
  query.brands = list('brand', isSingleLineText)
  query.vendors = list('vendor', (v) => /^[a-z0-9-]+$/.test(v))
  query.types = list('type', (v) => DRONE_TYPE_VALUES.includes(v)) as DroneType[]
  query.availability = list('availability', (v) => (AVAILABILITIES as readonly string[]).includes(v)) as Availability[]

  const flag = (name: string): boolean => {
    const value = params.get(name)
    if (value === null || value === '' || value === '0' || value === 'false') return false
    if (value === '1' || value === 'true' || value === 'on') return true
    errors[name] = 'Ожидается 1 или 0'
    return false
  }
  query.compatible = list('compatible', (v) => /^[a-z0-9-]+$/.test(v))
  query.madeInRussia = flag('made_in_russia')
  query.rtk = flag('rtk')

  const number = (name: string): number | undefined => {
    const raw = params.get(name)
    if (raw === null || raw.trim() === '') return undefined
    const value = Number(raw.replace(',', '.').replace(/\s/g, ''))
    if (!Number.isFinite(value) || Math.abs(value) > 1e12) {
      errors[name] = 'Ожидается число'
      return undefined
    }
    return value
  }
  const range = (prefix: string): Range => {
    const r: Range = {}
    const min = number(`${prefix}_min`)
    const max = number(`${prefix}_max`)
    if (min !== undefined) r.min = min
    if (max !== undefined) r.max = max
    if (r.min !== undefined && r.max !== undefined && r.min > r.max) {
      errors[`${prefix}_min`] = 'Минимум больше максимума'
      return {}
    }
    return r
  }
  query.price = range('price')
  for (const code of RANGE_ATTRIBUTE_CODES) {
    const r = range(code)
    if (r.min !== undefined || r.max !== undefined) query.ranges[code] = r
  }

  const sort = params.get('sort')
  if (sort) {
    if ((SORTS as readonly string[]).includes(sort)) query.sort = sort as Sort
    else errors.sort = 'Неизвестная сортировка'
  } else if (query.q) {
    query.sort = 'relevance'
  }
  if (query.sort === 'relevance' && !query.q) query.sort = 'popular'

  const positiveInt = (name: string, max: number): number | undefined => {
    const raw = params.get(name)
    if (raw === null || raw === '') return undefined
    const value = Number(raw)
    if (!Number.isInteger(value) || value < 1 || value > max) {
      errors[name] = `Целое число от 1 до ${max}`
      return undefined
    }
    return value
  }
  query.page = positiveInt('page', MAX_PAGE) ?? 1
  query.pageSize = positiveInt('limit', MAX_PAGE_SIZE) ?? pageSize

  return { query, errors }
}

/**
 * The canonical URL parameters of a listing: fixed order, defaults left out, so equal states
 * give equal URLs (links, canonical tags, caches). `limit` is left out: pages use the default.
 */
export function listingSearchParams(query: Partial<ListingQuery>): URLSearchParams {
  const p = new URLSearchParams()
  if (query.q) p.set('q', query.q)
  for (const v of query.areas ?? []) p.append('areas_of_application', v)
  for (const v of query.types ?? []) p.append('type', v)
  for (const v of query.brands ?? []) p.append('brand', v)
  for (const v of query.vendors ?? []) p.append('vendor', v)
  for (const v of query.availability ?? []) p.append('availability', v)
  for (const v of query.compatible ?? []) p.append('compatible', v)
  if (query.madeInRussia) p.set('made_in_russia', '1')
  if (query.rtk) p.set('rtk', '1')
  const setRange = (prefix: string, r: Range | undefined) => {
    if (r?.min !== undefined) p.set(`${prefix}_min`, String(r.min))
    if (r?.max !== undefined) p.set(`${prefix}_max`, String(r.max))
  }
  setRange('price', query.price)
  for (const code of RANGE_ATTRIBUTE_CODES) setRange(code, query.ranges?.[code])
  const defaultSort: Sort = query.q ? 'relevance' : 'popular'
  if (query.sort && query.sort !== defaultSort) p.set('sort', query.sort)
  if (query.page && query.page > 1) p.set('page', String(query.page))
  return p
}

/** Whether any filter (not search, sort or page) narrows the listing. */
export function hasFilters(query: ListingFilters): boolean {
  return (
    query.areas.length + query.brands.length + query.vendors.length + query.types.length + query.availability.length >
      0 ||
    query.compatible.length > 0 ||
    query.madeInRussia ||
    query.rtk ||
    query.price.min !== undefined ||
    query.price.max !== undefined ||
    Object.keys(query.ranges).length > 0
  )
}
