import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { SellerCard, VendorRef } from '#common/catalog/types.ts'
import { isPossibleSlug } from '#common/slug.ts'
import { isUuid } from '#common/validators.ts'
import type { Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { organizationRoles, organizations } from './organizations.table.ts'

export const SELLERS_PAGE_SIZE = 24
export const SELLER_NOT_FOUND = 'Продавец не найден'

/** The part of the catalogue this module asks: how many published products each vendor has. */
export interface ProductCountsPort {
  countProductsByVendor(ctx: Ctx, vendorIds: string[]): Promise<Map<string, number>>
}

export interface SellersDeps {
  /** Late-bound: the catalogue module registers itself beside us in services.ts. */
  catalog: () => ProductCountsPort
}

export type SellerDetails = SellerCard & { fullName: string; legalAddress: string; createdAt: string }

/** Organizations whose vendor role staff confirmed: the only ones with a public seller page. */
const confirmedVendor: SQL = sql`exists (
  select 1 from ${organizationRoles}
  where ${organizationRoles.organizationId} = ${organizations.id}
    and ${organizationRoles.type} = 'vendor' and ${organizationRoles.status} = 'confirmed'
)`

/** The name without its legal form and quotes, so «ООО «Альфа»» sorts under А. */
const sortName: SQL = sql`lower(regexp_replace(${organizations.shortName}, '^(ООО|АО|ПАО|ЗАО|ОАО|НАО|ИП|ФГУП|ФГБУ|ГУП|МУП|АНО)\\s+|[«»"„“]', '', 'g'))`

const cardColumns = {
  id: organizations.id,
  slug: organizations.slug,
  name: organizations.shortName,
  description: organizations.description,
  region: organizations.region,
  logo: organizations.logo,
  website: organizations.website,
}

/**
 * Public seller pages: organizations with a confirmed vendor role. Product counts come from the
 * catalogue, which owns the products.
 */
export function createSellersService(deps: SellersDeps) {
  async function withCounts<T extends { id: string }>(ctx: Ctx, rows: T[]): Promise<(T & { productCount: number })[]> {
    const counts = rows.length
      ? await deps.catalog().countProductsByVendor(
          ctx,
          rows.map((r) => r.id),
        )
      : new Map()
    return rows.map((r) => ({ ...r, productCount: counts.get(r.id) ?? 0 }))
  }

  return {
    async listSellers(
      ctx: Ctx,
      opts: { page: number },
    ): Promise<{ items: SellerCard[]; total: number; page: number; pageCount: number }> {
      const page = Math.max(1, Math.floor(opts.page) || 1)
      const rows = await ctx.db
        .select({ ...cardColumns, total: sql<number>`(count(*) over ())::int` })
        .from(organizations)
        .where(confirmedVendor)
        .orderBy(sortName, asc(organizations.id))
        .limit(SELLERS_PAGE_SIZE)
        .offset((page - 1) * SELLERS_PAGE_SIZE)
      // A page past the end has no rows to carry the total; count separately only then.
      const total =
        rows[0]?.total ??
        (page > 1
          ? ((
              await ctx.db
                .select({ n: sql<number>`count(*)::int` })
                .from(organizations)
                .where(confirmedVendor)
            )[0]?.n ?? 0)
          : 0)
      const items = await withCounts(
        ctx,
        rows.map(({ total: _total, ...card }) => card),
      )
      return { items, total, page, pageCount: Math.ceil(total / SELLERS_PAGE_SIZE) }
    },

    /** A confirmed vendor's page; anyone else (or nobody) is not found. */
    async getSeller(ctx: Ctx, slug: string): Promise<SellerDetails> {
      if (!isPossibleSlug(slug)) throw new AppError('not_found', SELLER_NOT_FOUND)
      const [row] = await ctx.db
        .select({
          ...cardColumns,
          fullName: organizations.fullName,
          legalAddress: organizations.legalAddress,
          createdAt: organizations.createdAt,
        })
        .from(organizations)
        .where(and(eq(organizations.slug, slug), confirmedVendor))
      if (!row) throw new AppError('not_found', SELLER_NOT_FOUND)
      const [card] = await withCounts(ctx, [row])
      return { ...card!, createdAt: row.createdAt.toISOString() }
    },

    /** Cards of the given vendors (confirmed or not), for product pages. */
    async describeSellers(ctx: Ctx, ids: string[]): Promise<Map<string, SellerCard>> {
      const valid = [...new Set(ids.filter(isUuid))]
      if (!valid.length) return new Map()
      const rows = await withCounts(
        ctx,
        await ctx.db.select(cardColumns).from(organizations).where(inArray(organizations.id, valid)),
      )
      return new Map(rows.map((r) => [r.id, r]))
    },

    /**
     * Names and slugs of organizations by id, for product cards and the vendor facet. One
     * statement even for no ids (a listing costs the same number of statements when it is empty).
     */
    async describeVendors(ctx: Ctx, ids: string[]): Promise<Map<string, VendorRef>> {
      const valid = [...new Set(ids.filter(isUuid))]
      const rows = await ctx.db
        .select({ id: organizations.id, slug: organizations.slug, name: organizations.shortName })
        .from(organizations)
        .where(inArray(organizations.id, valid))
      return new Map(rows.map((r) => [r.id, r]))
    },

    /**
     * Ids of confirmed vendors by slug; unknown slugs are left out. One statement even for no
     * slugs, so a listing request costs the same number of statements whatever it filters on.
     */
    async resolveVendorSlugs(ctx: Ctx, slugs: string[]): Promise<Map<string, string>> {
      const wanted = [...new Set(slugs.filter(isPossibleSlug))]
      const rows = await ctx.db
        .select({ id: organizations.id, slug: organizations.slug })
        .from(organizations)
        .where(and(sql`${organizations.slug} = any(${sql.param(wanted)}::text[])`, confirmedVendor))
      return new Map(rows.map((r) => [r.slug, r.id]))
    },

    async listSitemapSellers(ctx: Ctx): Promise<{ slug: string; updatedAt: Date }[]> {
      return ctx.db
        .select({ slug: organizations.slug, updatedAt: organizations.updatedAt })
        .from(organizations)
        .where(confirmedVendor)
        .orderBy(asc(organizations.slug))
    },
  }
}

export type SellersService = ReturnType<typeof createSellersService>
