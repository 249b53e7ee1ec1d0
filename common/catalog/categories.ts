import type { AttributeCode, DroneType } from './attributes.ts'

/**
 * The category tree. It is code rather than a table: it changes with releases, not with
 * sellers' edits, and the pages, the seed and the listing query all need it without a query
 * (docs/decisions/008-catalogue-categories-and-characteristics-in-code.md).
 */
export interface Category {
  slug: string
  title: string
  /** The heading of the category page ("Мультироторные беспилотники"). */
  heading: string
  /** One or two sentences for the page and its meta description. */
  description: string
  parent: string | null
  /** The drone type its products have; absent for roots that mix types. */
  droneType?: DroneType
  /** The characteristics its products carry, in display order. */
  attributes: readonly AttributeCode[]
}

const DRONE_ATTRIBUTES = [
  'type',
  'max_takeoff_weight',
  'flight_time',
  'range',
  'max_speed',
  'payload',
  'wind_resistance',
  'ip_rating',
  'operating_temp_min',
  'operating_temp_max',
  'camera',
  'navigation',
  'rtk',
  'country',
  'areas_of_application',
] as const satisfies readonly AttributeCode[]

export const CATEGORIES: readonly Category[] = [
  {
    slug: 'bespilotniki',
    title: 'Беспилотники',
    heading: 'Беспилотники',
    description:
      'Беспилотные авиационные системы для бизнеса и госзаказчиков: мультироторные, самолётного типа, гибридные VTOL и вертолётного типа — с характеристиками, ценами и проверенными поставщиками.',
    parent: null,
    attributes: DRONE_ATTRIBUTES,
  },
  {
    slug: 'multirotornye',
    title: 'Мультироторные',
    heading: 'Мультироторные беспилотники',
    description:
      'Квадрокоптеры, гексакоптеры и октокоптеры для аэрофотосъёмки, инспекций, мониторинга и агрохимических работ: вертикальный взлёт, зависание и точная работа у объекта.',
    parent: 'bespilotniki',
    droneType: 'multirotor',
    attributes: DRONE_ATTRIBUTES,
  },
  {
    slug: 'samoletnogo-tipa',
    title: 'Самолётного типа',
    heading: 'Беспилотники самолётного типа',
    description:
      'БПЛА самолётной схемы для картографии и мониторинга больших территорий: часы в воздухе, десятки и сотни километров маршрута за один вылет.',
    parent: 'bespilotniki',
    droneType: 'fixed_wing',
    attributes: DRONE_ATTRIBUTES,
  },
  {
    slug: 'vtol',
    title: 'Гибридные VTOL',
    heading: 'Гибридные беспилотники VTOL',
    description:
      'Конвертопланы с вертикальным взлётом и посадкой и крейсерским полётом на крыле: дальность самолёта без взлётно-посадочной площадки.',
    parent: 'bespilotniki',
    droneType: 'vtol',
    attributes: DRONE_ATTRIBUTES,
  },
  {
    slug: 'vertoletnogo-tipa',
    title: 'Вертолётного типа',
    heading: 'Беспилотники вертолётного типа',
    description:
      'Беспилотные вертолёты для тяжёлой полезной нагрузки, длительного патрулирования и работы в сложных метеоусловиях.',
    parent: 'bespilotniki',
    droneType: 'helicopter',
    attributes: DRONE_ATTRIBUTES,
  },
]

const BY_SLUG = new Map(CATEGORIES.map((c) => [c.slug, c]))

export function getCategory(slug: string): Category | undefined {
  return BY_SLUG.get(slug)
}

export function childCategories(slug: string): Category[] {
  return CATEGORIES.filter((c) => c.parent === slug)
}

/** The category and everything below it: a listing of a category shows its subtree. */
export function categorySubtree(slug: string): string[] {
  const out = [slug]
  for (const child of childCategories(slug)) out.push(...categorySubtree(child.slug))
  return out
}

/** From the root down to the category, for breadcrumbs. */
export function categoryTrail(slug: string): Category[] {
  const trail: Category[] = []
  for (let c = getCategory(slug); c; c = c.parent ? getCategory(c.parent) : undefined) trail.unshift(c)
  return trail
}

/** The categories a product can be put in: the leaves. */
export function isLeafCategory(slug: string): boolean {
  return BY_SLUG.has(slug) && childCategories(slug).length === 0
}
