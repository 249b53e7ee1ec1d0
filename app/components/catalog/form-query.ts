import type { RangeAttributeCode } from '#common/catalog/attributes.ts'
import type { ListingQuery, Range } from '#common/catalog/listing.ts'
import type { Facet } from '#common/catalog/types.ts'

/** Terms and flag facets by URL parameter: the ListingQuery field each one sets. */
const LIST_FIELDS = {
  areas_of_application: 'areas',
  type: 'types',
  brand: 'brands',
  vendor: 'vendors',
  availability: 'availability',
} as const satisfies Record<string, keyof ListingQuery>
const FLAG_FIELDS = { made_in_russia: 'madeInRussia', rtk: 'rtk' } as const satisfies Record<string, keyof ListingQuery>

function readNumber(data: FormData, name: string): number | undefined {
  const raw = String(data.get(name) ?? '')
    .replace(',', '.')
    .replace(/\s/g, '')
  const value = Number(raw)
  return raw === '' || !Number.isFinite(value) ? undefined : value
}

/**
 * The listing state a filter form shows: the current query with every rendered facet read from
 * the form, page 1. Values come from the server's options, so they need no checking here; a range
 * typed the wrong way round is turned over.
 */
export function formQuery(data: FormData, facets: Facet[], query: ListingQuery): ListingQuery {
  const next: ListingQuery = { ...query, ranges: { ...query.ranges }, page: 1 }
  for (const facet of facets) {
    const { key } = facet
    if (facet.kind === 'terms' && key in LIST_FIELDS) {
      const values = data.getAll(key).filter((v): v is string => typeof v === 'string')
      Object.assign(next, { [LIST_FIELDS[key as keyof typeof LIST_FIELDS]]: values })
    } else if (facet.kind === 'flag' && key in FLAG_FIELDS) {
      next[FLAG_FIELDS[key as keyof typeof FLAG_FIELDS]] = data.has(key)
    } else if (facet.kind === 'range') {
      let min = readNumber(data, `${key}_min`)
      let max = readNumber(data, `${key}_max`)
      if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]
      const range: Range = {}
      if (min !== undefined) range.min = min
      if (max !== undefined) range.max = max
      if (key === 'price') next.price = range
      else if (min === undefined && max === undefined) delete next.ranges[key as RangeAttributeCode]
      else next.ranges[key as RangeAttributeCode] = range
    }
  }
  return next
}
