import { describe, expect, it } from 'vitest'
import {
  isValidInn,
  isValidKpp,
  isValidLegalInn,
  isValidOgrn,
  isValidOgrnip,
  isValidPersonInn,
  isValidGtin,
} from './validators.ts'

/** Every variant of `value` with one digit changed: a single typo must always be caught. */
function oneDigitTypos(value: string): string[] {
  const typos: string[] = []
  for (let i = 0; i < value.length; i++) {
    const other = String((Number(value[i]) + 1) % 10)
    typos.push(value.slice(0, i) + other + value.slice(i + 1))
  }
  return typos
}

describe('INN', () => {
  // Сбербанк, Яндекс, ВТБ; a real individual entrepreneur's 12-digit INN.
  const legal = ['7707083893', '7736207543', '7702070139']
  const person = ['500100732259']

  it('accepts real numbers of both lengths', () => {
    for (const inn of legal) expect(isValidLegalInn(inn), inn).toBe(true)
    for (const inn of person) expect(isValidPersonInn(inn), inn).toBe(true)
    for (const inn of [...legal, ...person]) expect(isValidInn(inn), inn).toBe(true)
  })

  it('keeps the kinds apart', () => {
    expect(isValidPersonInn('7707083893')).toBe(false)
    expect(isValidLegalInn('500100732259')).toBe(false)
  })

  it('catches a changed control digit', () => {
    expect(isValidInn('7707083894')).toBe(false)
    expect(isValidInn('500100732258')).toBe(false)
    expect(isValidInn('500100732269')).toBe(false)
  })

  it('refuses wrong lengths, letters, separators and the 00 region', () => {
    for (const inn of ['770708389', '77070838931', '50010073225', '5001007322590', '', '77O7083893', '7707 08389'])
      expect(isValidInn(inn), inn).toBe(false)
    expect(isValidInn('0000000000')).toBe(false)
    expect(isValidInn('000000000000')).toBe(false)
  })
})

describe('KPP', () => {
  it('accepts digits and capital Latin letters in the reason code', () => {
    for (const kpp of ['773601001', '775001001', '7736AB001', '77360A001']) expect(isValidKpp(kpp), kpp).toBe(true)
  })

  it('refuses letters elsewhere, lowercase, Cyrillic and wrong lengths', () => {
    for (const kpp of ['77360100', '7736010011', 'A73601001', '7736ab001', '7736АВ001', '773601A01', ''])
      expect(isValidKpp(kpp), kpp).toBe(false)
  })
})

describe('OGRN', () => {
  // Сбербанк, ВТБ, Газпром.
  const real = ['1027700132195', '1027739609391', '1027700070518']

  it('accepts real numbers', () => {
    for (const ogrn of real) expect(isValidOgrn(ogrn), ogrn).toBe(true)
    expect(isValidOgrn('1027739019142')).toBe(true)
  })

  it('catches every one-digit typo', () => {
    for (const typo of oneDigitTypos('1027700132195')) expect(isValidOgrn(typo), typo).toBe(false)
  })

  it('refuses wrong lengths, letters, an OGRNIP and other register prefixes', () => {
    for (const ogrn of ['102770013219', '10277001321950', '10277001321A5', '304500116000157', '2027700132195', ''])
      expect(isValidOgrn(ogrn), ogrn).toBe(false)
  })
})

describe('OGRNIP', () => {
  it('accepts a real number', () => {
    expect(isValidOgrnip('304500116000157')).toBe(true)
  })

  it('catches a changed control digit and a changed body digit', () => {
    expect(isValidOgrnip('304500116000158')).toBe(false)
    expect(isValidOgrnip('304500116000257')).toBe(false)
  })

  it('refuses wrong lengths, letters and an OGRN', () => {
    for (const ogrnip of ['30450011600015', '3045001160001570', '30450011600015X', '1027700132195', ''])
      expect(isValidOgrnip(ogrnip), ogrnip).toBe(false)
  })

  it('agrees with BigInt arithmetic', () => {
    for (const body of ['39999999999999', '31234567890123', '38765432109876']) {
      const control = (BigInt(body) % 13n) % 10n
      expect(isValidOgrnip(`${body}${control}`)).toBe(true)
      expect(isValidOgrnip(`${body}${(control + 1n) % 10n}`)).toBe(false)
    }
    for (const body of ['599999999999', '112345678901']) {
      const control = (BigInt(body) % 11n) % 10n
      expect(isValidOgrn(`${body}${control}`)).toBe(true)
      expect(isValidOgrn(`${body}${(control + 1n) % 10n}`)).toBe(false)
    }
  })
})

describe('GTIN', () => {
  it('accepts EAN-13, EAN-8, UPC-A and GTIN-14 with their check digit, and nothing else', () => {
    for (const gtin of ['4006381333931', '96385074', '036000291452', '10614141000415'])
      expect(isValidGtin(gtin), gtin).toBe(true)
    for (const gtin of ['4006381333932', '9638507', '40063813339310', 'abcdefghijklm', ''])
      expect(isValidGtin(gtin), gtin).toBe(false)
  })
})
