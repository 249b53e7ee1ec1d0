import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { formatOffer } from '#common/catalog/format.ts'
import type { Listing, Suggestion } from '#common/catalog/types.ts'
import type { Database } from '../../../db/client.ts'
import { useTestApp } from '../../../testing/app.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { type CatalogFixture, type FixtureProduct, seedCatalogFixture } from '../catalog.testing.ts'

/**
 * Words typed in the other alphabet (decision 017), in the catalogue search and the header
 * suggestions, and suggestions of one title from several sellers. Besides the fixture catalogue:
 * a Matrice and an Orlan, and one Mavic 3 Thermal sold by both sellers (the second one listing
 * it twice at one price).
 */
const THERMAL = 'Квадрокоптер DJI Mavic 3 Thermal'
const EXTRA: FixtureProduct[] = [
  {
    slug: 'dji-matrice-350-rtk',
    title: 'Квадрокоптер DJI Matrice 350 RTK',
    brand: 'DJI',
    model: 'Matrice 350 RTK',
    vendor: 'aeroskan',
    category: 'multirotornye',
    price: 1_900_000,
    description: 'Промышленная платформа для инспекций с тепловизором и лидаром.',
    specs: { type: 'multirotor', max_takeoff_weight: 9.2, flight_time: 55, country: 'CN', rtk: true },
    areas: ['elektroenergetika'],
    popularity: 60,
  },
  {
    slug: 'orlan-10',
    title: 'Беспилотник Орлан-10',
    brand: 'СТЦ',
    model: 'Орлан-10',
    vendor: 'geodron',
    category: 'samoletnogo-tipa',
    price: null,
    description: 'Самолёт для мониторинга протяжённых объектов.',
    specs: { type: 'fixed_wing', max_takeoff_weight: 15, flight_time: 600, country: 'RU' },
    areas: ['ekologiya'],
    popularity: 15,
  },
  ...(
    [
      ['dji-mavic-3-thermal-aeroskan', 'aeroskan', 520_000, 80],
      ['dji-mavic-3-thermal-geodron', 'geodron', null, 75],
      ['dji-mavic-3-thermal-geodron-2', 'geodron', null, 5],
    ] as const
  ).map(([slug, vendor, price, popularity]): FixtureProduct => ({
    slug,
    title: THERMAL,
    brand: 'DJI',
    model: 'Mavic 3 Thermal',
    vendor,
    category: 'multirotornye',
    price,
    description: 'Компактный дрон с тепловизором.',
    specs: { type: 'multirotor', max_takeoff_weight: 0.92, country: 'CN' },
    areas: ['chs-i-bezopasnost'],
    popularity,
  })),
]

describe.each(BACKENDS)('search across alphabets on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let fixture: CatalogFixture

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    fixture = await seedCatalogFixture(database.db, EXTRA)
  })

  async function search(q: string): Promise<Listing> {
    const res = await app.inject({ method: 'GET', url: `/api/v1/catalog/products?limit=60&q=${encodeURIComponent(q)}` })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  const found = async (q: string) => new Set((await search(q)).items.map((i) => i.slug))
  async function suggestions(q: string): Promise<Suggestion[]> {
    const res = await app.inject({ method: 'GET', url: `/api/v1/catalog/suggestions?q=${encodeURIComponent(q)}` })
    expect(res.statusCode, res.body).toBe(200)
    // A product links to its model's page with the offer chosen; compared here by the offer.
    return (res.json().data as Suggestion[]).map((s) => {
      if (s.kind !== 'product') return s
      const [path, offer] = s.href.split('?offer=')
      expect(path, s.href).toMatch(/^\/product\/[a-z0-9-]+$/)
      return { ...s, href: `/product/${offer}` }
    })
  }
  const suggested = async (q: string) => (await suggestions(q)).map((s) => s.href)

  // The three Mavic 3 Thermal listings are one model: one card, its best offer (the priced one).
  const MAVICS = ['dji-mavic-3-enterprise', 'dji-mavic-3-thermal-aeroskan']
  const DJI = ['dji-mini-4-pro', 'dji-agras-t40', 'dji-matrice-350-rtk', ...MAVICS]

  describe('the catalogue search', () => {
    it('finds Latin brands and models typed in Russian letters, and says what it searched for', async () => {
      const mavic = await search('мавик')
      expect(new Set(mavic.items.map((i) => i.slug))).toEqual(new Set(MAVICS))
      expect(mavic.correctedQuery).toBe('mavic')
      expect(mavic).toMatchObject({ total: 2, offerTotal: 4 })
      expect(mavic.items.find((i) => i.slug === 'dji-mavic-3-thermal-aeroskan')!.offers).toEqual({
        count: 3,
        lowPriceKopecks: 52_000_000,
        sellerCount: 2,
      })
      expect(mavic.items.find((i) => i.slug === 'dji-mavic-3-enterprise')!.offers).toBeUndefined()
      expect(mavic.items.find((i) => i.slug === 'dji-mavic-3-enterprise')!.titleHighlighted).toBe(
        'Квадрокоптер DJI <mark>Mavic</mark> 3 Enterprise',
      )
      expect(await found('аграс')).toEqual(new Set(['dji-agras-t40']))
      expect(await found('матрис')).toEqual(new Set(['dji-matrice-350-rtk']))
      expect(await found('Мавик 3')).toEqual(new Set(MAVICS))
      expect((await search('Мавик 3')).correctedQuery).toBe('mavic 3')
      expect(await found('мавик thermal')).toEqual(new Set(MAVICS.slice(1)))
    })

    it('finds DJI typed as heard, and a model with a Russian ending', async () => {
      expect(await found('дджи')).toEqual(new Set(DJI))
      expect(await found('диджиай')).toEqual(new Set(DJI))
      expect(await found('матрисом')).toEqual(new Set(['dji-matrice-350-rtk']))
      expect(await found('дджи аграс')).toEqual(new Set(['dji-agras-t40']))
    })

    it('finds Russian names typed in Latin letters', async () => {
      const geoskan = await search('geoskan')
      expect(new Set(geoskan.items.map((i) => i.slug))).toEqual(new Set(['geoskan-gemini', 'geoskan-201']))
      expect(geoskan.correctedQuery).toBe('геоскан')
      expect(await found('orlan')).toEqual(new Set(['orlan-10']))
      // The catalogue has Supercam in Latin letters: found either way.
      expect(await found('supercam')).toEqual(new Set(['supercam-s350']))
      expect(await found('суперкам')).toEqual(new Set(['supercam-s350']))
      // Typed in the other alphabet with a typo: the closest catalogue word to its spelling.
      expect(await found('geoskon')).toEqual(new Set(['geoskan-gemini', 'geoskan-201']))
      const matrix = await search('матрикс')
      expect(new Set(matrix.items.map((i) => i.slug))).toEqual(new Set(['dji-matrice-350-rtk']))
      expect(matrix.correctedQuery).toBe('matrice')
    })

    it('keeps a word that matches in its own alphabet, and finds nothing for unrelated words', async () => {
      const quadcopters = await search('квадрокоптер')
      expect(quadcopters.correctedQuery).toBeUndefined()
      expect(quadcopters.total).toBeGreaterThan(5)
      for (const q of ['ыврапывра', 'qwzxv', 'трактор', 'мавик ыврапывра', 'tractor']) {
        const listing = await search(q)
        expect(listing.total, q).toBe(0)
      }
    })
  })

  describe('the suggestions', () => {
    it('offer products and the brand for words typed in Russian letters, the match marked', async () => {
      const mavic = await suggestions('мавик')
      expect(mavic.filter((s) => s.kind === 'product').map((s) => s.href)).toEqual(
        expect.arrayContaining(MAVICS.slice(0, 3).map((slug) => `/product/${slug}`)),
      )
      expect(mavic).toContainEqual({
        kind: 'product',
        labelHighlighted: 'Квадрокоптер DJI <mark>Mavic</mark> 3 Enterprise',
        href: '/product/dji-mavic-3-enterprise',
      })
      expect(await suggested('мав')).toContain('/product/dji-mavic-3-enterprise')
      expect(await suggested('мавик 3')).toContain('/product/dji-mavic-3-enterprise')
      expect(await suggested('аграс')).toContain('/product/dji-agras-t40')
      expect(await suggested('матрис')).toContain('/product/dji-matrice-350-rtk')
      for (const q of ['дджи', 'диджиай']) {
        const dji = await suggestions(q)
        expect(dji, q).toContainEqual({
          kind: 'brand',
          labelHighlighted: '<mark>DJI</mark>',
          href: '/catalog/bespilotniki?brand=DJI',
        })
        expect(dji.filter((s) => s.kind === 'product').length, q).toBeGreaterThan(2)
      }
    })

    it('offer Russian names typed in Latin letters', async () => {
      const geoskan = await suggestions('geoskan')
      expect(geoskan.map((s) => s.href)).toEqual(
        expect.arrayContaining([
          '/catalog/bespilotniki?brand=%D0%93%D0%B5%D0%BE%D1%81%D0%BA%D0%B0%D0%BD',
          '/product/geoskan-gemini',
          '/product/geoskan-201',
        ]),
      )
      expect(geoskan.find((s) => s.href === '/product/geoskan-201')!.labelHighlighted).toBe('<mark>Геоскан</mark> 201')
      expect(await suggested('orla')).toContain('/product/orlan-10')
    })

    it('correct a typo made in the other alphabet', async () => {
      expect(await suggested('матрикс')).toContain('/product/dji-matrice-350-rtk')
      expect(await suggested('geoskon')).toContain('/product/geoskan-201')
    })

    it('offer nothing for unrelated words', async () => {
      for (const q of ['ыврапывра', 'qwzxv', 'трактор']) expect(await suggestions(q), q).toEqual([])
    })

    it('tell apart one title from several sellers by the seller and the price', async () => {
      const thermal = (await suggestions('thermal')).filter((s) => s.kind === 'product')
      // The second seller lists the model twice at one price: its lines would read the same, so one stays.
      expect(thermal.map((s) => s.href)).toEqual([
        '/product/dji-mavic-3-thermal-aeroskan',
        '/product/dji-mavic-3-thermal-geodron',
      ])
      expect(thermal.map((s) => s.offer)).toEqual([
        { vendorName: fixture.vendors.aeroskan.name, priceKopecks: 52_000_000 },
        { vendorName: fixture.vendors.geodron.name, priceKopecks: null },
      ])
      expect(thermal.map((s) => formatOffer(s.offer!).replace(/\s/g, ' '))).toEqual([
        'ООО «Аэроскан», 520 000 ₽',
        'ООО «Геодрон», Цена по запросу',
      ])

      // Among others, only the lines sharing a title name the seller; no two lines read the same.
      const mavic = (await suggestions('mavic 3')).filter((s) => s.kind === 'product')
      expect(mavic.find((s) => s.href === '/product/dji-mavic-3-enterprise')!.offer).toBeUndefined()
      expect(mavic.filter((s) => s.offer).length).toBe(2)
      const lines = mavic.map((s) => `${s.labelHighlighted} ${s.offer ? formatOffer(s.offer) : ''}`)
      expect(new Set(lines).size).toBe(lines.length)
    })

    it('cost the revision and the titles of what they show, and one more only when sellers must be named', async () => {
      const statements = async (q: string) => {
        const before = database.statements.count
        await suggestions(q)
        return database.statements.count - before
      }
      expect(await statements('мавик')).toBe(3)
      expect(await statements('аграс')).toBe(2)
      expect(await statements('geoskan')).toBe(2)
      // Nothing found: the titles are not read.
      expect(await statements('щщщщ')).toBe(1)
    })
  })
})
