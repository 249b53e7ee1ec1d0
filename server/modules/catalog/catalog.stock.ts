import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Availability, ProductImage } from '#common/catalog/products.ts'
import { type RegistrationRequirement, registrationRequirement } from '#common/catalog/registration.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import { isUuid } from '#common/validators.ts'
import type { Ctx } from '../../context.ts'
import { catalogModels, catalogProducts } from './catalog.table.ts'

/**
 * What the cart and checkout need of products on sale: the price, the VAT, the stock, the
 * seller, and whether the drone has to be registered. Stock is taken at checkout and given back
 * when an order is cancelled; a change of stock alone stamps no catalogue revision (the
 * catalogue's update trigger skips it: see the orders migration), so orders never make the listing reload.
 */
export interface Offer {
  id: string
  slug: string
  /** Its model's slug, for the model page's address; null before it is given one. */
  modelSlug: string | null
  title: string
  sku: string
  vendorOrganizationId: string
  /** Null: «по запросу». */
  priceKopecks: number | null
  vatRate: VatRate
  availability: Availability
  /** Units in stock; null when the seller does not count them. */
  stockQuantity: number | null
  /** The seller's minimum order in units. */
  minOrderQuantity: number
  image: ProductImage | null
  registration: RegistrationRequirement
}

export interface StockLine {
  productId: string
  quantity: number
}

/** Published products among the ids, by id: one statement. */
export async function describeOffers(ctx: Ctx, ids: string[]): Promise<Map<string, Offer>> {
  const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))]
  if (!valid.length) return new Map()
  const rows = await ctx.db
    .select({
      id: catalogProducts.id,
      slug: catalogProducts.slug,
      modelSlug: catalogModels.slug,
      title: catalogProducts.title,
      sku: catalogProducts.sku,
      vendorOrganizationId: catalogProducts.vendorOrganizationId,
      priceKopecks: catalogProducts.priceKopecks,
      vatRate: catalogProducts.vatRate,
      availability: catalogProducts.availability,
      stockQuantity: catalogProducts.stockQuantity,
      minOrderQuantity: catalogProducts.minOrderQuantity,
      images: catalogProducts.images,
      weight: catalogProducts.maxTakeoffWeight,
    })
    .from(catalogProducts)
    .leftJoin(catalogModels, eq(catalogModels.id, catalogProducts.modelId))
    .where(and(eq(catalogProducts.status, 'published'), inArray(catalogProducts.id, valid)))
  return new Map(
    rows.map(({ images, weight, ...row }) => [
      row.id,
      { ...row, image: images[0] ?? null, registration: registrationRequirement(weight) },
    ]),
  )
}

/**
 * Takes the units from stock, all or none: the caller's transaction rolls back on a shortage.
 * Rows are locked in id order, so two checkouts of the same products never deadlock; of two
 * buyers racing for the last unit, the second waits for the first and then finds none left.
 * Returns the products that had too few, with how many they have.
 */
export async function takeStock(ctx: Ctx, lines: StockLine[]): Promise<{ productId: string; available: number }[]> {
  const shortages: { productId: string; available: number }[] = []
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const [taken] = await ctx.db
      .update(catalogProducts)
      .set({ stockQuantity: sql`${catalogProducts.stockQuantity} - ${line.quantity}` })
      .where(
        and(
          eq(catalogProducts.id, line.productId),
          eq(catalogProducts.status, 'published'),
          or(isNull(catalogProducts.stockQuantity), gte(catalogProducts.stockQuantity, line.quantity)),
        ),
      )
      .returning({ id: catalogProducts.id })
    if (taken) continue
    const [row] = await ctx.db
      .select({ stock: catalogProducts.stockQuantity })
      .from(catalogProducts)
      .where(eq(catalogProducts.id, line.productId))
    shortages.push({ productId: line.productId, available: row?.stock ?? 0 })
  }
  return shortages
}

/** Gives units back (a cancelled order), whether or not the product is still on sale. */
export async function returnStock(ctx: Ctx, lines: StockLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    await ctx.db
      .update(catalogProducts)
      .set({ stockQuantity: sql`${catalogProducts.stockQuantity} + ${line.quantity}` })
      .where(eq(catalogProducts.id, line.productId))
  }
}
