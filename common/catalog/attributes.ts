import { SPHERE_SLUGS } from '../spheres.ts'

/**
 * The characteristics a product can have. Each category lists which of them apply
 * (categories.ts); product values live in `catalog_products.specs` keyed by `code`, and the
 * filterable ones also get a typed column the listing query filters and aggregates on.
 */
export type AttributeKind = 'number' | 'enum' | 'boolean' | 'text'

export interface AttributeOption {
  value: string
  label: string
}

interface AttributeBase {
  code: string
  title: string
  /** Shown in the filter panel and usable in the URL. */
  filterable: boolean
  /** Shown on product cards and at the top of the product page. */
  key?: boolean
  /**
   * A vendor fills it in before sending the product to moderation. The takeoff weight only: it
   * decides whether the drone must be registered (registration.ts), and a missing one reads as «no».
   */
  required?: boolean
}

export interface NumberAttribute extends AttributeBase {
  kind: 'number'
  unit: string
  /** Which end is better when comparing; absent when neither is (weight). */
  better?: 'higher' | 'lower'
  /** Digits after the decimal point in display. */
  precision?: number
}

export interface EnumAttribute extends AttributeBase {
  kind: 'enum'
  options: readonly AttributeOption[]
  /** Several values at once (navigation systems, spheres). */
  multiple?: boolean
}

export interface BooleanAttribute extends AttributeBase {
  kind: 'boolean'
}

export interface TextAttribute extends AttributeBase {
  kind: 'text'
}

export type AttributeDef = NumberAttribute | EnumAttribute | BooleanAttribute | TextAttribute

export const DRONE_TYPES = [
  { value: 'multirotor', label: 'Мультироторный' },
  { value: 'fixed_wing', label: 'Самолётного типа' },
  { value: 'vtol', label: 'VTOL (гибрид)' },
  { value: 'helicopter', label: 'Вертолётного типа' },
] as const satisfies readonly AttributeOption[]
export type DroneType = (typeof DRONE_TYPES)[number]['value']

export const NAVIGATION_SYSTEMS = [
  { value: 'gps', label: 'GPS' },
  { value: 'glonass', label: 'ГЛОНАСС' },
  { value: 'galileo', label: 'Galileo' },
  { value: 'beidou', label: 'BeiDou' },
  { value: 'rtk', label: 'RTK' },
  { value: 'ppk', label: 'PPK' },
  { value: 'visual', label: 'Визуальная навигация' },
] as const satisfies readonly AttributeOption[]

export const IP_RATINGS = ['IP43', 'IP44', 'IP45', 'IP54', 'IP55', 'IP56', 'IP65', 'IP66', 'IP67'].map((v) => ({
  value: v,
  label: v,
}))

export const COUNTRIES = [
  { value: 'RU', label: 'Россия' },
  { value: 'BY', label: 'Беларусь' },
  { value: 'CN', label: 'Китай' },
  { value: 'US', label: 'США' },
  { value: 'CH', label: 'Швейцария' },
  { value: 'FR', label: 'Франция' },
  { value: 'DE', label: 'Германия' },
  { value: 'IL', label: 'Израиль' },
  { value: 'TR', label: 'Турция' },
  { value: 'KR', label: 'Южная Корея' },
  { value: 'JP', label: 'Япония' },
] as const satisfies readonly AttributeOption[]

const SPHERE_LABELS: Record<(typeof SPHERE_SLUGS)[number], string> = {
  transport: 'Транспорт',
  'selskoe-khozyaistvo': 'Сельское хозяйство',
  'lesnoe-khozyaistvo': 'Лесное хозяйство',
  'atomnaya-promyshlennost': 'Атомная промышленность',
  'dobycha-poleznykh-iskopayemykh': 'Добыча полезных ископаемых',
  elektroenergetika: 'Электроэнергетика',
  stroitelstvo: 'Строительство',
  'meditsina-i-zdravoohranenie': 'Медицина и здравоохранение',
  'chs-i-bezopasnost': 'ЧС и безопасность',
  'infrastruktura-i-zhkh': 'Инфраструктура и ЖКХ',
  ekologiya: 'Экология',
  'nauka-i-obrazovanie': 'Наука и образование',
}

export const AREA_OPTIONS: readonly AttributeOption[] = SPHERE_SLUGS.map((slug) => ({
  value: slug,
  label: SPHERE_LABELS[slug],
}))

/** In display order: the product page's table and the comparison follow it. */
export const ATTRIBUTES = [
  { code: 'type', title: 'Тип', kind: 'enum', options: DRONE_TYPES, filterable: true, key: true },
  {
    code: 'max_takeoff_weight',
    title: 'Максимальная взлётная масса',
    kind: 'number',
    unit: 'кг',
    precision: 2,
    filterable: true,
    key: true,
    required: true,
  },
  {
    code: 'flight_time',
    title: 'Время полёта',
    kind: 'number',
    unit: 'мин',
    better: 'higher',
    filterable: true,
    key: true,
  },
  {
    code: 'range',
    title: 'Дальность',
    kind: 'number',
    unit: 'км',
    better: 'higher',
    precision: 1,
    filterable: true,
    key: true,
  },
  {
    code: 'max_speed',
    title: 'Максимальная скорость',
    kind: 'number',
    unit: 'км/ч',
    better: 'higher',
    filterable: true,
  },
  {
    code: 'payload',
    title: 'Полезная нагрузка',
    kind: 'number',
    unit: 'кг',
    better: 'higher',
    precision: 2,
    filterable: true,
  },
  {
    code: 'wind_resistance',
    title: 'Ветроустойчивость',
    kind: 'number',
    unit: 'м/с',
    better: 'higher',
    filterable: true,
  },
  { code: 'ip_rating', title: 'Степень защиты', kind: 'enum', options: IP_RATINGS, filterable: false },
  {
    code: 'operating_temp_min',
    title: 'Рабочая температура, от',
    kind: 'number',
    unit: '°C',
    better: 'lower',
    filterable: false,
  },
  {
    code: 'operating_temp_max',
    title: 'Рабочая температура, до',
    kind: 'number',
    unit: '°C',
    better: 'higher',
    filterable: false,
  },
  { code: 'camera', title: 'Камера / полезная нагрузка', kind: 'text', filterable: false },
  {
    code: 'navigation',
    title: 'Навигация',
    kind: 'enum',
    options: NAVIGATION_SYSTEMS,
    multiple: true,
    filterable: false,
  },
  { code: 'rtk', title: 'Поддержка RTK', kind: 'boolean', filterable: true },
  {
    code: 'country',
    title: 'Страна производства',
    kind: 'enum',
    options: COUNTRIES,
    filterable: false,
  },
  {
    code: 'areas_of_application',
    title: 'Сферы применения',
    kind: 'enum',
    options: AREA_OPTIONS,
    multiple: true,
    filterable: true,
  },
  // Payloads, accessories and spare parts (categories.ts, ACCESSORY_ROOT): shown on their cards
  // and pages, not filtered by; their listing filters by compatibility instead.
  {
    code: 'sensor_resolution',
    title: 'Разрешение камеры',
    kind: 'number',
    unit: 'Мп',
    better: 'higher',
    filterable: false,
    key: true,
  },
  {
    code: 'optical_zoom',
    title: 'Оптический зум',
    kind: 'number',
    unit: '×',
    better: 'higher',
    filterable: false,
    key: true,
  },
  { code: 'thermal_resolution', title: 'Разрешение тепловизора', kind: 'text', filterable: false, key: true },
  {
    code: 'spectral_bands',
    title: 'Спектральных каналов',
    kind: 'number',
    unit: 'шт.',
    better: 'higher',
    filterable: false,
    key: true,
  },
  {
    code: 'lidar_range',
    title: 'Дальность сканирования',
    kind: 'number',
    unit: 'м',
    better: 'higher',
    filterable: false,
    key: true,
  },
  {
    code: 'accuracy',
    title: 'Точность',
    kind: 'number',
    unit: 'см',
    better: 'lower',
    precision: 1,
    filterable: false,
    key: true,
  },
  {
    code: 'tank_volume',
    title: 'Объём бака',
    kind: 'number',
    unit: 'л',
    better: 'higher',
    filterable: false,
    key: true,
  },
  {
    code: 'spray_width',
    title: 'Ширина распыления',
    kind: 'number',
    unit: 'м',
    better: 'higher',
    precision: 1,
    filterable: false,
  },
  {
    code: 'battery_capacity',
    title: 'Ёмкость',
    kind: 'number',
    unit: 'мА·ч',
    better: 'higher',
    filterable: false,
    key: true,
  },
  {
    code: 'battery_voltage',
    title: 'Напряжение',
    kind: 'number',
    unit: 'В',
    precision: 1,
    filterable: false,
    key: true,
  },
  {
    code: 'charge_cycles',
    title: 'Ресурс, циклов заряда',
    kind: 'number',
    unit: 'шт.',
    better: 'higher',
    filterable: false,
  },
  {
    code: 'propeller_diameter',
    title: 'Диаметр винта',
    kind: 'number',
    unit: 'дюйм',
    precision: 1,
    filterable: false,
    key: true,
  },
  {
    code: 'link_range',
    title: 'Дальность связи',
    kind: 'number',
    unit: 'км',
    better: 'higher',
    filterable: false,
    key: true,
  },
  { code: 'screen_size', title: 'Диагональ экрана', kind: 'number', unit: 'дюйм', precision: 1, filterable: false },
  { code: 'material', title: 'Материал', kind: 'text', filterable: false },
  { code: 'item_mass', title: 'Масса изделия', kind: 'number', unit: 'г', better: 'lower', filterable: false },
] as const satisfies readonly AttributeDef[]

export type AttributeCode = (typeof ATTRIBUTES)[number]['code']

// Built on first use: a module-level Map would keep the whole registry in every page's bundle.
let byCode: Map<string, AttributeDef> | undefined

export function getAttribute(code: string): AttributeDef | undefined {
  byCode ??= new Map<string, AttributeDef>(ATTRIBUTES.map((a) => [a.code, a]))
  return byCode.get(code)
}

/** Numeric attributes the listing filters by range: `{code}_min` / `{code}_max` in the URL. */
export const RANGE_ATTRIBUTE_CODES = [
  'max_takeoff_weight',
  'flight_time',
  'range',
  'max_speed',
  'payload',
  'wind_resistance',
] as const satisfies readonly AttributeCode[]
export type RangeAttributeCode = (typeof RANGE_ATTRIBUTE_CODES)[number]

/** A product's characteristic values: numbers, option values (arrays when multiple), booleans, text. */
export type SpecValue = number | string | boolean | string[]
export type Specs = Partial<Record<AttributeCode, SpecValue>>
