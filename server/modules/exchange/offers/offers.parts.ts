import { and, eq } from 'drizzle-orm'
import { type EquipmentOption, OFFER_MESSAGES, type OfferDetails, OfferInput } from '#common/exchange/offers.ts'
import { photoIdOf } from '#common/product-media.ts'
import type { VendorRef } from '#common/catalog/types.ts'
import { type Ctx, requireUser } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { parse, parseId } from '../../../parse.ts'
import { cleanRichText } from '../../../text/clean.ts'
import { richTextToPlain, storedHtml } from '../../../text/sanitize.ts'
import type { CatalogService } from '../../catalog/index.ts'
import type { FileStorage } from '../../files/index.ts'
import type { Events } from '../../notifications/index.ts'
import type { OrganizationsService } from '../../organizations/index.ts'
import { type CabinetProducts } from '../../products/index.ts'
import type { RateLimiter, RateLimitRule } from '../../rate-limit/index.ts'
import { moveOffer, offerTransition } from './offers.machine.ts'
import { publishedServiceOffers, serviceOffers } from './offers.table.ts'

/** Creating is a click; hundreds an hour is a script. */
export const OFFER_CREATE_RATE_LIMIT: RateLimitRule = { limit: 100, windowMs: 60 * 60_000 }
/** Saves, moves and captions: as often as a vendor works the form. */
export const OFFER_SAVE_RATE_LIMIT: RateLimitRule = { limit: 1200, windowMs: 60 * 60_000 }
/** Uploads are heavier than typing. */
export const OFFER_PHOTO_RATE_LIMIT: RateLimitRule = { limit: 200, windowMs: 60 * 60_000 }

export interface OffersDeps {
  /** Equipment: the vendor's own products on sale, as the catalogue knows them. */
  catalog: Pick<CatalogService, 'describeVersions'>
  /** The editor's list of equipment to pick from: the vendor's products on sale. */
  products: Pick<CabinetProducts, 'list'>
  /** The seller's current name and slug, copied into the published version. */
  vendors: { describeVendors(ctx: Ctx, ids: string[]): Promise<Map<string, VendorRef>> }
  organizations: Pick<OrganizationsService, 'nameOf'>
  events: Events
  limiter: RateLimiter
  /** Photos' bytes, beside the products' ones (products/uploaded-photos.ts). */
  storage: FileStorage
}

export type OfferRow = typeof serviceOffers.$inferSelect

interface VendorScope {
  organizationId: string
  /** Owners and administrators submit, unpublish and delete; every member edits. */
  manager: boolean
  /** Only a confirmed vendor's offers go to moderation. */
  confirmed: boolean
}

/** The selected organization when it is a vendor (confirmed or not); a buyer-only one is 403. */
export function vendorScope(ctx: Ctx): VendorScope {
  requireUser(ctx)
  const org = ctx.organization
  if (!org) throw new AppError('forbidden', OFFER_MESSAGES.noOrganization)
  const vendor = org.roles.find((r) => r.type === 'vendor')
  if (!vendor) throw new AppError('forbidden', OFFER_MESSAGES.buyerOnly)
  return { organizationId: org.id, manager: org.memberRole !== 'member', confirmed: vendor.status === 'confirmed' }
}

export function requireManager(scope: VendorScope): void {
  if (!scope.manager) throw new AppError('forbidden', OFFER_MESSAGES.managersOnly)
}

export function requireConfirmed(scope: VendorScope): void {
  if (!scope.confirmed) throw new AppError('conflict', OFFER_MESSAGES.notVendor)
}

export const offerId = (id: string) => parseId(id, OFFER_MESSAGES.notFound)

/** The organization's offer; another organization's offer is not found, like a missing one. */
export async function findOwnOffer(ctx: Ctx, scope: VendorScope, id: string): Promise<OfferRow> {
  const [row] = await ctx.db
    .select()
    .from(serviceOffers)
    .where(and(eq(serviceOffers.id, offerId(id)), eq(serviceOffers.organizationId, scope.organizationId)))
  if (!row) throw new AppError('not_found', OFFER_MESSAGES.notFound)
  return row
}

/** The offer an Idempotency-Key (or a new-offer form's key) made, if it made one. */
export async function offerOfKey(ctx: Ctx, organizationId: string, key: string | null): Promise<OfferRow | undefined> {
  if (!key) return undefined
  const [row] = await ctx.db
    .select()
    .from(serviceOffers)
    .where(and(eq(serviceOffers.organizationId, organizationId), eq(serviceOffers.creationKey, key)))
  return row
}

/** What submission still refuses, field by field, in Russian; empty when the offer is complete. */
export function offerProblems(row: OfferRow): Record<string, string> {
  const problems: Record<string, string> = {}
  if (!row.title.trim()) problems.title = OFFER_MESSAGES.title
  if (!row.type) problems.type = OFFER_MESSAGES.type
  if (!row.spheres.length) problems.spheres = OFFER_MESSAGES.spheres
  if (!row.nationwide && !row.regions.length) problems.regions = OFFER_MESSAGES.regions
  if (!richTextToPlain(row.description).trim()) problems.description = OFFER_MESSAGES.description
  if (row.priceFromKopecks !== null && row.priceFromKopecks <= 0) problems.priceFromKopecks = OFFER_MESSAGES.price
  return problems
}

/** The content columns an offer's version carries, from the working copy. */
export function contentOf(row: Omit<OfferRow, 'id' | 'status'> | typeof publishedServiceOffers.$inferSelect) {
  return {
    title: row.title,
    type: row.type,
    // Stored as text[]; written only through OfferInput, so they hold known slugs and codes.
    spheres: row.spheres as OfferDetails['spheres'],
    regions: row.regions as OfferDetails['regions'],
    nationwide: row.nationwide,
    priceFromKopecks: row.priceFromKopecks,
    priceUnit: row.priceUnit,
    description: storedHtml(row.description),
    photos: row.photos,
    equipmentProductIds: row.equipmentProductIds,
    licences: row.licences,
  }
}

const sameContent = (a: ReturnType<typeof contentOf>, b: ReturnType<typeof contentOf>) =>
  JSON.stringify(a) === JSON.stringify(b)

/**
 * What the offers' parts share: the offer as its editor sees it, the equipment, the form's columns
 * and the write of a working copy.
 */
export function createOfferParts(deps: OffersDeps) {
  async function details(ctx: Ctx, row: OfferRow): Promise<OfferDetails> {
    const [[live], equipment] = await Promise.all([
      ctx.db.select().from(publishedServiceOffers).where(eq(publishedServiceOffers.id, row.id)),
      describeEquipment(ctx, row.equipmentProductIds),
    ])
    const { photos, ...content } = contentOf(row)
    return {
      id: row.id,
      organizationId: row.organizationId,
      status: row.status,
      published: row.published,
      hasPendingChanges: !!live && row.published && !sameContent(contentOf(row), contentOf(live)),
      ...content,
      photos: photos.map((p) => ({ id: photoIdOf(p.src), src: p.src, alt: p.alt })),
      equipment,
      staffComment: row.staffComment,
      sellerSlug: live?.sellerSlug ?? null,
      problems: offerProblems(row),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      submittedAt: row.submittedAt,
    }
  }

  /** Titles and addresses of the equipment (products off sale are left out of the answer). */
  async function describeEquipment(ctx: Ctx, ids: string[]): Promise<EquipmentOption[]> {
    const versions = await deps.catalog.describeVersions(ctx, ids)
    return ids.flatMap((id) => {
      const v = versions.get(id)
      return v && v.status === 'published' ? [{ id, title: v.title, slug: v.slug }] : []
    })
  }

  /** Every equipment id must be the vendor's own product on sale in the catalogue. */
  async function checkEquipment(ctx: Ctx, scope: VendorScope, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids.map((i) => i.toLowerCase()))]
    if (!unique.length) return []
    const versions = await deps.catalog.describeVersions(ctx, unique)
    const foreign = unique.some((id) => {
      const v = versions.get(id)
      return !v || v.status !== 'published' || v.vendorOrganizationId !== scope.organizationId
    })
    if (foreign)
      throw new AppError('invalid', OFFER_MESSAGES.equipment, { equipmentProductIds: OFFER_MESSAGES.equipment })
    return unique
  }

  async function toColumns(ctx: Ctx, scope: VendorScope, input: unknown) {
    const parsed = parse(OfferInput, input ?? {})
    return {
      ...parsed,
      regions: parsed.nationwide ? [] : [...new Set(parsed.regions)],
      spheres: [...new Set(parsed.spheres)],
      description: await cleanRichText(parsed.description),
      equipmentProductIds: await checkEquipment(ctx, scope, parsed.equipmentProductIds),
      updatedAt: new Date(),
    }
  }

  /**
   * Writes `set` on the working copy unless it is with staff; an approved one becomes a new draft
   * (the `edit` move) and the exchange keeps the approved version. The write lands only if the
   * status is still the one read.
   */
  async function change(ctx: Ctx, row: OfferRow, set: Partial<typeof serviceOffers.$inferInsert>): Promise<void> {
    if (row.status === 'moderation') throw new AppError('conflict', OFFER_MESSAGES.notEditable)
    if (row.status === 'approved') {
      await moveOffer(ctx, row.id, offerTransition(row.status, 'edit', 'vendor'), { set })
      return
    }
    const [saved] = await ctx.db
      .update(serviceOffers)
      .set(set)
      .where(and(eq(serviceOffers.id, row.id), eq(serviceOffers.status, row.status)))
      .returning({ id: serviceOffers.id })
    if (!saved) throw new AppError('conflict', OFFER_MESSAGES.stale)
  }

  return { details, describeEquipment, toColumns, change }
}

export type OfferParts = ReturnType<typeof createOfferParts>
