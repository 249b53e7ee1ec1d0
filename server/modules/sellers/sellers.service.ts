import { and, asc, eq, type SQL, sql } from 'drizzle-orm'
import type { SellerCard } from '#common/catalog/types.ts'
import { isPossibleSlug } from '#common/slug.ts'
import type { Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import type { CatalogService } from '../catalog/catalog.service.ts'
import { organizations } from '../organizations/organizations.table.ts'
import { confirmedVendor, sellerCardColumns, vendorDirectory } from '../organizations/vendor-directory.ts'

export const SELLERS_PAGE_SIZE = 24
export const SELLER_NOT_FOUND = 'Продавец не найден'

export interface SellersDeps {
  /** The catalogue, which owns the products: how many each vendor has published. */
  catalog: Pick<CatalogService, 'countProductsByVendor'>
}

export type SellerDetails = SellerCard & { fullName: string; legalAddress: string; createdAt: string }

/** The name without its legal form and quotes, so «ООО «Альфа»» sorts under А. */
const sortName: SQL = sql`lower(regexp_replace(${organizations.shortName}, '^(ООО|АО|ПАО|ЗАО|ОАО|НАО|ИП|ФГУП|ФГБУ|ГУП|МУП|АНО)\\s+|[«»"„“]', '', 'g'))`

/**
 * Public seller pages: organizations with a confirmed vendor role. Product counts come from the
 * catalogue, which owns the products.
 */
export function createSellersService(deps: SellersDeps) {
  async function withCounts<T extends { id: string }>(ctx: Ctx, rows: T[]): Promise<(T & { productCount: number })[]> {
    const counts = rows.length
      ? await deps.catalog.countProductsByVendor(
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
        .select({ ...sellerCardColumns, total: sql<number>`(count(*) over ())::int` })
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
          ...sellerCardColumns,
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

    /** For other modules: names and slugs by id, confirmed vendors' ids by slug. */
    describeVendors: vendorDirectory.describeVendors,
    resolveVendorSlugs: vendorDirectory.resolveVendorSlugs,

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
