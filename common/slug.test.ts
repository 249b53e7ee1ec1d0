import { describe, expect, it } from 'vitest'
import { isPossibleSlug, isSlug, organizationBrandName, slugify } from './slug.ts'

describe('slugify', () => {
  it('transliterates Russian and joins words with hyphens', () => {
    expect(slugify('АэроТех Системы')).toBe('aerotekh-sistemy')
    expect(slugify('Геоскан 201 «Агро»')).toBe('geoskan-201-agro')
    expect(slugify('Съёмка / щит')).toBe('semka-shchit')
  })

  it('gives slugs that isSlug accepts', () => {
    for (const text of ['DJI Matrice 350 RTK', '  —Квадрокоптер—  ', 'Ёж']) expect(isSlug(slugify(text))).toBe(true)
  })
})

describe('organizationBrandName', () => {
  it('drops the legal form and quotes', () => {
    expect(organizationBrandName('ООО «АэроТех Системы»')).toBe('АэроТех Системы')
    expect(organizationBrandName('ИП Петров П. П.')).toBe('Петров П. П.')
  })
})

describe('isPossibleSlug', () => {
  it('takes generated slugs, and an organization slug with its INN appended', () => {
    expect(isPossibleSlug('dji-matrice-350-rtk')).toBe(true)
    expect(isPossibleSlug(`${slugify('а'.repeat(100))}-7736050003`)).toBe(true)
  })

  it('refuses anything a slug cannot be', () => {
    for (const value of [
      '',
      '\u0000',
      'dji\u0000',
      'dji\u0007',
      'DJI',
      'dji mavic',
      'dji--mavic',
      '-dji',
      'a'.repeat(94),
    ]) {
      expect(isPossibleSlug(value), JSON.stringify(value)).toBe(false)
    }
  })
})
