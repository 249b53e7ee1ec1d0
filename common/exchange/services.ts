import { formatMoney, formatNumber, type PluralForms, pluralize } from '../format.ts'
import { formatOrderNumber } from '../order-number.ts'

/**
 * The services exchange: what vendors offer as work (not hardware), what buyers ask for, and the
 * words both sides and the pages share. Money is integer kopecks.
 */

/** The kinds of drone work, in the order the exchange's filter lists them. */
export const SERVICE_TYPES = [
  'aerial-survey',
  'agro-spraying',
  'inspection',
  'monitoring',
  'search-rescue',
  'delivery',
  'pilot-training',
  'repair',
  'filming',
  'light-show',
  'other',
] as const
export type ServiceType = (typeof SERVICE_TYPES)[number]

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  'aerial-survey': 'Аэрофотосъёмка и картография',
  'agro-spraying': 'Агрохимическая обработка',
  inspection: 'Инспекция ЛЭП и трубопроводов',
  monitoring: 'Мониторинг',
  'search-rescue': 'Поисково-спасательные работы',
  delivery: 'Доставка',
  'pilot-training': 'Обучение пилотов',
  repair: 'Ремонт и обслуживание',
  filming: 'Видеосъёмка',
  'light-show': 'Шоу дронов',
  other: 'Другое',
}

export function isServiceType(value: string): value is ServiceType {
  return (SERVICE_TYPES as readonly string[]).includes(value)
}

/** What an offer's price is counted in. */
export const PRICE_UNITS = ['hectare', 'km', 'hour', 'object', 'project'] as const
export type PriceUnit = (typeof PRICE_UNITS)[number]

export const PRICE_UNIT_LABELS: Record<PriceUnit, string> = {
  hectare: 'за гектар',
  km: 'за километр',
  hour: 'за час',
  object: 'за объект',
  project: 'за проект',
}

/** How a request measures the work. */
export const VOLUME_UNITS = ['hectares', 'km', 'objects', 'hours'] as const
export type VolumeUnit = (typeof VOLUME_UNITS)[number]

export const VOLUME_UNIT_LABELS: Record<VolumeUnit, string> = {
  hectares: 'га',
  km: 'км',
  objects: 'объектов',
  hours: 'часов',
}

/** The unit after a request's volume, declined by it: «97,2 га», «1 объект», «3 объекта», «1,5 часа». */
const VOLUME_UNIT_FORMS: Record<VolumeUnit, PluralForms> = {
  hectares: ['га', 'га', 'га'],
  km: ['км', 'км', 'км'],
  objects: ['объект', 'объекта', 'объектов'],
  hours: ['час', 'часа', 'часов'],
}

/** A request's volume with its unit: «97,2 га», «1 объект». */
export function formatVolume(volume: number, unit: VolumeUnit, maximumFractionDigits = 2): string {
  return `${formatNumber(volume, maximumFractionDigits)} ${pluralize(volume, VOLUME_UNIT_FORMS[unit])}`
}

/** A file attached to a request, a proposal or a result: an uploaded file (files module). */
export interface AttachedFile {
  fileId: string
  name: string
  size: number
  mimeType: string
}

/** «от 1 500 ₽ за гектар», «по договорённости». */
export function formatServicePrice(priceFromKopecks: number | null, unit: PriceUnit): string {
  if (priceFromKopecks === null) return 'Цена по договорённости'
  return `от ${formatMoney(priceFromKopecks)} ${PRICE_UNIT_LABELS[unit]}`
}

/** «до 300 000 ₽», «по договорённости». */
export function formatBudget(budgetKopecks: number | null): string {
  return budgetKopecks === null ? 'По договорённости' : `до ${formatMoney(budgetKopecks)}`
}

/**
 * Request and service order numbers read like the goods orders' ones with a Latin letter in
 * front, so the three never look alike and stay plain in addresses: «Z-2611-00042» for a request
 * (заявка), «S-2611-00042» for a service order.
 */
export function formatRequestNumber(createdAt: Date, sequence: number): string {
  return `Z-${formatOrderNumber(createdAt, sequence)}`
}

export function formatServiceOrderNumber(createdAt: Date, sequence: number): string {
  return `S-${formatOrderNumber(createdAt, sequence)}`
}
