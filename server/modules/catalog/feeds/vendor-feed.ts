import { createHash } from 'node:crypto'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { CATEGORIES } from '#common/catalog/categories.ts'
import type { Ctx } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import type { ConfirmedVendor, VendorDirectory } from '../../organizations/index.ts'
import { catalogModels, catalogProducts } from '../catalog.table.ts'
import type { FeedLinks } from './links.ts'
import type { FeedProduct } from './types.ts'
import { ymlFeedWriter } from './yml.ts'

/**
 * A vendor's published products as a YML feed for Yandex Market and Avito autoload, which poll it
 * every few minutes to hours. What identifies a version of the feed is worked out from one
 * aggregate over the vendor's rows (the catalogue's revision stamps every change), so a poll that
 * has the current version costs two small statements and no products. The products are read and
 * written in batches, so a vendor with thousands of them is never held in memory at once.
 */

export const FEED_BATCH_SIZE = 1000
/** Changes with what the feed writes, so a changed format is never answered «not modified». */
const FEED_FORMAT = 'yml-3'

export interface VendorFeed {
  vendor: ConfirmedVendor
  /** A weak validator: the same bytes are sent compressed or not. */
  etag: string
  /** The latest change to the vendor's products or organization, to the second. */
  lastModified: Date
  /** Published products, as counted before the feed is read. */
  productCount: number
}

const feedColumns = {
  id: catalogProducts.id,
  slug: catalogProducts.slug,
  sku: catalogProducts.sku,
  title: catalogProducts.title,
  brand: catalogProducts.brand,
  model: catalogProducts.model,
  categorySlug: catalogProducts.categorySlug,
  priceKopecks: catalogProducts.priceKopecks,
  vatRate: catalogProducts.vatRate,
  availability: catalogProducts.availability,
  description: catalogProducts.description,
  descriptionHtml: catalogProducts.descriptionHtml,
  images: catalogProducts.images,
  specs: catalogProducts.specs,
  leadTimeDays: catalogProducts.leadTimeDays,
  stockQuantity: catalogProducts.stockQuantity,
  areas: catalogProducts.areas,
  warrantyMonths: catalogProducts.warrantyMonths,
  minOrderQuantity: catalogProducts.minOrderQuantity,
  deliveryRegions: catalogProducts.deliveryRegions,
  // The model's identity by its maker (a product without a model yet has none).
  partNumber: catalogModels.partNumber,
  gtin: catalogModels.gtin,
  modelSlug: catalogModels.slug,
}

type FeedRow = Pick<
  typeof catalogProducts.$inferSelect,
  Exclude<keyof typeof feedColumns, 'partNumber' | 'gtin' | 'modelSlug'>
> & {
  partNumber: string | null
  gtin: string | null
  modelSlug: string | null
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function toFeedProduct(row: FeedRow, links: FeedLinks): FeedProduct {
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    title: row.title,
    brand: row.brand,
    model: row.model,
    categorySlug: row.categorySlug,
    priceKopecks: row.priceKopecks,
    vatRate: row.vatRate,
    availability: row.availability,
    // Products from before the cabinet have plain text only; feeds carry HTML.
    description: row.descriptionHtml || (row.description ? `<p>${escapeHtml(row.description)}</p>` : ''),
    imageUrls: row.images.flatMap((image) => links.imageUrl(image.src) ?? []),
    specs: row.specs,
    leadTimeDays: row.leadTimeDays,
    stockQuantity: row.stockQuantity,
    areas: row.areas,
    warrantyMonths: row.warrantyMonths,
    minOrderQuantity: row.minOrderQuantity,
    deliveryRegions: row.deliveryRegions,
    partNumber: row.partNumber ?? '',
    gtin: row.gtin ?? '',
    url: links.productUrl(row),
  }
}

const published = eq(catalogProducts.status, 'published')

export function createVendorFeeds(deps: { vendors: VendorDirectory }) {
  /**
   * A vendor's published products in batches, by id: one statement per batch. A product changed
   * while the batches are read appears as it is when its batch is read.
   */
  async function* readVendorProducts(
    ctx: Ctx,
    vendorId: string,
    links: FeedLinks,
    batchSize = FEED_BATCH_SIZE,
  ): AsyncGenerator<FeedProduct[]> {
    let after: string | undefined
    for (;;) {
      const rows = await ctx.db
        .select(feedColumns)
        .from(catalogProducts)
        .leftJoin(catalogModels, eq(catalogModels.id, catalogProducts.modelId))
        .where(
          and(
            eq(catalogProducts.vendorOrganizationId, vendorId),
            published,
            after ? gt(catalogProducts.id, after) : undefined,
          ),
        )
        .orderBy(asc(catalogProducts.id))
        .limit(batchSize)
      if (rows.length) yield rows.map((row) => toFeedProduct(row, links))
      if (rows.length < batchSize) return
      after = rows.at(-1)!.id
    }
  }

  return {
    readVendorProducts,

    /**
     * The feed of a confirmed vendor, without its products: who, and which version. An unknown
     * or unconfirmed vendor is not found, as on the seller pages. Two statements.
     */
    async describeVendorFeed(ctx: Ctx, slug: string, links: FeedLinks): Promise<VendorFeed> {
      const vendor = await deps.vendors.describeConfirmedVendor(ctx, slug)
      if (!vendor) throw new AppError('not_found', 'Продавец не найден')
      const [state] = await ctx.db
        .select({
          rows: sql<number>`count(*)::int`,
          published: sql<number>`(count(*) filter (where ${published}))::int`,
          revision: sql<string>`coalesce(max(${catalogProducts.revision}), 0)::text`,
          changedAt: sql<string | null>`max(${catalogProducts.updatedAt})::text`,
        })
        .from(catalogProducts)
        .where(eq(catalogProducts.vendorOrganizationId, vendor.id))
      // Any change to a vendor's row takes a new revision; a deleted row was not on sale, and the
      // count of rows tells its deletion apart from the state before its last change.
      const version = [FEED_FORMAT, links.site, vendor.id, vendor.slug, vendor.name, vendor.fullName]
        .concat([String(state!.rows), String(state!.published), state!.revision])
        .join('\n')
      const changedAt = state!.changedAt ? new Date(state!.changedAt) : new Date(0)
      const latest = Math.max(changedAt.getTime(), vendor.updatedAt.getTime())
      return {
        vendor,
        etag: `W/"${createHash('sha1').update(version).digest('base64url').slice(0, 27)}"`,
        lastModified: new Date(Math.floor(latest / 1000) * 1000),
        productCount: state!.published,
      }
    },

    /** The feed's YML in pieces as the products are read: the shop, each batch's offers, the end. */
    async *writeVendorFeed(ctx: Ctx, feed: VendorFeed, links: FeedLinks): AsyncGenerator<string> {
      const writer = ymlFeedWriter(
        { name: feed.vendor.name, company: feed.vendor.fullName, url: links.sellerUrl(feed.vendor.slug) },
        CATEGORIES,
        // Dated by its last change, so the same version is the same bytes whenever it is asked for.
        { date: feed.lastModified, offerId: 'product' },
      )
      yield writer.head
      for await (const batch of readVendorProducts(ctx, feed.vendor.id, links)) yield writer.offers(batch)
      yield writer.tail
    },
  }
}
