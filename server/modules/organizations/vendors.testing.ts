import { randomUUID } from 'node:crypto'
import type { VerificationStatus } from '#common/organizations.ts'
import type { Db } from '../../db/client.ts'
import { nextLegalInn } from './organizations.testing.ts'
import { organizationRoles, organizations } from './organizations.table.ts'

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
  const shortName = `ООО «${opts.name}»`
  const [org] = await db
    .insert(organizations)
    .values({
      legalForm: 'ooo',
      fullName: `Общество с ограниченной ответственностью «${opts.name}»`,
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
