import type { DocumentSettings } from '#common/document-settings.ts'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { VerificationStatus } from '#common/organizations.ts'
import type { Db } from '../../db/client.ts'
import { nextLegalInn } from './organizations.testing.ts'
import { organizationRoles, organizations } from './organizations.table.ts'
import { quote } from '#common/format.ts'

/**
 * A vendor organization made directly in the tables, for tests of seller pages and the
 * catalogue: `vendorStatus` is its vendor role's verification (null: no vendor role at all).
 */
export async function createTestVendor(
  db: Db,
  opts: {
    name: string
    slug: string
    vendorStatus?: VerificationStatus | null
    description?: string
    region?: string
  },
): Promise<{ id: string; slug: string; name: string }> {
  const shortName = `ООО ${quote(opts.name)}`
  const [org] = await db
    .insert(organizations)
    .values({
      legalForm: 'ooo',
      fullName: `Общество с ограниченной ответственностью ${quote(opts.name)}`,
      shortName,
      inn: nextLegalInn(),
      kpp: '773601001',
      ogrn: '1027700132195',
      legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
      contactEmail: 'sales@vendor.example',
      contactPhone: '+74955005550',
      website: 'https://vendor.example',
      slug: opts.slug,
      description: opts.description ?? `${opts.name} поставляет беспилотники.`,
      region: opts.region ?? 'Москва',
      createdByUserId: randomUUID(),
    })
    .returning({ id: organizations.id })
  const status = opts.vendorStatus === undefined ? 'confirmed' : opts.vendorStatus
  if (status) await db.insert(organizationRoles).values({ organizationId: org!.id, type: 'vendor', status })
  return { id: org!.id, slug: opts.slug, name: shortName }
}

/** ПАО Сбербанк's BIK and correspondent account, a settlement account with a correct key. */
export const TEST_BANK_REQUISITES = {
  bankName: 'ПАО Сбербанк',
  bik: '044525225',
  settlementAccount: '40702810938000012345',
  correspondentAccount: '30101810400000000225',
} as const

/** A head and a chief accountant, a VAT payer on the general system. */
export const TEST_DOCUMENT_SETTINGS: DocumentSettings = {
  head: { name: 'Тестов Пётр Иванович', position: 'Генеральный директор' },
  accountant: { name: 'Счётова Анна Петровна' },
  attorney: null,
  vatStatus: 'general',
  edoParticipantId: null,
  signatureFileId: null,
  stampFileId: null,
}

/** A vendor that can issue invoices: confirming an order needs its bank requisites and signatories. */
export async function giveInvoiceDetails(db: Db, organizationId: string): Promise<void> {
  await db
    .update(organizations)
    .set({ ...TEST_BANK_REQUISITES, documentSettings: TEST_DOCUMENT_SETTINGS })
    .where(eq(organizations.id, organizationId))
}

/** An organization with a confirmed buyer role and no vendor role: one that may check out. */
export async function createTestBuyer(db: Db, opts: { name: string; slug: string }) {
  const org = await createTestVendor(db, { ...opts, vendorStatus: null })
  await db.insert(organizationRoles).values({ organizationId: org.id, type: 'buyer', status: 'confirmed' })
  return org
}
