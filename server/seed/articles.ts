import { and, eq, inArray } from 'drizzle-orm'
import { type ArticleRubric, PRODUCT_EMBED_ATTRIBUTE } from '#common/media/articles.ts'
import type { Db } from '../db/client.ts'
import { catalogProducts } from '../modules/catalog/catalog.table.ts'
import { embedsOf, readingMinutesOf } from '../modules/media/article-html.ts'
import { articleEvents, articleProducts, articles } from '../modules/media/articles.table.ts'
import { articleHtmlToPlain, sanitizeArticleHtml } from '../text/sanitize.ts'
import { DEMO_ARTICLES } from './articles.data.ts'

/** A demo article as its content file gives it. */
export type DemoArticle = {
  slug: string
  title: string
  lead: string
  rubric: ArticleRubric
  tags: string[]
  /**
   * The body as the editor would send it. A product is embedded by its catalogue slug,
   * `<figure data-product-embed="slug:{productSlug}"></figure>`, resolved to its id here.
   */
  bodyHtml: string
  /** A picture below /marketplace-frontend-assets/, drawn at 1200 × 630 (ARTICLE_COVER_SIZE). */
  coverAsset: string
  coverAlt: string
  authorName: string
  /** Counted back from the day the seed runs, so the demo always has fresh articles. */
  publishedDaysAgo: number
}

const DAY = 86_400_000
const BY_SLUG = new RegExp(`${PRODUCT_EMBED_ATTRIBUTE}="slug:([a-z0-9-]+)"`, 'g')

/** The product slugs a demo body embeds. */
export function embeddedSlugs(article: Pick<DemoArticle, 'bodyHtml'>): string[] {
  return [...article.bodyHtml.matchAll(BY_SLUG)].map((m) => m[1]!)
}

/**
 * The demo articles, published, each with its creation and publication in the history and its
 * embeds indexed. Keyed by slug: a re-run adds only articles that are missing. An embed of a
 * product the demo catalogue does not sell is an error in the content, reported rather than
 * left to render as nothing.
 */
export async function seedArticles(db: Db, demo: readonly DemoArticle[] = DEMO_ARTICLES, now = Date.now()) {
  const slugs = [...new Set(demo.flatMap(embeddedSlugs))]
  const products = slugs.length
    ? await db
        .select({ id: catalogProducts.id, slug: catalogProducts.slug })
        .from(catalogProducts)
        .where(and(inArray(catalogProducts.slug, slugs), eq(catalogProducts.status, 'published')))
    : []
  const idBySlug = new Map(products.map((p) => [p.slug, p.id]))
  const missing = slugs.filter((s) => !idBySlug.has(s))
  if (missing.length) throw new Error(`demo articles embed products the catalogue does not sell: ${missing.join(', ')}`)

  for (const article of demo) {
    const bodyHtml = sanitizeArticleHtml(
      article.bodyHtml.replace(BY_SLUG, (_m, slug: string) => `${PRODUCT_EMBED_ATTRIBUTE}="${idBySlug.get(slug)}"`),
    )
    const bodyText = articleHtmlToPlain(bodyHtml)
    const publishedAt = new Date(now - article.publishedDaysAgo * DAY)
    const [row] = await db
      .insert(articles)
      .values({
        slug: article.slug,
        title: article.title,
        lead: article.lead,
        rubric: article.rubric,
        tags: article.tags,
        bodyHtml,
        bodyText,
        coverAsset: article.coverAsset,
        coverAlt: article.coverAlt,
        authorName: article.authorName,
        status: 'published',
        publishedAt,
        readingMinutes: readingMinutesOf(bodyText),
        createdAt: new Date(publishedAt.getTime() - DAY),
        updatedAt: publishedAt,
      })
      .onConflictDoNothing({ target: articles.slug })
      .returning({ id: articles.id })
    if (!row) continue
    await db.insert(articleEvents).values([
      {
        articleId: row.id,
        event: 'create',
        fromStatus: null,
        toStatus: 'draft',
        createdAt: new Date(publishedAt.getTime() - DAY),
      },
      { articleId: row.id, event: 'publish', fromStatus: 'draft', toStatus: 'published', createdAt: publishedAt },
    ])
    const embeds = embedsOf(bodyHtml)
    if (embeds.length)
      await db.insert(articleProducts).values(embeds.map((productId) => ({ articleId: row.id, productId })))
  }
}
