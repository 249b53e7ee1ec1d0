import { and, eq, inArray, isNull } from 'drizzle-orm'
import { type BankRequisites, withSettlementKey } from '#common/bank-requisites.ts'
import { organizations } from '../modules/organizations/organizations.table.ts'
import type { Db } from '../db/client.ts'
import { DEMO_ORGANIZATIONS } from './accounts.ts'
import { ACCOUNTS_VENDOR_SLUG, CATALOG_VENDORS } from './catalog/vendors/index.ts'

/**
 * Real banks' published BIK and correspondent account; `branch` is the 4 digits of the account
 * that name the bank's office. The demo companies' accounts in them are invented, with correct keys.
 */
const BANKS = {
  sber: { bankName: 'ПАО Сбербанк', bik: '044525225', correspondentAccount: '30101810400000000225', branch: '3800' },
  vtb: { bankName: 'Банк ВТБ (ПАО)', bik: '044525187', correspondentAccount: '30101810700000000187', branch: '0000' },
  alfa: { bankName: 'АО «Альфа-Банк»', bik: '044525593', correspondentAccount: '30101810200000000593', branch: '0000' },
  tbank: { bankName: 'АО «ТБанк»', bik: '044525974', correspondentAccount: '30101810145250000974', branch: '0000' },
  gpb: { bankName: 'Банк ГПБ (АО)', bik: '044525823', correspondentAccount: '30101810200000000823', branch: '0000' },
  psb: {
    bankName: 'ПАО «Промсвязьбанк»',
    bik: '044525555',
    correspondentAccount: '30101810400000000555',
    branch: '0000',
  },
  sberNorthWest: {
    bankName: 'Северо-Западный банк ПАО Сбербанк',
    bik: '044030653',
    correspondentAccount: '30101810500000000653',
    branch: '5500',
  },
  sberSiberia: {
    bankName: 'Сибирский банк ПАО Сбербанк',
    bik: '045004641',
    correspondentAccount: '30101810500000000641',
    branch: '4405',
  },
  sberVolgaVyatka: {
    bankName: 'Волго-Вятский банк ПАО Сбербанк',
    bik: '042202603',
    correspondentAccount: '30101810900000000603',
    branch: '4200',
  },
  sberSouthWest: {
    bankName: 'Юго-Западный банк ПАО Сбербанк',
    bik: '046015602',
    correspondentAccount: '30101810600000000602',
    branch: '5200',
  },
  sberUral: {
    bankName: 'Уральский банк ПАО Сбербанк',
    bik: '046577674',
    correspondentAccount: '30101810500000000674',
    branch: '1650',
  },
} as const
type Bank = (typeof BANKS)[keyof typeof BANKS]

/** Companies in these regions bank with Сбербанк's regional bank there; the rest with Moscow banks in turn. */
const REGIONAL_BANK: Record<string, Bank> = {
  'Санкт-Петербург': BANKS.sberNorthWest,
  'Архангельская область': BANKS.sberNorthWest,
  'Новосибирская область': BANKS.sberSiberia,
  'Томская область': BANKS.sberSiberia,
  'Нижегородская область': BANKS.sberVolgaVyatka,
  'Ростовская область': BANKS.sberSouthWest,
  'Краснодарский край': BANKS.sberSouthWest,
  'Свердловская область': BANKS.sberUral,
  'Челябинская область': BANKS.sberUral,
  'Тюменская область': BANKS.sberUral,
}
const MOSCOW_BANKS: readonly Bank[] = [BANKS.sber, BANKS.vtb, BANKS.alfa, BANKS.tbank, BANKS.gpb, BANKS.psb]

/** A legal entity's rouble account (balance account 40702) numbered after its INN. */
function requisitesOf(bank: Bank, inn: string): BankRequisites {
  const { branch, ...rest } = bank
  return { ...rest, settlementAccount: withSettlementKey(`407028100${branch}${inn.slice(3, 10)}`, bank.bik) }
}

/** The demo vendors' requisites by INN: every vendor can be paid by invoice. */
export function demoBankRequisites(): Map<string, BankRequisites> {
  const accountsVendor = DEMO_ORGANIZATIONS.find((o) => o.slug === ACCOUNTS_VENDOR_SLUG)!
  const vendors = [accountsVendor, ...CATALOG_VENDORS]
  return new Map(
    vendors.map((v, i) => [
      v.inn,
      requisitesOf((v.region && REGIONAL_BANK[v.region]) || MOSCOW_BANKS[i % MOSCOW_BANKS.length]!, v.inn),
    ]),
  )
}

/** Fills the requisites of demo vendors that have none; what an owner has entered stays. */
export async function seedBankRequisites(db: Db): Promise<void> {
  const requisites = demoBankRequisites()
  const missing = await db
    .select({ id: organizations.id, inn: organizations.inn })
    .from(organizations)
    .where(and(inArray(organizations.inn, [...requisites.keys()]), isNull(organizations.bik)))
  for (const org of missing) {
    await db
      .update(organizations)
      .set(requisites.get(org.inn)!)
      .where(and(eq(organizations.id, org.id), isNull(organizations.bik)))
  }
}
