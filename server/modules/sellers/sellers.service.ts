import type { SellerCard } from '#common/catalog/types.ts'
import type { Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { VendorDirectory } from '../organizations/index.ts'

export const SELLERS_PAGE_SIZE = 24
export const SELLER_NOT_FOUND = 'Продавец не найден'

export interface SellersDeps {
  /** The catalogue, which owns the products: how many each vendor has published, and who has any. */
  catalog: Pick<CatalogService, 'countProductsByVendor' | 'vendorsWithProducts'>
  /** The organizations with services on the exchange (a module built after this one: asked when needed). */
  offeringOrganizations: (ctx: Ctx) => Promise<string[]>
  /** The organizations' own reads of who the confirmed vendors are. */
  vendors: VendorDirectory
}

/** A seller's page: its card and the legal details a buyer checks a counterparty by. */
export type SellerDetails = SellerCard & {
  fullName: string
  legalAddress: string
  inn: string
  kpp: string | null
  ogrn: string
  createdAt: string
  /** When the platform confirmed its vendor role: the «Проверен платформой» date. */
  vendorSince: string
}

/**
 * Public seller pages: organizations with a confirmed vendor role. The directory lists those with
 * something on sale (a published product or a service on the exchange); a seller's own page
 * opens for any confirmed vendor. Product counts come from the catalogue, which owns the products.
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
      const [withProducts, withServices] = await Promise.all([
        deps.catalog.vendorsWithProducts(ctx),
        deps.offeringOrganizations(ctx),
      ])
      const { items: cards, total } = await deps.vendors.listConfirmedVendors(ctx, {
        page,
        pageSize: SELLERS_PAGE_SIZE,
        among: [...withProducts, ...withServices],
      })
      const items = await withCounts(ctx, cards)
      return { items, total, page, pageCount: Math.ceil(total / SELLERS_PAGE_SIZE) }
    },

    /** A confirmed vendor's page; anyone else (or nobody) is not found. */
    async getSeller(ctx: Ctx, slug: string): Promise<SellerDetails> {
      const row = await deps.vendors.confirmedVendorPage(ctx, slug)
      if (!row) throw new AppError('not_found', SELLER_NOT_FOUND)
      const [card] = await withCounts(ctx, [row])
      return { ...card!, createdAt: row.createdAt.toISOString(), vendorSince: row.vendorSince.toISOString() }
    },

    /** For other modules: names and slugs by id, confirmed vendors' ids by slug. */
    describeVendors: deps.vendors.describeVendors,
    resolveVendorSlugs: deps.vendors.resolveVendorSlugs,

    listSitemapSellers(ctx: Ctx): Promise<{ slug: string; updatedAt: Date }[]> {
      return deps.vendors.confirmedVendorSlugs(ctx)
    },
  }
}

export type SellersService = ReturnType<typeof createSellersService>
