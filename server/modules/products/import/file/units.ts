/**
 * Units of the characteristics as files write them, and conversion to the unit our registry
 * uses: a flight time «1,5 ч» is 90 мин, a takeoff weight «900 г» is 0.9 кг.
 */
interface Unit {
  dimension: 'mass' | 'time' | 'length' | 'speed' | 'temperature'
  /** How many of the dimension's first unit one of this is. */
  factor: number
}

const UNITS: Record<string, Unit> = {}
function define(dimension: Unit['dimension'], factor: number, ...names: string[]) {
  for (const name of names) UNITS[name] = { dimension, factor }
}
define('mass', 1, 'кг', 'kg', 'килограмм', 'килограммов')
define('mass', 0.001, 'г', 'гр', 'g', 'грамм', 'граммов')
define('mass', 1000, 'т', 't', 'тонн', 'тонна')
define('time', 1, 'мин', 'min', 'минут', 'минуты', 'минута')
define('time', 60, 'ч', 'час', 'часа', 'часов', 'h', 'hr', 'hours')
define('time', 1 / 60, 'с', 'сек', 's', 'sec', 'секунд')
define('length', 1, 'км', 'km', 'километров')
define('length', 0.001, 'м', 'm', 'метров')
define('speed', 1, 'км/ч', 'km/h', 'kmh', 'кмч')
define('speed', 3.6, 'м/с', 'm/s', 'мс')
define('temperature', 1, '°c', 'c', '°с', 'с°', 'градусов', 'град', '℃')

export function normalizeUnit(unit: string): string {
  return unit.toLowerCase().replace(/ё/g, 'е').replace(/[\s.]/g, '').replace(/^º/, '°')
}

/**
 * The value in `to` units, or null when the units measure different things or are unknown.
 * Temperatures are only ever in °C here, so no offset is needed.
 */
export function convertUnit(value: number, from: string, to: string): number | null {
  const source = UNITS[normalizeUnit(from)]
  const target = UNITS[normalizeUnit(to)]
  if (normalizeUnit(from) === normalizeUnit(to)) return value
  if (!source || !target || source.dimension !== target.dimension) return null
  return (value * source.factor) / target.factor
}

/** Whether a unit from a file could be one of ours (same dimension). */
export function isCompatibleUnit(from: string, to: string): boolean {
  return convertUnit(1, from, to) !== null
}
