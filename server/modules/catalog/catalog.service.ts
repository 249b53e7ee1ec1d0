import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { CATEGORIES, categorySubtree, getCategory } from '#common/catalog/categories.ts'
import type { ListingQuery } from '#common/catalog/listing.ts'
import type { ProductImage } from '#common/catalog/products.ts'
import type { Listing, ProductCard, ProductDetails, SellerCard, Suggestion, VendorRef } from '#common/catalog/types.ts'
import type { Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { type CardRow, toCard, toDetails } from './catalog.cards.ts'
import { buildFacets } from './catalog.facets.ts'
import { buildListingStatement, type ListingResult, queryRows } from './catalog.listing.ts'
import { suggest } from './catalog.suggest.ts'
import { catalogProducts } from './catalog.table.ts'

export const CATALOG_MESSAGES = {
  categoryNotFound: 'Категория не найдена',
  productNotFound: 'Товар не найден',
  sellerNotFound: 'Продавец не найден',
} as const

/** What the catalogue asks the organizations module about vendors (it owns their tables). */
export interface SellersPort {
  describeVendors(ctx: Ctx, ids: string[]): Promise<Map<string, VendorRef>>
  describeSellers(ctx: Ctx, ids: string[]): Promise<Map<string, SellerCard>>
  resolveVendorSlugs(ctx: Ctx, slugs: string[]): Promise<Map<string, string>>
}

export interface CatalogDeps {
  /** Late-bound: the sellers service registers itself beside us in services.ts. */
  sellers: () => SellersPort
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const MAX_SEARCH_WORDS = 8

const published = eq(catalogProducts.status, 'published')

const cardColumns = {
  id: catalogProducts.id,
  slug: catalogProducts.slug,
  title: catalogProducts.title,
  brand: catalogProducts.brand,
  model: catalogProducts.model,
  categorySlug: catalogProducts.categorySlug,
  vendorOrganizationId: catalogProducts.vendorOrganizationId,
  priceKopecks: catalogProducts.priceKopecks,
  vatNote: catalogProducts.vatNote,
  availability: catalogProducts.availability,
  leadTimeDays: catalogProducts.leadTimeDays,
  images: catalogProducts.images,
  specs: catalogProducts.specs,
}

const detailsColumns = {
  ...cardColumns,
  status: catalogProducts.status,
  description: catalogProducts.description,
  areas: catalogProducts.areas,
  createdAt: catalogProducts.createdAt,
  updatedAt: catalogProducts.updatedAt,
}

/** The words of a search as the database gets them: lower-case letters and digits. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return []
  const words = [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])]
    .filter((w) => w.length <= 40)
    .slice(0, MAX_SEARCH_WORDS)
  // Punctuation alone is still a search, and it finds nothing.
  return words.length ? words : [q.slice(0, 40)]
}

/** The query with the corrected words put in place of the typed ones. */
function correctedQuery(q: string, words: string[], fixes: (string | null)[] | null): string | undefined {
  if (!fixes?.some(Boolean)) return undefined
  const byWord = new Map(words.map((w, i) => [w, fixes[i] ?? null]))
  return q.replace(/[\p{L}\p{N}]+/gu, (w) => byWord.get(w.toLowerCase()) ?? w)
}

/**
 * The public catalogue: listings with facets and search, suggestions, product pages. Only
 * published products are ever shown. Vendor names and cards come from the organizations module.
 */
export function createCatalogService(deps: CatalogDeps) {
  /** One statement per call whatever the number of products. */
  async function countProductsByVendor(ctx: Ctx, vendorIds: string[]): Promise<Map<string, number>> {
    const ids = [...new Set(vendorIds.filter((id) => UUID.test(id)))]
    if (!ids.length) return new Map()
    const rows = await ctx.db
      .select({ id: catalogProducts.vendorOrganizationId, n: sql<number>`count(*)::int` })
      .from(catalogProducts)
      .where(and(published, inArray(catalogProducts.vendorOrganizationId, ids)))
      .groupBy(catalogProducts.vendorOrganizationId)
    return new Map(rows.map((r) => [r.id, Number(r.n)]))
  }

  async function cardsOf(ctx: Ctx, rows: CardRow[]): Promise<ProductCard[]> {
    const vendors = await deps.sellers().describeVendors(
      ctx,
      rows.map((r) => r.vendorOrganizationId),
    )
    return rows.map((r) => toCard(r, vendors))
  }

  return {
    /**
     * A page of a category (and optionally one vendor's products) with its facets. Three
     * statements whatever the query and page size: vendor slugs to ids, the page with its total
     * and facets, and the names of the vendors shown.
     */
    async listProducts(
      ctx: Ctx,
      input: ListingQuery,
      scope: { categorySlug: string; vendorSlug?: string },
    ): Promise<Listing> {
      if (!getCategory(scope.categorySlug)) throw new AppError('not_found', CATALOG_MESSAGES.categoryNotFound)
      const sellers = deps.sellers()
      const slugs = scope.vendorSlug ? [...input.vendors, scope.vendorSlug] : input.vendors
      const resolved = await sellers.resolveVendorSlugs(ctx, slugs)
      const vendorScopeId = scope.vendorSlug ? resolved.get(scope.vendorSlug) : undefined
      if (scope.vendorSlug && !vendorScopeId) throw new AppError('not_found', CATALOG_MESSAGES.sellerNotFound)
      // Vendors that do not exist (any more) are dropped like any other invalid value.
      const query: ListingQuery = { ...input, vendors: input.vendors.filter((s) => resolved.has(s)) }
      const words = searchWords(query.q)

      const [result] = await queryRows<ListingResult>(
        ctx.db,
        buildListingStatement({
          categories: categorySubtree(scope.categorySlug),
          vendorScopeId,
          words,
          query,
          vendorIds: query.vendors.map((s) => resolved.get(s)!),
        }),
      )
      if (!result) throw new Error('the listing statement returned no row')
      const items = result.items ?? []
      const vendorIds = new Set([
        ...items.map((i) => i.vendorOrganizationId),
        ...(result.vendors ?? []).map(([id]) => id),
      ])
      const vendors = await sellers.describeVendors(ctx, [...vendorIds])

      const total = Number(result.stats.total ?? 0)
      const listing: Listing = {
        items: items.map((row) => toCard(row, vendors)),
        total,
        page: query.page,
        pageSize: query.pageSize,
        pageCount: Math.ceil(total / query.pageSize),
        sort: query.sort,
        facets: buildFacets(query, result, vendors),
        query,
      }
      const corrected = query.q ? correctedQuery(query.q, words, result.fixes) : undefined
      if (corrected) listing.correctedQuery = corrected
      return listing
    },

    /** Categories, brands and products matching what is being typed; one statement. */
    suggest: (ctx: Ctx, q: string): Promise<Suggestion[]> => suggest(ctx, q),

    async getProduct(ctx: Ctx, slug: string): Promise<ProductDetails> {
      const [row] = await ctx.db
        .select(detailsColumns)
        .from(catalogProducts)
        .where(and(published, eq(catalogProducts.slug, slug)))
      if (!row) throw new AppError('not_found', CATALOG_MESSAGES.productNotFound)
      const sellers = await deps.sellers().describeSellers(ctx, [row.vendorOrganizationId])
      return toDetails(row, sellers.get(row.vendorOrganizationId))
    },

    /** Published products among the ids, in the order asked (compare, cart). */
    /** Which of these products are on sale, with their category, in the order asked: one statement. */
    async filterPublished(ctx: Ctx, ids: string[]): Promise<{ id: string; categorySlug: string }[]> {
      const valid = [...new Set(ids.filter((id) => UUID.test(id)))]
      if (!valid.length) return []
      const rows = await ctx.db
        .select({ id: catalogProducts.id, categorySlug: catalogProducts.categorySlug })
        .from(catalogProducts)
        .where(and(published, inArray(catalogProducts.id, valid)))
      const byId = new Map(rows.map((r) => [r.id, r]))
      return valid.flatMap((id) => byId.get(id.toLowerCase()) ?? [])
    },

    async getProductsByIds(ctx: Ctx, ids: string[]): Promise<ProductDetails[]> {
      const valid = [...new Set(ids.filter((id) => UUID.test(id)))]
      if (!valid.length) return []
      const rows = await ctx.db
        .select(detailsColumns)
        .from(catalogProducts)
        .where(and(published, inArray(catalogProducts.id, valid)))
      const sellers = await deps.sellers().describeSellers(
        ctx,
        rows.map((r) => r.vendorOrganizationId),
      )
      const byId = new Map(rows.map((r) => [r.id, r]))
      return valid.flatMap((id) => {
        const row = byId.get(id.toLowerCase())
        return row ? [toDetails(row, sellers.get(row.vendorOrganizationId))] : []
      })
    },

    async listNewProducts(ctx: Ctx, limit: number): Promise<ProductCard[]> {
      const rows = await ctx.db
        .select(cardColumns)
        .from(catalogProducts)
        .where(published)
        .orderBy(desc(catalogProducts.createdAt), asc(catalogProducts.id))
        .limit(Math.min(Math.max(1, Math.floor(limit) || 1), 60))
      return cardsOf(ctx, rows)
    },

    /** Every category with its number of products and the picture of its most popular one. */
    async listCategorySummaries(ctx: Ctx) {
      const rows = await ctx.db
        .select({
          slug: catalogProducts.categorySlug,
          n: sql<number>`count(*)::int`,
          image: sql<ProductImage | null>`(array_agg(${catalogProducts.images} -> 0 order by ${catalogProducts.popularity} desc, ${catalogProducts.id}))[1]`,
        })
        .from(catalogProducts)
        .where(published)
        .groupBy(catalogProducts.categorySlug)
      const bySlug = new Map(rows.map((r) => [r.slug, r]))
      return CATEGORIES.map((c) => {
        const own = categorySubtree(c.slug).flatMap((s) => (bySlug.has(s) ? [bySlug.get(s)!] : []))
        return {
          slug: c.slug,
          title: c.title,
          heading: c.heading,
          productCount: own.reduce((sum, r) => sum + Number(r.n), 0),
          image: own.find((r) => r.image)?.image ?? null,
        }
      })
    },

    async listSitemapProducts(ctx: Ctx): Promise<{ slug: string; updatedAt: Date }[]> {
      return ctx.db
        .select({ slug: catalogProducts.slug, updatedAt: catalogProducts.updatedAt })
        .from(catalogProducts)
        .where(published)
        .orderBy(asc(catalogProducts.slug))
    },

    countProductsByVendor,
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
