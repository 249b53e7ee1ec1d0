import { describe, expect, it } from 'vitest'
import { type Facet, FACET_TOP_OPTIONS, facetView, listingView, type ProductCard, TILE_SPECS, tileOf } from './types.ts'

const spec = (i: number) => ({ code: 'range' as const, title: `Свойство ${i}`, value: i, display: `${i} км` })

const CARD: ProductCard = {
  id: '9a3d1bc1-ebdb-48e5-ac72-4d9fe1d5b617',
  slug: 'kvadrokopter-dji-mavic-3-thermal',
  modelSlug: 'dji-mavic-3-thermal',
  href: '/product/dji-mavic-3-thermal?offer=kvadrokopter-dji-mavic-3-thermal',
  title: 'Квадрокоптер DJI Mavic 3 Thermal',
  brand: 'DJI',
  model: 'Mavic 3 Thermal',
  category: { slug: 'multirotornye', title: 'Мультироторные' },
  vendor: { id: '72287f37-e5e0-4a29-aa3b-73c463f64d33', slug: 'nebosvod', name: 'ООО «Небосвод»' },
  priceKopecks: 63_369_000,
  vatRate: '22',
  availability: 'in_stock',
  leadTimeDays: null,
  image: { src: 'catalog/quad-compact-sky.svg', alt: 'DJI Mavic 3 Thermal в полёте' },
  keySpecs: [1, 2, 3, 4, 5, 6].map(spec),
  titleHighlighted: 'Квадрокоптер <mark>DJI</mark> Mavic 3 Thermal',
  offers: { count: 4, lowPriceKopecks: 63_369_000, sellerCount: 4 },
}

describe('a listing as a page sends it', () => {
  it('keeps of a card what the tile draws and drops the rest', () => {
    const tile = tileOf(CARD)
    expect(tile).toEqual({
      id: CARD.id,
      href: CARD.href,
      title: CARD.title,
      brand: 'DJI',
      model: 'Mavic 3 Thermal',
      vendor: { slug: 'nebosvod', name: 'ООО «Небосвод»' },
      priceKopecks: 63_369_000,
      vatRate: '22',
      availability: 'in_stock',
      leadTimeDays: null,
      image: { src: CARD.image!.src },
      keySpecs: [1, 2, 3, 4].map((i) => ({ code: 'range', title: `Свойство ${i}`, display: `${i} км` })),
      titleHighlighted: CARD.titleHighlighted,
      offers: CARD.offers,
    })
    expect(tile.keySpecs).toHaveLength(TILE_SPECS)
    expect(JSON.stringify(tile).length).toBeLessThan(JSON.stringify(CARD).length * 0.75)
  })

  it('turns every card of a listing and leaves the rest of it', () => {
    const listing = {
      items: [CARD, { ...CARD, id: 'b', keySpecs: [] }],
      total: 2,
      offerTotal: 5,
      page: 1,
      pageSize: 24,
      pageCount: 1,
      sort: 'popular' as const,
      facets: [],
      query: {} as never,
    }
    const view = listingView(listing)
    expect(view.items.map((item) => [item.id, item.keySpecs.length])).toEqual([
      [CARD.id, 4],
      ['b', 0],
    ])
    expect({ ...view, items: [] }).toEqual({ ...listing, items: [] })
  })

  describe('a terms facet', () => {
    const option = (i: number, count: number, selected = false) => ({
      value: `b${i}`,
      label: `Бренд ${i}`,
      count,
      selected,
    })
    const terms = (options: ReturnType<typeof option>[]): Facet => ({
      kind: 'terms',
      key: 'brand',
      title: 'Бренд',
      options,
    })
    // Twelve brands with products and three without; the eleventh is chosen.
    const long = terms([
      ...Array.from({ length: 12 }, (_, i) => option(i, 20 - i, i === 10)),
      ...Array.from({ length: 3 }, (_, i) => option(12 + i, 0)),
    ])

    it('sends a long list folded to its first options and the chosen ones, with the whole count', () => {
      const view = facetView(long, false)
      expect(view.kind === 'terms' && view.options.map((o) => o.value)).toEqual([
        ...Array.from({ length: FACET_TOP_OPTIONS }, (_, i) => `b${i}`),
        'b10',
      ])
      expect(view).toMatchObject({ optionCount: 12 })
      expect(view).not.toHaveProperty('unfolded')
    })

    it('sends it whole, without its empty options, when the page is asked for every option', () => {
      const view = facetView(long, true)
      expect(view.kind === 'terms' && view.options.map((o) => o.value)).toEqual(
        Array.from({ length: 12 }, (_, i) => `b${i}`),
      )
      expect(view).toMatchObject({ unfolded: true })
      expect(view).not.toHaveProperty('optionCount')
    })

    it('leaves a short list as it is, its empty options included', () => {
      const short = terms([option(0, 3), option(1, 0), option(2, 1)])
      expect(facetView(short, false)).toBe(short)
      // Nine options with products fit: the fold would hide a single one.
      const nine = terms(Array.from({ length: FACET_TOP_OPTIONS + 1 }, (_, i) => option(i, 5)))
      expect(facetView(nine, false)).toBe(nine)
      const nineAndEmpty = terms([
        ...Array.from({ length: FACET_TOP_OPTIONS + 1 }, (_, i) => option(i, 5)),
        option(99, 0),
      ])
      expect(facetView(nineAndEmpty, false)).toEqual(nine)
    })
  })
})
