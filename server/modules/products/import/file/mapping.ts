import {
  ATTRIBUTES,
  type AttributeCode,
  type AttributeDef,
  getAttribute,
  type SpecValue,
  type Specs,
} from '#common/catalog/attributes.ts'
import { type Category, CATEGORIES, getCategory, isLeafCategory } from '#common/catalog/categories.ts'
import type { Availability } from '#common/catalog/products.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import { DRAFT_MESSAGES as M } from './messages.ts'
import type { FileCategory, ImportedOffer } from './types.ts'
import { convertUnit, isCompatibleUnit } from './units.ts'
import { cleanLine, parseDecimal, parseYesNo } from './values.ts'

/**
 * From a file's categories and characteristics to ours. The suggestions are what the vendor
 * sees preselected on the mapping step; what they confirm comes back as an `ImportMapping`.
 */

export interface ImportMapping {
  /** A file category id → the slug of one of our leaf categories, or null (not imported). */
  categories: Record<string, string | null>
  /** A file characteristic name → one of our attribute codes, or null (ignored). */
  params: Record<string, AttributeCode | null>
  /** The rate of offers whose file gives none (a vendor on the simplified system: '5', '7' or 'none'). */
  defaultVatRate?: VatRate
}

/** The fields of a product draft an import fills. */
export interface DraftFields {
  sku: string
  title: string
  brand: string
  model: string
  categorySlug: string | null
  priceKopecks: number | null
  vatRate: VatRate | null
  availability: Availability
  description: string
  specs: Specs
  pictures: string[]
  /** As the offer has them: absent when the file has no such column. */
  leadTimeDays?: number | null
  stockQuantity?: number | null
  areas?: string[]
  warrantyMonths?: number | null
  minOrderQuantity?: number
  deliveryRegions?: string[]
  partNumber?: string
  gtin?: string
}

/** A field of the draft whose value from the file did not fit: `categorySlug`, `vatRate`, `specs.{code}`. */
export interface DraftFieldError {
  field: string
  message: string
}

const MAX_TEXT_SPEC_LENGTH = 500

export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}/%°]+/gu, ' ')
    .trim()
}

// Categories: names as vendors' catalogues use them, by stem, most specific first (a «VTOL
// самолётного типа» is a VTOL).
const CATEGORY_STEMS: readonly [string, readonly string[]][] = [
  ['vtol', ['vtol', 'гибрид', 'конвертоплан', 'вертикальн', 'тилтротор']],
  ['vertoletnogo-tipa', ['вертолет', 'helicopter']],
  ['samoletnogo-tipa', ['самолет', 'fixed wing', 'fixedwing', 'крыло', 'airplane', 'plane']],
  [
    'multirotornye',
    [
      'мультирот',
      'мультикоптер',
      'квадрокоптер',
      'квадракоптер',
      'гексакоптер',
      'октокоптер',
      'коптер',
      'агродрон',
      'multirotor',
      'multicopter',
      'quadcopter',
      'copter',
    ],
  ],
]

function matchCategory(name: string): string | null {
  const normalized = normalizeName(name)
  if (!normalized) return null
  const exact = CATEGORIES.find(
    (c) =>
      c.slug === normalized.replace(/ /g, '-') ||
      normalizeName(c.title) === normalized ||
      normalizeName(c.heading) === normalized,
  )
  if (exact) return isLeafCategory(exact.slug) ? exact.slug : null
  for (const [slug, stems] of CATEGORY_STEMS) if (stems.some((stem) => normalized.includes(stem))) return slug
  return null
}

/**
 * A suggestion per file category: matched by name, slug or a synonym; otherwise its parent's
 * («DJI» under «Квадрокоптеры» is multirotor); otherwise null.
 */
export function suggestCategoryMapping(fileCategories: readonly FileCategory[]): Record<string, string | null> {
  const byId = new Map(fileCategories.map((c) => [c.id, c]))
  const result: Record<string, string | null> = {}
  const resolve = (category: FileCategory, seen: Set<string>): string | null => {
    if (category.id in result) return result[category.id]!
    const own = matchCategory(category.name)
    if (own) return own
    const parent = category.parentId ? byId.get(category.parentId) : undefined
    // A loop of parents in a broken file ends here rather than recursing forever.
    if (!parent || seen.has(parent.id)) return null
    seen.add(parent.id)
    return resolve(parent, seen)
  }
  for (const category of fileCategories) result[category.id] = resolve(category, new Set([category.id]))
  return result
}

// Characteristics: other names vendors give them, in Russian and English.
const PARAM_SYNONYMS: Partial<Record<AttributeCode, readonly string[]>> = {
  type: ['тип бпла', 'тип дрона', 'тип конструкции', 'конструкция', 'drone type'],
  max_takeoff_weight: [
    'взлетная масса',
    'взлетный вес',
    'максимальный взлетный вес',
    'макс взлетная масса',
    'мвм',
    'mtow',
    'max takeoff weight',
    'takeoff weight',
  ],
  flight_time: [
    'время полета',
    'продолжительность полета',
    'полетное время',
    'макс время полета',
    'максимальное время полета',
    'flight time',
    'endurance',
  ],
  range: [
    'дальность полета',
    'максимальная дальность',
    'радиус действия',
    'дальность действия',
    'range',
    'flight range',
  ],
  max_speed: ['скорость', 'макс скорость', 'максимальная скорость полета', 'max speed', 'speed', 'top speed'],
  payload: ['грузоподъемность', 'масса полезной нагрузки', 'макс полезная нагрузка', 'payload', 'max payload'],
  wind_resistance: [
    'устойчивость к ветру',
    'максимальная скорость ветра',
    'макс скорость ветра',
    'ветроустойчивость',
    'wind resistance',
  ],
  ip_rating: ['класс защиты', 'защита', 'пылевлагозащита', 'ip', 'ip rating', 'степень защиты ip'],
  operating_temp_min: [
    'минимальная рабочая температура',
    'мин рабочая температура',
    'рабочая температура от',
    'температура от',
    'min operating temperature',
  ],
  operating_temp_max: [
    'максимальная рабочая температура',
    'макс рабочая температура',
    'рабочая температура до',
    'температура до',
    'max operating temperature',
  ],
  camera: ['камера', 'подвес', 'camera', 'payload camera'],
  navigation: ['навигационные системы', 'спутниковые системы', 'гнсс', 'gnss', 'navigation'],
  rtk: ['rtk', 'поддержка rtk', 'rtk модуль', 'наличие rtk'],
  country: ['страна', 'страна производитель', 'страна происхождения', 'производство', 'country', 'country of origin'],
  areas_of_application: [
    'применение',
    'сфера применения',
    'область применения',
    'области применения',
    'отрасли',
    'applications',
  ],
}

let paramIndex: Map<string, AttributeCode> | undefined

function paramNames(): Map<string, AttributeCode> {
  if (paramIndex) return paramIndex
  paramIndex = new Map()
  for (const attr of ATTRIBUTES as readonly AttributeDef[]) {
    const code = attr.code as AttributeCode
    for (const name of [attr.title, attr.code, attr.code.replace(/_/g, ' '), ...(PARAM_SYNONYMS[code] ?? [])])
      if (!paramIndex.has(normalizeName(name))) paramIndex.set(normalizeName(name), code)
  }
  return paramIndex
}

type ParamRef = string | { name: string; unit?: string }

/**
 * A suggestion per file characteristic: its name (with or without the unit) against our titles,
 * codes and synonyms; a number whose unit measures something else is not suggested.
 */
export function suggestParamMapping(params: readonly ParamRef[]): Record<string, AttributeCode | null> {
  const result: Record<string, AttributeCode | null> = {}
  for (const param of params) {
    const { name, unit } = typeof param === 'string' ? { name: param, unit: undefined } : param
    if (name in result && result[name]) continue
    const names = paramNames()
    const code =
      names.get(normalizeName(name)) ?? (unit ? names.get(normalizeName(`${name} ${unit}`)) : undefined) ?? null
    const attr = code ? getAttribute(code) : undefined
    result[name] = attr && (attr.kind !== 'number' || !unit || isCompatibleUnit(unit, attr.unit)) ? code : null
  }
  return result
}

// Enum values: our option values and labels match as they are; these are other spellings.
const OPTION_SYNONYMS: Record<string, Record<string, readonly string[]>> = {
  type: {
    multirotor: [
      'мультироторный',
      'мультироторного типа',
      'мультикоптер',
      'квадрокоптер',
      'гексакоптер',
      'октокоптер',
      'коптер',
      'multicopter',
      'quadcopter',
    ],
    fixed_wing: ['самолетный', 'самолет', 'fixed wing', 'крыло', 'летающее крыло'],
    vtol: ['vtol', 'гибрид', 'гибридный', 'конвертоплан'],
    helicopter: ['вертолет', 'вертолетный', 'helicopter'],
  },
  country: {
    RU: ['рф', 'российская федерация', 'russia'],
    BY: ['рб', 'республика беларусь', 'belarus'],
    CN: ['кнр', 'china'],
    US: ['сша', 'usa', 'united states'],
    CH: ['switzerland'],
    FR: ['france'],
    DE: ['germany'],
    IL: ['israel'],
    TR: ['turkey', 'турецкая республика'],
    KR: ['корея', 'south korea', 'korea'],
    JP: ['japan'],
  },
  navigation: { glonass: ['glonass'], visual: ['визуальная', 'vision', 'visual'] },
}

/** The option of an enum characteristic a file's text names: its value, its label or a synonym. */
export function matchOption(attr: Extract<AttributeDef, { kind: 'enum' }>, text: string): string | undefined {
  const value = normalizeName(text)
  const synonyms = OPTION_SYNONYMS[attr.code] ?? {}
  return attr.options.find(
    (o) =>
      normalizeName(o.value) === value ||
      normalizeName(o.label) === value ||
      (synonyms[o.value] ?? []).some((s) => normalizeName(s) === value),
  )?.value
}

const NUMBER_WITH_UNIT = /^([-+−]?[\d\s\u00a0.,]*\d)\s*(\D.*)?$/

type Converted = { value: SpecValue; error?: undefined } | { value?: undefined; error: string }

/** A characteristic's value from a file as our registry stores it, or why it does not fit. */
export function convertSpecValue(attr: AttributeDef, text: string, unit?: string): Converted {
  const value = cleanLine(text)
  switch (attr.kind) {
    case 'number': {
      const match = NUMBER_WITH_UNIT.exec(value)
      const number = match ? parseDecimal(match[1]!) : null
      if (number === null) return { error: M.specNotNumber(attr.title, value) }
      const from = match?.[2]?.trim() || unit
      if (!from) return { value: number }
      const converted = convertUnit(number, from, attr.unit)
      if (converted === null) return { error: M.specUnit(attr.title, from, attr.unit) }
      return { value: Math.round(converted * 1000) / 1000 }
    }
    case 'enum': {
      const parts = attr.multiple ? value.split(/\s*[,;|/]\s*/).filter(Boolean) : [value]
      const values: string[] = []
      for (const part of parts) {
        const option = matchOption(attr, part)
        if (!option)
          return { error: M.specUnknownOption(attr.title, part, attr.options.map((o) => o.label).join(', ')) }
        if (!values.includes(option)) values.push(option)
      }
      return { value: attr.multiple ? values : values[0]! }
    }
    case 'boolean': {
      const yes = parseYesNo(
        value.replace(/^(поддерживается|имеется)$/i, 'да').replace(/^(не поддерживается|отсутствует)$/i, 'нет'),
        false,
      )
      return yes === null ? { error: M.specNotBoolean(attr.title, value) } : { value: yes }
    }
    case 'text':
      return value.length > MAX_TEXT_SPEC_LENGTH
        ? { error: M.specTooLong(attr.title, MAX_TEXT_SPEC_LENGTH) }
        : { value }
  }
}

function categoryOf(offer: ImportedOffer, mapping: ImportMapping, errors: DraftFieldError[]): Category | undefined {
  const slug = mapping.categories[offer.fileCategory]
  if (!slug) {
    errors.push({ field: 'categorySlug', message: M.categoryNotMapped(offer.fileCategory) })
    return undefined
  }
  const category = getCategory(slug)
  if (!category || !isLeafCategory(slug)) {
    errors.push({ field: 'categorySlug', message: M.categoryNotLeaf(category?.title ?? slug) })
    return undefined
  }
  return category
}

/**
 * An offer as the fields of a product draft, with a Russian message for every value that does
 * not fit. Characteristics the category does not have, or that are mapped to nothing, are left
 * out; the drone type follows from the category.
 */
export function offerToDraft(
  offer: ImportedOffer,
  mapping: ImportMapping,
): { draft: DraftFields; errors: DraftFieldError[] } {
  const errors: DraftFieldError[] = []
  const category = categoryOf(offer, mapping, errors)
  const allowed = new Set<string>(category?.attributes ?? ATTRIBUTES.map((a) => a.code))
  const specs: Specs = {}
  for (const param of offer.params) {
    const code = mapping.params[param.name]
    const attr = code ? getAttribute(code) : undefined
    if (!code || !attr || !allowed.has(code) || code in specs) continue
    const converted = convertSpecValue(attr, param.value, param.unit)
    if (converted.error !== undefined) errors.push({ field: `specs.${code}`, message: converted.error })
    else specs[code] = converted.value
  }
  if (category?.droneType) {
    if (specs.type !== undefined && specs.type !== category.droneType) {
      errors.push({ field: 'specs.type', message: M.specTypeMismatch(typeLabel(String(specs.type)), category.title) })
    }
    specs.type = category.droneType
  }
  // Those the registry marks required (the same as the cabinet's form asks for). A row that names
  // its model by GTIN or part number may be an offer of a catalogue model, which has them: if it
  // is not, its draft says what is missing, as a draft from the form does.
  if (category && !offer.gtin && !offer.partNumber)
    for (const code of category.attributes.filter((c) => getAttribute(c)?.required))
      if (specs[code] === undefined && !errors.some((e) => e.field === `specs.${code}`))
        errors.push({ field: `specs.${code}`, message: M.specRequired(getAttribute(code)!.title) })

  const vatRate = offer.vatRate ?? mapping.defaultVatRate ?? null
  if (!vatRate) errors.push({ field: 'vatRate', message: M.noVatRate })

  return {
    draft: {
      sku: offer.sku,
      title: offer.title,
      brand: offer.brand,
      model: offer.model,
      categorySlug: category?.slug ?? null,
      priceKopecks: offer.priceKopecks,
      vatRate,
      availability: offer.available ? 'in_stock' : 'to_order',
      description: offer.description,
      specs,
      pictures: offer.pictures,
      ...(offer.partNumber && { partNumber: offer.partNumber }),
      ...(offer.gtin && { gtin: offer.gtin }),
      ...(offer.leadTimeDays !== undefined && { leadTimeDays: offer.leadTimeDays }),
      ...(offer.stockQuantity !== undefined && { stockQuantity: offer.stockQuantity }),
      ...(offer.areas !== undefined && { areas: offer.areas }),
      ...(offer.warrantyMonths !== undefined && { warrantyMonths: offer.warrantyMonths }),
      ...(offer.minOrderQuantity !== undefined && { minOrderQuantity: offer.minOrderQuantity }),
      ...(offer.deliveryRegions !== undefined && { deliveryRegions: offer.deliveryRegions }),
    },
    errors,
  }
}

function typeLabel(value: string): string {
  const attr = getAttribute('type')
  return attr?.kind === 'enum' ? (attr.options.find((o) => o.value === value)?.label ?? value) : value
}
