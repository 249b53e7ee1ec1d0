import { and, eq, inArray, isNull } from 'drizzle-orm'
import { catalogProducts } from '../../modules/catalog/catalog.table.ts'
import { assignModels } from '../../modules/catalog/models/assign-models.ts'
import { rebuildSearchWords } from '../../modules/catalog/search/search-words.ts'
import type { FileStorage } from '../../modules/files/files.storage.ts'
import { users } from '../../modules/identity/identity.table.ts'
import { hashPassword } from '../../modules/identity/passwords.ts'
import { organizationMembers, organizations } from '../../modules/organizations/organizations.table.ts'
import type { Db } from '../../db/client.ts'
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD } from '../accounts.ts'
import { catalogVendorJoined, roleTimeline } from '../timeline.ts'
import { seedConfirmedRoles } from '../verification.ts'
import { buildCatalog } from './build.ts'
import { buildAccessories, seedModelFits } from './accessories/index.ts'
import { seedModelCodes } from './model-codes.ts'
import { ACCOUNTS_VENDOR_SLUG, CATALOG_VENDORS, vendorLogo, vendorOwnerEmail } from './vendors/index.ts'

const CHUNK = 100

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/** When each catalogue vendor's owner signed up, registered it and got the vendor role confirmed. */
const TIMELINES = new Map(CATALOG_VENDORS.map((v, i) => [v.slug, roleTimeline(catalogVendorJoined(i))]))
const timelineOf = (slug: string) => TIMELINES.get(slug)!

/** Owner accounts of the demo vendors, all with the demo password hashed once. */
async function seedVendorOwners(db: Db): Promise<Map<string, string>> {
  const emails = CATALOG_VENDORS.map((v) => vendorOwnerEmail(v.slug))
  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))
  if (existing.length < emails.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD)
    await db
      .insert(users)
      .values(
        CATALOG_VENDORS.map((v) => {
          const { registered } = timelineOf(v.slug)
          return {
            email: vendorOwnerEmail(v.slug),
            name: v.owner.name,
            phone: v.owner.phone,
            passwordHash,
            consentAt: registered,
            createdAt: registered,
            passwordChangedAt: registered,
            emailConfirmedAt: registered,
          }
        }),
      )
      .onConflictDoNothing({ target: users.email })
  }
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))
  return new Map(rows.map((r) => [r.email, r.id]))
}

/** The vendor organizations, their owners and confirmed vendor roles with trail and documents. */
async function seedVendors(db: Db, storage: FileStorage): Promise<Map<string, string>> {
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com'))
  if (!staff) throw new Error('The catalogue seed runs after the accounts seed (staff@example.com is missing).')
  const ownerIds = await seedVendorOwners(db)
  const ownerOf = (slug: string) => ownerIds.get(vendorOwnerEmail(slug))!

  await db
    .insert(organizations)
    .values(
      CATALOG_VENDORS.map(({ owner: _owner, vatRate: _v, markup: _m, stock: _s, leadTime: _l, ...v }) => ({
        ...v,
        contactEmail: `info@${v.slug}.example`,
        website: `https://${v.slug}.example`,
        logo: vendorLogo(v.slug),
        createdByUserId: ownerOf(v.slug),
        createdAt: timelineOf(v.slug).organizationCreated,
        updatedAt: timelineOf(v.slug).organizationCreated,
      })),
    )
    .onConflictDoNothing()
  // The vendor of accounts.ts got its logo with this step.
  await db
    .update(organizations)
    .set({ logo: vendorLogo(ACCOUNTS_VENDOR_SLUG) })
    .where(and(eq(organizations.slug, ACCOUNTS_VENDOR_SLUG), isNull(organizations.logo)))

  const accountsVendor = DEMO_ORGANIZATIONS.find((o) => o.slug === ACCOUNTS_VENDOR_SLUG)!
  const slugOfInn = new Map<string, string>([
    ...CATALOG_VENDORS.map((v): [string, string] => [v.inn, v.slug]),
    [accountsVendor.inn, ACCOUNTS_VENDOR_SLUG],
  ])
  const orgs = await db
    .select({ id: organizations.id, inn: organizations.inn })
    .from(organizations)
    .where(inArray(organizations.inn, [...slugOfInn.keys()]))
  const orgIds = new Map(orgs.map((o) => [slugOfInn.get(o.inn)!, o.id]))
  const ours = CATALOG_VENDORS.filter((v) => orgIds.has(v.slug))

  await db
    .insert(organizationMembers)
    .values(
      ours.map((v) => ({
        organizationId: orgIds.get(v.slug)!,
        userId: ownerOf(v.slug),
        role: 'owner' as const,
        createdAt: timelineOf(v.slug).organizationCreated,
      })),
    )
    .onConflictDoNothing()
  for (const v of ours) {
    await db
      .update(users)
      .set({ selectedOrganizationId: orgIds.get(v.slug)! })
      .where(and(eq(users.id, ownerOf(v.slug)), isNull(users.selectedOrganizationId)))
  }

  await seedConfirmedRoles(
    db,
    storage,
    ours.map((v) => ({
      organizationId: orgIds.get(v.slug)!,
      type: 'vendor',
      ownerId: ownerOf(v.slug),
      staffId: staff.id,
      slug: v.slug,
      shortName: v.shortName,
      when: timelineOf(v.slug),
    })),
  )
  return orgIds
}

/**
 * The demo catalogue: 26 vendor organizations besides the one of accounts.ts, their 300+
 * drones and 100+ payloads, accessories and spare parts with the drones they fit. Idempotent:
 * natural keys (e-mail, INN, product slug) with on-conflict-do-nothing.
 */
export async function seedCatalog(db: Db, storage: FileStorage): Promise<void> {
  const orgIds = await seedVendors(db, storage)
  const drones = buildCatalog()
  const accessories = buildAccessories(new Set(drones.map((p) => p.slug)))
  const rows = [...drones, ...accessories]
    .filter((p) => orgIds.has(p.vendorSlug))
    .map(({ vendorSlug, ...p }) => ({ ...p, vendorOrganizationId: orgIds.get(vendorSlug)! }))
  for (const chunk of chunks(rows)) {
    await db.insert(catalogProducts).values(chunk).onConflictDoNothing({ target: catalogProducts.slug })
  }
  await assignModels(db)
  await seedModelFits(db)
  await seedModelCodes(db)
  await rebuildSearchWords(db)
}
