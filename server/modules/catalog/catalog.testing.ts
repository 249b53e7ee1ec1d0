import { assignModels } from './models/assign-models.ts'
import type { Specs } from '#common/catalog/attributes.ts'
import type { Availability, ProductStatus } from '#common/catalog/products.ts'
import type { Db } from '../../db/client.ts'
import { createTestVendor } from '../organizations/vendors.testing.ts'
import { catalogProducts } from './catalog.table.ts'
import { rebuildSearchWords } from './search/search-words.ts'

/**
 * A small, fixed catalogue for the tests: three vendors (one not confirmed), drones of every
 * type, a product on moderation and a draft, six products equal in popularity and price (for
 * stable pagination) and one whose title is HTML.
 */
export interface FixtureProduct {
  slug: string
  title: string
  brand: string
  model: string
  vendor: 'aeroskan' | 'geodron' | 'ten'
  category: string
  price: number | null
  availability?: Availability
  leadTimeDays?: number
  description: string
  specs: Specs
  areas: string[]
  status?: ProductStatus
  popularity: number
  createdAt?: Date
}

const multirotor = (weight: number, extra: Specs = {}): Specs => ({
  type: 'multirotor',
  max_takeoff_weight: weight,
  navigation: ['gps', 'glonass'],
  ...extra,
})

export const FIXTURE_PRODUCTS: FixtureProduct[] = [
  {
    slug: 'geoskan-gemini',
    title: 'Квадрокоптер Геоскан Gemini',
    brand: 'Геоскан',
    model: 'Gemini',
    vendor: 'aeroskan',
    category: 'multirotornye',
    price: 1_250_000,
    description: 'Российский беспилотник для аэрофотосъёмки строительных площадок и полей.',
    specs: multirotor(1, { flight_time: 40, range: 5, max_speed: 65, country: 'RU', rtk: true }),
    areas: ['stroitelstvo', 'selskoe-khozyaistvo'],
    popularity: 50,
  },
  {
    slug: 'dji-mavic-3-enterprise',
    title: 'Квадрокоптер DJI Mavic 3 Enterprise',
    brand: 'DJI',
    model: 'Mavic 3 Enterprise',
    vendor: 'geodron',
    category: 'multirotornye',
    price: 450_000,
    description: 'Компактный дрон для инспекций и поисково-спасательных работ с тепловизором.',
    specs: multirotor(0.92, { flight_time: 45, range: 15, max_speed: 75, country: 'CN', rtk: false }),
    areas: ['stroitelstvo', 'chs-i-bezopasnost'],
    popularity: 90,
  },
  {
    slug: 'dji-mini-4-pro',
    title: 'DJI Mini 4 Pro',
    brand: 'DJI',
    model: 'Mini 4 Pro',
    vendor: 'geodron',
    category: 'multirotornye',
    price: null,
    availability: 'to_order',
    leadTimeDays: 14,
    description: 'Лёгкий квадрокоптер массой меньше 250 граммов для учебных полётов.',
    specs: multirotor(0.1, { flight_time: 34, range: 10, country: 'CN' }),
    areas: ['nauka-i-obrazovanie'],
    popularity: 90,
  },
  {
    slug: 'dji-agras-t40',
    title: 'Агродрон DJI Agras T40',
    brand: 'DJI',
    model: 'Agras T40',
    vendor: 'aeroskan',
    category: 'multirotornye',
    price: 2_100_000,
    description: 'Опрыскиватель для обработки полей: бак 40 литров, распыление по маршруту.',
    specs: multirotor(50, { flight_time: 18, payload: 40, country: 'CN', rtk: true }),
    areas: ['selskoe-khozyaistvo'],
    popularity: 70,
  },
  {
    slug: 'supercam-s350',
    title: 'Беспилотник Supercam S350',
    brand: 'Supercam',
    model: 'S350',
    vendor: 'aeroskan',
    category: 'samoletnogo-tipa',
    price: 3_500_000,
    description: 'Самолёт для мониторинга лесов и картографии больших территорий.',
    specs: { type: 'fixed_wing', max_takeoff_weight: 11.5, flight_time: 240, range: 100, country: 'RU' },
    areas: ['lesnoe-khozyaistvo', 'ekologiya'],
    popularity: 40,
  },
  {
    slug: 'geoskan-201',
    title: 'Геоскан 201',
    brand: 'Геоскан',
    model: '201',
    vendor: 'geodron',
    category: 'samoletnogo-tipa',
    price: 2_800_000,
    availability: 'to_order',
    leadTimeDays: 30,
    description: 'Аэрофотосъёмка карьеров и протяжённых объектов, маркшейдерские работы.',
    specs: { type: 'fixed_wing', max_takeoff_weight: 8.5, flight_time: 180, range: 70, country: 'RU' },
    areas: ['dobycha-poleznykh-iskopayemykh', 'stroitelstvo'],
    popularity: 40,
  },
  {
    slug: 'fixar-007',
    title: 'Конвертоплан Fixar 007',
    brand: 'Fixar',
    model: '007',
    vendor: 'aeroskan',
    category: 'vtol',
    price: null,
    description: 'Вертикальный взлёт и полёт на крыле для обследования линий электропередачи.',
    specs: { type: 'vtol', max_takeoff_weight: 6.5, flight_time: 60, range: 60, country: 'RU', rtk: true },
    areas: ['elektroenergetika'],
    popularity: 30,
  },
  {
    slug: 'aeromax-bas-200',
    title: 'Беспилотный вертолёт Аэромакс БАС-200',
    brand: 'Аэромакс',
    model: 'БАС-200',
    vendor: 'geodron',
    category: 'vertoletnogo-tipa',
    price: 25_000_000,
    description: 'Тяжёлый вертолёт для доставки грузов и патрулирования.',
    specs: { type: 'helicopter', max_takeoff_weight: 120, flight_time: 150, payload: 30, country: 'RU' },
    areas: ['elektroenergetika', 'chs-i-bezopasnost'],
    popularity: 20,
  },
  {
    slug: 'html-title-drone',
    title: '<script>alert(1)</script> Дрон «Тест & Ко»',
    brand: 'Hack & Co',
    model: '<b>X</b>',
    vendor: 'aeroskan',
    category: 'multirotornye',
    price: 100_000,
    description: 'Описание с <img src=x onerror=alert(1)> разметкой для проверки экранирования, дрон.',
    specs: multirotor(2),
    areas: ['transport'],
    popularity: 0,
  },
  {
    slug: 'secret-on-moderation',
    title: 'Квадрокоптер на модерации',
    brand: 'DJI',
    model: 'Secret',
    vendor: 'geodron',
    category: 'multirotornye',
    price: 10_000,
    description: 'Ещё не проверен модератором.',
    specs: multirotor(1),
    areas: ['stroitelstvo'],
    status: 'moderation',
    popularity: 1000,
  },
  {
    slug: 'draft-product',
    title: 'Квадрокоптер черновик',
    brand: 'DJI',
    model: 'Draft',
    vendor: 'geodron',
    category: 'multirotornye',
    price: 10_000,
    description: 'Черновик продавца.',
    specs: multirotor(1),
    areas: ['stroitelstvo'],
    status: 'non-published',
    popularity: 1000,
  },
  // Equal in popularity and price: the order among them is decided by the tie-breaker only.
  ...[1, 2, 3, 4, 5, 6].map((n): FixtureProduct => ({
    slug: `test-twin-${n}`,
    title: `Квадрокоптер Двойник ${n}`,
    brand: 'Двойник',
    model: `T${n}`,
    vendor: 'geodron',
    category: 'multirotornye',
    price: 500_000,
    description: 'Одинаковые по цене и популярности модели.',
    specs: multirotor(3, { flight_time: 25, country: 'BY' }),
    areas: ['infrastruktura-i-zhkh'],
    popularity: 10,
  })),
]

export interface CatalogFixture {
  vendors: Record<FixtureProduct['vendor'], { id: string; slug: string; name: string }>
  ids: Record<string, string>
}

/** The fixture catalogue, with a test file's own `extra` products after FIXTURE_PRODUCTS. */
export async function seedCatalogFixture(db: Db, extra: readonly FixtureProduct[] = []): Promise<CatalogFixture> {
  const vendors = {
    aeroskan: await createTestVendor(db, { name: 'Аэроскан', slug: 'aeroskan' }),
    geodron: await createTestVendor(db, { name: 'Геодрон', slug: 'geodron', region: 'Санкт-Петербург' }),
    ten: await createTestVendor(db, { name: 'Тень', slug: 'ten', vendorStatus: 'moderation' }),
  }
  const base = Date.UTC(2026, 0, 1)
  const rows = await db
    .insert(catalogProducts)
    .values(
      [...FIXTURE_PRODUCTS, ...extra].map((p, i) => ({
        slug: p.slug,
        title: p.title,
        brand: p.brand,
        model: p.model,
        vendorOrganizationId: vendors[p.vendor].id,
        categorySlug: p.category,
        priceKopecks: p.price === null ? null : p.price * 100,
        availability: p.availability ?? 'in_stock',
        leadTimeDays: p.leadTimeDays ?? null,
        description: p.description,
        images: [{ src: `catalog/test/${p.slug}.svg`, alt: p.title }],
        specs: p.specs,
        areas: p.areas,
        status: p.status ?? 'published',
        popularity: p.popularity,
        createdAt: p.createdAt ?? new Date(base + i * 86_400_000),
      })),
    )
    .returning({ id: catalogProducts.id, slug: catalogProducts.slug })
  await assignModels(db)
  await rebuildSearchWords(db)
  return { vendors, ids: Object.fromEntries(rows.map((r) => [r.slug, r.id])) }
}
