import { sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { type CatalogService, type StockLine, stockLines } from '../catalog/index.ts'
import { productDrafts } from './products.table.ts'

/**
 * Stock as orders move it: taken at checkout, given back on cancellation. The catalogue's number
 * is the one that decides; the vendor's working copy follows it, so the cabinet shows what is
 * left and the next approved version does not bring back units already sold.
 */
export interface ProductStock {
  /** All or nothing, in the caller's transaction; the shortages when some product has too few. */
  reserve(ctx: Ctx, lines: StockLine[]): Promise<{ productId: string; available: number }[]>
  release(ctx: Ctx, lines: StockLine[]): Promise<void>
}

export function createProductStock(catalog: Pick<CatalogService, 'takeStock' | 'returnStock'>): ProductStock {
  /** One statement: a vendor that does not count units keeps not counting them. */
  async function followInDrafts(ctx: Ctx, lines: StockLine[], sign: 1 | -1) {
    if (!lines.length) return
    await ctx.db.execute(sql`
      update ${productDrafts} d set stock_quantity = greatest(d.stock_quantity + ${sign} * w.quantity, 0)
      from (${stockLines(lines)}) w
      where d.id = w.id and d.stock_quantity is not null`)
  }

  return {
    async reserve(ctx, lines) {
      const shortages = await catalog.takeStock(ctx, lines)
      if (!shortages.length) await followInDrafts(ctx, lines, -1)
      return shortages
    },

    async release(ctx, lines) {
      await catalog.returnStock(ctx, lines)
      await followInDrafts(ctx, lines, 1)
    },
  }
}
