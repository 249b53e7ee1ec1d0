import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { EXCHANGE_PAGE_SIZE } from '#common/exchange/listing.ts'
import { systemCtx } from '../../../context.ts'
import type { Database } from '../../../db/client.ts'
import { useTestApp } from '../../../testing/app.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { createTestBuyer, createTestVendor } from '../../organizations/vendors.testing.ts'
import { seedCatalogFixture } from '../../catalog/catalog.testing.ts'
import { catalogProducts } from '../../catalog/catalog.table.ts'
import { openTestRequest, publishTestOffer, reviewTestWork } from './listing.testing.ts'

describe.each(BACKENDS)('the public exchange on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  type Org = { id: string; name: string; slug: string }
  let aero: Org
  let agro: Org
  let silent: Org
  let customer: Org
  const offerIds: Record<string, string> = {}
  const requestNumbers: Record<string, string> = {}
  let drone: { id: string; slug: string; title: string }

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
  })

  const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` })
  const offers = async (query = '') => {
    const res = await get(`/exchange/offers${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as { items: { id: string; title: string }[]; total: number; pageCount: number }
  }
  const requests = async (query = '') => {
    const res = await get(`/exchange/requests${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as { items: { number: string; title: string }[]; total: number }
  }
  const titles = (page: { items: { title: string }[] }) => page.items.map((i) => i.title)

  beforeAll(async () => {
    const db = database.db
    await seedCatalogFixture(db)
    const [product] = await db
      .select({ id: catalogProducts.id, slug: catalogProducts.slug, title: catalogProducts.title })
      .from(catalogProducts)
      .where(eq(catalogProducts.status, 'published'))
      .limit(1)
    drone = product!
    aero = await createTestVendor(db, { name: 'Аэросъёмка Юг', slug: 'aero-yug' })
    agro = await createTestVendor(db, { name: 'Агродрон', slug: 'agrodron-x' })
    silent = await createTestVendor(db, { name: 'Без услуг', slug: 'bez-uslug' })
    const buyer = await createTestBuyer(db, { name: 'Кубань Агро', slug: 'kuban-agro' })
    customer = { ...buyer, slug: 'kuban-agro' }

    const day = (iso: string) => new Date(`${iso}T10:00:00Z`)
    offerIds.survey = (
      await publishTestOffer(db, aero, {
        title: 'Аэрофотосъёмка полей',
        type: 'aerial-survey',
        regions: ['23', '61'],
        spheres: ['selskoe-khozyaistvo'],
        priceFromKopecks: 300_00,
        description: '<p>Ортофотоплан и <strong>цифровая модель</strong> рельефа.</p>',
        equipmentProductIds: [drone.id],
        licences: [{ title: 'Сертификат эксплуатанта', number: 'СЭ-123', validUntil: null }],
        publishedAt: day('2026-11-01'),
      })
    ).id
    offerIds.spraying = (
      await publishTestOffer(db, agro, {
        title: 'Опрыскивание посевов с дрона',
        type: 'agro-spraying',
        regions: ['23'],
        spheres: ['selskoe-khozyaistvo'],
        priceFromKopecks: 450_00,
        description: '<p>Внесение гербицидов и удобрений.</p>',
        publishedAt: day('2026-11-10'),
      })
    ).id
    offerIds.lines = (
      await publishTestOffer(db, agro, {
        title: 'Инспекция ЛЭП тепловизором',
        type: 'inspection',
        regions: [],
        nationwide: true,
        spheres: ['elektroenergetika'],
        priceFromKopecks: 5_000_00,
        priceUnit: 'km',
        publishedAt: day('2026-10-01'),
      })
    ).id
    offerIds.training = (
      await publishTestOffer(db, aero, {
        title: 'Обучение операторов БВС',
        type: 'pilot-training',
        regions: ['77'],
        priceFromKopecks: null,
        priceUnit: 'project',
        publishedAt: day('2026-09-01'),
      })
    ).id

    const request = async (key: string, values: Parameters<typeof openTestRequest>[2]) => {
      requestNumbers[key] = (await openTestRequest(db, customer, values)).number
    }
    await request('wheat', {
      title: 'Обработать 120 га пшеницы',
      description: 'Гербицид по вегетации, поле у станицы.',
      type: 'agro-spraying',
      sphere: 'selskoe-khozyaistvo',
      region: '23',
      areaHectares: 120,
      budgetKopecks: 150_000_00,
      startsOn: '2026-05-10',
      proposalsDeadline: '2026-04-20',
      publishedAt: day('2026-11-20'),
    })
    await request('mapping', {
      title: 'Ортофотоплан карьера',
      description: 'Съёмка карьера для подсчёта объёмов.',
      type: 'aerial-survey',
      sphere: 'dobycha-poleznykh-iskopayemykh',
      region: '66',
      budgetKopecks: null,
      startsOn: '2026-06-01',
      proposalsDeadline: '2026-04-10',
      publishedAt: day('2026-11-18'),
    })
    await request('line', {
      title: 'Облёт линии 110 кВ',
      type: 'inspection',
      region: '23',
      budgetKopecks: 600_000_00,
      startsOn: '2026-07-01',
      proposalsDeadline: '2026-05-01',
      publishedAt: day('2026-11-15'),
    })
    // Never on the exchange: invited only, a draft, awarded, closed.
    await request('invited', {
      title: 'Закрытая заявка для своих',
      visibility: 'invited',
      invitedOrganizationIds: [agro.id],
    })
    await request('draft', { title: 'Черновик заявки', status: 'draft', publishedAt: null })
    await request('awarded', { title: 'Исполнитель уже выбран', status: 'awarded' })
    await request('closed', { title: 'Закрытая по сроку', status: 'closed' })

    // Reviews of aero's work: two visible, one hidden by staff, one about the customer (side sale).
    const parties = { customer, contractor: aero }
    await reviewTestWork(db, parties, { rating: 5, text: 'Отличный ортофотоплан', createdAt: day('2026-10-05') })
    await reviewTestWork(db, parties, { rating: 4, text: 'Немного задержали отчёт', createdAt: day('2026-10-06') })
    await reviewTestWork(db, parties, { rating: 1, text: 'Скрытый отзыв', hidden: true })
    await reviewTestWork(db, { customer: aero, contractor: customer }, { rating: 2, text: 'О заказчике', side: 'sale' })
  })

  it('lists published offers for a guest, newest first, with what a card shows', async () => {
    const page = await offers()
    expect(titles(page)).toEqual([
      'Опрыскивание посевов с дрона',
      'Аэрофотосъёмка полей',
      'Инспекция ЛЭП тепловизором',
      'Обучение операторов БВС',
    ])
    expect(page).toMatchObject({ total: 4, pageCount: 1, page: 1, pageSize: EXCHANGE_PAGE_SIZE })
    const survey = (await offers('?q=ортофотоплан')).items[0]
    expect(survey).toMatchObject({
      id: offerIds.survey,
      type: 'aerial-survey',
      regions: ['23', '61'],
      priceFromKopecks: 300_00,
      priceUnit: 'hectare',
      seller: { slug: 'aero-yug', name: aero.name, rating: { average: 4.5, count: 2 } },
    })
  })

  it('filters offers by type, sphere, region (or nationwide), price and publication date', async () => {
    expect(titles(await offers('?type=agro-spraying'))).toEqual(['Опрыскивание посевов с дрона'])
    expect(titles(await offers('?sphere=elektroenergetika'))).toEqual(['Инспекция ЛЭП тепловизором'])
    expect(titles(await offers('?region=61'))).toEqual(['Аэрофотосъёмка полей', 'Инспекция ЛЭП тепловизором'])
    expect(titles(await offers('?budgetFrom=400&budgetTo=1000'))).toEqual(['Опрыскивание посевов с дрона'])
    expect(titles(await offers('?budgetTo=400&negotiable=1'))).toEqual([
      'Аэрофотосъёмка полей',
      'Обучение операторов БВС',
    ])
    expect(titles(await offers('?from=2026-10-15'))).toEqual(['Опрыскивание посевов с дрона', 'Аэрофотосъёмка полей'])
    expect(titles(await offers('?to=2026-10-01'))).toEqual(['Инспекция ЛЭП тепловизором', 'Обучение операторов БВС'])
  })

  it('searches offers in Russian by stem and by a phrase of the title', async () => {
    // «опрыскиванию» is another form of «Опрыскивание»; «гербицид» is in the description only.
    expect(titles(await offers('?q=опрыскиванию'))).toEqual(['Опрыскивание посевов с дрона'])
    expect(titles(await offers('?q=гербицидов'))).toEqual(['Опрыскивание посевов с дрона'])
    expect(titles(await offers('?q=ЛЭП'))).toEqual(['Инспекция ЛЭП тепловизором'])
    expect(titles(await offers('?q=цифров'))).toEqual(['Аэрофотосъёмка полей'])
    expect((await offers('?q=strong')).total).toBe(0)
    // Only punctuation: nothing to search for, and «%» is no wildcard.
    expect((await offers('?q=%25%25')).total).toBe(4)
    expect((await offers('?q=аэрофотосъёмка%25полей')).total).toBe(1)
  })

  it('sorts offers by price both ways with «по договорённости» last', async () => {
    expect(titles(await offers('?sort=cheap'))).toEqual([
      'Аэрофотосъёмка полей',
      'Опрыскивание посевов с дрона',
      'Инспекция ЛЭП тепловизором',
      'Обучение операторов БВС',
    ])
    expect(titles(await offers('?sort=expensive'))).toEqual([
      'Инспекция ЛЭП тепловизором',
      'Опрыскивание посевов с дрона',
      'Аэрофотосъёмка полей',
      'Обучение операторов БВС',
    ])
  })

  it('lists only open public requests: invited, draft, awarded and closed ones never appear', async () => {
    const page = await requests()
    expect(titles(page)).toEqual(['Обработать 120 га пшеницы', 'Ортофотоплан карьера', 'Облёт линии 110 кВ'])
    expect(page.total).toBe(3)
    expect((await get('/exchange/requests?q=Закрытая')).json().data.total).toBe(0)
    expect((await get('/exchange/requests?q=Черновик')).json().data.total).toBe(0)
    const wheat = (await get('/exchange/requests?type=agro-spraying')).json().data.items[0]
    expect(wheat).toMatchObject({
      number: requestNumbers.wheat,
      region: '23',
      areaHectares: 120,
      budgetKopecks: 150_000_00,
      startsOn: '2026-05-10',
      proposalsDeadline: '2026-04-20',
      proposalCount: 0,
      customerName: customer.name,
    })
  })

  it('filters, searches and sorts requests', async () => {
    expect(titles(await requests('?region=23'))).toEqual(['Обработать 120 га пшеницы', 'Облёт линии 110 кВ'])
    expect(titles(await requests('?sphere=dobycha-poleznykh-iskopayemykh'))).toEqual(['Ортофотоплан карьера'])
    expect(titles(await requests('?budgetFrom=100000'))).toEqual(['Обработать 120 га пшеницы', 'Облёт линии 110 кВ'])
    expect(titles(await requests('?budgetFrom=100000&budgetTo=200000&negotiable=1'))).toEqual([
      'Обработать 120 га пшеницы',
      'Ортофотоплан карьера',
    ])
    expect(titles(await requests('?from=2026-05-15&to=2026-06-30'))).toEqual(['Ортофотоплан карьера'])
    expect(titles(await requests('?q=гербицидом'))).toEqual(['Обработать 120 га пшеницы'])
    expect(titles(await requests('?sort=deadline'))).toEqual([
      'Ортофотоплан карьера',
      'Обработать 120 га пшеницы',
      'Облёт линии 110 кВ',
    ])
    expect(titles(await requests('?sort=expensive'))).toEqual([
      'Облёт линии 110 кВ',
      'Обработать 120 га пшеницы',
      'Ортофотоплан карьера',
    ])
  })

  it('pages by 20 with the total', async () => {
    const many = await createTestVendor(database.db, { name: 'Ремонт', slug: 'remont-many' })
    for (let i = 0; i < 23; i++) await publishTestOffer(database.db, many, { type: 'repair', title: `Ремонт ${i}` })
    const first = await offers('?type=repair')
    expect(first).toMatchObject({ total: 23, pageCount: 2 })
    expect(first.items).toHaveLength(20)
    const second = await offers('?type=repair&page=2')
    expect(second.items).toHaveLength(3)
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(23)
    expect((await offers('?type=repair&page=3')).items).toEqual([])
  })

  it('answers a broken query with Russian field errors', async () => {
    const res = await get('/exchange/offers?type=nope&budgetFrom=-5&page=0&from=2026-13-45')
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['budgetFrom', 'from', 'page', 'type'])
    const reversed = await get('/exchange/requests?budgetFrom=500&budgetTo=100')
    expect(reversed.json().error.fields).toEqual({ budgetTo: 'Верхняя граница меньше нижней' })
  })

  it('shows a vendor’s services page: profile, offers in full, rating and visible purchase reviews', async () => {
    const res = await get('/exchange/sellers/aero-yug')
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json().data
    expect(page.seller).toMatchObject({ id: aero.id, slug: 'aero-yug', name: aero.name, verified: true })
    expect(page.offers.map((o: { title: string }) => o.title)).toEqual([
      'Аэрофотосъёмка полей',
      'Обучение операторов БВС',
    ])
    expect(page.offers[0]).toMatchObject({
      description: '<p>Ортофотоплан и <strong>цифровая модель</strong> рельефа.</p>',
      equipment: [{ id: drone.id, slug: drone.slug, title: drone.title }],
      licences: [{ title: 'Сертификат эксплуатанта', number: 'СЭ-123', validUntil: null }],
    })
    expect(page.rating).toEqual({ average: 4.5, count: 2 })
    expect(page.reviews.map((r: { text: string }) => r.text)).toEqual([
      'Немного задержали отчёт',
      'Отличный ортофотоплан',
    ])
  })

  it('is not found for an unknown slug, a non-vendor or a vendor with no offers and no reviews', async () => {
    for (const slug of ['nobody', 'kuban-agro', 'bez-uslug', '../x'])
      expect((await get(`/exchange/sellers/${encodeURIComponent(slug)}`)).statusCode, slug).toBe(404)
    expect(silent.slug).toBe('bez-uslug')
  })

  it('lists vendors with published offers for the sitemap', async () => {
    const ctx = systemCtx(database.db, { requestId: 'sitemap' })
    const slugs = (await app.services.exchange.listing.listSitemapSellers(ctx)).map((s) => s.slug)
    expect(slugs).toEqual(expect.arrayContaining(['aero-yug', 'agrodron-x']))
    expect(slugs).not.toContain('bez-uslug')
  })
})
