import { describe, expect, it } from 'vitest'
import { closeRing, GEO_LIMITS, GeoPolygon, polygonAreaHectares, polygonBounds, polygonCentroid } from './geo.ts'

const R = 6_371_008.8
const RAD = Math.PI / 180
/** Degrees of latitude in one kilometre on the sphere. */
const KM_LAT = 1000 / (R * RAD)

/** A square of `km` kilometres a side with its south-west corner at lat, lon. */
function square(lat: number, lon: number, km = 1): [number, number][] {
  const dLat = km * KM_LAT
  const dLon = (km * KM_LAT) / Math.cos((lat + dLat / 2) * RAD)
  return [
    [lon, lat],
    [lon + dLon, lat],
    [lon + dLon, lat + dLat],
    [lon, lat + dLat],
  ]
}

/** The first refusal's message, or null when the value is accepted. */
function refusal(value: unknown): string | null {
  const result = GeoPolygon.safeParse(value)
  return result.success ? null : (result.error.issues[0]?.message ?? 'no message')
}

const ring = (...points: [number, number][]) => ({ type: 'Polygon', coordinates: [points] })

describe('GeoPolygon', () => {
  it('accepts a closed square near Moscow and keeps it as it is', () => {
    const value = closeRing(square(55.75, 37.62))
    const parsed = GeoPolygon.parse(value)
    expect(parsed).toEqual(value)
    expect(parsed.coordinates[0]).toHaveLength(5)
  })

  it('rounds coordinates to six decimals', () => {
    const parsed = GeoPolygon.parse(ring([37.123456789, 55.1], [37.2, 55.1], [37.2, 55.2], [37.123456789, 55.1]))
    expect(parsed.coordinates[0]![0]).toEqual([37.123457, 55.1])
  })

  it('drops members other than type and coordinates (a bbox, properties)', () => {
    const parsed = GeoPolygon.parse({ ...closeRing(square(55, 37)), bbox: [0, 0, 1, 1], crs: 'x' })
    expect(Object.keys(parsed).sort()).toEqual(['coordinates', 'type'])
  })

  it('refuses a bow-tie', () => {
    expect(refusal(ring([37, 55], [37.1, 55.1], [37.1, 55], [37, 55.1], [37, 55]))).toBe(
      'Стороны контура участка не должны пересекаться',
    )
  })

  it('refuses a contour that passes twice through one vertex', () => {
    // Two triangles joined at (37.1, 55.1).
    const figureEight = ring([37, 55], [37.1, 55.1], [37.2, 55], [37.2, 55.2], [37.1, 55.1], [37, 55.2], [37, 55])
    expect(refusal(figureEight)).toBe('Стороны контура участка не должны пересекаться')
  })

  it('refuses a side that doubles back over the one before it', () => {
    expect(refusal(ring([37, 55], [37.2, 55], [37.1, 55], [37.1, 55.1], [37, 55]))).toBe(
      'Стороны контура участка не должны пересекаться',
    )
  })

  it('refuses a vertex lying on another side', () => {
    // The fourth vertex touches the first side in its middle.
    expect(refusal(ring([37, 55], [37.2, 55], [37.2, 55.1], [37.1, 55], [37, 55.1], [37, 55]))).toBe(
      'Стороны контура участка не должны пересекаться',
    )
  })

  it('accepts a concave contour whose sides do not cross', () => {
    expect(refusal(ring([37, 55], [37.2, 55], [37.2, 55.2], [37.1, 55.05], [37, 55.2], [37, 55]))).toBeNull()
  })

  it('accepts a point repeated right after itself (a double click) and counts it once', () => {
    expect(refusal(ring([37, 55], [37.1, 55], [37.1, 55], [37.1, 55.1], [37, 55]))).toBeNull()
  })

  it('refuses an open ring', () => {
    expect(refusal(ring([37, 55], [37.1, 55], [37.1, 55.1]))).toBe('Контур участка должен быть замкнут')
  })

  it('refuses holes', () => {
    const outer = closeRing(square(55, 37, 3)).coordinates[0]!
    const hole = closeRing(square(55.005, 37.005, 1)).coordinates[0]!
    expect(refusal({ type: 'Polygon', coordinates: [outer, hole] })).toBe(
      'Контур участка должен быть один, без вырезов',
    )
  })

  it('refuses fewer than three distinct points', () => {
    expect(refusal(ring([37, 55], [37.1, 55], [37, 55]))).toBe('В контуре участка должно быть не меньше 3 точек')
    expect(refusal(ring([37, 55], [37.1, 55], [37.1, 55], [37, 55]))).toBe(
      'В контуре участка должно быть не меньше 3 точек',
    )
    expect(refusal(ring())).toBe('В контуре участка должно быть не меньше 3 точек')
  })

  it('refuses a longitude or latitude out of range', () => {
    expect(refusal(ring([181, 55], [37.1, 55], [37.1, 55.1], [181, 55]))).toBe(
      'Долгота точки должна быть от −180 до 180',
    )
    expect(refusal(ring([37, -91], [37.1, 55], [37.1, 55.1], [37, -91]))).toBe('Широта точки должна быть от −90 до 90')
  })

  it('refuses a position that is not two numbers', () => {
    const message = 'Каждая точка контура — пара чисел: долгота и широта'
    expect(refusal(ring([37, 55], [37.1, 55], ['37.1', 55.1] as never, [37, 55]))).toBe(message)
    expect(refusal(ring([37, 55], [37.1, 55, 120] as never, [37.1, 55.1], [37, 55]))).toBe(message)
    expect(refusal(ring([37, 55], [37.1] as never, [37.1, 55.1], [37, 55]))).toBe(message)
    expect(refusal(ring([37, 55], [37.1, Number.NaN], [37.1, 55.1], [37, 55]))).toBe(message)
  })

  it('refuses more than the maximum of points', () => {
    const circle = (count: number) =>
      closeRing(
        Array.from({ length: count }, (_, i): [number, number] => [
          37 + 0.1 * Math.cos((2 * Math.PI * i) / count),
          55 + 0.1 * Math.sin((2 * Math.PI * i) / count),
        ]),
      )
    expect(refusal(circle(GEO_LIMITS.maxVertices))).toBeNull()
    expect(refusal(circle(GEO_LIMITS.maxVertices + 1))).toBe('В контуре участка должно быть не больше 200 точек')
  })

  it('refuses points on one line', () => {
    const message = 'Площадь участка не может быть нулевой: точки контура лежат на одной линии'
    expect(refusal(ring([37, 55], [37.1, 55.1], [37.2, 55.2], [37, 55]))).toBe(message)
    expect(refusal(ring([37, 55], [37.2, 55.2], [37.1, 55.1], [37.3, 55.3], [37, 55]))).toBe(message)
  })

  it('refuses an area above the maximum', () => {
    // 300 km a side: 9 million hectares.
    expect(refusal(closeRing(square(55, 37, 300)))).toBe('Площадь участка должна быть не больше 5\u00a0000\u00a0000 га')
    expect(refusal(closeRing(square(55, 37, 200)))).toBeNull()
  })

  it('refuses what is not a polygon', () => {
    expect(refusal({ type: 'Point', coordinates: [37, 55] })).toBe(
      'Участок должен быть многоугольником (GeoJSON Polygon)',
    )
    expect(refusal({ type: 'Polygon', coordinates: [] })).toBe('Нарисуйте контур участка')
    expect(refusal(null)).not.toBeNull()
  })
})

describe('polygonAreaHectares', () => {
  it('gives about 100 ha for a 1 km square near Moscow', () => {
    const area = polygonAreaHectares(closeRing(square(55.75, 37.62)))
    expect(Math.abs(area - 100) / 100).toBeLessThan(0.01)
  })

  it('equals the closed form of a latitude-longitude rectangle on the sphere', () => {
    // R² · Δλ · (sin φ2 − sin φ1): 0.5° × 0.3° south of Saint Petersburg.
    const expected = (R * R * 0.5 * RAD * (Math.sin(59.8 * RAD) - Math.sin(59.5 * RAD))) / 10_000
    const area = polygonAreaHectares(
      closeRing([
        [30, 59.5],
        [30.5, 59.5],
        [30.5, 59.8],
        [30, 59.8],
      ]),
    )
    expect(Math.abs(area - expected) / expected).toBeLessThan(1e-6)
  })

  it('does not depend on the direction the contour is drawn in', () => {
    const points = square(45, 39, 2)
    const clockwise = polygonAreaHectares(closeRing([...points].reverse()))
    expect(clockwise).toBeCloseTo(polygonAreaHectares(closeRing(points)), 6)
    expect(clockwise).toBeGreaterThan(395)
    expect(clockwise).toBeLessThan(405)
  })
})

describe('polygonCentroid and polygonBounds', () => {
  it('finds the middle of a rectangle and its box', () => {
    const p = closeRing([
      [37, 55],
      [37.2, 55],
      [37.2, 55.1],
      [37, 55.1],
    ])
    expect(polygonCentroid(p)).toEqual([37.1, 55.05])
    expect(polygonBounds(p)).toEqual({ west: 37, south: 55, east: 37.2, north: 55.1 })
  })

  it('weights by area, not by vertices', () => {
    // A right triangle with many points on its hypotenuse still has its centroid at a third.
    const p = closeRing([
      [0, 0],
      [3, 0],
      [2, 1],
      [1, 2],
      [0, 3],
    ])
    const [lon, lat] = polygonCentroid(p)
    expect(lon).toBeCloseTo(1, 6)
    expect(lat).toBeCloseTo(1, 6)
  })
})

describe('closeRing', () => {
  it('rounds, drops repeated points and appends the first point once', () => {
    expect(
      closeRing([
        [37.1234567, 55.7654321],
        [37.2, 55.8],
        [37.2, 55.8],
        [37.3, 55.7],
      ]),
    ).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [37.123457, 55.765432],
          [37.2, 55.8],
          [37.3, 55.7],
          [37.123457, 55.765432],
        ],
      ],
    })
    expect(
      closeRing([
        [37, 55],
        [37.1, 55],
        [37.1, 55.1],
        [37, 55],
      ]).coordinates[0],
    ).toHaveLength(4)
  })
})
