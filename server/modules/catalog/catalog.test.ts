import type { FastifyInstance } from 'fastify'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Facet, Listing } from '#common/catalog/types.ts'
import type { Database } from '../../db/client.ts'
import { useTestApp } from '../../testing/app.ts'
import { BACKENDS } from '../../testing/database.ts'
import { type CatalogFixture, FIXTURE_PRODUCTS, seedCatalogFixture } from './catalog.testing.ts'
import { catalogProducts } from './catalog.table.ts'
import { adjustSearchWords } from './search/search-words.ts'

const PUBLISHED = FIXTURE_PRODUCTS.filter((p) => (p.status ?? 'published') === 'published')

describe.each(BACKENDS)('catalogue on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let fixture: CatalogFixture

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    fixture = await seedCatalogFixture(database.db)
  })

  const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` })
  async function list(params: string, path = '/catalog/products'): Promise<Listing> {
    const res = await get(`${path}?${params}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  const facet = (listing: Listing, key: string) => listing.facets.find((f) => f.key === key)!
  const slugs = (listing: Listing) => listing.items.map((i) => i.slug)

  it('lists only published products of the category subtree, most popular first', async () => {
    const all = await list('category=bespilotniki&limit=60')
    expect(all.total).toBe(PUBLISHED.length)
    expect(slugs(all)).not.toContain('secret-on-moderation')
    expect(slugs(all)).not.toContain('draft-product')
    expect(slugs(all).slice(0, 2).sort()).toEqual(['dji-mavic-3-enterprise', 'dji-mini-4-pro'])

    const leaf = await list('category=samoletnogo-tipa')
    expect(new Set(slugs(leaf))).toEqual(new Set(['geoskan-201', 'supercam-s350']))
  })

  it('builds cards per the contract', async () => {
    const { items } = await list('q=Gemini')
    const card = items.find((i) => i.slug === 'geoskan-gemini')!
    expect(card).toMatchObject({
      title: 'Квадрокоптер Геоскан Gemini',
      brand: 'Геоскан',
      category: { slug: 'multirotornye', title: 'Мультироторные' },
      vendor: { id: fixture.vendors.aeroskan.id, slug: 'aeroskan', name: 'ООО «Аэроскан»' },
      priceKopecks: 125_000_000,
      availability: 'in_stock',
      image: { src: 'catalog/test/geoskan-gemini.svg', alt: 'Квадрокоптер Геоскан Gemini' },
    })
    expect(card.keySpecs.map((s) => [s.code, s.display])).toEqual([
      ['type', 'Мультироторный'],
      ['max_takeoff_weight', '1 кг'],
      ['flight_time', '40 мин'],
      ['range', '5 км'],
    ])
  })

  it('answers 404 for an unknown category', async () => {
    const res = await get('/catalog/products?category=nope')
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('not_found')
  })

  it('refuses invalid parameters with field errors, never a 5xx', async () => {
    const bad = await get('/catalog/products?price_min=abc&page=-1&type=xxx&sort=zzz&made_in_russia=maybe')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toMatchObject({
      price_min: expect.any(String),
      page: expect.any(String),
      type: expect.any(String),
      sort: expect.any(String),
      made_in_russia: expect.any(String),
    })
    const garbage = [
      `q=${'а'.repeat(500)}`,
      'flight_time_min=10&flight_time_max=5',
      'limit=1000',
      'page=1.5',
      `brand=${Array.from({ length: 40 }, (_, i) => `b${i}`).join('&brand=')}`,
      'areas_of_application=mars',
      'price_max=1e400',
      'vendor=%00',
    ]
    for (const params of garbage) {
      const res = await get(`/catalog/products?${params}`)
      expect(res.statusCode, params).toBe(400)
      expect(Object.keys(res.json().error.fields ?? {}).length, params).toBeGreaterThan(0)
    }
    const odd = [
      "q=' or 1=1 --",
      'q=%25_%5C',
      'q=🙂🙂',
      'brand=%27%3B drop table x',
      'vendor=nobody',
      'q=a&sort=relevance',
      'availability[]=x',
    ]
    for (const params of odd) {
      const res = await get(`/catalog/products?${params}`)
      expect(res.statusCode, params).toBe(200)
    }
  })

  describe('facets', () => {
    /** Every option's count must be the total of the listing with that option chosen instead. */
    async function expectCountsMatch(params: string) {
      const listing = await list(`${params}&limit=60`)
      for (const f of listing.facets) {
        if (f.kind === 'terms') {
          for (const option of f.options) {
            const p = new URLSearchParams(params)
            p.delete(f.key)
            p.append(f.key, option.value)
            const filtered = await list(`${p}&limit=1`)
            expect(option.count, `${params}: ${f.key}=${option.value}`).toBe(filtered.total)
          }
        } else if (f.kind === 'flag') {
          const p = new URLSearchParams(params)
          p.set(f.key, '1')
          expect(f.count, `${params}: ${f.key}`).toBe((await list(`${p}&limit=1`)).total)
        } else {
          // Bounds over the products matching every other filter.
          const p = new URLSearchParams(params)
          p.delete(`${f.key}_min`)
          p.delete(`${f.key}_max`)
          const others = await list(`${p}&limit=60`)
          const values = others.items.flatMap((item) => {
            if (f.key === 'price') return item.priceKopecks === null ? [] : [item.priceKopecks / 100]
            const product = FIXTURE_PRODUCTS.find((fp) => fp.slug === item.slug)!
            const code = f.key as keyof typeof product.specs
            const v = product.specs[code]
            return typeof v === 'number' ? [v] : []
          })
          expect([f.min, f.max], `${params}: ${f.key}`).toEqual(
            values.length ? [Math.min(...values), Math.max(...values)] : [null, null],
          )
        }
      }
    }

    it('count what choosing each option would show', async () => {
      await expectCountsMatch('category=bespilotniki')
      await expectCountsMatch('category=multirotornye&brand=DJI')
      await expectCountsMatch('category=bespilotniki&areas_of_application=stroitelstvo&availability=in_stock')
      await expectCountsMatch('category=bespilotniki&made_in_russia=1&price_min=1000000')
      await expectCountsMatch('category=bespilotniki&q=квадрокоптер&max_takeoff_weight_max=5')
      await expectCountsMatch('category=bespilotniki&q=квадрокоптер&areas_of_application=stroitelstvo&rtk=1')
      await expectCountsMatch('category=bespilotniki&vendor=geodron&type=multirotor&availability=to_order')
    })

    it('are disjunctive: choosing a brand keeps the other brands counted', async () => {
      const listing = await list('brand=DJI')
      expect(listing.total).toBe(3)
      const brands = facet(listing, 'brand') as Extract<Facet, { kind: 'terms' }>
      expect(brands.options.find((o) => o.value === 'DJI')).toMatchObject({ count: 3, selected: true })
      expect(brands.options.find((o) => o.value === 'Геоскан')).toMatchObject({ count: 2, selected: false })
      // Other facets are narrowed by the brand.
      const types = facet(listing, 'type') as Extract<Facet, { kind: 'terms' }>
      expect(types.options).toEqual([{ value: 'multirotor', label: 'Мультироторный', count: 3, selected: false }])
      // Two brands: products of either.
      expect((await list('brand=DJI&brand=Геоскан')).total).toBe(5)
    })

    it('keep chosen options even when nothing matches them', async () => {
      const listing = await list('brand=Nobody&areas_of_application=transport&made_in_russia=1')
      expect(listing.total).toBe(0)
      const brands = facet(listing, 'brand') as Extract<Facet, { kind: 'terms' }>
      expect(brands.options.find((o) => o.value === 'Nobody')).toMatchObject({ count: 0, selected: true })
      const areas = facet(listing, 'areas_of_application') as Extract<Facet, { kind: 'terms' }>
      expect(areas.options.find((o) => o.value === 'transport')).toMatchObject({ selected: true })
    })

    it('come in the agreed order with Russian titles', async () => {
      const listing = await list('')
      expect(listing.facets.map((f) => f.key)).toEqual([
        'areas_of_application',
        'price',
        'type',
        'brand',
        'vendor',
        'availability',
        'made_in_russia',
        'rtk',
        'max_takeoff_weight',
        'flight_time',
        'range',
        'max_speed',
        'payload',
        'wind_resistance',
      ])
      expect(facet(listing, 'areas_of_application').title).toBe('Сферы применения')
      const vendors = facet(listing, 'vendor') as Extract<Facet, { kind: 'terms' }>
      expect(vendors.options.map((o) => [o.value, o.label, o.count])).toEqual([
        ['geodron', 'ООО «Геодрон»', 10],
        ['aeroskan', 'ООО «Аэроскан»', 5],
      ])
      expect(facet(listing, 'price')).toMatchObject({ kind: 'range', min: 100_000, max: 25_000_000, unit: '₽' })
    })

    it('filter prices in roubles and leave out prices on request', async () => {
      const listing = await list('price_max=500000&limit=60')
      expect(new Set(slugs(listing))).toEqual(
        new Set(['dji-mavic-3-enterprise', 'html-title-drone', ...[1, 2, 3, 4, 5, 6].map((n) => `test-twin-${n}`)]),
      )
      expect(slugs(listing)).not.toContain('dji-mini-4-pro')
    })
  })

  describe('search', () => {
    it('finds word forms («квадрокоптеры» → «квадрокоптер»)', async () => {
      const listing = await list('q=квадрокоптеры&limit=60')
      expect(slugs(listing)).toContain('geoskan-gemini')
      expect(slugs(listing)).toContain('dji-mavic-3-enterprise')
      expect(listing.sort).toBe('relevance')
      expect(listing.correctedQuery).toBeUndefined()
    })

    it('corrects typos against the catalogue words and says so', async () => {
      const listing = await list('q=квадракоптер&limit=60')
      expect(slugs(listing)).toContain('geoskan-gemini')
      expect(listing.correctedQuery).toBe('квадрокоптер')
      const brand = await list('q=Геоскон')
      expect(new Set(slugs(brand))).toEqual(new Set(['geoskan-gemini', 'geoskan-201']))
      expect(brand.correctedQuery).toBe('геоскан')
    })

    it('corrects to a word a product gained since the same search was last asked', async () => {
      const typo = 'q=гиперспектрамер'
      expect((await list(typo)).total).toBe(0)
      expect((await list(typo)).correctedQuery).toBeUndefined()
      const rename = (from: string, to: string) =>
        database.db.transaction(async (tx) => {
          await tx.update(catalogProducts).set({ title: to }).where(eq(catalogProducts.slug, 'dji-mini-4-pro'))
          await adjustSearchWords(tx, { removed: from, added: to })
        })
      const [{ title }] = (await database.db
        .select({ title: catalogProducts.title })
        .from(catalogProducts)
        .where(eq(catalogProducts.slug, 'dji-mini-4-pro'))) as [{ title: string }]
      await rename(title, `${title} гиперспектрометр`)
      try {
        const corrected = await list(typo)
        expect(corrected.correctedQuery).toBe('гиперспектрометр')
        expect(slugs(corrected)).toEqual(['dji-mini-4-pro'])
      } finally {
        await rename(`${title} гиперспектрометр`, title)
      }
      expect((await list(typo)).correctedQuery).toBeUndefined()
    })

    it('finds nothing for nonsense', async () => {
      for (const q of ['ыврапывра', 'qwzxv', 'квадрокоптер ыврапывра', '%_\\', '!!!']) {
        const listing = await list(`q=${encodeURIComponent(q)}`)
        expect(listing.total, q).toBe(0)
        expect(listing.items, q).toEqual([])
      }
    })

    it('ranks a title match above a description-only match', async () => {
      const listing = await list('q=квадрокоптер&limit=60')
      const titled = slugs(listing).indexOf('dji-mavic-3-enterprise')
      const described = slugs(listing).indexOf('dji-mini-4-pro')
      expect(described).toBeGreaterThan(-1)
      expect(titled).toBeLessThan(described)
    })

    it('highlights matches and escapes everything else', async () => {
      const listing = await list('q=дрон')
      const card = listing.items.find((i) => i.slug === 'html-title-drone')!
      expect(card.titleHighlighted).toBe('&lt;script&gt;alert(1)&lt;/script&gt; <mark>Дрон</mark> «Тест &amp; Ко»')
      expect(card.snippetHighlighted).not.toContain('<img')
      expect(card.snippetHighlighted).toContain('&lt;img')
      expect(card.snippetHighlighted).toContain('<mark>дрон</mark>')
      const plain = await list('')
      expect(plain.items.every((i) => i.titleHighlighted === undefined)).toBe(true)
    })

    it('marks a search asked again as the first time, and a changed description anew', async () => {
      const first = await list('q=дрон')
      expect(await list('q=дрон')).toEqual(first)
      const id = fixture.ids['html-title-drone']!
      const [{ description } = { description: '' }] = await database.db
        .select({ description: catalogProducts.description })
        .from(catalogProducts)
        .where(eq(catalogProducts.id, id))
      expect(description).toContain('дрон')
      await database.db
        .update(catalogProducts)
        .set({ description: 'Новое описание: дрон для обследования мостов.' })
        .where(eq(catalogProducts.id, id))
      try {
        const card = (await list('q=дрон')).items.find((i) => i.slug === 'html-title-drone')!
        expect(card.snippetHighlighted).toBe('Новое описание: <mark>дрон</mark> для обследования мостов')
      } finally {
        await database.db.update(catalogProducts).set({ description }).where(eq(catalogProducts.id, id))
      }
      expect(await list('q=дрон')).toEqual(first)
    })
  })

  it('pages stably: the pages together are every product once', async () => {
    for (const sort of ['popular', 'price_asc', 'price_desc', 'new']) {
      const seen: string[] = []
      const first = await list(`sort=${sort}&limit=4`)
      for (let page = 1; page <= first.pageCount; page++)
        seen.push(...slugs(await list(`sort=${sort}&limit=4&page=${page}`)))
      expect(seen.length, sort).toBe(PUBLISHED.length)
      expect(new Set(seen).size, sort).toBe(PUBLISHED.length)
    }
    const twins = await list('brand=Двойник&limit=2&page=3')
    expect(twins.items).toHaveLength(2)
    expect((await list('brand=Двойник&limit=2&page=4')).items).toHaveLength(0)
  })

  it('makes the same number of statements for any listing request asked again, sellers named or not', async () => {
    const counts: Record<string, number> = {}
    for (const params of [
      'limit=1',
      'limit=60',
      'limit=60&brand=DJI&areas_of_application=stroitelstvo&price_min=1&flight_time_min=10&made_in_russia=1',
      'q=квадрокоптер&limit=60',
      'q=квадракоптер&limit=1&vendor=geodron',
      'q=мавик',
      'q=ыврапывра',
    ]) {
      // The first time, a search also learns its words and the marked cards' (search-terms.test.ts).
      await list(params)
      const before = database.statements.count
      await list(params)
      counts[params] = database.statements.count - before
    }
    // The cards, the sellers' names (with the slugs asked for, resolved before) and the revision.
    expect(counts).toEqual(Object.fromEntries(Object.keys(counts).map((params) => [params, 3])))
  })

  it('lists by a seller as its address is now, not as this instance last resolved it', async () => {
    const all = await list('limit=60')
    const before = await list('vendor=geodron&limit=60')
    expect(before.offerTotal).toBeGreaterThan(0)
    expect(before.offerTotal).toBeLessThan(all.offerTotal)
    await database.db.execute(sql`update organizations set slug = 'geodron-novyi' where slug = 'geodron'`)
    try {
      // The old address names no seller now: its filter is dropped, as any unknown value is.
      expect((await list('vendor=geodron&limit=60')).offerTotal).toBe(all.offerTotal)
      expect((await list('vendor=geodron-novyi&limit=60')).offerTotal).toBe(before.offerTotal)
    } finally {
      await database.db.execute(sql`update organizations set slug = 'geodron' where slug = 'geodron-novyi'`)
    }
    expect((await list('vendor=geodron&limit=60')).offerTotal).toBe(before.offerTotal)
  })

  it('works a listing or a search out on the index it holds, and again as of now once the catalogue moved on', async () => {
    const before = await list('brand=DJI&limit=60')
    expect(slugs(before)).toContain('dji-agras-t40')
    // A search kept at the held revision too.
    const searched = await list('q=агродрон&limit=60')
    expect(slugs(searched)).toContain('dji-agras-t40')
    // Changed behind this instance's back: its index still holds the product.
    const id = fixture.ids['dji-agras-t40']!
    await database.db.update(catalogProducts).set({ status: 'moderation' }).where(eq(catalogProducts.id, id))
    try {
      const after = await list('brand=DJI&limit=60')
      expect(slugs(after)).not.toContain('dji-agras-t40')
      expect(after.offerTotal).toBe(before.offerTotal - 1)
      const searchedAfter = await list('q=агродрон&limit=60')
      expect(slugs(searchedAfter)).not.toContain('dji-agras-t40')
      expect(searchedAfter.offerTotal).toBe(searched.offerTotal - 1)
    } finally {
      await database.db.update(catalogProducts).set({ status: 'published' }).where(eq(catalogProducts.id, id))
    }
    expect(slugs(await list('brand=DJI&limit=60'))).toContain('dji-agras-t40')
    expect(slugs(await list('q=агродрон&limit=60'))).toContain('dji-agras-t40')
  })

  describe('suggestions', () => {
    it('offer categories, brands and products with the match highlighted', async () => {
      const res = await get(`/catalog/suggestions?q=${encodeURIComponent('dji')}`)
      expect(res.statusCode).toBe(200)
      const suggestions = res.json().data as { kind: string; labelHighlighted: string; href: string }[]
      expect(suggestions).toContainEqual({
        kind: 'brand',
        labelHighlighted: '<mark>DJI</mark>',
        href: '/catalog/bespilotniki?brand=DJI',
      })
      expect(suggestions).toContainEqual({
        kind: 'product',
        labelHighlighted: 'Квадрокоптер <mark>DJI</mark> Mavic 3 Enterprise',
        // The model's page with this offer chosen (the product's own slug is the model's base, taken).
        href: '/product/dji-mavic-3-enterprise-2?offer=dji-mavic-3-enterprise',
      })
      expect(suggestions.some((s) => s.href === '/product/secret-on-moderation')).toBe(false)
      const categories = (await get(`/catalog/suggestions?q=${encodeURIComponent('мульти')}`)).json().data
      expect(categories[0]).toEqual({
        kind: 'category',
        labelHighlighted: '<mark>Мульти</mark>роторные беспилотники',
        href: '/catalog/multirotornye',
      })
    })

    it('escape product text and ignore too short queries', async () => {
      const html = (await get(`/catalog/suggestions?q=${encodeURIComponent('script')}`)).json().data
      expect(html[0].labelHighlighted).toBe(
        '&lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt; Дрон «Тест &amp; Ко»',
      )
      expect((await get('/catalog/suggestions?q=d')).json().data).toEqual([])
      const typo = (await get(`/catalog/suggestions?q=${encodeURIComponent('квадракоптер')}`)).json().data
      expect(typo.length).toBeGreaterThan(0)
    })
  })

  describe('product page', () => {
    it('shows a published product with specs, areas, breadcrumbs, vendor and registration', async () => {
      const res = await get('/catalog/products/geoskan-gemini')
      expect(res.statusCode).toBe(200)
      const product = res.json().data
      expect(product).toMatchObject({
        slug: 'geoskan-gemini',
        status: 'published',
        registration: 'account',
        breadcrumbs: [
          { slug: 'bespilotniki', title: 'Беспилотники' },
          { slug: 'multirotornye', title: 'Мультироторные' },
        ],
        areas: [
          { slug: 'stroitelstvo', title: 'Строительство' },
          { slug: 'selskoe-khozyaistvo', title: 'Сельское хозяйство' },
        ],
        vendorCard: { slug: 'aeroskan', name: 'ООО «Аэроскан»', productCount: 5, region: 'Москва' },
      })
      expect(product.specs.map((s: { code: string; display: string }) => `${s.code}: ${s.display}`)).toEqual([
        'type: Мультироторный',
        'max_takeoff_weight: 1 кг',
        'flight_time: 40 мин',
        'range: 5 км',
        'max_speed: 65 км/ч',
        'navigation: GPS, ГЛОНАСС',
        'rtk: Да',
        'country: Россия',
      ])
      expect((await get('/catalog/products/dji-mini-4-pro')).json().data.registration).toBe('none')
      expect((await get('/catalog/products/dji-agras-t40')).json().data.registration).toBe('state')
    })

    it('is not found unless published', async () => {
      for (const slug of ['secret-on-moderation', 'draft-product', 'no-such-product']) {
        const res = await get(`/catalog/products/${slug}`)
        expect(res.statusCode, slug).toBe(404)
      }
    })

    it('suggests similar products of its own category only, published, the nearest first', async () => {
      const ctx = { db: database.db } as Parameters<typeof app.services.catalog.listNeighbours>[0]
      const published = FIXTURE_PRODUCTS.filter((p) => p.status === undefined || p.status === 'published')
      const categoryOf = new Map(published.map((p) => [p.slug, p.category]))
      let suggested = 0
      for (const product of published) {
        const { similar } = await app.services.catalog.listNeighbours(ctx, fixture.ids[product.slug]!)
        expect(similar.length).toBeLessThanOrEqual(8)
        for (const card of similar) {
          expect(categoryOf.get(card.slug), `${product.slug} → ${card.slug}`).toBe(product.category)
          expect(card.slug).not.toBe(product.slug)
        }
        suggested += similar.length
      }
      expect(suggested).toBeGreaterThan(0)
    })

    it('gives published products by id in the order asked', async () => {
      const ctx = { db: database.db } as Parameters<typeof app.services.catalog.getProductsByIds>[0]
      const ids = [
        fixture.ids['supercam-s350']!,
        fixture.ids['secret-on-moderation']!,
        'bad',
        fixture.ids['fixar-007']!,
      ]
      const products = await app.services.catalog.getProductsByIds(ctx, ids)
      expect(products.map((p) => p.slug)).toEqual(['supercam-s350', 'fixar-007'])
    })
  })

  it('lists categories with product counts and is in the OpenAPI document', async () => {
    const categories = (await get('/catalog/categories')).json().data
    expect(categories.find((c: { slug: string }) => c.slug === 'bespilotniki').productCount).toBe(PUBLISHED.length)
    expect(categories.find((c: { slug: string }) => c.slug === 'vtol').productCount).toBe(1)
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    for (const path of [
      '/api/v1/catalog/products',
      '/api/v1/catalog/products/{slug}',
      '/api/v1/catalog/suggestions',
      '/api/v1/catalog/categories',
    ])
      expect(doc.paths[path], path).toBeDefined()
  })
})
