import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AREA_OPTIONS, DRONE_TYPES, RANGE_ATTRIBUTE_CODES } from '#common/catalog/attributes.ts'
import { categorySubtree } from '#common/catalog/categories.ts'
import { emptyListingQuery, type ListingQuery } from '#common/catalog/listing.ts'
import { AVAILABILITIES } from '#common/catalog/products.ts'
import type { Database } from '../../../db/client.ts'
import { generateBulkProducts, insertBulkProducts } from '../../../seed/catalog/bulk.ts'
import { BACKENDS, openTestDatabase } from '../../../testing/database.ts'
import { type CatalogIndex, FLAG_RTK } from './listing-index.ts'
import { createIndexKeeper } from './index-sync.ts'
import { type FilterKey, queryRows, readCatalogState, statAlias } from '../catalog.listing.ts'
import { resolveSearch, type SearchMatch } from './postings.ts'
import { indexRow } from './index-row.testing.ts'
import { compareOffers } from './offer-order.ts'
import { keepsPassing, selectListing } from './select.ts'
import { searchWords } from '../catalog.service.ts'
import { RANGE_COLUMNS } from '../catalog.table.ts'
import { seedCatalogFixture } from '../catalog.testing.ts'

/**
 * The in-memory listing against plain SQL over the same 600 generated products: the same page
 * in the same order, the same total, and every facet's counts and bounds equal to a GROUP BY
 * with that facet's own filter left out.
 */

const COLUMN = RANGE_COLUMNS

/** The listing's filters as SQL, written the obvious way; `except` leaves one out. */
function conditions(query: ListingQuery, vendorIds: string[], except?: FilterKey): SQL {
  const parts: SQL[] = [sql`status = 'published'`]
  const on = (key: FilterKey) => key !== except
  if (query.areas.length && on('areas_of_application')) parts.push(sql`areas && ${sql.param(query.areas)}::text[]`)
  if (on('price')) {
    if (query.price.min !== undefined) parts.push(sql`price_kopecks >= ${Math.round(query.price.min * 100)}`)
    if (query.price.max !== undefined) parts.push(sql`price_kopecks <= ${Math.round(query.price.max * 100)}`)
  }
  if (query.types.length && on('type')) parts.push(sql`drone_type = any(${sql.param(query.types)}::text[])`)
  if (query.brands.length && on('brand')) parts.push(sql`brand = any(${sql.param(query.brands)}::text[])`)
  if (vendorIds.length && on('vendor')) parts.push(sql`vendor_organization_id = any(${sql.param(vendorIds)}::uuid[])`)
  if (query.availability.length && on('availability'))
    parts.push(sql`availability = any(${sql.param(query.availability)}::text[])`)
  if (query.madeInRussia && on('made_in_russia')) parts.push(sql`made_in_russia`)
  if (query.rtk && on('rtk')) parts.push(sql`rtk`)
  for (const code of RANGE_ATTRIBUTE_CODES) {
    const range = query.ranges[code]
    if (!range || !on(code)) continue
    const column = sql.raw(COLUMN[code])
    if (range.min !== undefined) parts.push(sql`${column} >= ${range.min}::real`)
    if (range.max !== undefined) parts.push(sql`${column} <= ${range.max}::real`)
  }
  return sql.join(parts, sql` and `)
}

const ORDER: Record<ListingQuery['sort'], string> = {
  popular: 'popularity desc, id',
  relevance: 'popularity desc, id',
  price_asc: 'price_kopecks asc nulls last, id',
  price_desc: 'price_kopecks desc nulls last, id',
  new: 'created_at desc, id',
}

describe.each(BACKENDS)('the in-memory listing equals SQL on %s', (backend) => {
  let database: Database
  let index: CatalogIndex
  let vendorIds: string[]
  let brands: string[]

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    const fixture = await seedCatalogFixture(database.db)
    vendorIds = Object.values(fixture.vendors).map((v) => v.id)
    await insertBulkProducts(database.db, generateBulkProducts(600, vendorIds, 7))
    index = await createIndexKeeper().current({ db: database.db })
    brands = (
      await queryRows<{ brand: string }>(
        database.db,
        sql`select brand from catalog_products where status = 'published' group by brand order by count(*) desc, brand`,
      )
    ).map((r) => r.brand)
  })
  afterAll(() => database?.close())

  const rows = <T>(statement: SQL) => queryRows<T>(database.db, statement)

  async function compare(change: Partial<ListingQuery>, vendors: string[] = [], category = 'bespilotniki') {
    const query: ListingQuery = { ...emptyListingQuery(), pageSize: 60, ...change }
    const categories = categorySubtree(category)
    const scope = (except?: FilterKey) =>
      sql`${conditions(query, vendors, except)} and category_slug = any(${sql.param(categories)}::text[])`
    const selected = selectListing(index, { categories, vendorIds: vendors, query })
    const label = JSON.stringify(change)

    const expected = await rows<{ id: string }>(
      sql`select id from catalog_products where ${scope()} order by ${sql.raw(ORDER[query.sort])}
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    )
    expect(selected.pageIds, label).toEqual(expected.map((r) => r.id))
    const [{ total }] = (await rows<{ total: number }>(
      sql`select count(*)::int as total from catalog_products where ${scope()}`,
    )) as [{ total: number }]
    expect(selected.stats.values.total, label).toBe(total)

    const counts = async (key: FilterKey, column: string) =>
      Object.fromEntries(
        (
          await rows<{ value: string; n: number }>(
            sql`select ${sql.raw(column)}::text as value, count(*)::int as n from catalog_products
                where ${scope(key)} and ${sql.raw(column)} is not null group by 1`,
          )
        ).map((r) => [r.value, r.n]),
      )
    const { values } = selected.stats
    expect(Object.fromEntries(selected.stats.brands), `${label} brands`).toEqual(await counts('brand', 'brand'))
    expect(Object.fromEntries(selected.stats.vendors), `${label} vendors`).toEqual(
      await counts('vendor', 'vendor_organization_id'),
    )
    const types = await counts('type', 'drone_type')
    DRONE_TYPES.forEach((t, i) => expect(values[statAlias.type(i)], `${label} ${t.value}`).toBe(types[t.value] ?? 0))
    const availability = await counts('availability', 'availability')
    AVAILABILITIES.forEach((a, i) =>
      expect(values[statAlias.availability(i)], `${label} ${a}`).toBe(availability[a] ?? 0),
    )
    expect(values.made_in_russia, `${label} made in Russia`).toBe(
      (await counts('made_in_russia', 'made_in_russia')).true ?? 0,
    )
    expect(values.rtk, `${label} rtk`).toBe((await counts('rtk', 'rtk')).true ?? 0)
    const [areas] = await rows<Record<string, number>>(
      sql`select ${sql.join(
        AREA_OPTIONS.map(
          (o, i) => sql`count(*) filter (where ${o.value} = any(areas))::int as ${sql.raw(statAlias.area(i))}`,
        ),
        sql`, `,
      )} from catalog_products where ${scope('areas_of_application')}`,
    )
    AREA_OPTIONS.forEach((o, i) =>
      expect(values[statAlias.area(i)], `${label} ${o.value}`).toBe(areas![statAlias.area(i)]),
    )
    for (const [key, column] of [['price', 'price_kopecks'], ...RANGE_ATTRIBUTE_CODES.map((c) => [c, COLUMN[c]])] as [
      FilterKey,
      string,
    ][]) {
      const [bounds] = await rows<{ lo: number | string | null; hi: number | string | null }>(
        sql`select min(${sql.raw(column)}) as lo, max(${sql.raw(column)}) as hi from catalog_products where ${scope(key)}`,
      )
      const number = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v))
      expect([values[statAlias.min(key)], values[statAlias.max(key)]], `${label} ${key}`).toEqual([
        number(bounds!.lo),
        number(bounds!.hi),
      ])
    }
  }

  it('with no filters, in every order, on later pages and in a leaf category', async () => {
    for (const sort of ['popular', 'price_asc', 'price_desc', 'new'] as const) {
      await compare({ sort })
      await compare({ sort, page: 3 })
    }
    await compare({}, [], 'multirotornye')
    await compare({ sort: 'price_asc' }, [], 'samoletnogo-tipa')
  })

  it('with each filter alone', async () => {
    await compare({ areas: ['selskoe-khozyaistvo'] })
    await compare({ areas: ['stroitelstvo', 'elektroenergetika'] })
    await compare({ price: { min: 300_000 } })
    await compare({ price: { min: 150_000.5, max: 2_000_000 }, sort: 'price_asc' })
    // Bounds equal to a product's own price: both ends are inclusive.
    const [priced] = await rows<{ price: string }>(
      sql`select price_kopecks::text as price from catalog_products where status = 'published' and price_kopecks is not null order by popularity desc, id limit 1`,
    )
    const roubles = Number(priced!.price) / 100
    await compare({ price: { min: roubles, max: roubles } })
    await compare({ types: ['fixed_wing', 'vtol'] })
    await compare({ brands: [brands[0]!, brands[3]!] })
    await compare({}, [vendorIds[1]!])
    await compare({ availability: ['to_order'] })
    await compare({ madeInRussia: true })
    await compare({ rtk: true, sort: 'new' })
    for (const code of RANGE_ATTRIBUTE_CODES) {
      const [median] = await rows<{ v: number }>(
        sql`select percentile_disc(0.5) within group (order by ${sql.raw(COLUMN[code])}) as v from catalog_products`,
      )
      await compare({ ranges: { [code]: { min: Number(median!.v) } } })
      await compare({ ranges: { [code]: { max: Number(median!.v) } }, sort: 'price_desc' })
    }
  })

  it('finds what PostgreSQL full-text search finds, best rank first', async () => {
    for (const q of ['квадрокоптеры', 'тепловизором', 'DJI Mavic', 'картографии', 'RTK', 'лидар']) {
      const state = await readCatalogState(database.db, searchWords(q))
      const search = resolveSearch(index, state.words)
      const query = { ...emptyListingQuery(), q, sort: 'relevance' as const, pageSize: 60 }
      const selected = selectListing(index, {
        categories: categorySubtree('bespilotniki'),
        vendorIds: [],
        query,
        search: search.match,
      })
      const expected = await rows<{ id: string; title_hit: boolean }>(
        sql`select id, search_vector @@ to_tsquery('russian', ${
          state.words
            .flatMap((w) => w.lexemes)
            .map((l) => `'${l}':A`)
            .join(' & ') || "''"
        }) as title_hit from catalog_products where status = 'published' and search_vector @@ plainto_tsquery('russian', ${q})`,
      )
      expect(selected.stats.values.total, q).toBe(expected.length)
      expect(expected.length, q).toBeGreaterThan(0)
      expect(new Set(selected.pageIds).size, q).toBe(Math.min(60, expected.length))
      // Products with every word in the title come before the others.
      const inTitle = new Set(expected.filter((r) => r.title_hit).map((r) => r.id))
      const firstOther = selected.pageIds.findIndex((id) => !inTitle.has(id))
      if (firstOther >= 0)
        expect(
          selected.pageIds.slice(firstOther).some((id) => inTitle.has(id)),
          q,
        ).toBe(false)
    }
  })

  it("gives a search's range facets the bounds of its matches, narrow ones gathered from the matches alone", async () => {
    const categories = categorySubtree('bespilotniki')
    const inScope = new Set(categories.map((slug) => index.categories.find(slug)))
    for (const q of ['лидар', 'тепловизором', 'DJI Mavic', 'квадрокоптеры']) {
      const { match } = resolveSearch(index, (await readCatalogState(database.db, searchWords(q))).words)
      const selected = selectListing(index, {
        categories,
        vendorIds: [],
        query: { ...emptyListingQuery(), q, sort: 'relevance' },
        search: match,
      })
      const counted = [...match.slots].filter((slot) => index.alive[slot] && inScope.has(index.category[slot]!))
      expect(counted.length, q).toBeGreaterThan(0)
      const columns: [string, Float64Array][] = [
        ['price', index.price],
        ...RANGE_ATTRIBUTE_CODES.map((code): [string, Float64Array] => [code, index.ranges[code]]),
      ]
      for (const [key, column] of columns) {
        const stated = counted.map((slot) => column[slot]!).filter((v) => !Number.isNaN(v))
        expect(
          [selected.stats.values[statAlias.min(key)], selected.stats.values[statAlias.max(key)]],
          `${q}: ${key}`,
        ).toEqual(stated.length ? [Math.min(...stated), Math.max(...stated)] : [null, null])
      }
    }
  })

  it('pages a search as one sort of all its matches would: best rank, then the most popular', async () => {
    const popularity = new Map<number, number>()
    for (let i = 0; i < index.orders.popular.length; i++) popularity.set(index.orders.popular.slots[i]!, i)
    const categories = categorySubtree('bespilotniki')
    const inScope = new Set(categories.map((slug) => index.categories.find(slug)))
    for (const q of ['квадрокоптеры', 'DJI Mavic', 'картографии съёмка']) {
      const { match } = resolveSearch(index, (await readCatalogState(database.db, searchWords(q))).words)
      const ranked = [...match.slots]
        .filter((slot) => index.alive[slot] && inScope.has(index.category[slot]!))
        .sort((a, b) => match.rank[b]! - match.rank[a]! || popularity.get(a)! - popularity.get(b)!)
      expect(new Set(ranked.map((slot) => match.rank[slot])).size, q).toBeGreaterThan(1)
      for (const [page, pageSize] of [
        [1, 7],
        [2, 7],
        [5, 3],
        [1, 100_000],
      ] as const) {
        const query = { ...emptyListingQuery(), q, sort: 'relevance' as const, page, pageSize }
        const selected = selectListing(index, { categories, vendorIds: [], query, search: match })
        const expected = ranked.slice((page - 1) * pageSize, page * pageSize).map((slot) => index.idOf(slot))
        expect(selected.pageIds, `${q} page ${page}`).toEqual(expected)
      }
      compareGrouped(
        { q, sort: 'relevance', page: 2 },
        resolveSearch(index, (await readCatalogState(database.db, searchWords(q))).words),
      )
    }
  })

  /**
   * One card per model: the same offers pass as without grouping; the page holds each model once,
   * as its best offer (offer-order.ts), in the order of its first offer (price descending: of its
   * cheapest priced one); `total` counts models and the facets still count offers.
   */
  function compareGrouped(
    change: Partial<ListingQuery>,
    search?: ReturnType<typeof resolveSearch>,
    vendors: string[] = [],
  ) {
    const categories = categorySubtree('bespilotniki')
    const query: ListingQuery = { ...emptyListingQuery(), pageSize: 20, ...change }
    const selection = { categories, vendorIds: vendors, query, search: search?.match }
    const label = JSON.stringify(change)
    const all = selectListing(index, { ...selection, query: { ...query, page: 1, pageSize: 100_000 } })
    const grouped = selectListing(index, { ...selection, groupByModel: true })

    const slots = all.pageIds.map((id) => index.slotOf(id)!)
    const byModel = new Map<number, number[]>()
    for (const slot of slots) byModel.set(index.model[slot]!, [...(byModel.get(index.model[slot]!) ?? []), slot])
    const position = new Map<number, number>()
    slots.forEach((slot, i) => {
      const model = index.model[slot]!
      const pricedOfModel = byModel.get(model)!.some((s) => !Number.isNaN(index.price[s]!))
      const at = query.sort === 'price_desc' && pricedOfModel ? !Number.isNaN(index.price[slot]!) : true
      if (at && (query.sort === 'price_desc' ? pricedOfModel || !position.has(model) : !position.has(model)))
        position.set(model, i)
    })
    const models = [...position.entries()].sort((a, b) => a[1] - b[1]).map(([model]) => model)
    const page = models.slice((query.page - 1) * query.pageSize, query.page * query.pageSize)
    const best = page.map((model) => [...byModel.get(model)!].sort((a, b) => compareOffers(index, a, b))[0]!)

    expect(grouped.pageIds, label).toEqual(best.map((slot) => index.idOf(slot)))
    expect(grouped.stats.values.total, label).toBe(byModel.size)
    expect(grouped.offerTotal, label).toBe(slots.length)
    // Each facet counts models: those with an offer passing every filter but the facet's own,
    // once per value (an ungrouped listing without that filter gives those offers).
    const without = (change: Partial<ListingQuery>, vendorIds = vendors) => {
      const wide = selectListing(index, {
        ...selection,
        vendorIds,
        query: { ...query, ...change, page: 1, pageSize: 100_000 },
      })
      return wide.pageIds.map((id) => index.slotOf(id)!)
    }
    const modelsPer = (offers: number[], values: (slot: number) => (string | number)[]) => {
      const counts = new Map<string | number, Set<number>>()
      for (const slot of offers)
        for (const value of values(slot)) counts.set(value, (counts.get(value) ?? new Set()).add(index.model[slot]!))
      return new Map([...counts].map(([value, models]) => [value, models.size]))
    }
    const brandsCounted = modelsPer(without({ brands: [] }), (slot) => [index.brands.values[index.brand[slot]!]!])
    expect(new Map(grouped.stats.brands), `${label} brands`).toEqual(brandsCounted)
    const vendorsCounted = modelsPer(without({}, []), (slot) => [index.vendors.values[index.vendor[slot]!]!])
    expect(new Map(grouped.stats.vendors), `${label} vendors`).toEqual(vendorsCounted)
    const available = modelsPer(without({ availability: [] }), (slot) => [index.availability[slot]!])
    AVAILABILITIES.forEach((a, i) =>
      expect(grouped.stats.values[statAlias.availability(i)], `${label} ${a}`).toBe(available.get(i) ?? 0),
    )
    const types = modelsPer(without({ types: [] }), (slot) => [index.droneType[slot]!])
    DRONE_TYPES.forEach((t, i) =>
      expect(grouped.stats.values[statAlias.type(i)], `${label} ${t.value}`).toBe(types.get(i) ?? 0),
    )
    const areas = modelsPer(without({ areas: [] }), (slot) =>
      AREA_OPTIONS.flatMap((_, bit) => (index.areas[slot]! & (1 << bit) ? [bit] : [])),
    )
    AREA_OPTIONS.forEach((o, i) =>
      expect(grouped.stats.values[statAlias.area(i)], `${label} ${o.value}`).toBe(areas.get(i) ?? 0),
    )
    const rtk = modelsPer(without({ rtk: false }), (slot) => (index.flags[slot]! & FLAG_RTK ? [1] : []))
    expect(grouped.stats.values.rtk, `${label} rtk`).toBe(rtk.get(1) ?? 0)
    // Ranges are bounds over offers, not counts: the same either way.
    for (const key of Object.keys(all.stats.values).filter((k) => k.endsWith('_lo') || k.endsWith('_hi')))
      expect(grouped.stats.values[key], `${label} ${key}`).toBe(all.stats.values[key])
    expect(grouped.pageOffers, label).toEqual(
      page.map((model) => {
        const offers = byModel.get(model)!
        const prices = offers.map((s) => index.price[s]!).filter((p) => !Number.isNaN(p))
        return {
          count: offers.length,
          lowKopecks: prices.length ? Math.min(...prices) : null,
          sellerCount: new Set(offers.map((s) => index.vendor[s])).size,
        }
      }),
    )
    return grouped
  }

  it("keeps to a seller's own offers on its page, and to the models given", () => {
    const categories = categorySubtree('bespilotniki')
    const query: ListingQuery = { ...emptyListingQuery(), pageSize: 100_000 }
    const all = selectListing(index, { categories, vendorIds: [], query })
    const slotsOf = (ids: string[]) => ids.map((id) => index.slotOf(id)!)
    const modelOf = (slot: number) => index.models.at(index.model[slot]!)
    const vendor = vendorIds[1]!
    const models = new Set(slotsOf(all.pageIds).slice(0, 40).map(modelOf))
    for (const asked of ['first', 'again']) {
      if (asked === 'first') index.knownFacets.clear()
      const own = selectListing(index, { categories, vendorIds: [], query, vendorScopeId: vendor })
      const expected = slotsOf(all.pageIds).filter((slot) => index.vendors.values[index.vendor[slot]!] === vendor)
      expect(expected.length).toBeGreaterThan(0)
      expect(slotsOf(own.pageIds), asked).toEqual(expected)
      const fitting = selectListing(index, { categories, vendorIds: [], query, modelScope: models })
      expect(slotsOf(fitting.pageIds), asked).toEqual(slotsOf(all.pageIds).filter((slot) => models.has(modelOf(slot))))
      expect(fitting.pageIds.length).toBeLessThan(all.pageIds.length)
    }
  })

  it('answers a listing asked again from its kept facets and totals, or its kept page, as its full pass does', async () => {
    const categories = categorySubtree('bespilotniki')
    const filters: Partial<ListingQuery>[] = [
      {},
      { availability: ['in_stock'], price: { max: 3_000_000 } },
      { areas: ['selskoe-khozyaistvo'], rtk: true },
      { brands: [brands[0]!, brands[1]!] },
      { brands: [brands[3]!], availability: ['in_stock'] },
    ]
    const orders = [
      ['popular', 1],
      ['price_desc', 1],
      ['price_desc', 3],
      ['price_asc', 2],
      ['new', 4],
    ] as const
    let grouped = 0
    const kept = new Set<boolean>()
    for (const groupByModel of [false, true])
      for (const change of filters)
        for (const [sort, page] of orders) {
          const query: ListingQuery = { ...emptyListingQuery(), pageSize: 7, ...change, sort, page }
          const selection = { categories, vendorIds: [], query, groupByModel }
          index.knownFacets.clear()
          const counted = selectListing(index, selection)
          // Counted anew with another page first: the facets are kept, this page is not.
          index.knownFacets.clear()
          const next = selectListing(index, { ...selection, query: { ...query, page: page + 1 } })
          const again = selectListing(index, selection)
          const label = JSON.stringify({ groupByModel, change, sort, page })
          // The same stats object: the second answer did not count again.
          expect(again.stats, label).toBe(next.stats)
          expect(again, label).toEqual(counted)
          // Asked once more, the page is the one kept.
          expect(selectListing(index, selection).pageIds, label).toBe(again.pageIds)
          if (page === 1) expect(counted.pageIds.length, label).toBeGreaterThan(0)
          if (counted.pageOffers?.some((o) => o.count > 1)) grouped++
          kept.add(keepsPassing(index, counted.offerTotal))
        }
    expect(grouped).toBeGreaterThan(0)
    // Narrow listings page through their kept offers, broad ones walk the index: both are here.
    expect([...kept].sort()).toEqual([false, true])
  })

  it("takes a facet from the listing without that facet's filter when it is known, as counting it would", async () => {
    const categories = categorySubtree('bespilotniki')
    const words = (await readCatalogState(database.db, searchWords('квадрокоптеры'))).words
    const cases: [Partial<ListingQuery>, string[], boolean][] = [
      [{ brands: [brands[0]!] }, [], false],
      [{}, [vendorIds[1]!], false],
      [{ areas: ['selskoe-khozyaistvo'], rtk: true }, [], false],
      [{ types: ['multirotor'], availability: ['in_stock'], price: { max: 3_000_000 } }, [], false],
      [{ madeInRussia: true, brands: [brands[1]!, brands[2]!] }, [vendorIds[0]!], false],
      [{ brands: [brands[0]!] }, [], true],
    ]
    let taken = 0
    for (const groupByModel of [false, true])
      for (const [change, vendors, searched] of cases) {
        const label = JSON.stringify({ groupByModel, change, vendors, searched })
        const query: ListingQuery = { ...emptyListingQuery(), pageSize: 5, ...change, sort: 'price_asc' }
        const selectionOf = (q: ListingQuery, v: string[]) => ({
          categories,
          vendorIds: v,
          query: q,
          groupByModel,
          search: searched ? resolveSearch(index, words).match : undefined,
        })
        index.knownFacets.clear()
        const counted = selectListing(index, selectionOf(query, vendors))
        // The listings without each of its filters first, then this one, which may take their facets.
        index.knownFacets.clear()
        const without = (q: Partial<ListingQuery>, v = vendors) =>
          selectListing(index, selectionOf({ ...query, ...q }, v))
        const withoutBrand = query.brands.length ? without({ brands: [] }) : null
        const withoutVendor = vendors.length ? without({}, []) : null
        if (query.areas.length) without({ areas: [] })
        if (query.types.length) without({ types: [] })
        if (query.availability.length) without({ availability: [] })
        if (query.rtk) without({ rtk: false })
        if (query.madeInRussia) without({ madeInRussia: false })
        const taking = selectListing(index, selectionOf(query, vendors))
        expect(taking, label).toEqual(counted)
        if (taking.stats.brands === withoutBrand?.stats.brands) taken++
        if (taking.stats.vendors === withoutVendor?.stats.vendors) taken++
      }
    // Taken, not counted again: the very same arrays, in every case with a brand or a seller.
    expect(taken).toBe(10)
  })

  it('answers a search asked again from its kept facets and totals, or its kept page, as its full pass does', async () => {
    const categories = categorySubtree('bespilotniki')
    const orders = [
      ['relevance', 1],
      ['relevance', 2],
      ['price_desc', 1],
      ['new', 3],
    ] as const
    const kept = new Set<boolean>()
    for (const q of ['квадрокоптеры', 'DJI Mavic', 'картографии съёмка'])
      for (const change of [{}, { availability: ['in_stock'] }] as Partial<ListingQuery>[])
        for (const groupByModel of [false, true])
          for (const [sort, page] of orders) {
            const query: ListingQuery = { ...emptyListingQuery(), pageSize: 5, ...change, q, sort, page }
            const words = (await readCatalogState(database.db, searchWords(q))).words
            const selection = { categories, vendorIds: [], query, groupByModel }
            index.knownFacets.clear()
            const counted = selectListing(index, { ...selection, search: resolveSearch(index, words).match })
            // Counted anew with another page first: the facets are kept, this page is not.
            index.knownFacets.clear()
            const nextPage = { ...query, page: page + 1 }
            const next = selectListing(index, {
              ...selection,
              query: nextPage,
              search: resolveSearch(index, words).match,
            })
            // As a request would: the words resolved again, the match found again.
            const again = selectListing(index, { ...selection, search: resolveSearch(index, words).match })
            const label = JSON.stringify({ q, change, groupByModel, sort, page })
            expect(again.stats, label).toBe(next.stats)
            expect(again, label).toEqual(counted)
            // Asked once more, the page is taken as kept: the search's matches are not even read.
            const lexemes = resolveSearch(index, words).match.lexemes
            const unread: SearchMatch = {
              lexemes,
              get slots(): Int32Array {
                throw new Error('the matches were read')
              },
              get rank(): Float64Array {
                throw new Error('the ranks were read')
              },
            }
            expect(selectListing(index, { ...selection, search: unread }), label).toEqual(counted)
            if (page === 1) expect(counted.pageIds.length, label).toBeGreaterThan(0)
            kept.add(keepsPassing(index, counted.offerTotal))
          }
    expect([...kept].sort()).toEqual([false, true])
  })

  it('groups the offers of a model into one card, in every order and with filters', async () => {
    for (const sort of ['popular', 'price_asc', 'price_desc', 'new'] as const) {
      compareGrouped({ sort })
      compareGrouped({ sort, page: 3 })
    }
    const grouped = compareGrouped({ sort: 'price_asc' })
    // The bulk catalogue repeats its models: the grouping is not vacuous.
    expect(grouped.pageOffers!.some((o) => o.count > 1)).toBe(true)
    expect(grouped.stats.values.total).toBeLessThan(grouped.offerTotal)
    compareGrouped({ availability: ['in_stock'], price: { max: 3_000_000 }, sort: 'price_desc' })
    compareGrouped({ areas: ['selskoe-khozyaistvo'], rtk: true, availability: ['in_stock'] })
    compareGrouped({ brands: [brands[0]!, brands[2]!], types: ['multirotor'] }, undefined, [vendorIds[0]!])
    // Narrow, with a range filter: the range facets' bounds are gathered from the offers, those
    // failing the facet's own filter alone too, whole models of them at a time.
    compareGrouped({ brands: [brands[1]!], ranges: { flight_time: { min: 40 } } })
    compareGrouped({ types: ['multirotor'], areas: ['selskoe-khozyaistvo'], ranges: { max_speed: { min: 60 } } })
    const state = await readCatalogState(database.db, searchWords('DJI Mavic'))
    compareGrouped({ q: 'DJI Mavic', sort: 'relevance' }, resolveSearch(index, state.words))
    // Models whose offers are not in one run (changed since the load) are counted apart: the same.
    expect(index.modelRunsEnd).toBe(index.size)
    index.modelRunsEnd = 0
    try {
      compareGrouped({ sort: 'new' })
      compareGrouped({ areas: ['selskoe-khozyaistvo'], rtk: true, availability: ['in_stock'] })
    } finally {
      index.modelRunsEnd = index.size
    }
  })

  it('counts a model whose offers all pass once, and models changed since the load offer by offer: the same', async () => {
    const loaded = index
    // Another instance's index, changed since its load: a withdrawn offer leaves a dead slot in
    // its model's run, a new offer of a loaded model scatters it, a new model comes after the seal.
    index = await createIndexKeeper().current({ db: database.db })
    try {
      const shared = index.model.subarray(0, index.size).find((model) => index.liveSlotsOf(model).length > 2)!
      index.remove(index.idOf(index.liveSlotsOf(shared)[1]!))
      const grown = index.model[index.size - 1]!
      const last = index.size - 1
      const offer = (id: string, modelId: string) =>
        indexRow({
          id,
          modelId,
          categorySlug: index.categories.values[index.category[last]!]!,
          vendorOrganizationId: vendorIds[1]!,
          brand: index.brands.values[index.brand[last]!]!,
          droneType: 'vtol',
          availability: 'to_order',
          rtk: true,
          areasMask: 1,
          priceKopecks: 99_000_00,
          popularity: 1_000_000,
        })
      index.insertIntoOrders([
        index.put(offer('00000000-0000-4000-8000-00000000a001', index.models.at(grown))),
        index.put(offer('00000000-0000-4000-8000-00000000a002', '00000000-0000-4000-8000-00000000b001')),
      ])
      expect(index.scatteredModel[grown]).toBe(1)
      for (const sort of ['popular', 'price_desc'] as const) compareGrouped({ sort })
      compareGrouped({ areas: ['transport'], rtk: true })
      compareGrouped({ types: ['vtol'], availability: ['to_order'], sort: 'new' })
      compareGrouped({ brands: [brands[0]!, brands[2]!] }, undefined, [vendorIds[1]!])
    } finally {
      index = loaded
    }
  })

  it('with several filters at once', async () => {
    await compare({ areas: ['selskoe-khozyaistvo'], brands: [brands[0]!, brands[1]!], availability: ['in_stock'] })
    await compare(
      { types: ['multirotor'], madeInRussia: true, price: { max: 3_000_000 }, ranges: { flight_time: { min: 30 } } },
      [vendorIds[0]!, vendorIds[1]!],
    )
    await compare({
      rtk: true,
      ranges: { payload: { min: 1 }, wind_resistance: { min: 10 } },
      sort: 'price_asc',
      page: 2,
    })
    await compare({ brands: ['Нет такого бренда'], areas: ['transport'] })
  })
})
