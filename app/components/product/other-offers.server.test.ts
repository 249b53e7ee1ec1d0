import { describe, expect, it } from 'vitest'
import type { OfferCard } from '#common/catalog/types.ts'
import { offerSortOf, toOfferRows } from './other-offers.server.ts'

/** A listing as the catalogue's cards give it, cheaper first as `otherOffers` orders them. */
function card(id: string, vendor: string, over: Partial<OfferCard>): OfferCard {
  return {
    id,
    slug: id,
    modelSlug: 'dji-matrice-350-rtk',
    href: `/product/dji-matrice-350-rtk?offer=${id}`,
    title: `Квадрокоптер ${id}`,
    brand: 'DJI',
    model: 'Matrice 350 RTK',
    category: { slug: 'multirotornye', title: 'Мультироторные' },
    vendor: { id: vendor, slug: vendor, name: `ООО «${vendor}»` },
    priceKopecks: 1_000_000_00,
    vatRate: '22',
    availability: 'in_stock',
    leadTimeDays: null,
    image: null,
    keySpecs: [],
    terms: { warrantyMonths: 12, deliveryRegions: [], minOrderQuantity: 1 },
    ...over,
  }
}

const CARDS = [
  card('cheap', 'a', { priceKopecks: 1_100_000_00 }),
  card('dear', 'b', {
    priceKopecks: 1_200_000_00,
    terms: { warrantyMonths: 0, deliveryRegions: ['77', '50'], minOrderQuantity: 2 },
  }),
  card('slow', 'c', { priceKopecks: 900_000_00, availability: 'to_order', leadTimeDays: 35 }),
  card('soon', 'd', { priceKopecks: 950_000_00, availability: 'to_order', leadTimeDays: 10 }),
]
const RATINGS = new Map([
  ['b', { average: 4.9, count: 23 }],
  ['c', { average: 4.2, count: 1 }],
])

describe('other offers of a model', () => {
  it('keep the catalogue’s order by price, or put the sooner or the better rated first', () => {
    const ids = (sort: 'price' | 'lead' | 'rating') => toOfferRows(CARDS, RATINGS, sort).map((row) => row.id)
    expect(ids('price')).toEqual(['cheap', 'dear', 'slow', 'soon'])
    expect(ids('lead')).toEqual(['cheap', 'dear', 'soon', 'slow'])
    expect(ids('rating')).toEqual(['dear', 'slow', 'cheap', 'soon'])
  })

  it('say the seller’s rating, the price with its VAT and the lead time in words', () => {
    const [dear, slow] = toOfferRows(CARDS, RATINGS, 'rating')
    expect(dear).toMatchObject({ rating: '★ 4,9 · 23 отзыва', vat: 'Цена с НДС 22%', availabilityLabel: 'В наличии' })
    expect(slow!.rating).toBe('★ 4,2 · 1 отзыв')
    expect(slow!.availabilityLabel).toMatch(/^Под заказ, .*35 дней$/)
    expect(toOfferRows(CARDS, RATINGS, 'price')[0]!.rating).toBeNull()
  })

  it('say each seller’s warranty, where it delivers and its minimum order', () => {
    const [cheap, dear] = toOfferRows(CARDS, RATINGS, 'price')
    expect(cheap!.terms).toBe('Гарантия: 1 год · Доставка: по всей России')
    expect(dear!.terms).toBe('Гарантия: без гарантии · Доставка: 2 региона · Минимальный заказ: 2 шт.')
  })

  it('tell a signed-in buyer which sellers deliver to its region', () => {
    const inMoscow = toOfferRows(CARDS, RATINGS, 'price', '77')
    expect(inMoscow[1]!.terms).toMatch(/ · Доставка в ваш регион: есть$/)
    const inYekaterinburg = toOfferRows(CARDS, RATINGS, 'price', '66')
    expect(inYekaterinburg[0]!.terms).toMatch(/ · Доставка в ваш регион: есть$/)
    expect(inYekaterinburg[1]!.terms).toMatch(/ · Доставка в ваш регион: нет$/)
    // A guest, or a buyer whose region is not known, is told nothing of it.
    expect(toOfferRows(CARDS, RATINGS, 'price')[1]!.terms).not.toContain('ваш регион')
  })

  it('read the order from the address, the price when it names none or an unknown one', () => {
    expect(offerSortOf('https://bas.example/product/x?offers=lead')).toBe('lead')
    expect(offerSortOf('https://bas.example/product/x?offers=rating')).toBe('rating')
    expect(offerSortOf('https://bas.example/product/x')).toBe('price')
    expect(offerSortOf('https://bas.example/product/x?offers=<script>')).toBe('price')
  })
})
