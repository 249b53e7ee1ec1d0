import { formatNumber } from './format.ts'
import { POINTS_UP_TO } from '#common/counted-words.ts'
import { z } from './zod.ts'
import { formatCount } from '#common/format.ts'

/**
 * A service request's area: a GeoJSON Polygon (RFC 7946) of one outer ring, positions
 * [longitude, latitude] in WGS84 degrees. The browser draws it and the server validates it with
 * the same schema; the area is always computed from the polygon (decision 032).
 */

export const GEO_LIMITS = {
  /** Distinct vertices of a contour at least: a triangle. */
  minVertices: 3,
  /** Vertices at most: enough for a field's outline, small enough to check every pair of sides. */
  maxVertices: 200,
  /** 5 million hectares: a large region's forests or power lines, not a continent. */
  maxAreaHectares: 5_000_000,
  /** Decimals kept of a coordinate: 6 is about 0.1 m, far below what a map click can point at. */
  precision: 6,
} as const

const SCALE = 10 ** GEO_LIMITS.precision

const M = {
  notPolygon: 'Участок должен быть многоугольником (GeoJSON Polygon)',
  noRing: 'Нарисуйте контур участка',
  holes: 'Контур участка должен быть один, без вырезов',
  position: 'Каждая точка контура — пара чисел: долгота и широта',
  longitude: 'Долгота точки должна быть от −180 до 180',
  latitude: 'Широта точки должна быть от −90 до 90',
  tooFew: `В контуре участка должно быть не меньше ${formatCount(GEO_LIMITS.minVertices, POINTS_UP_TO)}`,
  tooMany: `В контуре участка должно быть не больше ${formatCount(GEO_LIMITS.maxVertices, POINTS_UP_TO)}`,
  notClosed: 'Контур участка должен быть замкнут',
  crossing: 'Стороны контура участка не должны пересекаться',
  zeroArea: 'Площадь участка не может быть нулевой: точки контура лежат на одной линии',
  tooLarge: `Площадь участка должна быть не больше ${formatNumber(GEO_LIMITS.maxAreaHectares)} га`,
}

type Position = [lon: number, lat: number]

const roundCoordinate = (v: number) => Math.round(v * SCALE) / SCALE

const Longitude = z.number({ error: M.position }).min(-180, M.longitude).max(180, M.longitude)
const Latitude = z.number({ error: M.position }).min(-90, M.latitude).max(90, M.latitude)

// Rounded on the way in, so every check below and whatever is stored see the same numbers.
const GeoPosition = z
  .tuple([Longitude, Latitude], { error: M.position })
  .transform(([lon, lat]): Position => [roundCoordinate(lon), roundCoordinate(lat)])

// The cap bounds the work of the pairwise crossing check before it starts (+1: the closing point).
const Ring = z.array(GeoPosition, { error: M.noRing }).max(GEO_LIMITS.maxVertices + 1, M.tooMany)

export const GeoPolygon = z
  .object({
    type: z.literal('Polygon', { error: M.notPolygon }),
    coordinates: z.array(Ring, { error: M.noRing }).min(1, M.noRing).max(1, M.holes),
  })
  .superRefine((polygon, ctx) => {
    const ring = polygon.coordinates[0]
    if (!ring) return
    const problem = ringProblem(ring)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['coordinates', 0] })
  })

export type GeoPolygon = z.infer<typeof GeoPolygon>

const same = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1]

/** The ring's vertices without the closing point and without a point repeated right after itself. */
function openVertices(ring: readonly Position[]): Position[] {
  const out: Position[] = []
  for (const p of ring) if (!out.length || !same(out[out.length - 1]!, p)) out.push(p)
  while (out.length > 1 && same(out[0]!, out[out.length - 1]!)) out.pop()
  return out
}

function ringProblem(ring: Position[]): string | null {
  const vertices = openVertices(ring)
  const distinct = new Set(vertices.map(([lon, lat]) => `${lon},${lat}`)).size
  if (distinct < GEO_LIMITS.minVertices) return M.tooFew
  if (!same(ring[0]!, ring[ring.length - 1]!)) return M.notClosed
  // Exact integer arithmetic on the rounded coordinates: "touches" and "on one line" are decided
  // without floating-point doubt.
  const points = vertices.map(
    ([lon, lat]) => [BigInt(Math.round(lon * SCALE)), BigInt(Math.round(lat * SCALE))] as const,
  )
  if (onOneLine(points)) return M.zeroArea
  if (sidesCross(points)) return M.crossing
  if (polygonAreaHectares(polygon(vertices)) > GEO_LIMITS.maxAreaHectares) return M.tooLarge
  return null
}

type Point = readonly [bigint, bigint]

function orientation(a: Point, b: Point, c: Point): number {
  const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
  return cross > 0n ? 1 : cross < 0n ? -1 : 0
}

/** c, on the line through a and b, lies within the segment ab. */
function onSegment(a: Point, b: Point, c: Point): boolean {
  const between = (x: bigint, y: bigint, v: bigint) => (x < y ? x <= v && v <= y : y <= v && v <= x)
  return between(a[0], b[0], c[0]) && between(a[1], b[1], c[1])
}

/** The closed segments ab and cd share a point (crossing, touching or overlapping). */
function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const o1 = orientation(a, b, c)
  const o2 = orientation(a, b, d)
  const o3 = orientation(c, d, a)
  const o4 = orientation(c, d, b)
  if (o1 * o2 < 0 && o3 * o4 < 0) return true
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  )
}

/**
 * Any two sides of the ring meet other than at the vertex two neighbours share: a crossing
 * (a bow-tie), a vertex visited twice, or a side doubling back over the one before it.
 */
function sidesCross(points: Point[]): boolean {
  const n = points.length
  const side = (i: number) => [points[i]!, points[(i + 1) % n]!] as const
  for (let i = 0; i < n; i++) {
    const [a, b] = side(i)
    for (let j = i + 1; j < n; j++) {
      const [c, d] = side(j)
      if (j === i + 1 || (i === 0 && j === n - 1)) {
        // Neighbours share one vertex; they must not run back along each other.
        const [from, shared, to] = j === i + 1 ? [a, b, d] : [c, a, b]
        const back = (shared[0] - from[0]) * (to[0] - shared[0]) + (shared[1] - from[1]) * (to[1] - shared[1])
        if (orientation(from, shared, to) === 0 && back < 0n) return true
        continue
      }
      if (segmentsMeet(a, b, c, d)) return true
    }
  }
  return false
}

/** Every vertex lies on the line through the first two (which differ: the ring has 3 distinct points). */
function onOneLine(points: Point[]): boolean {
  const [a, b] = points as [Point, Point]
  return points.every((c) => orientation(a, b, c) === 0)
}

const polygon = (vertices: Position[]): GeoPolygon => ({ type: 'Polygon', coordinates: [[...vertices, vertices[0]!]] })

/** The mean radius of the WGS84 ellipsoid, in metres, as turf's area uses it. */
const EARTH_RADIUS = 6_371_008.8
const RAD = Math.PI / 180

/**
 * The area on the sphere, in hectares: the spherical excess summed side by side (Chamberlain and
 * Duquette, "Some algorithms for polygons on a sphere", 2007), the formula of @turf/area, written
 * here because it is a few lines and the library would bring its own GeoJSON helpers. Within a
 * fraction of a percent of the ellipsoidal area for anything a request describes.
 */
export function polygonAreaHectares(p: GeoPolygon): number {
  const vertices = openVertices(p.coordinates[0] ?? [])
  const n = vertices.length
  if (n < 3) return 0
  let total = 0
  for (let i = 0; i < n; i++) {
    const prev = vertices[(i + n - 1) % n]!
    const here = vertices[i]!
    const next = vertices[(i + 1) % n]!
    total += (next[0] - prev[0]) * RAD * Math.sin(here[1] * RAD)
  }
  return Math.abs((total * EARTH_RADIUS * EARTH_RADIUS) / 2) / 10_000
}

/**
 * The centre of mass of the contour's surface, [lon, lat] (for a concave contour it may fall
 * outside it): the planar formula, relative to the first vertex for precision, which for an area
 * of a request is indistinguishable from the spherical one. A degenerate ring gives its vertices' mean.
 */
export function polygonCentroid(p: GeoPolygon): Position {
  const vertices = openVertices(p.coordinates[0] ?? [])
  if (!vertices.length) return [0, 0]
  const [ox, oy] = vertices[0]!
  let doubled = 0
  let cx = 0
  let cy = 0
  for (let i = 0; i < vertices.length; i++) {
    const [x1, y1] = vertices[i]!
    const [x2, y2] = vertices[(i + 1) % vertices.length]!
    const cross = (x1 - ox) * (y2 - oy) - (x2 - ox) * (y1 - oy)
    doubled += cross
    cx += (x1 - ox + x2 - ox) * cross
    cy += (y1 - oy + y2 - oy) * cross
  }
  if (doubled === 0) {
    const mean = (k: 0 | 1) => vertices.reduce((s, v) => s + v[k], 0) / vertices.length
    return [roundCoordinate(mean(0)), roundCoordinate(mean(1))]
  }
  return [roundCoordinate(ox + cx / (3 * doubled)), roundCoordinate(oy + cy / (3 * doubled))]
}

/** The contour's bounding box in degrees (GeoJSON's bbox order: west, south, east, north). */
export function polygonBounds(p: GeoPolygon): { west: number; south: number; east: number; north: number } {
  const ring = p.coordinates[0] ?? []
  const lons = ring.map((v) => v[0])
  const lats = ring.map((v) => v[1])
  return { west: Math.min(...lons), south: Math.min(...lats), east: Math.max(...lons), north: Math.max(...lats) }
}

/**
 * A polygon from the vertices in order, [lon, lat] each: coordinates rounded to GEO_LIMITS.precision
 * decimals, a point repeated right after itself dropped, and the first point appended to close the
 * ring (a ring that already ends on its first point is not closed twice). Not validated: parse the
 * result with GeoPolygon.
 */
export function closeRing(points: [number, number][]): GeoPolygon {
  const vertices = openVertices(points.map(([lon, lat]): Position => [roundCoordinate(lon), roundCoordinate(lat)]))
  return { type: 'Polygon', coordinates: [vertices.length ? [...vertices, vertices[0]!] : []] }
}
