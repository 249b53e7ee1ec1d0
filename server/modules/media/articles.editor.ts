import type { ArticleImage } from '#common/media/articles.ts'
import { type Ctx, requireStaff } from '../../context.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { FileStorage } from '../files/index.ts'
import { storeUploadedPhoto } from '../products/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import { articleImages } from './articles.table.ts'
import { productImageOf, uploadUrl } from './articles.view.ts'
import { offerSlugOf } from '#common/catalog/product-href.ts'

export const ARTICLE_IMAGE_RATE_LIMIT: RateLimitRule = { limit: 120, windowMs: 60 * 60 * 1000 }

/** A product the editor can embed. */
export interface EmbeddableProduct {
  id: string
  slug: string
  name: string
  image: ArticleImage | null
  /** Kopecks; null when the price is on request. */
  priceKopecks: number | null
}

/**
 * What the staff editor needs beside saving: pictures (covers and body images) and products to
 * embed. Pictures go through the products' photo store (proved by their bytes, decoded within a
 * pixel budget, re-encoded to WebP without metadata); the image service then serves them at
 * any width, which is how pages get their 1x and 2x variants.
 */
export function createArticleEditor(deps: {
  storage: FileStorage
  limiter: RateLimiter
  catalog: Pick<CatalogService, 'suggest' | 'getProduct'>
}) {
  return {
    /** Stores an uploaded picture: its id (for `coverFileId`), its URL (for `<img src>`) and size. */
    async uploadImage(ctx: Ctx, data: Buffer): Promise<{ fileId: string; url: string; width: number; height: number }> {
      const user = requireStaff(ctx)
      await deps.limiter.hit(`media:images:${user.id}`, ARTICLE_IMAGE_RATE_LIMIT)
      const { src, width, height } = await storeUploadedPhoto(deps.storage, data)
      const [row] = await ctx.db.insert(articleImages).values({ src, width, height, uploadedBy: user.id }).returning()
      return { fileId: row!.id, url: uploadUrl(src), width, height }
    },

    /**
     * Products on sale matching what the editor typed, through the catalogue's own suggestions
     * (prefixes, both alphabets, typo correction), at most 8.
     */
    async searchProducts(ctx: Ctx, q: string): Promise<EmbeddableProduct[]> {
      requireStaff(ctx)
      const suggestions = await deps.catalog.suggest(ctx, q ?? '')
      const slugs = suggestions.flatMap((s) => (s.kind === 'product' ? (offerSlugOf(s.href) ?? []) : []))
      const found = await Promise.all(slugs.map((slug) => deps.catalog.getProduct(ctx, slug).catch(() => null)))
      return found.flatMap((p) => {
        if (!p) return []
        return [{ id: p.id, slug: p.slug, name: p.title, image: productImageOf(p), priceKopecks: p.priceKopecks }]
      })
    },
  }
}

export type ArticleEditor = ReturnType<typeof createArticleEditor>
