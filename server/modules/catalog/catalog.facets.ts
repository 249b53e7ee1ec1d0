import {
  AREA_OPTIONS,
  ATTRIBUTES,
  DRONE_TYPES,
  getAttribute,
  RANGE_ATTRIBUTE_CODES,
} from '#common/catalog/attributes.ts'
import type { ListingQuery, Range } from '#common/catalog/listing.ts'
import { AVAILABILITIES, AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import type { Facet, TermsFacetOption, VendorRef } from '#common/catalog/types.ts'
import { type ListingStats, statAlias } from './catalog.listing.ts'

/** Titles of the facets that are not characteristics. */
const FACET_TITLES = {
  price: 'Цена',
  brand: 'Бренд',
  vendor: 'Поставщик',
  availability: 'Наличие',
  made_in_russia: 'Сделано в России',
} as const

function attributeTitle(code: string): string {
  return ATTRIBUTES.find((a) => a.code === code)?.title ?? code
}

/** Options with products, plus the selected ones even when nothing is left for them. */
function options(
  all: { value: string; label: string; count: number }[],
  selected: readonly string[],
): TermsFacetOption[] {
  return all
    .filter((o) => o.count > 0 || selected.includes(o.value))
    .map((o) => ({ ...o, selected: selected.includes(o.value) }))
}

function byCount(a: TermsFacetOption, b: TermsFacetOption): number {
  return b.count - a.count || a.label.localeCompare(b.label, 'ru')
}

function rangeFacet(
  key: string,
  title: string,
  unit: string,
  stats: ListingStats['values'],
  selected: Range | undefined,
  toDisplay: (v: number, end: 'lo' | 'hi') => number = (v) => v,
): Facet {
  const lo = stats[statAlias.min(key)]
  const hi = stats[statAlias.max(key)]
  const facet: Facet = {
    kind: 'range',
    key,
    title,
    unit,
    min: lo == null ? null : toDisplay(Number(lo), 'lo'),
    max: hi == null ? null : toDisplay(Number(hi), 'hi'),
  }
  if (selected?.min !== undefined) facet.selectedMin = selected.min
  if (selected?.max !== undefined) facet.selectedMax = selected.max
  return facet
}

/** The facets in display order: areas of application first, numeric ranges last. */
export function buildFacets(query: ListingQuery, result: ListingStats, vendors: Map<string, VendorRef>): Facet[] {
  const stats = result.values
  const count = (alias: string) => Number(stats[alias] ?? 0)

  const brandOptions = options(
    result.brands.map(([value, n]) => ({ value, label: value, count: Number(n) })),
    query.brands,
  )
  for (const brand of query.brands)
    if (!brandOptions.some((o) => o.value === brand))
      brandOptions.push({ value: brand, label: brand, count: 0, selected: true })

  const vendorOptions = options(
    result.vendors.flatMap(([id, n]) => {
      const ref = vendors.get(id)
      return ref ? [{ value: ref.slug, label: ref.name, count: Number(n) }] : []
    }),
    query.vendors,
  )
  for (const slug of query.vendors)
    if (!vendorOptions.some((o) => o.value === slug))
      vendorOptions.push({ value: slug, label: slug, count: 0, selected: true })

  const facets: Facet[] = [
    {
      kind: 'terms',
      key: 'areas_of_application',
      title: attributeTitle('areas_of_application'),
      options: options(
        AREA_OPTIONS.map((o, i) => ({ ...o, count: count(statAlias.area(i)) })),
        query.areas,
      ),
    },
    rangeFacet('price', FACET_TITLES.price, '₽', stats, query.price, (kopecks, end) =>
      end === 'lo' ? Math.floor(kopecks / 100) : Math.ceil(kopecks / 100),
    ),
    {
      kind: 'terms',
      key: 'type',
      title: attributeTitle('type'),
      options: options(
        DRONE_TYPES.map((t, i) => ({ value: t.value, label: t.label, count: count(statAlias.type(i)) })),
        query.types,
      ),
    },
    { kind: 'terms', key: 'brand', title: FACET_TITLES.brand, options: brandOptions.sort(byCount) },
    { kind: 'terms', key: 'vendor', title: FACET_TITLES.vendor, options: vendorOptions.sort(byCount) },
    {
      kind: 'terms',
      key: 'availability',
      title: FACET_TITLES.availability,
      options: options(
        AVAILABILITIES.map((a, i) => ({
          value: a,
          label: AVAILABILITY_LABELS[a],
          count: count(statAlias.availability(i)),
        })),
        query.availability,
      ),
    },
    {
      kind: 'flag',
      key: 'made_in_russia',
      title: FACET_TITLES.made_in_russia,
      count: count('made_in_russia'),
      selected: query.madeInRussia,
    },
    { kind: 'flag', key: 'rtk', title: attributeTitle('rtk'), count: count('rtk'), selected: query.rtk },
  ]
  for (const code of RANGE_ATTRIBUTE_CODES) {
    const attr = getAttribute(code)
    const unit = attr?.kind === 'number' ? attr.unit : ''
    facets.push(rangeFacet(code, attributeTitle(code), unit, stats, query.ranges[code]))
  }
  return facets
}
