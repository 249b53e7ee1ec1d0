import { describe, expect, it } from 'vitest'
import type { GeoPolygon } from '#common/geo.ts'
import { areaNotes, initialRequestState } from './request-form-state.ts'

/** A square field of about `km` × `km` with its south-west corner at [lon, lat]. */
const field = (lon: number, lat: number, km: number): GeoPolygon => {
  const dLat = km / 111
  const dLon = km / (111 * Math.cos((lat * Math.PI) / 180))
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon, lat],
        [lon + dLon, lat],
        [lon + dLon, lat + dLat],
        [lon, lat + dLat],
        [lon, lat],
      ],
    ],
  }
}

describe('what the request form says of the area', () => {
  const base = initialRequestState(null)

  it('says nothing of a 250 га field near Voronezh stated as 250 га', () => {
    const area = field(39.2, 51.6, Math.sqrt(2.5)) // 2.5 km² = 250 га
    expect(areaNotes({ ...base, area, region: '36', volume: 250, volumeUnit: 'hectares' })).toEqual({
      outside: null,
      tooLarge: null,
    })
  })

  it('refuses a field near Moscow for the Voronezh region', () => {
    const area = field(37.5, 55.7, 1)
    expect(areaNotes({ ...base, area, region: '36' }).outside).toBe(
      'Участок на карте лежит вне региона «Воронежская область»: нарисуйте его там или выберите другой регион',
    )
  })

  it('asks to check an area far larger than the hectares stated, and not one in objects', () => {
    const area = field(39.2, 51.6, 30) // 900 km² = 90 000 га
    const notes = areaNotes({ ...base, area, region: '36', volume: 250, volumeUnit: 'hectares' })
    expect(notes.tooLarge).toMatch(
      /^Участок на карте — 90\u00a0\d{3} га, а объём работ — 250 га\. Проверьте контур или объём/,
    )
    expect(areaNotes({ ...base, area, region: '36', volume: 3, volumeUnit: 'objects' }).tooLarge).toBeNull()
  })
})
