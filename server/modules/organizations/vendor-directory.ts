import { and, inArray, type SQL, sql } from 'drizzle-orm'
import type { SellerCard, VendorRef } from '#common/catalog/types.ts'
import { isPossibleSlug } from '#common/slug.ts'
import { isUuid } from '#common/validators.ts'
import type { Ctx } from '../../context.ts'
import type { ConfirmedVendor, VendorDirectory } from '../catalog/catalog.service.ts'
import { organizationRoles, organizations } from './organizations.table.ts'

/**
 * Who the vendors are, read from their organizations and nothing else. The catalogue takes these
 * reads at construction (catalog/index.ts) for its product cards and vendor filter, and the
 * seller directory (modules/sellers) adds the catalogue's product counts to them: so sellers
 * depend on the catalogue and never the other way round.
 */

/** Organizations whose vendor role staff confirmed: the only ones with a public seller page. */
export const confirmedVendor: SQL = sql`exists (
  select 1 from ${organizationRoles}
  where ${organizationRoles.organizationId} = ${organizations.id}
    and ${organizationRoles.type} = 'vendor' and ${organizationRoles.status} = 'confirmed'
)`

export const sellerCardColumns = {
  id: organizations.id,
  slug: organizations.slug,
  name: organizations.shortName,
  description: organizations.description,
  region: organizations.region,
  logo: organizations.logo,
  website: organizations.website,
}

/**
 * Names and slugs of organizations by id, for product cards and the vendor facet. One statement
 * even for no ids (a listing costs the same number of statements when it is empty).
 */
async function describeVendors(ctx: Ctx, ids: string[]): Promise<Map<string, VendorRef>> {
  const valid = [...new Set(ids.filter(isUuid))]
  const rows = await ctx.db
    .select({ id: organizations.id, slug: organizations.slug, name: organizations.shortName })
    .from(organizations)
    .where(inArray(organizations.id, valid))
  return new Map(rows.map((r) => [r.id, r]))
}

/** Cards of the given vendors (confirmed or not), for product pages; no statement for no ids. */
async function describeSellerCards(ctx: Ctx, ids: string[]): Promise<Map<string, Omit<SellerCard, 'productCount'>>> {
  const valid = [...new Set(ids.filter(isUuid))]
  if (!valid.length) return new Map()
  const rows = await ctx.db.select(sellerCardColumns).from(organizations).where(inArray(organizations.id, valid))
  return new Map(rows.map((r) => [r.id, r]))
}

/**
 * Ids of confirmed vendors by slug; unknown slugs are left out. One statement even for no slugs,
 * so a listing request costs the same number of statements whatever it filters on.
 */
async function resolveVendorSlugs(ctx: Ctx, slugs: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(slugs.filter(isPossibleSlug))]
  const rows = await ctx.db
    .select({ id: organizations.id, slug: organizations.slug })
    .from(organizations)
    .where(and(sql`${organizations.slug} = any(${sql.param(wanted)}::text[])`, confirmedVendor))
  return new Map(rows.map((r) => [r.slug, r.id]))
}

async function confirmedVendorIds(ctx: Ctx, ids: string[]): Promise<Set<string>> {
  const valid = [...new Set(ids.filter(isUuid))]
  if (!valid.length) return new Set()
  const rows = await ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(inArray(organizations.id, valid), confirmedVendor))
  return new Set(rows.map((r) => r.id))
}

/**
 * A confirmed vendor by slug with its legal name, for its export feed; null for an unknown or
 * unconfirmed one. One statement.
 */
async function describeConfirmedVendor(ctx: Ctx, slug: string): Promise<ConfirmedVendor | null> {
  if (!isPossibleSlug(slug)) return null
  const [row] = await ctx.db
    .select({
      id: organizations.id,
      slug: organizations.slug,
      name: organizations.shortName,
      fullName: organizations.fullName,
      updatedAt: organizations.updatedAt,
    })
    .from(organizations)
    .where(and(sql`${organizations.slug} = ${slug}`, confirmedVendor))
  return row ?? null
}

export const vendorDirectory: VendorDirectory = {
  describeVendors,
  describeSellerCards,
  resolveVendorSlugs,
  confirmedVendorIds,
  describeConfirmedVendor,
}
