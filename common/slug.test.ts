import { describe, expect, it } from 'vitest'
import { isSlug, organizationBrandName, slugify } from './slug.ts'

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
