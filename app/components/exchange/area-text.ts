import { closeRing, GeoPolygon } from '#common/geo.ts'
import { quote } from '#common/format.ts'

/**
 * The area's contour typed or pasted as text: the way to set it from the keyboard, and to paste
 * what a GPS receiver, a map service or a GIS exported.
 *
 * One vertex a line, latitude first (as Yandex and Google Maps copy a point): `55.7512, 37.6184`.
 * The decimal separator is a point or a comma; the two numbers are separated by a comma (with a
 * space after it when the decimals are commas too), a semicolon, or spaces and tabs: `55,7512;
 * 37,6184`, `55,7512 37,6184` and `55,7512, 37,6184` all read the same. A degree sign is ignored,
 * empty lines are skipped, a last line repeating the first is not a new vertex. A GeoJSON Polygon
 * (or a Feature holding one) is accepted as it is, longitude first as GeoJSON has it.
 */
export const AREA_TEXT_HINT =
  'Каждая вершина — с новой строки: широта, затем долгота, например 55.7512, 37.6184. Дробная часть — после точки или запятой; числа разделяйте запятой с пробелом, точкой с запятой или пробелом. Можно вставить GeoJSON Polygon.'

export const AREA_TEXT_EXAMPLE = '55.7512, 37.6184\n55.7530, 37.6250\n55.7480, 37.6270'

export type AreaTextResult = { ok: true; value: GeoPolygon } | { ok: false; error: string }

const NUMBER = String.raw`[+-]?\d+(?:[.,]\d+)?`
const POINT_NUMBER = String.raw`[+-]?\d+(?:\.\d+)?`
const COMMA_NUMBER = String.raw`[+-]?\d+(?:,\d+)?`
/** The ways a line may separate latitude from longitude, the least ambiguous first. */
const LINE_FORMATS = [
  new RegExp(`^(${NUMBER})\\s*;\\s*(${NUMBER})$`),
  new RegExp(`^(${POINT_NUMBER})\\s*,\\s*(${POINT_NUMBER})$`),
  new RegExp(`^(${COMMA_NUMBER}),\\s+(${COMMA_NUMBER})$`),
  new RegExp(`^(${NUMBER})\\s+(${NUMBER})$`),
]

const EXAMPLE_LINE = 'например: 55.7512, 37.6184'

function readNumber(text: string): number {
  return Number(text.replace(',', '.'))
}

function shortened(line: string): string {
  return line.length > 40 ? `${line.slice(0, 40)}…` : line
}

/** One line's [lon, lat], or what is wrong with it. */
function parseLine(raw: string, n: number): [number, number] | string {
  const line = raw
    .replace(/°/g, '')
    .replace(/[\u2212\u2013]/g, '-')
    .trim()
  const match = LINE_FORMATS.map((format) => format.exec(line)).find(Boolean)
  if (!match)
    return `Строка ${n}: не удалось прочитать ${quote(shortened(raw.trim()))}. Напишите широту и долготу, ${EXAMPLE_LINE}`
  const lat = readNumber(match[1]!)
  const lon = readNumber(match[2]!)
  if (Math.abs(lat) > 90) {
    const swapped =
      Math.abs(lon) <= 90 && Math.abs(lat) <= 180 ? ' Возможно, широта и долгота переставлены местами.' : ''
    return `Строка ${n}: широта должна быть от −90 до 90.${swapped}`
  }
  if (Math.abs(lon) > 180) return `Строка ${n}: долгота должна быть от −180 до 180.`
  return [lon, lat]
}

function parseGeoJson(text: string): AreaTextResult {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, error: 'Не удалось прочитать GeoJSON: проверьте скобки и запятые' }
  }
  const geometry =
    data && typeof data === 'object' && (data as { type?: unknown }).type === 'Feature'
      ? (data as { geometry?: unknown }).geometry
      : data
  return validate(geometry)
}

function validate(value: unknown): AreaTextResult {
  const parsed = GeoPolygon.safeParse(value)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? 'Проверьте координаты участка' }
}

/** The contour from the text (see AREA_TEXT_HINT), validated as a GeoPolygon. */
export function parseAreaText(text: string): AreaTextResult {
  const trimmed = text.trim()
  if (!trimmed) return { ok: false, error: 'Введите координаты вершин участка, каждую с новой строки' }
  if (trimmed.startsWith('{')) return parseGeoJson(trimmed)
  const points: [number, number][] = []
  const lines = text.split(/\r?\n/)
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue
    const point = parseLine(line, i + 1)
    if (typeof point === 'string') return { ok: false, error: point }
    points.push(point)
  }
  return validate(closeRing(points))
}

/** The contour as the text parseAreaText reads: one `latitude, longitude` a line, not closed again. */
export function formatAreaText(value: GeoPolygon | null): string {
  const ring = value?.coordinates[0] ?? []
  return ring
    .slice(0, -1)
    .map(([lon, lat]) => `${lat}, ${lon}`)
    .join('\n')
}
