import { eq, inArray, sql } from 'drizzle-orm'
import type { Specs } from '#common/catalog/attributes.ts'
import type { Availability, ProductImage } from '#common/catalog/products.ts'
import type { VatRate } from '#common/catalog/vat.ts'
import { categorySubtree, getCategory, isAccessoryCategory } from '#common/catalog/categories.ts'
import { CATALOG_ROOT_SLUG } from '#common/spheres.ts'
import { slugify } from '#common/slug.ts'
import type { Ctx } from '../../context.ts'
import { catalogProducts } from './catalog.table.ts'
import { queryRows } from './catalog.listing.ts'
import { modelIdFor } from './models/assign-models.ts'
import { adjustSearchWords } from './search/search-words.ts'
import type { SanitizedHtml } from '#common/html.ts'
import { storedHtml } from '../../text/sanitize.ts'

/**
 * How approved versions reach the catalogue. The products module (the vendors' drafts and their
 * moderation) calls these inside its transaction; the catalogue's triggers stamp the rows with
 * the next revision, so every instance's listing index, search and suggestions follow on their
 * next request, and the typo dictionary is adjusted in the same transaction.
 */

/** A version of a product as the catalogue shows it. */
export interface PublishedVersion {
  id: string
  vendorOrganizationId: string
  sku: string
  title: string
  brand: string
  model: string
  categorySlug: string
  priceKopecks: number | null
  vatRate: VatRate
  availability: Availability
  leadTimeDays: number | null
  stockQuantity: number | null
  /** The model the vendor attached the offer to; null: the model of its brand and model name. */
  modelId: string | null
  /** For a model the offer makes: the manufacturer's part number and GTIN the vendor gave. */
  partNumber?: string
  gtin?: string
  warrantyMonths: number | null
  deliveryRegions: string[]
  minOrderQuantity: number
  /** For a payload, accessory or spare part: the drone models the vendor says it fits. */
  fitsModelIds?: string[]
  description: string
  descriptionHtml: string
  areas: string[]
  specs: Specs
  images: ProductImage[]
  documents: { fileId: string; name: string }[]
}

/** The catalogue's row of a product, published or not, as its vendor and staff see it. */
export type CatalogVersion = Omit<PublishedVersion, 'descriptionHtml'> & {
  /** What the sanitizer stored when the version was published. */
  descriptionHtml: SanitizedHtml
  slug: string
  status: string
  publishedAt: Date | null
  updatedAt: Date
}

const versionColumns = {
  id: catalogProducts.id,
  vendorOrganizationId: catalogProducts.vendorOrganizationId,
  sku: catalogProducts.sku,
  title: catalogProducts.title,
  brand: catalogProducts.brand,
  model: catalogProducts.model,
  categorySlug: catalogProducts.categorySlug,
  priceKopecks: catalogProducts.priceKopecks,
  vatRate: catalogProducts.vatRate,
  availability: catalogProducts.availability,
  leadTimeDays: catalogProducts.leadTimeDays,
  stockQuantity: catalogProducts.stockQuantity,
  modelId: catalogProducts.modelId,
  warrantyMonths: catalogProducts.warrantyMonths,
  deliveryRegions: catalogProducts.deliveryRegions,
  minOrderQuantity: catalogProducts.minOrderQuantity,
  description: catalogProducts.description,
  descriptionHtml: catalogProducts.descriptionHtml,
  areas: catalogProducts.areas,
  specs: catalogProducts.specs,
  images: catalogProducts.images,
  documents: catalogProducts.documents,
  slug: catalogProducts.slug,
  status: catalogProducts.status,
  publishedAt: catalogProducts.publishedAt,
  updatedAt: catalogProducts.updatedAt,
}

/** The words the typo dictionary counts for a product (search/search-words.ts reads the same). */
const dictionaryText = (p: { title: string; brand: string; model: string }) => `${p.title} ${p.brand} ${p.model}`

/**
 * An offer's own address, which redirects to its model's page: the title in Latin letters, with a
 * piece of the id when a product or a model has it (the two share /product/{slug}).
 */
async function freeProductSlug(ctx: Ctx, version: PublishedVersion): Promise<string> {
  const base = (slugify(version.title) || slugify(`${version.brand} ${version.model}`) || 'tovar').slice(0, 80)
  const taken = await queryRows<{ slug: string }>(
    ctx.db,
    sql`select slug from catalog_products where slug = ${base}
        union all select slug from catalog_models where slug = ${base}`,
  )
  return taken.length ? `${base}-${version.id.slice(0, 8)}` : base
}

/**
 * The characteristics the catalogue stores for a version: the vendor's, with the drone type its
 * category fixes and the spheres from the version's own list. The product page and its preview
 * read the same.
 */
export function catalogSpecs(version: Pick<PublishedVersion, 'specs' | 'categorySlug' | 'areas'>): Specs {
  const droneType = getCategory(version.categorySlug)?.droneType
  return { ...version.specs, ...(droneType && { type: droneType }), areas_of_application: version.areas } as Specs
}

export async function describeVersions(ctx: Ctx, ids: string[]): Promise<Map<string, CatalogVersion>> {
  if (!ids.length) return new Map()
  const rows = await ctx.db.select(versionColumns).from(catalogProducts).where(inArray(catalogProducts.id, ids))
  return new Map(rows.map((r) => [r.id, { ...r, descriptionHtml: storedHtml(r.descriptionHtml) } as CatalogVersion]))
}

/**
 * Puts the version on sale: inserts the product, or replaces what the catalogue showed. The
 * address stays the one the product got when first published. Returns it.
 */
export async function publishVersion(ctx: Ctx, version: PublishedVersion): Promise<{ slug: string }> {
  const [before] = await ctx.db.select(versionColumns).from(catalogProducts).where(eq(catalogProducts.id, version.id))
  const now = new Date()
  const specs = catalogSpecs(version)
  const { partNumber: _p, gtin: _g, fitsModelIds = [], ...columns } = version
  const modelId = await modelIdFor(ctx.db, { ...version, specs })
  // What the approved offer fits, its model fits: approved drone models only, each pair once.
  if (fitsModelIds.length && isAccessoryCategory(version.categorySlug))
    await ctx.db.execute(
      sql`insert into catalog_model_fits (accessory_model_id, drone_model_id)
          select ${modelId}::uuid, d.id from catalog_models d
          where d.id = any(${sql.param(fitsModelIds)}::uuid[]) and d.status = 'approved'
            and d.category_slug = any(${sql.param(categorySubtree(CATALOG_ROOT_SLUG))}::text[])
          on conflict do nothing`,
    )
  let slug: string
  if (before) {
    slug = before.slug
    await ctx.db
      .update(catalogProducts)
      .set({ ...columns, modelId, specs, status: 'published', updatedAt: now, publishedAt: before.publishedAt ?? now })
      .where(eq(catalogProducts.id, version.id))
  } else {
    slug = await freeProductSlug(ctx, version)
    await ctx.db
      .insert(catalogProducts)
      .values({ ...columns, modelId, specs, slug, status: 'published', publishedAt: now })
  }
  await adjustSearchWords(ctx.db, {
    removed: before?.status === 'published' ? dictionaryText(before) : '',
    added: dictionaryText(version),
  })
  return { slug }
}

/** Takes the product off sale; its row stays, so its address comes back when it is approved again. */
export async function unpublishVersion(ctx: Ctx, id: string): Promise<void> {
  const [before] = await ctx.db
    .update(catalogProducts)
    .set({ status: 'non-published', updatedAt: new Date() })
    .where(sql`${catalogProducts.id} = ${id} and ${catalogProducts.status} = 'published'`)
    .returning({ title: catalogProducts.title, brand: catalogProducts.brand, model: catalogProducts.model })
  if (before) await adjustSearchWords(ctx.db, { removed: dictionaryText(before), added: '' })
}

/** Removes a product that is not on sale (a deleted draft that was published once). */
export async function removeVersion(ctx: Ctx, id: string): Promise<void> {
  await ctx.db
    .delete(catalogProducts)
    .where(sql`${catalogProducts.id} = ${id} and ${catalogProducts.status} <> 'published'`)
}
