import { and, eq } from 'drizzle-orm'
import { PRODUCT_MESSAGES } from '#common/products.ts'
import { type Ctx, requireUser } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { parseId } from '../../parse.ts'
import { productDrafts } from './products.table.ts'

/** The organization the caller works for in the cabinet, and what the caller may do there. */
export interface VendorScope {
  organizationId: string
  /** Owners and administrators send to moderation, unpublish and delete; every member edits. */
  manager: boolean
  /** Only a confirmed vendor's products go to moderation. */
  confirmed: boolean
}

/**
 * The selected organization, when it is a vendor (confirmed or not). A buyer-only organization
 * is told how to become one (403); the text is what the cabinet shows in its place.
 */
export function vendorScope(ctx: Ctx): VendorScope {
  requireUser(ctx)
  const org = ctx.organization
  if (!org) throw new AppError('forbidden', PRODUCT_MESSAGES.noOrganization)
  const vendor = org.roles.find((r) => r.type === 'vendor')
  if (!vendor) throw new AppError('forbidden', PRODUCT_MESSAGES.buyerOnly)
  return { organizationId: org.id, manager: org.memberRole !== 'member', confirmed: vendor.status === 'confirmed' }
}

export function requireManager(scope: VendorScope): void {
  if (!scope.manager) throw new AppError('forbidden', PRODUCT_MESSAGES.managersOnly)
}

export function requireConfirmed(scope: VendorScope): void {
  if (!scope.confirmed) throw new AppError('conflict', PRODUCT_MESSAGES.unconfirmedVendor)
}

/** A product id in a URL; anything but a UUID cannot exist. */
export function productId(id: string): string {
  return parseId(id, PRODUCT_MESSAGES.notFound)
}

/** The organization's draft; another organization's product is not found, like a missing one. */
export async function findOwnDraft(ctx: Ctx, scope: VendorScope, id: string) {
  const [draft] = await ctx.db
    .select()
    .from(productDrafts)
    .where(and(eq(productDrafts.id, productId(id)), eq(productDrafts.organizationId, scope.organizationId)))
  if (!draft) throw new AppError('not_found', PRODUCT_MESSAGES.notFound)
  return draft
}

export type DraftRow = typeof productDrafts.$inferSelect
