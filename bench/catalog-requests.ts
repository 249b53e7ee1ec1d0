import { sql } from 'drizzle-orm'
import { SPHERE_SLUGS } from '#common/spheres.ts'
import type { Db } from '#server/db/client.ts'
import { queryRows } from '#server/modules/catalog/catalog.listing.ts'

/** One kind of request of the mix; `path(round)` rotates its terms so no two rounds repeat. */
export interface BenchRequest {
  name: string
  path(round: number): string
  sampleProductSlug?: string
}

const API = '/api/v1/catalog/products?category='
const WORDS = [
  'квадрокоптер',
  'агродрон',
  'тепловизор',
  'лидар',
  'картография',
  'опрыскиватель',
  'инспекция',
  'мониторинг',
]
const PLURALS = ['квадрокоптеры', 'беспилотники', 'камеры', 'лидары', 'тепловизоры', 'вертолёты', 'самолёты', 'дроны']
const TYPOS = [
  'квадракоптер',
  'тепловезор',
  'агродорн',
  'гексакоптр',
  'беспелотник',
  'мультиспектральый',
  'лидарр',
  'картографя',
]
const PHRASES = ['DJI Matrice', 'Геоскан 201', 'Supercam S350', 'Mavic 3 Thermal', 'агродрон T40', 'VTOL картография']
const PREFIXES = ['ква', 'dji', 'гео', 'тепл', 'agr', 'мав', 'sup', 'лид']
/** The leaf categories and price ranges the listings rotate through (bench:listing-pass too). */
export const CATEGORIES = ['multirotornye', 'samoletnogo-tipa', 'vtol', 'vertoletnogo-tipa']
export const PRICE_RANGES = [
  [0, 300_000],
  [300_000, 1_500_000],
  [1_000_000, 5_000_000],
  [5_000_000, 50_000_000],
]

export const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!
const q = (s: string) => encodeURIComponent(s)

/** The request mix: filters, sorts, deep pages, searches (words, plurals, typos, nonsense), suggestions, product pages. */
export async function buildRequestMix(db: Db): Promise<BenchRequest[]> {
  const brands = (
    await queryRows<{ brand: string }>(
      db,
      sql`select brand from catalog_products where status = 'published' group by brand order by count(*) desc limit 16`,
    )
  ).map((r) => r.brand)
  const vendors = (
    await queryRows<{ slug: string }>(
      db,
      sql`select o.slug from organizations o where exists (select 1 from catalog_products p where p.vendor_organization_id = o.id) order by o.slug`,
    )
  ).map((r) => r.slug)
  const products = (
    await queryRows<{ slug: string }>(
      db,
      sql`select slug from catalog_products where status = 'published' order by popularity desc, id limit 50`,
    )
  ).map((r) => r.slug)
  if (brands.length === 0 || vendors.length === 0 || products.length === 0) throw new Error('no catalogue to measure')

  const mix: BenchRequest[] = [
    { name: 'root, popular', path: () => `${API}bespilotniki` },
    { name: 'root, page 2–10', path: (i) => `${API}bespilotniki&page=${2 + (i % 9)}` },
    { name: 'sphere', path: (i) => `${API}bespilotniki&areas_of_application=${at(SPHERE_SLUGS, i)}` },
    {
      name: 'sphere + type',
      path: (i) => `${API}bespilotniki&areas_of_application=${at(SPHERE_SLUGS, i + 3)}&type=multirotor`,
    },
    { name: 'category leaf', path: (i) => `${API}${at(CATEGORIES, i)}` },
    { name: 'brand', path: (i) => `${API}bespilotniki&brand=${q(at(brands, i))}` },
    {
      name: 'two brands + sort price',
      path: (i) => `${API}bespilotniki&brand=${q(at(brands, i))}&brand=${q(at(brands, i + 1))}&sort=price_asc`,
    },
    { name: 'vendor', path: (i) => `${API}bespilotniki&vendor=${at(vendors, i)}` },
    {
      name: 'price range',
      path: (i) => `${API}bespilotniki&price_min=${at(PRICE_RANGES, i)[0]}&price_max=${at(PRICE_RANGES, i)[1]}`,
    },
    { name: 'flight time ≥', path: (i) => `${API}bespilotniki&flight_time_min=${20 + (i % 8) * 10}` },
    {
      name: 'made in Russia, cheapest',
      path: (i) => `${API}${at(['bespilotniki', ...CATEGORIES], i)}&made_in_russia=1&sort=price_asc`,
    },
    { name: 'in stock, newest', path: (i) => `${API}bespilotniki&availability=in_stock&sort=new&page=${1 + (i % 3)}` },
    { name: 'RTK + payload ≥', path: (i) => `${API}bespilotniki&rtk=1&payload_min=${(i % 5) * 2}` },
    {
      name: 'wind + speed ≥',
      path: (i) => `${API}bespilotniki&wind_resistance_min=${8 + (i % 6)}&max_speed_min=${40 + (i % 5) * 10}`,
    },
    {
      name: 'five filters',
      path: (i) =>
        `${API}bespilotniki&areas_of_application=${at(SPHERE_SLUGS, i)}&brand=${q(at(brands, i))}&price_max=${at(PRICE_RANGES, i + 2)[1]}&flight_time_min=${15 + (i % 4) * 5}&availability=in_stock`,
    },
    { name: 'search: word', path: (i) => `${API}bespilotniki&q=${q(at(WORDS, i))}` },
    { name: 'search: plural', path: (i) => `${API}bespilotniki&q=${q(at(PLURALS, i))}` },
    { name: 'search: typo', path: (i) => `${API}bespilotniki&q=${q(at(TYPOS, i))}` },
    { name: 'search: brand + model', path: (i) => `${API}bespilotniki&q=${q(at(PHRASES, i))}` },
    {
      name: 'search + sphere',
      path: (i) => `${API}bespilotniki&q=${q(at(WORDS, i + 2))}&areas_of_application=${at(SPHERE_SLUGS, i)}`,
    },
    { name: 'search + price sort', path: (i) => `${API}${at(CATEGORIES, i)}&q=${q(at(WORDS, i + 4))}&sort=price_desc` },
    { name: 'search: nonsense', path: (i) => `${API}bespilotniki&q=${q(`ыврап${i}ывра`)}` },
    { name: 'suggestions', path: (i) => `/api/v1/catalog/suggestions?q=${q(at(PREFIXES, i))}` },
    { name: 'product', path: (i) => `/api/v1/catalog/products/${at(products, i)}` },
  ]
  mix[0]!.sampleProductSlug = products[0]
  return mix
}
