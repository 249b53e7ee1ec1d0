import { describe, expect, it } from 'vitest'
import { scriptOf, spellingKey, spellingKeys, toCyrillic, toLatin, withoutRussianEnding } from './transliterate.ts'

describe('transliteration', () => {
  it('tells the alphabet of a word', () => {
    expect(scriptOf('мавик')).toBe('cyrillic')
    expect(scriptOf('т40')).toBe('cyrillic')
    expect(scriptOf('mavic')).toBe('latin')
    expect(scriptOf('m30t')).toBe('latin')
    expect(scriptOf('350')).toBeNull()
    expect(scriptOf('бас200x')).toBeNull()
  })

  it('writes Russian words in Latin letters as passports do', () => {
    expect(toLatin('геоскан')).toBe('geoskan')
    expect(toLatin('мавик')).toBe('mavik')
    expect(toLatin('матрикс')).toBe('matriks')
    expect(toLatin('дджи')).toBe('ddzhi')
    expect(toLatin('щука')).toBe('shchuka')
    expect(toLatin('объектив')).toBe('obektiv')
    expect(toLatin('ёмкость')).toBe('emkost')
    expect(toLatin('Орлан-10')).toBe('orlan-10')
  })

  it('writes Latin words in Russian letters as they sound', () => {
    expect(toCyrillic('geoskan')).toBe('геоскан')
    expect(toCyrillic('orlan')).toBe('орлан')
    expect(toCyrillic('mavic')).toBe('мавик')
    expect(toCyrillic('supercam')).toBe('суперкам')
    expect(toCyrillic('matrice')).toBe('матрисе')
    expect(toCyrillic('evo')).toBe('эво')
    expect(toCyrillic('aero')).toBe('аэро')
    expect(toCyrillic('phantom')).toBe('фантом')
    expect(toCyrillic('shchuka')).toBe('щука')
    expect(toCyrillic('fixar')).toBe('фиксар')
    expect(toCyrillic('wingcopter')).toBe('вингкоптер')
    expect(toCyrillic('dji')).toBe('дджи')
    expect(toCyrillic('yakutiya')).toBe('якутия')
  })

  it('gives words that sound alike in either alphabet one key', () => {
    const same = [
      ['мавик', 'mavic'],
      ['аграс', 'agras'],
      ['матрис', 'matrice'],
      ['дджи', 'dji'],
      ['джи', 'dji'],
      ['геоскан', 'geoskan'],
      ['орлан', 'orlan'],
      ['суперкам', 'supercam'],
      ['фантом', 'phantom'],
      ['фиксар', 'fixar'],
      ['вингкоптер', 'wingcopter'],
      ['паррот', 'parrot'],
      ['квадрокоптер', 'kvadrokopter'],
      ['т40', 't40'],
      ['якутия', 'yakutiya'],
      ['щука', 'shchuka'],
      ['хаб', 'khab'],
    ]
    for (const [cyrillic, latin] of same)
      expect(spellingKey(cyrillic!), `${cyrillic} ~ ${latin}`).toBe(spellingKey(latin!))
    expect(spellingKey('мавик')).toBe('mavik')
    expect(spellingKey('Matrice')).toBe('matris')
  })

  it('keeps words that sound different apart', () => {
    const different = [
      ['мавик', 'agras'],
      ['матрица', 'matrice'],
      ['ыврапывра', 'mavic'],
      ['mini', 'мавик'],
      ['t40', 't50'],
    ]
    for (const [a, b] of different) expect(spellingKey(a!), `${a} ≁ ${b}`).not.toBe(spellingKey(b!))
  })

  it('keeps a key a prefix of the longer word’s while it is typed', () => {
    for (const [typed, word] of [
      ['мав', 'mavic'],
      ['матри', 'matrice'],
      ['агр', 'agras'],
      ['geosk', 'геоскан'],
      ['superc', 'суперкам'],
    ])
      expect(spellingKey(word!).startsWith(spellingKey(typed!)), `${typed} → ${word}`).toBe(true)
  })

  it('also keys a short Latin abbreviation said letter by letter', () => {
    expect(spellingKeys('dji')).toEqual(['dzhi', spellingKey('диджейай'), spellingKey('диджиай')])
    expect(spellingKeys('rtk')).toContain(spellingKey('артикей'))
    expect(spellingKeys('mavic')).toEqual(['mavik'])
    expect(spellingKeys('геоскан')).toEqual(['geoskan'])
  })

  it('takes one Russian ending off, longest first, leaving three letters or more', () => {
    expect(withoutRussianEnding('мавиком')).toEqual(['мавик'])
    expect(withoutRussianEnding('аграсами')).toEqual(['аграс', 'аграсам'])
    expect(withoutRussianEnding('дроны')).toEqual(['дрон'])
    expect(withoutRussianEnding('ама')).toEqual([])
    expect(withoutRussianEnding('mavica')).toEqual([])
  })
})
