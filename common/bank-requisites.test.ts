import { describe, expect, it } from 'vitest'
import {
  correspondentAccountMatchesBik,
  isRoubleAccount,
  isValidBik,
  settlementAccountMatchesBik,
  withSettlementKey,
} from './bank-requisites.ts'
import { BANK_MESSAGES, BankRequisitesInput } from './bank-requisites.schemas.ts'
import { fieldErrors } from './organizations.schemas.ts'

/** Every variant of `value` with one digit changed: a single typo must always be caught. */
function oneDigitTypos(value: string): string[] {
  return [...value].map((digit, i) => value.slice(0, i) + String((Number(digit) + 1) % 10) + value.slice(i + 1))
}

// Published requisites of real banks: BIK and correspondent account.
const BANKS = [
  { name: 'ПАО Сбербанк', bik: '044525225', correspondent: '30101810400000000225' },
  { name: 'Банк ВТБ (ПАО)', bik: '044525187', correspondent: '30101810700000000187' },
  { name: 'АО «Альфа-Банк»', bik: '044525593', correspondent: '30101810200000000593' },
  { name: 'АО «ТБанк»', bik: '044525974', correspondent: '30101810145250000974' },
  { name: 'Северо-Западный банк ПАО Сбербанк', bik: '044030653', correspondent: '30101810500000000653' },
]
const SBER = BANKS[0]!
// A settlement account at Сбербанк with its key computed by the Bank of Russia's rule.
const SBER_ACCOUNT = '40702810938000012345'

// The worked examples of the Bank of Russia's «Порядок расчёта контрольного ключа» (1997 № 515):
// a bank with BIK 049805746, its correspondent account in the RKC 049805000, a client's account.
const EXAMPLE = { bik: '049805746', correspondent: '30101810800000000746', settlement: '40602810700000000025' }

describe('BIK', () => {
  it('accepts 9 digits starting with 04', () => {
    for (const { bik } of BANKS) expect(isValidBik(bik), bik).toBe(true)
  })
  it('refuses other lengths, letters and other countries', () => {
    for (const bik of ['04452522', '0445252250', '144525225', '004525988', '04452522O', '', '044 525 225'])
      expect(isValidBik(bik), bik).toBe(false)
  })
})

describe('correspondent account', () => {
  it('matches the BIK of real banks and of the Bank of Russia’s example', () => {
    for (const { bik, correspondent } of BANKS)
      expect(correspondentAccountMatchesBik(correspondent, bik), bik).toBe(true)
    expect(correspondentAccountMatchesBik(EXAMPLE.correspondent, EXAMPLE.bik)).toBe(true)
  })
  it('catches one wrong digit in the account or in the BIK', () => {
    for (const typo of oneDigitTypos(SBER.correspondent))
      expect(correspondentAccountMatchesBik(typo, SBER.bik), typo).toBe(false)
    // The first two digits of the BIK («04») and its 3rd–4th (the region) take no part in the key.
    for (const typo of oneDigitTypos(SBER.bik).filter((_, i) => i >= 4))
      expect(correspondentAccountMatchesBik(SBER.correspondent, typo), typo).toBe(false)
  })
  it('refuses another bank’s account', () => {
    expect(correspondentAccountMatchesBik(BANKS[1]!.correspondent, SBER.bik)).toBe(false)
  })
})

describe('settlement account', () => {
  it('matches its bank’s BIK', () => {
    expect(settlementAccountMatchesBik(SBER_ACCOUNT, SBER.bik)).toBe(true)
    expect(settlementAccountMatchesBik(EXAMPLE.settlement, EXAMPLE.bik)).toBe(true)
    expect(isRoubleAccount(SBER_ACCOUNT)).toBe(true)
  })
  it('catches one wrong digit in the account or in the last three of the BIK', () => {
    for (const typo of oneDigitTypos(SBER_ACCOUNT))
      expect(settlementAccountMatchesBik(typo, SBER.bik), typo).toBe(false)
    for (const typo of oneDigitTypos(SBER.bik).slice(6))
      expect(settlementAccountMatchesBik(SBER_ACCOUNT, typo), typo).toBe(false)
  })
  it('checks an account at the Bank of Russia itself over the RKC number', () => {
    // The same account number is right at the bank (…746) and wrong at its RKC (…000), and back.
    expect(settlementAccountMatchesBik(EXAMPLE.settlement, '049805000')).toBe(false)
    expect(settlementAccountMatchesBik('40602810900000000025', '049805000')).toBe(true)
  })
  it('computes the key as the bank does', () => {
    expect(withSettlementKey('40702810038000012345', SBER.bik)).toBe(SBER_ACCOUNT)
    expect(withSettlementKey('40602810000000000025', EXAMPLE.bik)).toBe(EXAMPLE.settlement)
    for (const { bik } of BANKS)
      expect(settlementAccountMatchesBik(withSettlementKey('40802810000000000777', bik), bik), bik).toBe(true)
    expect(() => withSettlementKey('4070281', SBER.bik)).toThrow(RangeError)
  })
  it('tells a rouble account from a currency one', () => {
    expect(isRoubleAccount('40702840938000012345')).toBe(false)
  })
})

describe('BankRequisitesInput', () => {
  const valid = {
    bankName: ' ПАО Сбербанк ',
    bik: '044 525 225',
    settlementAccount: '40702 810 9 3800 0012345',
    correspondentAccount: '30101-810-4-0000-0000225',
  }
  const errorsOf = (input: Record<string, unknown>) => {
    const parsed = BankRequisitesInput.safeParse(input)
    return parsed.success ? {} : fieldErrors(parsed.error)
  }

  it('keeps digits only and the trimmed bank name', () => {
    expect(BankRequisitesInput.parse(valid)).toEqual({
      bankName: 'ПАО Сбербанк',
      bik: SBER.bik,
      settlementAccount: SBER_ACCOUNT,
      correspondentAccount: SBER.correspondent,
    })
  })

  it('asks for every field', () => {
    expect(errorsOf({ bankName: '', bik: '', settlementAccount: ' ', correspondentAccount: '' })).toEqual({
      bankName: BANK_MESSAGES.bankName,
      bik: BANK_MESSAGES.bik,
      settlementAccount: BANK_MESSAGES.settlementAccount,
      correspondentAccount: BANK_MESSAGES.correspondentAccount,
    })
    expect(errorsOf({})).toEqual({
      bankName: BANK_MESSAGES.bankName,
      bik: BANK_MESSAGES.bik,
      settlementAccount: BANK_MESSAGES.settlementAccount,
      correspondentAccount: BANK_MESSAGES.correspondentAccount,
    })
  })

  it('says what is wrong with the shape of each number', () => {
    expect(
      errorsOf({ ...valid, bik: '04452522', settlementAccount: '4070281093800001234', correspondentAccount: 'abc' }),
    ).toEqual({
      bik: 'БИК — 9 цифр',
      settlementAccount: 'Расчётный счёт — 20 цифр',
      correspondentAccount: 'Корреспондентский счёт — 20 цифр',
    })
    expect(
      errorsOf({
        ...valid,
        bik: '144525225',
        settlementAccount: '40702840938000012345',
        correspondentAccount: '40101810400000000225',
      }),
    ).toEqual({
      bik: 'БИК российского банка начинается с 04',
      settlementAccount: 'Нужен рублёвый счёт: в номере 6–8-я цифры — 810',
      correspondentAccount: 'Корреспондентский счёт банка начинается с 30101',
    })
  })

  it('refuses a wrong digit with a message on the account that does not fit the BIK', () => {
    expect(errorsOf({ ...valid, settlementAccount: '40702810938000012346' })).toEqual({
      settlementAccount: 'Расчётный счёт не сходится с БИК (не совпал контрольный ключ): проверьте цифры счёта и БИК',
    })
    expect(errorsOf({ ...valid, correspondentAccount: '30101810500000000225' })).toEqual({
      correspondentAccount:
        'Корреспондентский счёт не сходится с БИК (не совпал контрольный ключ): проверьте цифры счёта и БИК',
    })
    expect(errorsOf({ ...valid, correspondentAccount: BANKS[1]!.correspondent })).toEqual({
      correspondentAccount: 'Корреспондентский счёт должен заканчиваться на 225 — последние три цифры БИК',
    })
    // A typo in the BIK's last digits shows up on both accounts.
    expect(Object.keys(errorsOf({ ...valid, bik: '044525226' }))).toEqual(['settlementAccount', 'correspondentAccount'])
  })

  it('checks the accounts against the BIK even when the bank name is missing', () => {
    expect(errorsOf({ ...valid, bankName: '', settlementAccount: '40702810938000012346' })).toEqual({
      bankName: BANK_MESSAGES.bankName,
      settlementAccount: BANK_MESSAGES.settlementKey,
    })
  })

  it('refuses values that are not strings without throwing', () => {
    expect(errorsOf({ bankName: 1, bik: 44525225, settlementAccount: null, correspondentAccount: [] })).toEqual({
      bankName: BANK_MESSAGES.bankName,
      bik: BANK_MESSAGES.bik,
      settlementAccount: BANK_MESSAGES.settlementAccount,
      correspondentAccount: BANK_MESSAGES.correspondentAccount,
    })
  })
})
