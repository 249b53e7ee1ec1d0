import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { SellerCard, VendorRef } from '#common/catalog/types.ts'
import { isPossibleSlug } from '#common/slug.ts'
import { isUuid } from '#common/validators.ts'
import type { Ctx } from '../../context.ts'
import { onPage, type PageAt } from '../../db/pages.ts'
import { organizationRoles, organizations } from './organizations.table.ts'

/**
 * Who the vendors are, read from their organizations and nothing else. The catalogue is built
 * with these reads (catalog/index.ts) for its product cards and vendor filter, and the seller
 * directory (modules/sellers) adds the catalogue's product counts to them: organizations know
 * nothing of the catalogue, and sellers depend on both.
 */
export interface VendorDirectory {
  /** Names and slugs by id; one statement even for no ids. */
  describeVendors(ctx: Ctx, ids: string[]): Promise<Map<string, VendorRef>>
  /**
   * A listing's sellers in one statement: names and slugs by id (as describeVendors) and the
   * confirmed vendors' ids of the slugs it filters by (as resolveVendorSlugs).
   */
  describeListingVendors(ctx: Ctx, ids: string[], slugs: string[]): Promise<ListingVendors>
  /** Public cards by id; the catalogue adds the product counts, which it knows. */
  describeSellerCards(ctx: Ctx, ids: string[]): Promise<Map<string, Omit<SellerCard, 'productCount'>>>
  /** Confirmed vendors' ids by slug, unknown slugs left out; one statement even for no slugs. */
  resolveVendorSlugs(ctx: Ctx, slugs: string[]): Promise<Map<string, string>>
  /** Which of the given organizations are confirmed vendors. */
  confirmedVendorIds(ctx: Ctx, ids: string[]): Promise<Set<string>>
  /** A confirmed vendor by slug with its legal name (export feeds); null otherwise. One statement. */
  describeConfirmedVendor(ctx: Ctx, slug: string): Promise<ConfirmedVendor | null>
  /**
   * A page of confirmed vendors' cards by name (without legal forms and quotes), with their
   * number; `among`: only these organizations (those with something on sale).
   */
  listConfirmedVendors(ctx: Ctx, at: PageAt & { among?: string[] }): Promise<VendorCardPage>
  /** A confirmed vendor's public page by slug; null for anyone else. One statement. */
  confirmedVendorPage(ctx: Ctx, slug: string): Promise<VendorPage | null>
  /** Every confirmed vendor's slug with its last change, for the sitemap. */
  confirmedVendorSlugs(ctx: Ctx): Promise<{ slug: string; updatedAt: Date }[]>
}

export interface ListingVendors {
  byId: Map<string, VendorRef>
  /** Confirmed vendors' ids by slug, unknown slugs left out. */
  bySlug: Map<string, string>
}

export interface ConfirmedVendor extends VendorRef {
  /** The legal name. */
  fullName: string
  updatedAt: Date
}

export type VendorCard = Omit<SellerCard, 'productCount'>
export interface VendorCardPage {
  items: VendorCard[]
  total: number
}
/** A seller's page: its card and what a buyer checks a counterparty by. */
export type VendorPage = VendorCard & {
  fullName: string
  legalAddress: string
  inn: string
  kpp: string | null
  ogrn: string
  createdAt: Date
  /** When staff confirmed its vendor role (the last time, if it was confirmed again). */
  vendorSince: Date
}

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
  return (await describeListingVendors(ctx, ids, [])).byId
}

async function describeListingVendors(ctx: Ctx, ids: string[], slugs: string[]): Promise<ListingVendors> {
  const valid = new Set(ids.filter(isUuid))
  const wanted = new Set(slugs.filter(isPossibleSlug))
  const rows = await ctx.db
    .select({
      id: organizations.id,
      slug: organizations.slug,
      name: organizations.shortName,
      confirmed: wanted.size ? sql<boolean>`${confirmedVendor}` : sql<boolean>`false`,
    })
    .from(organizations)
    .where(
      wanted.size
        ? or(inArray(organizations.id, [...valid]), sql`${organizations.slug} = any(${sql.param([...wanted])}::text[])`)
        : inArray(organizations.id, [...valid]),
    )
  const byId = new Map<string, VendorRef>()
  const bySlug = new Map<string, string>()
  for (const { confirmed, ...vendor } of rows) {
    if (valid.has(vendor.id)) byId.set(vendor.id, vendor)
    if (confirmed && wanted.has(vendor.slug)) bySlug.set(vendor.slug, vendor.id)
  }
  return { byId, bySlug }
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
  if (!slugs.some(isPossibleSlug)) return new Map()
  return (await describeListingVendors(ctx, [], slugs)).bySlug
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

/** The name without its legal form and quotes, so «ООО «Альфа»» sorts under А. */
const sortName: SQL = sql`lower(regexp_replace(${organizations.shortName}, '^(ООО|АО|ПАО|ЗАО|ОАО|НАО|ИП|ФГУП|ФГБУ|ГУП|МУП|АНО)\\s+|[«»"„“]', '', 'g'))`

async function listConfirmedVendors(ctx: Ctx, at: PageAt & { among?: string[] }): Promise<VendorCardPage> {
  const listed = at.among
    ? and(confirmedVendor, inArray(organizations.id, [...new Set(at.among.filter(isUuid))]))
    : confirmedVendor
  const rows = await onPage(
    ctx.db
      .select({ ...sellerCardColumns, total: sql<number>`(count(*) over ())::int` })
      .from(organizations)
      .where(listed)
      .orderBy(sortName, asc(organizations.id))
      .$dynamic(),
    at,
  )
  // A page past the end has no rows to carry the total; count separately only then.
  const total =
    rows[0]?.total ??
    (at.page > 1
      ? ((
          await ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(organizations)
            .where(listed)
        )[0]?.n ?? 0)
      : 0)
  return { items: rows.map(({ total: _total, ...card }) => card), total }
}

async function confirmedVendorPage(ctx: Ctx, slug: string): Promise<VendorPage | null> {
  if (!isPossibleSlug(slug)) return null
  const [row] = await ctx.db
    .select({
      ...sellerCardColumns,
      fullName: organizations.fullName,
      legalAddress: organizations.legalAddress,
      inn: organizations.inn,
      kpp: organizations.kpp,
      ogrn: organizations.ogrn,
      createdAt: organizations.createdAt,
      // Aliased by hand: in a select list Drizzle writes columns without their tables.
      vendorSince: sql<Date>`(
        select max(e.created_at) from organization_role_events e
        join organization_roles r on r.id = e.role_id
        where r.organization_id = "organizations"."id" and r.type = 'vendor' and e.to_status = 'confirmed'
      )`.mapWith(organizations.createdAt),
    })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), confirmedVendor))
  // A role confirmed before its history was kept counts from the organization's registration.
  return row ? { ...row, vendorSince: row.vendorSince ?? row.createdAt } : null
}

function confirmedVendorSlugs(ctx: Ctx): Promise<{ slug: string; updatedAt: Date }[]> {
  return ctx.db
    .select({ slug: organizations.slug, updatedAt: organizations.updatedAt })
    .from(organizations)
    .where(confirmedVendor)
    .orderBy(asc(organizations.slug))
}

export const vendorDirectory: VendorDirectory = {
  describeVendors,
  describeListingVendors,
  describeSellerCards,
  resolveVendorSlugs,
  confirmedVendorIds,
  describeConfirmedVendor,
  listConfirmedVendors,
  confirmedVendorPage,
  confirmedVendorSlugs,
}
