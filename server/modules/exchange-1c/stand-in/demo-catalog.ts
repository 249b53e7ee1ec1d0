import { seededRandom } from '#common/seeded-random.ts'
import type { StandInCatalog, StandInGood } from './files.ts'

/**
 * A vendor's 1С catalogue of any size, the same for the same seed: the groups the demo vendor
 * mapped, retail and wholesale prices, stock on two warehouses, characteristics named as
 * Russian vendors name them. The stand-in script, the tests and the benchmark use it.
 */

export const DEMO_1C_GROUPS = [
  { id: 'a1c00000-0000-4000-8000-000000000001', name: 'Беспилотники' },
  {
    id: 'a1c00000-0000-4000-8000-000000000002',
    name: 'Квадрокоптеры',
    parentId: 'a1c00000-0000-4000-8000-000000000001',
  },
  {
    id: 'a1c00000-0000-4000-8000-000000000003',
    name: 'Самолёты и VTOL',
    parentId: 'a1c00000-0000-4000-8000-000000000001',
  },
  { id: 'a1c00000-0000-4000-8000-000000000004', name: 'Аккумуляторы' },
  { id: 'a1c00000-0000-4000-8000-000000000005', name: 'Запчасти прочие' },
]
/** The catalogue categories the demo vendor mapped 1С's groups to, by the group's id; one it has not. */
export const DEMO_1C_MAPPING: Record<string, string | null> = Object.fromEntries(
  DEMO_1C_GROUPS.map((g, i) => [g.id, [null, 'multirotornye', 'vtol', 'akkumulyatory-i-zaryadnye', null][i] ?? null]),
)
export const DEMO_1C_PRICE_TYPES = [
  { id: 'b1c00000-0000-4000-8000-000000000001', name: 'Розничная' },
  { id: 'b1c00000-0000-4000-8000-000000000002', name: 'Оптовая' },
]
export const DEMO_1C_WAREHOUSES = [
  { id: 'c1c00000-0000-4000-8000-000000000001', name: 'Основной склад (Москва)' },
  { id: 'c1c00000-0000-4000-8000-000000000002', name: 'Склад Екатеринбург' },
]

const KINDS = [
  { group: 1, noun: 'Квадрокоптер', weight: [1.2, 9], time: [25, 55], range: [5, 15] },
  { group: 2, noun: 'БВС самолётного типа VTOL', weight: [6, 25], time: [60, 180], range: [30, 120] },
  { group: 3, noun: 'Аккумулятор LiPo 6S', weight: [0.8, 2.5], time: null, range: null },
  { group: 4, noun: 'Комплект запчастей', weight: [0.1, 1], time: null, range: null },
] as const

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`

export interface DemoCatalogOptions {
  /** How many goods. */
  count: number
  seed?: number
  /** The first good's number: goods of another run do not collide. */
  from?: number
  /** Prices moved by this share (0.05: five per cent up) for an incremental exchange. */
  priceShift?: number
  /** Goods get a picture each, named «import_files/<article>.jpg». */
  pictures?: boolean
}

export function demoGood(n: number, options: Omit<DemoCatalogOptions, 'count'> = {}): StandInGood {
  const random = seededRandom((options.seed ?? 1) * 1_000_003 + n)
  const kind = KINDS[n % KINDS.length]!
  const between = ([low, high]: readonly [number, number], digits = 0) =>
    Number((low + random() * (high - low)).toFixed(digits))
  const article = `AT-1C-${String(n).padStart(5, '0')}`
  const retail = Math.round((20_000 + random() * 900_000) * (1 + (options.priceShift ?? 0)))
  const params: Record<string, string> = {
    Модель: `${kind.noun.split(' ')[0]} ${n}`,
    'Максимальная взлётная масса, кг': String(between(kind.weight, 1)).replace('.', ','),
    'Страна производства': 'Россия',
  }
  if (kind.time) params['Время полёта, мин'] = String(between(kind.time))
  if (kind.range) params['Дальность, км'] = String(between(kind.range))
  return {
    id: id('a1c20000', n),
    article,
    title: `${kind.noun} Аэротех ${n}`,
    groupId: DEMO_1C_GROUPS[kind.group]!.id,
    brand: 'Аэротех',
    vat: '22',
    description: `${kind.noun} Аэротех ${n} из учётной системы поставщика: серийное изделие с гарантией производителя и паспортом.`,
    ...(options.pictures && { pictures: [`import_files/${article}.jpg`] }),
    params,
    prices: {
      [DEMO_1C_PRICE_TYPES[0]!.id]: `${retail}.00`,
      [DEMO_1C_PRICE_TYPES[1]!.id]: `${Math.round(retail * 0.9)}.00`,
    },
    stock: {
      [DEMO_1C_WAREHOUSES[0]!.id]: Math.floor(random() * 20),
      [DEMO_1C_WAREHOUSES[1]!.id]: Math.floor(random() * 5),
    },
  }
}

export function demoCatalog(
  options: DemoCatalogOptions & { version?: '2.08' | '2.10'; changesOnly?: boolean },
): StandInCatalog {
  const from = options.from ?? 1
  return {
    version: options.version ?? '2.08',
    changesOnly: options.changesOnly ?? false,
    groups: DEMO_1C_GROUPS,
    priceTypes: DEMO_1C_PRICE_TYPES,
    warehouses: DEMO_1C_WAREHOUSES,
    goods: function* () {
      for (let n = from; n < from + options.count; n++) yield demoGood(n, options)
    },
  }
}
