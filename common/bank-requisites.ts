/**
 * Russian bank requisites checked the way the Bank of Russia defines them: the BIK's structure
 * and the control key of an account number («Порядок расчёта контрольного ключа в номере
 * лицевого счёта», ЦБ РФ 08.09.1997 № 515). Pure functions for the browser and the server; they
 * say whether the numbers fit together, not whether the account exists.
 */

/** What an invoice needs to be paid by bank transfer. */
export interface BankRequisites {
  bankName: string
  /** 9 digits. */
  bik: string
  /** Расчётный счёт: 20 digits. */
  settlementAccount: string
  /** Корреспондентский счёт: 20 digits starting with 30101. */
  correspondentAccount: string
}

/** The weights of the key calculation, repeated over the 23 digits (3 from the BIK + 20). */
const KEY_WEIGHTS = [7, 1, 3]

/**
 * BIK: 9 digits — «04» (Russia), 2 digits of the region, 2 of the Bank of Russia division, 3 of
 * the participant: 050–999 a credit institution or its branch, 000–002 the Bank of Russia itself.
 */
export function isValidBik(value: string): boolean {
  return /^04\d{7}$/.test(value)
}

/** An account of the Bank of Russia's own network (a cash settlement centre) rather than a bank's. */
function isBankOfRussiaDivision(bik: string): boolean {
  return Number(bik.slice(6)) < 50
}

/**
 * The control key holds when Σ digit × weight over «3 digits + account» ends in 0: the key (the
 * 9th digit of the account) is chosen by the bank so that it does.
 */
function keyMatches(prefix: string, account: string): boolean {
  const digits = prefix + account
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * KEY_WEIGHTS[i % 3]!
  return sum % 10 === 0
}

const ACCOUNT_SHAPE = /^\d{20}$/

/** The conditional number of the RKC: «0» and the 5th–6th digits of the BIK. */
const rkcNumber = (bik: string) => `0${bik.slice(4, 6)}`

/**
 * A settlement account at the bank with this BIK: the key is checked over the last 3 digits of
 * the BIK (the credit institution's number) and the account; an account opened at the Bank of
 * Russia itself is checked over its RKC number instead.
 */
export function settlementAccountMatchesBik(account: string, bik: string): boolean {
  if (!ACCOUNT_SHAPE.test(account) || !isValidBik(bik)) return false
  return keyMatches(isBankOfRussiaDivision(bik) ? rkcNumber(bik) : bik.slice(6), account)
}

/**
 * The account with its key (the 9th digit) computed for the bank with this BIK, as the bank does
 * when it opens one: for demo data and tests. Expects 20 digits and a valid BIK.
 */
export function withSettlementKey(account: string, bik: string): string {
  for (let key = 0; key <= 9; key++) {
    const candidate = `${account.slice(0, 8)}${key}${account.slice(9)}`
    if (settlementAccountMatchesBik(candidate, bik)) return candidate
  }
  throw new RangeError(`Not an account number and a BIK: ${account}, ${bik}`)
}

/** The account's currency, digits 6–8: «810» for roubles (the historical code, not 643). */
export function isRoubleAccount(account: string): boolean {
  return ACCOUNT_SHAPE.test(account) && account.slice(5, 8) === '810'
}

/** Correspondent accounts of banks at the Bank of Russia are on balance account 30101. */
export function isCorrespondentAccountShape(account: string): boolean {
  return ACCOUNT_SHAPE.test(account) && account.startsWith('30101')
}

/**
 * The bank's correspondent account at the Bank of Russia: 30101…, its last 3 digits are the
 * BIK's last 3 (Bank of Russia telegram 86-97), and the key is checked over the RKC number («0» and
 * the 5th–6th digits of the BIK) and the account.
 */
export function correspondentAccountMatchesBik(account: string, bik: string): boolean {
  if (!isCorrespondentAccountShape(account) || !isValidBik(bik)) return false
  return account.endsWith(bik.slice(6)) && keyMatches(rkcNumber(bik), account)
}
