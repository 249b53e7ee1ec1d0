/**
 * `npm run bench:exchange-listing`: the public exchange's listing (/services) on PostgreSQL with
 * BENCH_REQUESTS (20 000) requests and BENCH_OFFERS (5 000) published offers of 400 vendors, with
 * service reviews for the sellers' ratings. Each scenario (a tab with a filter combination, a
 * search, a sort or a deep page) calls the listing service BENCH_ROUNDS (60) times after 5
 * unmeasured calls and prints p50/p95 of the whole call (the page statement and the count, run
 * together, as a loader calls it). Target: p95 ≤ 30 ms.
 *
 * Env: BENCH_KEEP=1 keeps the scratch database for EXPLAIN; BENCH_EXPLAIN=1 prints two plans;
 * BENCH_DATABASE_URL / DATABASE_URL (the PostgreSQL server; a scratch `bench_exchange_listing`
 * is created beside and dropped after), and the counts above.
 */
import { randomUUID } from 'node:crypto'
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.ts'
import { envNumber } from './setup.ts'

process.env.LOG_LEVEL = 'silent'
process.chdir(fileURLToPath(new URL('..', import.meta.url)))

const REQUESTS = Math.round(envNumber('BENCH_REQUESTS', 20_000))
const OFFERS = Math.round(envNumber('BENCH_OFFERS', 5_000))
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 60))
const VENDORS = 400
const REVIEWS = 2_000
const SCRATCH_DB = 'bench_exchange_listing'

setTimeout(() => {
  console.error('bench:exchange-listing did not finish within 10 minutes, giving up')
  process.exit(2)
}, 10 * 60_000).unref()

const { sql } = await import('drizzle-orm')
const { openDatabase } = await import('../server/db/client.ts')
const { guestCtx } = await import('../server/context.ts')
const { createListingService } = await import('../server/modules/exchange/listing/listing.service.ts')
const { publishedServiceOffers, serviceOffers } = await import('../server/modules/exchange/offers/offers.table.ts')
const { serviceRequests } = await import('../server/modules/exchange/requests/requests.table.ts')
const { serviceProposals } = await import('../server/modules/exchange/proposals/proposals.table.ts')
const { serviceOrders, serviceReviews } =
  await import('../server/modules/exchange/service-orders/service-orders.table.ts')
const { SERVICE_TYPES } = await import('../common/exchange/services.ts')
const { REGION_CODES } = await import('../common/regions.ts')
const { SPHERE_SLUGS } = await import('../common/spheres.ts')

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN
}
const ms = (v: number) => v.toFixed(1)

console.log(`# bench:exchange-listing — ${new Date().toISOString()}`)
console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}; ` +
    `${REQUESTS.toLocaleString('en')} requests, ${OFFERS.toLocaleString('en')} offers of ${VENDORS} vendors, ` +
    `${REVIEWS.toLocaleString('en')} reviews, ${ROUNDS} calls per scenario`,
)

const url = await createScratchDatabase(SCRATCH_DB)
if (!url) process.exit(0)
const database = await openDatabase({ url, pgliteDir: '' })
await database.migrate()
const db = database.db

// A seeded generator: every run measures the same data.
let seed = 42
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed / 2_147_483_648
}
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
/** Skewed towards the first items: a few types and regions carry most of the work, as in life. */
const pickSkewed = <T>(items: readonly T[]) => items[Math.floor(random() ** 2.2 * items.length)]!
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000)
const isoDay = (offsetDays: number) => day(offsetDays).toISOString().slice(0, 10)

const WORK = {
  'aerial-survey': ['Аэрофотосъёмка', 'ортофотоплан', 'картография', 'цифровая модель рельефа', 'кадастровая съёмка'],
  'agro-spraying': ['Опрыскивание', 'обработка посевов', 'внесение удобрений', 'гербицид', 'десикация подсолнечника'],
  inspection: ['Инспекция ЛЭП', 'тепловизионное обследование', 'осмотр трубопровода', 'дефекты изоляторов'],
  monitoring: ['Мониторинг', 'контроль стройки', 'учёт объёмов', 'экологический контроль'],
  'search-rescue': ['Поиск людей', 'тепловизор ночью', 'поисково-спасательная операция'],
  delivery: ['Доставка груза', 'медикаменты', 'труднодоступные районы'],
  'pilot-training': ['Обучение пилотов', 'курс оператора БВС', 'практика полётов'],
  repair: ['Ремонт дронов', 'замена моторов', 'калибровка', 'диагностика'],
  filming: ['Видеосъёмка', 'съёмка мероприятия', 'рекламный ролик'],
  'light-show': ['Шоу дронов', 'световое шоу', 'праздник города'],
  other: ['Работы с дроном', 'консультация', 'аренда оператора'],
} as const
const OBJECTS = [
  'пшеница',
  'кукуруза',
  'подсолнечник',
  'сад',
  'виноградник',
  'карьер',
  'лес',
  'трасса',
  'подстанция',
  'посёлок',
]
const FILLER =
  'Работаем по договору с НДС, выезд бригады в течение трёх дней. Отчёт и исходные данные передаём заказчику. ' +
  'Разрешение на использование воздушного пространства оформляем сами.'

function text(type: (typeof SERVICE_TYPES)[number]) {
  const words = WORK[type]
  return {
    title: `${pick(words)} — ${pick(OBJECTS)}`,
    description: `${pick(words)}, ${pick(words)}. ${pick(OBJECTS)}. ${FILLER}`,
  }
}

const started = performance.now()
const vendors = Array.from({ length: VENDORS }, (_, i) => ({
  id: randomUUID(),
  name: `ООО «Исполнитель ${i + 1}»`,
  slug: `vendor-${i + 1}`,
}))
const customers = Array.from({ length: 1_000 }, (_, i) => ({ id: randomUUID(), name: `ООО «Заказчик ${i + 1}»` }))
const party = (org: { id: string; name: string }) => ({
  id: org.id,
  name: org.name,
  fullName: org.name,
  slug: 'party',
  inn: '7707083893',
  kpp: null,
  address: 'г. Москва',
})
const flight = {
  maxAltitudeM: 120,
  controlledAirspace: false,
  restrictedZone: false,
  permissionBy: 'contractor' as const,
}

for (let from = 0; from < OFFERS; from += 1_000) {
  const batch = Array.from({ length: Math.min(1_000, OFFERS - from) }, () => {
    const vendor = pickSkewed(vendors)
    const type = pickSkewed(SERVICE_TYPES)
    const nationwide = random() < 0.12
    const regions = nationwide
      ? []
      : [...new Set(Array.from({ length: 1 + Math.floor(random() * 5) }, () => pickSkewed(REGION_CODES)))]
    return {
      id: randomUUID(),
      organizationId: vendor.id,
      type,
      ...text(type),
      spheres: [...new Set([pick(SPHERE_SLUGS), pick(SPHERE_SLUGS)])].slice(0, 1 + Math.floor(random() * 2)),
      regions,
      nationwide,
      priceFromKopecks: random() < 0.15 ? null : Math.round(100 * 10 ** (2 + random() * 3.5)),
      priceUnit: pick(['hectare', 'km', 'hour', 'object', 'project'] as const),
      photos: [{ src: `/services/${from}.jpg`, alt: 'Работа' }],
      publishedAt: day(-random() * 365),
      sellerName: vendor.name,
      sellerSlug: vendor.slug,
    }
  })
  await db.insert(serviceOffers).values(
    batch.map(({ sellerName: _n, sellerSlug: _s, publishedAt: _p, ...o }) => ({
      ...o,
      status: 'approved' as const,
      published: true,
    })),
  )
  await db.insert(publishedServiceOffers).values(batch)
}

const requestIds: string[] = []
for (let from = 0; from < REQUESTS; from += 1_000) {
  const batch = Array.from({ length: Math.min(1_000, REQUESTS - from) }, (_, i) => {
    const type = pickSkewed(SERVICE_TYPES)
    const roll = random()
    const status =
      roll < 0.65 ? 'open' : roll < 0.75 ? 'draft' : roll < 0.88 ? 'awarded' : roll < 0.95 ? 'closed' : 'cancelled'
    const startsIn = Math.round(random() * 200 - 30)
    const id = randomUUID()
    requestIds.push(id)
    const customer = pickSkewed(customers)
    return {
      id,
      number: `Z-2611-${String(from + i + 1).padStart(5, '0')}`,
      status: status as 'open',
      organizationId: customer.id,
      customer: party(customer),
      createdByUserId: randomUUID(),
      type,
      sphere: random() < 0.8 ? pick(SPHERE_SLUGS) : null,
      ...text(type),
      region: pickSkewed(REGION_CODES),
      areaHectares: type === 'agro-spraying' || type === 'aerial-survey' ? Math.round(random() * 2_000) : null,
      volume: Math.round(random() * 500),
      startsOn: isoDay(startsIn),
      endsOn: isoDay(startsIn + Math.round(random() * 30)),
      budgetKopecks: random() < 0.3 ? null : Math.round(100 * 10 ** (4 + random() * 3)),
      flight,
      visibility: (random() < 0.1 ? 'invited' : 'public') as 'public',
      proposalsDeadline: isoDay(Math.round(random() * 60)),
      proposalCount: Math.floor(random() * 8),
      publishedAt: status === 'draft' ? null : day(-random() * 180),
    }
  })
  await db.insert(serviceRequests).values(batch)
}

// Reviews of the contractors (the listing's rating subquery reads them): each needs an order.
for (let i = 0; i < REVIEWS; i++) {
  const vendor = pickSkewed(vendors)
  const customer = pick(customers)
  const terms = { priceKopecks: 50_000_00, startsOn: isoDay(-60), endsOn: isoDay(-50) }
  const [proposal] = await db
    .insert(serviceProposals)
    .values({
      requestId: requestIds[i]!,
      organizationId: vendor.id,
      vendor: party(vendor),
      createdByUserId: randomUUID(),
      status: 'accepted',
      ...terms,
    })
    .returning({ id: serviceProposals.id })
  const number = `S-2611-${String(i + 1).padStart(5, '0')}`
  const [order] = await db
    .insert(serviceOrders)
    .values({
      number,
      status: 'completed',
      requestId: requestIds[i]!,
      proposalId: proposal!.id,
      customerOrganizationId: customer.id,
      contractorOrganizationId: vendor.id,
      customer: party(customer),
      contractor: party(vendor),
      type: 'agro-spraying',
      title: 'Работа',
      flight,
      ...terms,
    })
    .returning({ id: serviceOrders.id })
  await db.insert(serviceReviews).values({
    orderId: order!.id,
    orderNumber: number,
    side: 'purchase',
    authorOrganizationId: customer.id,
    authorUserId: randomUUID(),
    authorName: 'Заказчик',
    authorOrganizationName: customer.name,
    subjectOrganizationId: vendor.id,
    serviceType: 'agro-spraying',
    rating: 3 + Math.floor(random() * 3),
    text: 'Сделали в срок.',
  })
}
await db.execute(sql`vacuum analyze`)
console.log(`data written in ${((performance.now() - started) / 1000).toFixed(1)} s`)

// Only the two lists are measured: no seller profile or catalogue call is made.
const listing = createListingService({
  sellers: {
    getSeller: () => Promise.reject(new Error('not used')),
    describeVendors: () => Promise.resolve(new Map()),
  },
  catalog: { getProductsByIds: () => Promise.resolve([]) },
})
const ctx = guestCtx(db, { requestId: 'bench', ip: '127.0.0.1', userAgent: 'bench' } as never)

const SCENARIOS: [tab: 'offers' | 'requests', label: string, query: Record<string, string>][] = [
  ['offers', 'no filters, newest', {}],
  ['offers', 'type', { type: 'agro-spraying' }],
  ['offers', 'region (or nationwide)', { region: '23' }],
  ['offers', 'type + region + budget', { type: 'aerial-survey', region: '77', budgetFrom: '500', budgetTo: '20000' }],
  ['offers', 'sphere, cheapest first', { sphere: 'selskoe-khozyaistvo', sort: 'cheap' }],
  ['offers', 'published since, dearest', { from: isoDay(-30), sort: 'expensive' }],
  ['offers', 'search «опрыскивание»', { q: 'опрыскивание' }],
  ['offers', 'search «ортофото» + region', { q: 'ортофото', region: '50' }],
  ['offers', 'page 40', { page: '40' }],
  ['requests', 'no filters, newest', {}],
  ['requests', 'type', { type: 'inspection' }],
  ['requests', 'region', { region: '66' }],
  [
    'requests',
    'type + region + budget',
    { type: 'agro-spraying', region: '23', budgetFrom: '10000', budgetTo: '500000' },
  ],
  ['requests', 'budget with negotiable', { budgetFrom: '50000', negotiable: '1', sort: 'cheap' }],
  ['requests', 'start dates, by deadline', { from: isoDay(0), to: isoDay(60), sort: 'deadline' }],
  ['requests', 'search «обработка посевов»', { q: 'обработка посевов' }],
  ['requests', 'search «ЛЭП» + type', { q: 'ЛЭП', type: 'inspection' }],
  ['requests', 'page 100', { page: '100' }],
]

console.log('\n| tab | scenario | total | p50 ms | p95 ms |')
console.log('| --- | --- | ---: | ---: | ---: |')
let worst = 0
for (const [tab, label, query] of SCENARIOS) {
  const call = () => (tab === 'offers' ? listing.listOffers(ctx, query) : listing.listRequests(ctx, query))
  for (let i = 0; i < 5; i++) await call()
  const times: number[] = []
  let total = 0
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now()
    total = (await call()).total
    times.push(performance.now() - t)
  }
  const p95 = percentile(times, 95)
  worst = Math.max(worst, p95)
  console.log(`| ${tab} | ${label} | ${total} | ${ms(percentile(times, 50))} | ${ms(p95)} |`)
}
console.log(`\nworst p95 ${ms(worst)} ms — target ≤ 30 ms: ${worst <= 30 ? 'met' : 'NOT met'}`)

if (process.env.BENCH_EXPLAIN) {
  for (const q of [
    sql`explain analyze select id from service_requests where status = 'open' and visibility = 'public' order by published_at desc nulls last, id limit 20`,
    sql`explain analyze select count(*) from service_requests where status = 'open' and visibility = 'public' and (search_vector @@ to_tsquery('russian', 'обработка:* & посевов:*') or title ilike '%обработка посевов%')`,
    sql`explain analyze select id from published_service_offers where search_vector @@ to_tsquery('russian', 'опрыскивание:*') or title ilike '%опрыскивание%' order by published_at desc nulls last, id limit 20`,
  ]) {
    const res = await db.execute(q)
    console.log((res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'))
  }
}

await database.close()
// BENCH_KEEP=1 leaves the data for EXPLAIN in psql.
if (!process.env.BENCH_KEEP) await dropScratchDatabase(SCRATCH_DB)
process.exit(worst <= 30 ? 0 : 1)
