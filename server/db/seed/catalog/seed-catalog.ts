import { and, eq, inArray, isNull } from 'drizzle-orm'
import { auditLog } from '../../../modules/audit/audit.table.ts'
import { catalogProducts } from '../../../modules/catalog/catalog.table.ts'
import { rebuildSearchWords } from '../../../modules/catalog/search-words.ts'
import { users } from '../../../modules/identity/identity.table.ts'
import { hashPassword } from '../../../modules/identity/passwords.ts'
import {
  organizationMembers,
  organizationRoleEvents,
  organizationRoles,
  organizations,
} from '../../../modules/organizations/organizations.table.ts'
import type { Db } from '../../client.ts'
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD } from '../accounts.ts'
import { buildCatalog, CATALOG_EPOCH } from './build.ts'
import { ACCOUNTS_VENDOR_SLUG, CATALOG_VENDORS, vendorLogo, vendorOwnerEmail } from './vendors/index.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const CHUNK = 100
const APPROVAL = 'Документы проверены'

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/** When each demo vendor joined: a few weeks apart, before its first product. */
function joinedAt(index: number): Date {
  return new Date(CATALOG_EPOCH - (620 - index * 3) * DAY)
}

/** Owner accounts of the demo vendors, all with the demo password hashed once. */
async function seedVendorOwners(db: Db): Promise<Map<string, string>> {
  const emails = CATALOG_VENDORS.map((v) => vendorOwnerEmail(v.slug))
  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))
  if (existing.length < emails.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD)
    await db
      .insert(users)
      .values(
        CATALOG_VENDORS.map((v, i) => ({
          email: vendorOwnerEmail(v.slug),
          name: v.owner.name,
          phone: v.owner.phone,
          passwordHash,
          consentAt: joinedAt(i),
          createdAt: joinedAt(i),
          passwordChangedAt: joinedAt(i),
        })),
      )
      .onConflictDoNothing({ target: users.email })
  }
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))
  return new Map(rows.map((r) => [r.email, r.id]))
}

/** The vendor organizations, their owners and confirmed vendor roles with the approval trail. */
async function seedVendors(db: Db): Promise<Map<string, string>> {
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com'))
  if (!staff) throw new Error('The catalogue seed runs after the accounts seed (staff@example.com is missing).')
  const ownerIds = await seedVendorOwners(db)
  const ownerOf = (slug: string) => ownerIds.get(vendorOwnerEmail(slug))!

  await db
    .insert(organizations)
    .values(
      CATALOG_VENDORS.map(({ owner: _owner, vatNote: _v, markup: _m, stock: _s, leadTime: _l, ...v }, i) => ({
        ...v,
        contactEmail: `info@${v.slug}.example`,
        website: `https://${v.slug}.example`,
        logo: vendorLogo(v.slug),
        createdByUserId: ownerOf(v.slug),
        createdAt: joinedAt(i),
        updatedAt: joinedAt(i),
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
    .values(ours.map((v) => ({ organizationId: orgIds.get(v.slug)!, userId: ownerOf(v.slug), role: 'owner' as const })))
    .onConflictDoNothing()
  for (const v of ours) {
    await db
      .update(users)
      .set({ selectedOrganizationId: orgIds.get(v.slug)! })
      .where(and(eq(users.id, ownerOf(v.slug)), isNull(users.selectedOrganizationId)))
  }

  // The roles and their trail are written once: only for roles created now.
  const created = await db
    .insert(organizationRoles)
    .values(
      ours.map((v) => ({
        organizationId: orgIds.get(v.slug)!,
        type: 'vendor' as const,
        status: 'confirmed' as const,
        staffComment: APPROVAL,
      })),
    )
    .onConflictDoNothing({ target: [organizationRoles.organizationId, organizationRoles.type] })
    .returning({ id: organizationRoles.id, organizationId: organizationRoles.organizationId })
  if (created.length > 0) {
    const events: (typeof organizationRoleEvents.$inferInsert)[] = []
    const audit: (typeof auditLog.$inferInsert)[] = []
    for (const role of created) {
      const index = ours.findIndex((v) => orgIds.get(v.slug) === role.organizationId)
      const ownerId = ownerOf(ours[index]!.slug)
      const start = joinedAt(CATALOG_VENDORS.indexOf(ours[index]!)).getTime() + HOUR
      const approvedAt = new Date(start + 26 * HOUR)
      events.push(
        { roleId: role.id, fromStatus: null, toStatus: 'new', byUserId: ownerId, createdAt: new Date(start) },
        {
          roleId: role.id,
          fromStatus: 'new',
          toStatus: 'moderation',
          byUserId: ownerId,
          createdAt: new Date(start + HOUR),
        },
        {
          roleId: role.id,
          fromStatus: 'moderation',
          toStatus: 'confirmed',
          byUserId: staff.id,
          comment: APPROVAL,
          createdAt: approvedAt,
        },
      )
      audit.push({
        actorUserId: staff.id,
        action: 'organization_role.approve',
        targetType: 'organization_role',
        targetId: role.id,
        details: {
          organizationId: role.organizationId,
          type: 'vendor',
          from: 'moderation',
          to: 'confirmed',
          comment: APPROVAL,
        },
        createdAt: approvedAt,
      })
    }
    for (const rows of chunks(events)) await db.insert(organizationRoleEvents).values(rows)
    await db.insert(auditLog).values(audit)
  }
  return orgIds
}

/**
 * The demo catalogue: 26 vendor organizations besides the one of accounts.ts and their 300+
 * products. Idempotent: natural keys (e-mail, INN, product slug) with on-conflict-do-nothing.
 */
export async function seedCatalog(db: Db): Promise<void> {
  const orgIds = await seedVendors(db)
  const rows = buildCatalog()
    .filter((p) => orgIds.has(p.vendorSlug))
    .map(({ vendorSlug, ...p }) => ({ ...p, vendorOrganizationId: orgIds.get(vendorSlug)! }))
  for (const chunk of chunks(rows)) {
    await db.insert(catalogProducts).values(chunk).onConflictDoNothing({ target: catalogProducts.slug })
  }
  await rebuildSearchWords(db)
}
