import type { LegalForm } from './organizations.ts'

/**
 * What the state register (ЕГРЮЛ/ЕГРИП) says of a company, as a company-data provider reads it:
 * the registration form fills itself from it, staff compare it with what was typed.
 */
export interface CompanyFacts {
  inn: string
  kpp: string | null
  /** ОГРН, or ОГРНИП for a sole trader. */
  ogrn: string
  /** Null when the register's form is none of ours (a cooperative, a foundation). */
  legalForm: LegalForm | null
  shortName: string
  fullName: string
  legalAddress: string
  /** Still operating: not being liquidated, liquidated or bankrupt. */
  active: boolean
}

/** The register's word on an organization, for staff checking its role request beside what it typed. */
export type RegisterCheck =
  | { state: 'off' }
  | { state: 'notFound' }
  | { state: 'unavailable'; message: string }
  | { state: 'found'; facts: CompanyFacts; differences: RegisterField[] }

/** The fields staff compare with the register, in the words of the company page. */
export const REGISTER_FIELDS = {
  fullName: 'Полное наименование',
  kpp: 'КПП',
  ogrn: 'ОГРН',
  legalAddress: 'Юридический адрес',
} as const satisfies Partial<Record<keyof CompanyFacts, string>>

export type RegisterField = keyof typeof REGISTER_FIELDS

/** «ООО "Ромашка"» and «ООО «РОМАШКА»» are the same name: case, quotes and spaces aside. */
const comparable = (value: string | null) =>
  (value ?? '')
    .toLocaleLowerCase('ru')
    .replace(/[«»"„“']/g, '')
    .replace(/ё/g, 'е')
    .replace(/[\s,.]+/g, ' ')
    .trim()

/** The fields where what an organization typed differs from the register. */
export function registerDifferences(typed: Record<RegisterField, string | null>, facts: CompanyFacts): RegisterField[] {
  return (Object.keys(REGISTER_FIELDS) as RegisterField[]).filter(
    (field) => comparable(typed[field]) !== comparable(facts[field]),
  )
}
