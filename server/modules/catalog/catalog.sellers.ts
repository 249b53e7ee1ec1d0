import { and, eq, inArray, sql } from 'drizzle-orm'
import { isUuid } from '#common/validators.ts'
import type { Ctx } from '../../context.ts'
import { catalogProducts } from './catalog.table.ts'

/** A seller's published products in one category. */
export interface SellerCategoryCount {
  vendorOrganizationId: string
  categorySlug: string
  products: number
}

/** Where the given published products sit: their category, model and seller, by id. */
export interface ProductPlace {
  categorySlug: string
  modelId: string | null
  vendorOrganizationId: string
}

/**
 * What every seller has on sale, counted by category: one grouped statement. A buyer picking the
 * sellers to ask for offers is shown those selling in its items' categories first.
 */
export async function sellerCategoryCounts(ctx: Ctx): Promise<SellerCategoryCount[]> {
  return ctx.db
    .select({
      vendorOrganizationId: catalogProducts.vendorOrganizationId,
      categorySlug: catalogProducts.categorySlug,
      products: sql<number>`count(*)::int`,
    })
    .from(catalogProducts)
    .where(eq(catalogProducts.status, 'published'))
    .groupBy(catalogProducts.vendorOrganizationId, catalogProducts.categorySlug)
}

/** The category, model and seller of each published product among the ids. */
export async function productPlaces(ctx: Ctx, ids: string[]): Promise<Map<string, ProductPlace>> {
  const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))]
  if (!valid.length) return new Map()
  const rows = await ctx.db
    .select({
      id: catalogProducts.id,
      categorySlug: catalogProducts.categorySlug,
      modelId: catalogProducts.modelId,
      vendorOrganizationId: catalogProducts.vendorOrganizationId,
    })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.status, 'published'), inArray(catalogProducts.id, valid)))
  return new Map(rows.map(({ id, ...place }) => [id, place]))
}

/** The sellers with a published product of any of these models. */
export async function sellersOfModels(ctx: Ctx, modelIds: string[]): Promise<Set<string>> {
  if (!modelIds.length) return new Set()
  const rows = await ctx.db
    .selectDistinct({ id: catalogProducts.vendorOrganizationId })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.status, 'published'), inArray(catalogProducts.modelId, modelIds)))
  return new Set(rows.map((r) => r.id))
}

/**
 * The seller's own offer of each product's model, by the product asked: the product itself when
 * the seller sells it, else the seller's published offer of the same model (its cheapest), else
 * nothing. How a seller's answer to a request asked from another seller's page becomes its cart.
 */
export async function sellerOffersFor(ctx: Ctx, sellerId: string, productIds: string[]): Promise<Map<string, string>> {
  const places = await productPlaces(ctx, productIds)
  const models = [...new Set([...places.values()].flatMap((p) => (p.modelId ? [p.modelId] : [])))]
  const own = models.length
    ? await ctx.db
        .select({ id: catalogProducts.id, modelId: catalogProducts.modelId })
        .from(catalogProducts)
        .where(
          and(
            eq(catalogProducts.status, 'published'),
            eq(catalogProducts.vendorOrganizationId, sellerId),
            inArray(catalogProducts.modelId, models),
          ),
        )
        .orderBy(sql`${catalogProducts.priceKopecks} asc nulls last`, catalogProducts.id)
    : []
  const byModel = new Map<string, string>()
  for (const row of own) if (row.modelId && !byModel.has(row.modelId)) byModel.set(row.modelId, row.id)
  const found = new Map<string, string>()
  for (const [productId, place] of places) {
    if (place.vendorOrganizationId === sellerId) found.set(productId, productId)
    else if (place.modelId && byModel.has(place.modelId)) found.set(productId, byModel.get(place.modelId)!)
  }
  return found
}
