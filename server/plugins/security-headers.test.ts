import { describe, expect, it } from 'vitest'
import { testConfig } from '../testing/app.ts'
import { buildCsp, mapTilesSource } from './security-headers.ts'

const imgSrc = (overrides: Record<string, string>) =>
  buildCsp(testConfig(overrides), 'n')
    .split('; ')
    .find((d) => d.startsWith('img-src '))

describe('the map tiles in the Content-Security-Policy', () => {
  it('lets images come from the tile server of MAP_TILES_URL', () => {
    expect(imgSrc({})).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org")
    expect(imgSrc({ MAP_TILES_URL: 'https://tiles.example.ru:8443/osm/{z}/{x}/{y}.png?key={key}' })).toBe(
      "img-src 'self' data: blob: https://tiles.example.ru:8443",
    )
  })

  it('allows nothing more when the tiles are off or on this origin', () => {
    expect(imgSrc({ MAP_TILES_URL: '' })).toBe("img-src 'self' data: blob:")
    expect(imgSrc({ MAP_TILES_URL: '/tiles/{z}/{x}/{y}.png' })).toBe("img-src 'self' data: blob:")
  })

  it('turns a {s} subdomain into a wildcard', () => {
    expect(mapTilesSource('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png')).toEqual(['https://*.tile.example.org'])
  })

  it('refuses a template without the tile coordinates', () => {
    expect(() => testConfig({ MAP_TILES_URL: 'https://tile.openstreetmap.org/' })).toThrow(/MAP_TILES_URL must be/)
    expect(() => testConfig({ MAP_TILES_URL: 'javascript:{z}{x}{y}' })).toThrow(/MAP_TILES_URL must be/)
  })
})
