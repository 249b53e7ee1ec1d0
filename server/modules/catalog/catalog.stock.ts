import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Availability, ProductImage } from '#common/catalog/products.ts'
import { type RegistrationRequirement, registrationRequirement } from '#common/catalog/registration.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import { isUuid } from '#common/validators.ts'
import type { Ctx } from '../../context.ts'
import { rowsOf } from '../../db/rows.ts'
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
 * One statement whatever the number of lines. Its rows are locked in id order first, so two
 * checkouts of the same products never deadlock; of two buyers racing for the last unit, the
 * second waits for the first and then reads what it left (a locked row is read as last
 * committed). Returns the products that had too few, with how many they have.
 */
export async function takeStock(ctx: Ctx, lines: StockLine[]): Promise<{ productId: string; available: number }[]> {
  if (!lines.length) return []
  const rows = rowsOf<{ id: string; available: number | null; taken: boolean }>(
    await ctx.db.execute(sql`
    with wanted as (
      ${stockLines(lines)}
    ), locked as (
      select p.id, p.status, p.stock_quantity from ${catalogProducts} p
      where p.id in (select id from wanted) order by p.id for update
    ), taken as (
      update ${catalogProducts} p set stock_quantity = p.stock_quantity - w.quantity
      from locked l join wanted w on w.id = l.id
      where p.id = l.id and l.status = 'published' and (l.stock_quantity is null or l.stock_quantity >= w.quantity)
      returning p.id
    )
    select w.id, l.stock_quantity as available, w.id in (select id from taken) as taken
    from wanted w left join locked l on l.id = w.id`),
  )
  return rows.filter((row) => !row.taken).map((row) => ({ productId: row.id, available: row.available ?? 0 }))
}

/** Gives units back (a cancelled order), whether or not the product is still on sale: one statement. */
export async function returnStock(ctx: Ctx, lines: StockLine[]): Promise<void> {
  if (!lines.length) return
  await ctx.db.execute(sql`
    with back as (
      ${stockLines(lines)}
    ), locked as (
      select p.id from ${catalogProducts} p where p.id in (select id from back) order by p.id for update
    )
    update ${catalogProducts} p set stock_quantity = p.stock_quantity + b.quantity
    from back b where p.id = b.id and p.id in (select id from locked)`)
}

/**
 * The lines as a relation (id, quantity), one row per product however often it comes: two array
 * parameters for `unnest` however many lines. For a statement's `with … as (…)` or `from (…)`.
 */
export function stockLines(lines: StockLine[]): SQL {
  return sql`select id, sum(quantity)::int as quantity
    from unnest(${sql.param(lines.map((l) => l.productId))}::uuid[], ${sql.param(lines.map((l) => l.quantity))}::int[])
      as w(id, quantity) group by id`
}

/** A vendor's new price or stock of a product on sale (from its accounting system). */
export interface OfferUpdate {
  productId: string
  /** Undefined: unchanged; null: on request. */
  priceKopecks?: number | null
  stockQuantity?: number
  availability?: Availability
}

/**
 * Prices and stock of a vendor's products on sale, at once and without moderation: they are the
 * vendor's terms, not the catalogue's content. Another vendor's product is passed over. Two
 * statements whatever the number; a price or availability stamps the catalogue's revision (listings
 * sort and filter by them), stock alone does not (see `takeStock`).
 */
export async function updateOffers(ctx: Ctx, vendorOrganizationId: string, updates: OfferUpdate[]): Promise<void> {
  const prices = updates.filter((u) => u.priceKopecks !== undefined)
  const stock = updates.filter((u) => u.stockQuantity !== undefined)
  if (prices.length)
    await ctx.db.execute(sql`
      update ${catalogProducts} p set price_kopecks = u.price
      from unnest(${sql.param(prices.map((u) => u.productId))}::uuid[],
                  ${sql.param(prices.map((u) => u.priceKopecks ?? null))}::bigint[]) as u(id, price)
      where p.id = u.id and p.vendor_organization_id = ${vendorOrganizationId}
        and p.price_kopecks is distinct from u.price`)
  if (stock.length)
    await ctx.db.execute(sql`
      update ${catalogProducts} p set stock_quantity = u.stock, availability = u.availability,
        -- Availability is a filter of listings: its change stamps a revision, stock alone does not.
        updated_at = case when p.availability <> u.availability then now() else p.updated_at end
      from unnest(${sql.param(stock.map((u) => u.productId))}::uuid[],
                  ${sql.param(stock.map((u) => u.stockQuantity!))}::int[],
                  ${sql.param(stock.map((u) => u.availability ?? 'in_stock'))}::text[]) as u(id, stock, availability)
      where p.id = u.id and p.vendor_organization_id = ${vendorOrganizationId}
        and (p.stock_quantity is distinct from u.stock or p.availability <> u.availability)`)
}
