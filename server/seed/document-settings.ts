import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { VatRate } from '#common/catalog/vat.ts'
import type { DocumentSettings, VatStatus } from '#common/document-settings.ts'
import { organizations } from '../modules/organizations/organizations.table.ts'
import type { Db } from '../db/client.ts'
import { ACCOUNTS_VENDOR_SLUG, CATALOG_VENDORS, SELLER_TERMS } from './catalog/vendors/index.ts'
import { DEMO_ORGANIZATIONS } from './accounts.ts'

/** Invented patronymics, one per vendor in turn: the demo owners are named without one. */
const PATRONYMICS = ['Сергеевич', 'Андреевич', 'Викторович', 'Олегович', 'Николаевич', 'Игоревич', 'Павлович']
const FEMALE_PATRONYMICS = ['Сергеевна', 'Андреевна', 'Викторовна', 'Олеговна', 'Николаевна', 'Игоревна', 'Павловна']

const VAT_STATUS_OF_RATE: Record<VatRate, VatStatus> = {
  '22': 'general',
  '10': 'general',
  '7': 'usn_7',
  '5': 'usn_5',
  none: 'none',
}

/** «Роман Ким» → «Ким Роман Сергеевич»: a surname ending in -а or -я is taken for a woman's. */
function fullNameOf(ownerName: string, i: number): string {
  const [first, surname] = ownerName.split(' ')
  const female = /[ая]$/.test(first!)
  const patronymic = (female ? FEMALE_PATRONYMICS : PATRONYMICS)[i % PATRONYMICS.length]!
  return `${surname} ${first} ${patronymic}`
}

/**
 * The demo vendors' signatories by INN: every vendor can issue an invoice. «АэроТех Системы», the
 * demo vendor's own company, has a chief accountant and an EDO id; every third catalogue vendor
 * keeps the books by its head (no chief accountant).
 */
export function demoDocumentSettings(): Map<string, DocumentSettings> {
  const own = DEMO_ORGANIZATIONS.find((o) => o.slug === ACCOUNTS_VENDOR_SLUG)!
  const settings = new Map<string, DocumentSettings>([
    [
      own.inn,
      {
        head: { name: 'Ершов Павел Андреевич', position: 'Генеральный директор' },
        accountant: { name: 'Белова Ирина Сергеевна' },
        attorney: null,
        vatStatus: VAT_STATUS_OF_RATE[SELLER_TERMS.get(ACCOUNTS_VENDOR_SLUG)!.vatRate],
        edoParticipantId: '2BE7715482034-771501001',
        signatureFileId: null,
        stampFileId: null,
      },
    ],
  ])
  CATALOG_VENDORS.forEach((vendor, i) => {
    settings.set(vendor.inn, {
      head: { name: fullNameOf(vendor.owner.name, i), position: 'Генеральный директор' },
      accountant: i % 3 === 2 ? null : { name: i % 2 ? 'Морозова Елена Викторовна' : 'Зайцева Ольга Николаевна' },
      attorney: null,
      vatStatus: VAT_STATUS_OF_RATE[vendor.vatRate],
      edoParticipantId: null,
      signatureFileId: null,
      stampFileId: null,
    })
  })
  return settings
}

/** Fills the signatories of demo vendors that have none; what an owner has entered stays. */
export async function seedDocumentSettings(db: Db): Promise<void> {
  const settings = demoDocumentSettings()
  const missing = await db
    .select({ id: organizations.id, inn: organizations.inn })
    .from(organizations)
    .where(and(inArray(organizations.inn, [...settings.keys()]), isNull(organizations.documentSettings)))
  for (const org of missing) {
    await db
      .update(organizations)
      .set({ documentSettings: settings.get(org.inn)! })
      .where(and(eq(organizations.id, org.id), isNull(organizations.documentSettings)))
  }
}
