import {
  correspondentAccountMatchesBik,
  isCorrespondentAccountShape,
  isRoubleAccount,
  isValidBik,
  settlementAccountMatchesBik,
} from './bank-requisites.ts'
import { singleLineText } from './text.ts'
import { z } from './zod.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

/**
 * The form of an organization's bank requisites: the browser, the page action and the REST
 * route validate with it. Numbers may be typed with spaces or dashes; what is kept is digits.
 * Each message says which number is wrong and how.
 */

export const BANK_NAME_MAX = 200

export const BANK_MESSAGES = {
  bankName: 'Укажите название банка',
  bik: 'Укажите БИК',
  bikShape: 'БИК — 9 цифр',
  bikCountry: 'БИК российского банка начинается с 04',
  settlementAccount: 'Укажите расчётный счёт',
  settlementShape: 'Расчётный счёт — 20 цифр',
  settlementRouble: 'Нужен рублёвый счёт: в номере 6–8-я цифры — 810',
  settlementKey: 'Расчётный счёт не сходится с БИК (не совпал контрольный ключ): проверьте цифры счёта и БИК',
  correspondentAccount: 'Укажите корреспондентский счёт',
  correspondentShape: 'Корреспондентский счёт — 20 цифр',
  correspondentPrefix: 'Корреспондентский счёт банка начинается с 30101',
  correspondentSuffix: (bik: string) =>
    `Корреспондентский счёт должен заканчиваться на ${bik.slice(6)} — последние три цифры БИК`,
  correspondentKey:
    'Корреспондентский счёт не сходится с БИК (не совпал контрольный ключ): проверьте цифры счёта и БИК',
} as const

const withoutSeparators = (value: string) => value.replace(/[\s-]/g, '')

// As in organizations.schemas.ts: each refinement skips what an earlier one refused, so that the
// pair checks below still run when one field is wrong.
const Bik = z
  .string({ error: BANK_MESSAGES.bik })
  .trim()
  .transform(withoutSeparators)
  .refine((v) => v !== '', BANK_MESSAGES.bik)
  .refine((v) => v === '' || /^\d{9}$/.test(v), BANK_MESSAGES.bikShape)
  .refine((v) => !/^\d{9}$/.test(v) || isValidBik(v), BANK_MESSAGES.bikCountry)

const ACCOUNT = /^\d{20}$/
function account(required: string, shape: string) {
  return z
    .string({ error: required })
    .trim()
    .transform(withoutSeparators)
    .refine((v) => v !== '', required)
    .refine((v) => v === '' || ACCOUNT.test(v), shape)
}

const SettlementAccount = account(BANK_MESSAGES.settlementAccount, BANK_MESSAGES.settlementShape).refine(
  (v) => !ACCOUNT.test(v) || isRoubleAccount(v),
  BANK_MESSAGES.settlementRouble,
)

const CorrespondentAccount = account(BANK_MESSAGES.correspondentAccount, BANK_MESSAGES.correspondentShape).refine(
  (v) => !ACCOUNT.test(v) || isCorrespondentAccountShape(v),
  BANK_MESSAGES.correspondentPrefix,
)

/** The account numbers are checked against the BIK once each of them has the right shape. */
export const BankRequisitesInput = z
  .object({
    bankName: singleLineText({ error: BANK_MESSAGES.bankName })
      .min(1, BANK_MESSAGES.bankName)
      .max(BANK_NAME_MAX, `Не больше ${formatCount(BANK_NAME_MAX, CHARACTERS_UP_TO)}`),
    bik: Bik,
    settlementAccount: SettlementAccount,
    correspondentAccount: CorrespondentAccount,
  })
  .superRefine((data, ctx) => {
    // zod runs this even when a field failed: check each shape here rather than trust the types.
    const { bik, settlementAccount, correspondentAccount } = data as Partial<typeof data>
    if (typeof bik !== 'string' || !isValidBik(bik)) return
    if (typeof settlementAccount === 'string' && isRoubleAccount(settlementAccount)) {
      if (!settlementAccountMatchesBik(settlementAccount, bik))
        ctx.addIssue({ code: 'custom', path: ['settlementAccount'], message: BANK_MESSAGES.settlementKey })
    }
    if (typeof correspondentAccount === 'string' && isCorrespondentAccountShape(correspondentAccount)) {
      if (!correspondentAccount.endsWith(bik.slice(6)))
        ctx.addIssue({
          code: 'custom',
          path: ['correspondentAccount'],
          message: BANK_MESSAGES.correspondentSuffix(bik),
        })
      else if (!correspondentAccountMatchesBik(correspondentAccount, bik))
        ctx.addIssue({ code: 'custom', path: ['correspondentAccount'], message: BANK_MESSAGES.correspondentKey })
    }
  })
export type BankRequisitesInput = z.input<typeof BankRequisitesInput>
export type BankRequisitesData = z.output<typeof BankRequisitesInput>
