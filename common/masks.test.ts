import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_MASK,
  applyMask,
  BIK_MASK,
  INN_LEGAL_MASK,
  INN_PERSON_MASK,
  KPP_MASK,
  MASK_DEFINITIONS,
  normalizePhone,
  OGRN_MASK,
  OGRNIP_MASK,
  PHONE_MASK,
  prepareChunk,
  unmask,
} from './masks.ts'

describe('mask definitions', () => {
  it('documents digit, letter and alphanumeric placeholders', () => {
    expect(Object.keys(MASK_DEFINITIONS).sort()).toEqual(['*', '0', 'a'])
  })

  it('a digit mask keeps digits and drops everything else', () => {
    expect(applyMask('0000', '12ab34')).toBe('1234')
    expect(applyMask('0000', 'abcd')).toBe('')
    expect(applyMask('0000', '123456')).toBe('1234')
  })

  it('a letter mask keeps Latin and Cyrillic letters and drops digits and symbols', () => {
    expect(applyMask('aaaa', 'ab12cd')).toBe('abcd')
    expect(applyMask('aaaa', 'Ёж-1ик')).toBe('Ёжик')
    expect(applyMask('aaa', '123 !?')).toBe('')
  })

  it('an alphanumeric mask keeps letters and digits but not symbols', () => {
    expect(applyMask('****', 'a-1_б!2')).toBe('a1б2')
    expect(applyMask('***', ' .,;')).toBe('')
  })

  it('mixed masks insert their literals and skip characters a slot refuses', () => {
    expect(applyMask('aa-00', 'AB12')).toBe('AB-12')
    expect(applyMask('aa-00', '1A2B34')).toBe('AB-34')
  })
})

describe('document masks', () => {
  it.each([
    ['INN_LEGAL_MASK', INN_LEGAL_MASK, 10],
    ['INN_PERSON_MASK', INN_PERSON_MASK, 12],
    ['KPP_MASK', KPP_MASK, 9],
    ['OGRN_MASK', OGRN_MASK, 13],
    ['OGRNIP_MASK', OGRNIP_MASK, 15],
    ['BIK_MASK', BIK_MASK, 9],
    ['ACCOUNT_MASK', ACCOUNT_MASK, 20],
  ])('%s holds exactly %i digits', (_name, mask, length) => {
    const digits = '1234567890'.repeat(3)
    expect(mask).toMatch(/^0+$/)
    expect(applyMask(mask, digits)).toBe(digits.slice(0, length))
    expect(applyMask(mask, ` 77-07 x${digits}`)).toBe(`7707${digits}`.slice(0, length))
  })
})

describe('phone mask', () => {
  it.each(['89161234567', '+7 916 123-45-67', '9161234567', '+79161234567', '8 (916) 123 45 67'])(
    'formats %j as +7 (916) 123-45-67',
    (raw) => {
      expect(applyMask(PHONE_MASK, raw)).toBe('+7 (916) 123-45-67')
    },
  )

  it('keeps a national number that starts with 7 or 8 intact', () => {
    expect(applyMask(PHONE_MASK, '7161234567')).toBe('+7 (716) 123-45-67')
    expect(applyMask(PHONE_MASK, '8123456789')).toBe('+7 (812) 345-67-89')
  })

  it('formats partial input without inventing digits', () => {
    expect(applyMask(PHONE_MASK, '916')).toBe('+7 (916')
    expect(applyMask(PHONE_MASK, '+7 (916')).toBe('+7 (916')
    expect(applyMask(PHONE_MASK, '')).toBe('')
  })
})

describe('a phone field', () => {
  const prepare = prepareChunk(PHONE_MASK)!

  it('reads a number put whole into the empty field for its national digits', () => {
    for (const pasted of ['8 (916) 123-45-67', '89161234567', '+79161234567', '+7 (916) 123-45-67'])
      expect(prepare(pasted, { unmaskedValue: '' }), pasted).toBe('9161234567')
  })

  it('takes typed characters and what is added to a number as they are', () => {
    expect(prepare('8', { unmaskedValue: '' })).toBe('8')
    expect(prepare('45', { unmaskedValue: '91612' })).toBe('45')
    expect(prepareChunk(INN_PERSON_MASK)).toBeUndefined()
  })
})

describe('unmask', () => {
  it('strips the literals of a formatted value', () => {
    expect(unmask(PHONE_MASK, '+7 (916) 123-45-67')).toBe('9161234567')
    expect(unmask('aa-00', 'AB-12')).toBe('AB12')
  })

  it.each([
    [PHONE_MASK, '9161234567'],
    [INN_PERSON_MASK, '500100732259'],
    ['aa-00', 'AB12'],
    ['***-***', 'a1bв2г'],
  ])('round-trips %j with %j', (mask, raw) => {
    const formatted = applyMask(mask, raw)
    expect(unmask(mask, formatted)).toBe(raw)
    expect(applyMask(mask, unmask(mask, formatted))).toBe(formatted)
  })
})

describe('normalizePhone', () => {
  it.each(['89161234567', '+7 916 123-45-67', '9161234567', '+7 (916) 123-45-67', '8 916 123 45 67', ' 79161234567 '])(
    'normalizes %j',
    (value) => {
      expect(normalizePhone(value)).toBe('+79161234567')
    },
  )

  it.each([
    '',
    '916123456',
    '+7 916 123-45',
    '8916',
    '916123456789',
    '+8 916 123-45-67',
    '+9161234567',
    '916abc4567',
    '69161234567',
  ])('rejects %j', (value) => {
    expect(normalizePhone(value)).toBeNull()
  })
})
