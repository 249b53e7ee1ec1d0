import { describe, expect, it } from 'vitest'
import { emptyListingQuery, type ListingQuery } from '#common/catalog/listing.ts'
import type { Facet } from '#common/catalog/types.ts'
import { formQuery } from './form-query.ts'
import { appliedFilters, listingHref, pageWindow, resetHref, withoutEmptyFields } from './listing-url.ts'

const BASE = '/catalog/bespilotniki'

const FACETS: Facet[] = [
  {
    kind: 'terms',
    key: 'areas_of_application',
    title: 'Сферы применения',
    options: [{ value: 'selskoe-khozyaistvo', label: 'Сельское хозяйство', count: 40, selected: true }],
  },
  { kind: 'range', key: 'price', title: 'Цена', unit: '₽', min: 50_000, max: 9_000_000, selectedMax: 500_000 },
  {
    kind: 'terms',
    key: 'brand',
    title: 'Бренд',
    options: [
      { value: 'DJI', label: 'DJI', count: 12, selected: true },
      { value: 'Геоскан', label: 'Геоскан', count: 7, selected: false },
    ],
  },
  { kind: 'flag', key: 'made_in_russia', title: 'Сделано в России', count: 30, selected: false },
  { kind: 'range', key: 'flight_time', title: 'Время полёта', unit: 'мин', min: 10, max: 600 },
]

function query(patch: Partial<ListingQuery>): ListingQuery {
  return { ...emptyListingQuery(), ...patch }
}

describe('listing URLs', () => {
  const current = query({
    areas: ['selskoe-khozyaistvo'],
    brands: ['DJI'],
    price: { max: 500_000 },
    sort: 'price_asc',
    page: 3,
  })

  it('one chip per chosen value, each linking to the listing without it on page 1', () => {
    expect(appliedFilters({ facets: FACETS, query: current }, BASE)).toEqual([
      {
        label: 'Сферы применения: Сельское хозяйство',
        href: `${BASE}?brand=DJI&price_max=500000&sort=price_asc`,
      },
      {
        label: 'Цена: до 500\u00a0000 ₽',
        href: `${BASE}?areas_of_application=selskoe-khozyaistvo&brand=DJI&sort=price_asc`,
      },
      {
        label: 'Бренд: DJI',
        href: `${BASE}?areas_of_application=selskoe-khozyaistvo&price_max=500000&sort=price_asc`,
      },
    ])
  })

  it('reset keeps the search and the sort only', () => {
    expect(resetHref(BASE, { ...current, q: 'агродрон' })).toBe(
      `${BASE}?q=%D0%B0%D0%B3%D1%80%D0%BE%D0%B4%D1%80%D0%BE%D0%BD&sort=price_asc`,
    )
    expect(listingHref(BASE, query({}))).toBe(BASE)
  })

  it('reads a filter form into the canonical state, page 1', () => {
    const data = new FormData()
    data.append('areas_of_application', 'selskoe-khozyaistvo')
    data.append('brand', 'DJI')
    data.append('brand', 'Геоскан')
    data.append('made_in_russia', '1')
    data.append('price_min', '')
    data.append('price_max', '500 000')
    data.append('flight_time_min', '90')
    data.append('flight_time_max', '30')
    const next = formQuery(data, FACETS, current)
    expect(listingHref(BASE, next)).toBe(
      `${BASE}?areas_of_application=selskoe-khozyaistvo&brand=DJI&brand=%D0%93%D0%B5%D0%BE%D1%81%D0%BA%D0%B0%D0%BD` +
        '&made_in_russia=1&price_max=500000&flight_time_min=30&flight_time_max=90&sort=price_asc',
    )
  })

  it('an unchanged form gives the current state back, so nothing navigates', () => {
    const data = new FormData()
    data.append('areas_of_application', 'selskoe-khozyaistvo')
    data.append('brand', 'DJI')
    data.append('price_min', '')
    data.append('price_max', '500000')
    data.append('flight_time_min', '')
    data.append('flight_time_max', '')
    expect(listingHref(BASE, formQuery(data, FACETS, current))).toBe(listingHref(BASE, { ...current, page: 1 }))
  })

  it('pages: first, last and the neighbours of the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 13)).toEqual([1, 2, null, 13])
    expect(pageWindow(6, 13)).toEqual([1, null, 5, 6, 7, null, 13])
    expect(pageWindow(13, 13)).toEqual([1, null, 12, 13])
  })
})

describe('withoutEmptyFields', () => {
  it('drops the empty fields a form sends without JS, keeping everything else', () => {
    const page = new Request('http://localhost/catalog/vtol?brand=DJI&price_min=&price_max=&utm_source=mail')
    expect(withoutEmptyFields(page)).toBe('/catalog/vtol?brand=DJI&utm_source=mail')
    expect(withoutEmptyFields(new Request('http://localhost/catalog/vtol?price_min='))).toBe('/catalog/vtol')
    expect(withoutEmptyFields(new Request('http://localhost/catalog/vtol?brand=DJI'))).toBeNull()
  })

  it('answers data requests with the page address', () => {
    const data = new Request('http://localhost/catalog/vtol.data?q=&rtk=1&_routes=routes%2Fcatalog')
    expect(withoutEmptyFields(data)).toBe('/catalog/vtol?rtk=1')
  })
})
