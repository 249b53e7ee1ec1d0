import { describe, expect, it } from 'vitest'
import { literalStrayPercents } from './literal-percents.ts'

describe('literalStrayPercents', () => {
  it('leaves addresses that decode as they are', () => {
    for (const url of ['/', '/catalog/bespilotniki?q=%E0%A4%A', '/media/%D0%B4%D1%80%D0%BE%D0%BD', '/a%20b', '/%25'])
      expect(literalStrayPercents(url)).toBe(url)
  })

  it('writes a % that starts no valid escape as %25, keeping the valid escapes and the query', () => {
    expect(literalStrayPercents('/catalog/%E0%A4%A')).toBe('/catalog/%25E0%25A4%25A')
    expect(literalStrayPercents('/100%')).toBe('/100%25')
    expect(literalStrayPercents('/%zz/%D0%B4?page=%E0')).toBe('/%25zz/%D0%B4?page=%E0')
    expect(literalStrayPercents('/%D0%B4%FF')).toBe('/%25D0%25B4%25FF')
    expect(decodeURIComponent(literalStrayPercents('/api/v1/catalog/%C0%AF'))).toBe('/api/v1/catalog/%C0%AF')
  })
})
