import { and, asc, eq, gt } from 'drizzle-orm'
import { type ExportScope, ProductsExportQuery } from '#common/products-export.ts'
import type { Ctx } from '../../context.ts'
import { parse } from '../../parse.ts'
import { type CatalogService, type FeedLinks, type FeedProduct, writeCsvFeed } from '../catalog/index.ts'
import type { VendorDirectory } from '../organizations/index.ts'
import { type DraftRow, vendorScope } from './products.access.ts'
import { productDrafts } from './products.table.ts'

/**
 * The cabinet's CSV export: the organization's products in the columns the import reads, so a
 * file edited in Excel loads back unchanged. `all` is what the vendor works on (the drafts'
 * current versions); `published` is what is on sale, read from the catalogue.
 */

const BATCH_SIZE = 1000

export interface ProductsExportDeps {
  catalog: Pick<CatalogService, 'describeVersions' | 'readVendorProducts'>
  vendors: Pick<VendorDirectory, 'describeVendors'>
  links: FeedLinks
}

function draftToFeedProduct(d: DraftRow, slug: string | undefined, links: FeedLinks): FeedProduct {
  return {
    id: d.id,
    slug: slug ?? '',
    sku: d.sku,
    title: d.title,
    brand: d.brand,
    model: d.model,
    categorySlug: d.categorySlug ?? '',
    priceKopecks: d.priceOnRequest ? null : d.priceKopecks,
    vatRate: d.vatRate,
    availability: d.availability,
    description: d.description,
    imageUrls: d.images.flatMap((image) => links.imageUrl(image.src) ?? []),
    specs: d.specs,
    leadTimeDays: d.leadTimeDays,
    stockQuantity: d.stockQuantity,
    areas: d.areas,
    warrantyMonths: d.warrantyMonths,
    minOrderQuantity: d.minOrderQuantity,
    deliveryRegions: d.deliveryRegions,
    partNumber: d.partNumber,
    gtin: d.gtin,
    // The offer's own address: it leads to its model's page with the offer chosen.
    url: slug ? links.productUrl({ slug, modelSlug: null }) : '',
  }
}

/** «tovary-aeroskan-2026-11-25.csv»: Latin letters only, so every browser keeps the name. */
function fileName(slug: string | undefined, scope: ExportScope, date: Date): string {
  const day = date.toISOString().slice(0, 10)
  return `tovary-${slug ?? 'organizacii'}${scope === 'published' ? '-opublikovannye' : ''}-${day}.csv`
}

export function createProductsExport(deps: ProductsExportDeps) {
  /** The drafts in batches by id, with the addresses of those on sale: two statements a batch. */
  async function readDrafts(ctx: Ctx, organizationId: string): Promise<FeedProduct[]> {
    const products: FeedProduct[] = []
    let after: string | undefined
    for (;;) {
      const rows = await ctx.db
        .select()
        .from(productDrafts)
        .where(and(eq(productDrafts.organizationId, organizationId), after ? gt(productDrafts.id, after) : undefined))
        .orderBy(asc(productDrafts.id))
        .limit(BATCH_SIZE)
      const live = await deps.catalog.describeVersions(
        ctx,
        rows.filter((r) => r.published || r.status === 'approved').map((r) => r.id),
      )
      for (const row of rows) products.push(draftToFeedProduct(row, live.get(row.id)?.slug, deps.links))
      if (rows.length < BATCH_SIZE) return products
      after = rows.at(-1)!.id
    }
  }

  /** The versions on sale, from the catalogue in its batches. */
  async function readPublished(ctx: Ctx, organizationId: string): Promise<FeedProduct[]> {
    const products: FeedProduct[] = []
    for await (const batch of deps.catalog.readVendorProducts(ctx, organizationId, deps.links)) products.push(...batch)
    return products
  }

  return {
    /** The selected organization's products as a CSV file and its download name. */
    async exportCsv(ctx: Ctx, query: unknown): Promise<{ fileName: string; csv: string; count: number }> {
      const scope = vendorScope(ctx)
      const { scope: which } = parse(ProductsExportQuery, query ?? {})
      const [vendors, products] = await Promise.all([
        deps.vendors.describeVendors(ctx, [scope.organizationId]),
        which === 'all' ? readDrafts(ctx, scope.organizationId) : readPublished(ctx, scope.organizationId),
      ])
      const collator = new Intl.Collator('ru', { numeric: true })
      products.sort((a, b) => collator.compare(a.title, b.title) || collator.compare(a.sku, b.sku))
      return {
        fileName: fileName(vendors.get(scope.organizationId)?.slug, which, new Date()),
        csv: writeCsvFeed(products),
        count: products.length,
      }
    },

    /**
     * What the cabinet's export panel shows: the feed's address for a confirmed vendor (null
     * otherwise, with the reason the page explains).
     */
    async describeExports(ctx: Ctx): Promise<{ vendorConfirmed: boolean; vendorSlug: string | null }> {
      const scope = vendorScope(ctx)
      const vendors = await deps.vendors.describeVendors(ctx, [scope.organizationId])
      return { vendorConfirmed: scope.confirmed, vendorSlug: vendors.get(scope.organizationId)?.slug ?? null }
    },
  }
}

export type ProductsExport = ReturnType<typeof createProductsExport>
