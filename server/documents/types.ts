import type { VatRate } from '#common/catalog/vat.ts'

/** A company or sole trader as printed on a document. */
export interface Party {
  /** Full legal name: «Общество с ограниченной ответственностью «АэроТех Системы»». */
  name: string
  /** 10 digits for a company, 12 for a sole trader. */
  inn: string
  /** 9 digits; null for a sole trader, who has none. */
  kpp: string | null
  /** Legal address with the postcode, one line. */
  address: string
  /** ОГРН (ОГРНИП for a sole trader), where the document prints it; absent in older copies. */
  ogrn?: string | null
}

/** The seller's bank account that buyers pay into. */
export interface BankDetails {
  /** «АО «Банк», г. Москва»: the bank's name with its city, as the bank writes it. */
  bankName: string
  /** 9 digits. */
  bik: string
  /** The seller's account at the bank (расчётный счёт), 20 digits. */
  settlementAccount: string
  /** The bank's account at the Bank of Russia (корреспондентский счёт), 20 digits. */
  correspondentAccount: string
}

export interface Seller extends Party {
  bank: BankDetails
}

export type { VatRate }
