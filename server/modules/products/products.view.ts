import { asc, eq } from 'drizzle-orm'
import { type DraftFields, draftProblems } from '#common/products.schemas.ts'
import { photoIdOf } from '#common/product-media.ts'
import type { DraftStatus } from '#common/products.ts'
import type { Ctx } from '../../context.ts'
import type { CatalogVersion, PublishedVersion } from '../catalog/index.ts'
import { richTextToPlain } from '../../text/sanitize.ts'
import type { DraftRow } from './products.access.ts'
import { productDraftEvents } from './products.table.ts'
import { storedHtml } from '../../text/sanitize.ts'

/** A product as the cabinet's list shows it. */
export function toListItem(d: DraftRow, live: CatalogVersion | undefined) {
  return {
    id: d.id,
    status: d.status,
    published: d.published,
    /** Published, with changes that are not yet approved (a draft, on moderation or sent back). */
    hasPendingChanges: d.published && d.status !== 'approved',
    sku: d.sku,
    title: d.title,
    brand: d.brand,
    model: d.model,
    categorySlug: d.categorySlug,
    priceKopecks: d.priceKopecks,
    priceOnRequest: d.priceOnRequest,
    vatRate: d.vatRate,
    image: d.images[0] ?? null,
    staffComment: d.status === 'needFixes' ? d.staffComment : null,
    slug: live?.slug ?? null,
    updatedAt: d.updatedAt,
  }
}

export function draftFieldsOf(d: DraftRow): DraftFields {
  return {
    ...d,
    descriptionText: richTextToPlain(d.description),
    specs: d.specs as Record<string, unknown>,
    photoCount: d.images.length,
  }
}

/** What the draft still lacks for moderation, per field (empty when complete). */
export function problemsOf(d: DraftRow): Record<string, string> {
  return draftProblems(draftFieldsOf(d))
}

/** The version the catalogue will show once staff approve the draft (a complete draft only). */
export function toPublishedVersion(d: DraftRow): PublishedVersion {
  return {
    id: d.id,
    vendorOrganizationId: d.organizationId,
    sku: d.sku,
    title: d.title,
    brand: d.brand,
    model: d.model,
    categorySlug: d.categorySlug ?? '',
    priceKopecks: d.priceOnRequest ? null : d.priceKopecks,
    vatRate: d.vatRate,
    availability: d.availability,
    leadTimeDays: d.availability === 'to_order' ? d.leadTimeDays : null,
    stockQuantity: d.stockQuantity,
    modelId: d.modelId,
    partNumber: d.partNumber,
    gtin: d.gtin,
    warrantyMonths: d.warrantyMonths,
    deliveryRegions: d.deliveryRegions,
    minOrderQuantity: d.minOrderQuantity,
    fitsModelIds: d.fitsModelIds,
    description: richTextToPlain(d.description),
    descriptionHtml: d.description,
    areas: d.areas,
    specs: d.specs,
    images: d.images,
    documents: d.documents,
  }
}

/** The draft's moves, oldest first. */
export async function historyOf(ctx: Ctx, productId: string) {
  const rows = await ctx.db
    .select({
      event: productDraftEvents.event,
      fromStatus: productDraftEvents.fromStatus,
      toStatus: productDraftEvents.toStatus,
      byUserId: productDraftEvents.byUserId,
      comment: productDraftEvents.comment,
      createdAt: productDraftEvents.createdAt,
    })
    .from(productDraftEvents)
    .where(eq(productDraftEvents.productId, productId))
    .orderBy(asc(productDraftEvents.createdAt))
  return rows.map((r) => ({
    ...r,
    fromStatus: r.fromStatus as DraftStatus | null,
    toStatus: r.toStatus as DraftStatus,
  }))
}

/** A product in full as its vendor edits it: the draft, what it lacks, its history and what is on sale. */
export async function toDetails(ctx: Ctx, d: DraftRow, live: CatalogVersion | undefined) {
  return {
    ...toListItem(d, live),
    leadTimeDays: d.leadTimeDays,
    stockQuantity: d.stockQuantity,
    availability: d.availability,
    warrantyMonths: d.warrantyMonths,
    deliveryRegions: d.deliveryRegions,
    minOrderQuantity: d.minOrderQuantity,
    modelId: d.modelId,
    partNumber: d.partNumber,
    gtin: d.gtin,
    /** The formatted description the sanitizer stored. */
    description: storedHtml(d.description),
    areas: d.areas,
    specs: d.specs,
    images: d.images,
    /** The images with their ids for the photo endpoints, in order: the first is the main one. */
    photos: d.images.map((image) => ({ id: photoIdOf(image.src), ...image })),
    documents: d.documents,
    createdAt: d.createdAt,
    submittedAt: d.submittedAt,
    problems: problemsOf(d),
    history: await historyOf(ctx, d.id),
    live: live ?? null,
  }
}

export type CabinetProduct = ReturnType<typeof toListItem>
export type CabinetProductDetails = Awaited<ReturnType<typeof toDetails>>
