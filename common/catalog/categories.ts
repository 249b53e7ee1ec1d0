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

/** The root of payloads, accessories and spare parts: what fits a drone rather than flies. */
export const ACCESSORY_ROOT = 'nagruzka-i-komplektuyushchie'

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
  {
    slug: ACCESSORY_ROOT,
    title: 'Нагрузка и комплектующие',
    heading: 'Полезная нагрузка, аксессуары и запчасти',
    description:
      'Камеры и подвесы, тепловизоры, лидары, системы опрыскивания, аккумуляторы, винты, RTK-станции, пульты и кейсы — со списком моделей, к которым они подходят.',
    parent: null,
    attributes: ['item_mass', 'country'],
  },
  accessory(
    'kamery-i-podvesy',
    'Камеры и подвесы',
    'Камеры и подвесы для беспилотников',
    'Зум-камеры и камеры для аэрофотосъёмки на стабилизированных подвесах: для инспекций, картографии и поиска.',
    ['sensor_resolution', 'optical_zoom'],
  ),
  accessory(
    'teplovizory-i-multispektralnye',
    'Тепловизоры и мультиспектральные',
    'Тепловизионные и мультиспектральные камеры',
    'Тепловизоры для поиска людей и перегрева оборудования, мультиспектральные камеры для оценки посевов по индексам.',
    ['thermal_resolution', 'sensor_resolution', 'optical_zoom', 'spectral_bands'],
  ),
  accessory(
    'lidary',
    'Лидары',
    'Лидары для беспилотников',
    'Лазерные сканеры для цифровых моделей рельефа под лесом, обмеров карьеров и линий электропередачи.',
    ['lidar_range', 'accuracy'],
  ),
  accessory(
    'sistemy-opryskivaniya',
    'Системы опрыскивания и баки',
    'Системы опрыскивания, разбрасыватели и баки',
    'Баки, форсунки, насосы и разбрасыватели гранул для агродронов: запас на сезон и замена изношенного.',
    ['tank_volume', 'spray_width'],
  ),
  accessory(
    'akkumulyatory-i-zaryadnye',
    'Аккумуляторы и зарядные',
    'Аккумуляторы и зарядные станции',
    'Лётные аккумуляторы, зарядные станции и генераторы: чтобы аппарат летал весь рабочий день.',
    ['battery_capacity', 'battery_voltage', 'charge_cycles'],
  ),
  accessory(
    'vozdushnye-vinty',
    'Воздушные винты',
    'Воздушные винты для беспилотников',
    'Винты для замены изношенных и повреждённых: держите запасной комплект на каждый вылет.',
    ['propeller_diameter'],
  ),
  accessory(
    'rtk-stantsii',
    'RTK-станции',
    'RTK-станции и GNSS-приёмники',
    'Базовые станции и модули RTK для сантиметровой точности съёмки без наземных опорных точек.',
    ['accuracy', 'link_range'],
  ),
  accessory(
    'pulty-upravleniya',
    'Пульты управления',
    'Пульты управления беспилотниками',
    'Пульты с экраном и защищённые наземные станции: запасной пульт или второй для оператора полезной нагрузки.',
    ['link_range', 'screen_size'],
  ),
  accessory(
    'keysy',
    'Кейсы и транспортировка',
    'Кейсы и сумки для транспортировки',
    'Ударопрочные кейсы и рюкзаки для аппарата, батарей и полезной нагрузки.',
    ['material'],
  ),
]

/** A leaf of the accessories tree: its own characteristics, then the mass and the country. */
function accessory(slug: string, title: string, heading: string, description: string, own: AttributeCode[]): Category {
  return { slug, title, heading, description, parent: ACCESSORY_ROOT, attributes: [...own, 'item_mass', 'country'] }
}

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

/** A payload, accessory or spare part's category: its page lists the drones it fits. */
export function isAccessoryCategory(slug: string): boolean {
  return getCategory(slug)?.parent === ACCESSORY_ROOT || slug === ACCESSORY_ROOT
}

/** The categories a product can be put in: the leaves. */
export function isLeafCategory(slug: string): boolean {
  return BY_SLUG.has(slug) && childCategories(slug).length === 0
}
