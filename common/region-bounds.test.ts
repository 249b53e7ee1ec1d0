import { describe, expect, it } from 'vitest'
import { type GeoPolygon } from './geo.ts'
import { areaWithinRegion, REGION_BOUNDS } from './region-bounds.ts'
import { REGION_CODES } from './regions.ts'

/** A small square around [lon, lat]. */
const square = (lon: number, lat: number, side = 0.02): GeoPolygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + side, lat],
      [lon + side, lat + side],
      [lon, lat + side],
      [lon, lat],
    ],
  ],
})

describe('regions on the map', () => {
  it('knows a box for every region, west of east and south of north', () => {
    for (const code of REGION_CODES) {
      const [west, south, east, north] = REGION_BOUNDS[code]
      expect(west, code).toBeLessThan(east)
      expect(south, code).toBeLessThan(north)
    }
  })

  it('takes a field near Voronezh for the Voronezh region and refuses one near Moscow', () => {
    expect(areaWithinRegion(square(39.2, 51.67), '36')).toBe(true)
    expect(areaWithinRegion(square(37.62, 55.75), '36')).toBe(false)
    expect(areaWithinRegion(square(37.62, 55.75), '77')).toBe(true)
  })

  it('counts Moscow’s south-west (joined in 2012) and Chukotka east of 180°', () => {
    expect(areaWithinRegion(square(37.1, 55.3), '77')).toBe(true)
    expect(areaWithinRegion(square(-172.5, 65.5), '87')).toBe(true)
    expect(areaWithinRegion(square(-172.5, 65.5), '25')).toBe(false)
  })

  it('lets a field on the border cross the box a little, not by a hundred kilometres', () => {
    const [, , east] = REGION_BOUNDS['36']
    expect(areaWithinRegion(square(east + 0.05, 51), '36')).toBe(true)
    expect(areaWithinRegion(square(east + 1, 51), '36')).toBe(false)
  })
})
