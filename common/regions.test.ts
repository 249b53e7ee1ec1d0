import { describe, expect, it } from 'vitest'
import { CODES_BY_NAME, REGION_OPTIONS, regionCodeByName, REGIONS } from './regions.ts'

describe('regions in name order', () => {
  it('lists every region once, in the order a Russian collator gives their names', () => {
    const sorted = [...REGIONS].sort((a, b) => a[1].localeCompare(b[1], 'ru')).map(([code]) => code)
    expect(CODES_BY_NAME).toEqual(sorted)
    expect(new Set(CODES_BY_NAME).size).toBe(REGIONS.length)
  })

  it('puts Moscow under «М», after Магаданская область', () => {
    const labels = REGION_OPTIONS.map((o) => o.label)
    expect(labels[0]).toBe('Алтайский край')
    expect(labels.indexOf('Москва')).toBe(labels.indexOf('Магаданская область') + 1)
  })
})

describe('a region by its name', () => {
  it('is found however it is written, or by its code', () => {
    expect(regionCodeByName('Свердловская область')).toBe('66')
    expect(regionCodeByName('  свердловская   ОБЛАСТЬ ')).toBe('66')
    expect(regionCodeByName('Республика Северная Осетия - Алания')).toBe('15')
    expect(regionCodeByName('77')).toBe('77')
    expect(regionCodeByName('Атлантида')).toBeUndefined()
    for (const [code, name] of REGIONS) expect(regionCodeByName(name)).toBe(code)
  })
})
