/**
 * Who signs an organization's documents and how it charges VAT: what its invoices (and, later, its
 * transfer documents) print. Set on the company page by its owners and administrators.
 */

/**
 * How the organization charges VAT: «general» is the general tax system (22 %, 10 % for some
 * goods), «usn_5» and «usn_7» the simplified system with VAT at 5 or 7 % (Federal Law 176-ФЗ,
 * from 2025), «none» not a VAT payer (the simplified system without VAT, or an exemption under
 * article 145 of the Tax Code).
 */
export const VAT_STATUSES = ['general', 'usn_5', 'usn_7', 'none'] as const
export type VatStatus = (typeof VAT_STATUSES)[number]

export const VAT_STATUS_LABELS: Record<VatStatus, string> = {
  general: 'Плательщик НДС: 22% или 10% (общая система)',
  usn_5: 'УСН с НДС 5%',
  usn_7: 'УСН с НДС 7%',
  none: 'Не плательщик НДС (УСН без НДС или освобождение по ст. 145 НК РФ)',
}

/** Who signs: the head, or a person acting by power of attorney. */
export const SIGNER_KINDS = ['head', 'attorney'] as const
export type SignerKind = (typeof SIGNER_KINDS)[number]

export interface Person {
  /** Full name as in the passport: «Иванов Иван Иванович». */
  name: string
  position: string
}

export interface PowerOfAttorney extends Person {
  number: string
  /** YYYY-MM-DD. */
  date: string
}

export interface DocumentSettings {
  head: Person
  /** The chief accountant; null when the head keeps the books (the head signs for both). */
  accountant: { name: string } | null
  /** Set when documents are signed by a person acting by power of attorney instead of the head. */
  attorney: PowerOfAttorney | null
  vatStatus: VatStatus
  /** The electronic document exchange participant id (Диадок, СБИС, Такском…), if any. */
  edoParticipantId: string | null
  /**
   * Pictures printed on the forms, if any: the signer's signature (over the head's blank) and
   * the stamp. Files of the organization, PNG or JPEG; absent in settings kept before they were.
   */
  signatureFileId?: string | null
  stampFileId?: string | null
}

/** The pictures a printed form may carry: small PNG or JPEG files. */
export const SIGNATURE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const
export const SIGNATURE_IMAGE_MAX_BYTES = 1024 * 1024

/** «Иванов Иван Иванович» → «Иванов И. И.», as documents print a signer under the signature. */
export function nameWithInitials(fullName: string): string {
  const [surname, ...rest] = fullName.trim().split(/\s+/)
  if (!surname) return ''
  const initials = rest.map((part) => `${part[0]!.toUpperCase()}.`).join(' ')
  return initials ? `${surname} ${initials}` : surname
}

/** «по доверенности № 12 от 01.02.2026». */
export function attorneyBasis(attorney: Pick<PowerOfAttorney, 'number' | 'date'>): string {
  const [year, month, day] = attorney.date.split('-')
  return `по доверенности № ${attorney.number} от ${day}.${month}.${year}`
}

/**
 * The names an invoice prints by its signature blanks: the head's line is signed by the head or by
 * the attorney (with the basis), the accountant's by the chief accountant or, without one, by
 * whoever signs for the head.
 */
export function invoiceSignatories(settings: DocumentSettings): {
  head: string
  headBasis: string | null
  accountant: string
  /** The signer signs the accountant's line too: the signature's picture goes on both. */
  accountantSignsToo: boolean
} {
  const signer = settings.attorney ?? settings.head
  return {
    head: nameWithInitials(signer.name),
    headBasis: settings.attorney ? `${settings.attorney.position}, ${attorneyBasis(settings.attorney)}` : null,
    accountant: nameWithInitials(settings.accountant?.name ?? signer.name),
    accountantSignsToo: settings.accountant === null,
  }
}

/** The rate a VAT status charges on work and services: the general 22 %, 5 or 7 % under the simplified system, none. */
export const SERVICE_VAT_RATE: Record<VatStatus, '22' | '7' | '5' | 'none'> = {
  general: '22',
  usn_5: '5',
  usn_7: '7',
  none: 'none',
}
