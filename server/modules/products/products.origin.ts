import { and, eq, inArray } from 'drizzle-orm'
import { type ProductOrigin, ProductOriginInput } from '#common/product-origin.ts'
import type { Ctx } from '../../context.ts'
import { parse } from '../../parse.ts'
import type { RateLimiter } from '../rate-limit/index.ts'
import { findOwnDraft, vendorScope } from './products.access.ts'
import { SAVE_RATE_LIMIT } from './products.service.ts'
import { productDrafts } from './products.table.ts'

export interface ProductOrigins {
  /** The product's country of origin and customs declaration, as the vendor keeps them. */
  get(ctx: Ctx, id: string): Promise<ProductOrigin>
  /**
   * Sets both at once. Any member of the vendor may, on a product in any state: they print on the
   * seller's own documents, so they change nothing in the catalogue and need no moderation.
   */
  set(ctx: Ctx, id: string, input: unknown): Promise<ProductOrigin>
  /** For the transfer documents of a shipment: the origins of these products, by id (system use). */
  of(ctx: Ctx, organizationId: string, productIds: string[]): Promise<Map<string, ProductOrigin>>
}

const originOf = (row: { originCountry: string | null; customsDeclaration: string | null }): ProductOrigin => ({
  countryCode: row.originCountry,
  customsDeclaration: row.customsDeclaration,
})

/** The origins of an organization's products, by id: what a shipment's transfer document prints. */
export async function originsOf(
  ctx: Ctx,
  organizationId: string,
  productIds: string[],
): Promise<Map<string, ProductOrigin>> {
  if (!productIds.length) return new Map()
  const rows = await ctx.db
    .select({
      id: productDrafts.id,
      originCountry: productDrafts.originCountry,
      customsDeclaration: productDrafts.customsDeclaration,
    })
    .from(productDrafts)
    .where(and(eq(productDrafts.organizationId, organizationId), inArray(productDrafts.id, productIds)))
  return new Map(rows.map((row) => [row.id, originOf(row)]))
}

export function createProductOrigins(deps: { limiter: RateLimiter }): ProductOrigins {
  return {
    async get(ctx, id) {
      return originOf(await findOwnDraft(ctx, vendorScope(ctx), id))
    },

    async set(ctx, id, input) {
      const scope = vendorScope(ctx)
      const origin = parse(ProductOriginInput, input ?? {})
      await deps.limiter.hit(`products:save:${ctx.user!.id}`, SAVE_RATE_LIMIT)
      const draft = await findOwnDraft(ctx, scope, id)
      await ctx.db
        .update(productDrafts)
        .set({ originCountry: origin.countryCode, customsDeclaration: origin.customsDeclaration })
        .where(eq(productDrafts.id, draft.id))
      return { countryCode: origin.countryCode, customsDeclaration: origin.customsDeclaration }
    },

    of: originsOf,
  }
}
