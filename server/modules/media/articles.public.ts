import { and, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import type { ProductDetails } from '#common/catalog/types.ts'
import {
  ARTICLE_LIMITS,
  ARTICLE_RUBRICS,
  type ArticleBlock,
  type ArticleCard,
  type ArticlePage,
  type EmbeddedProduct,
  MEDIA_PAGE_SIZE,
  type MediaListPage,
  MediaQuery,
} from '#common/media/articles.ts'
import { isUuid } from '#common/validators.ts'
import type { Ctx } from '../../context.ts'
import { onPage } from '../../db/pages.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import type { CatalogService } from '../catalog/index.ts'
import { embedsOf, headingsOf, splitBlocks } from './article-html.ts'
import { ARTICLE_MESSAGES } from './articles.machine.ts'
import { articleImages, articleProducts, articles } from './articles.table.ts'
import { cardColumns, isPublic, productImageOf, shownAt, toCard } from './articles.view.ts'
import { rowsOf } from '../../db/rows.ts'

export type ArticleRow = typeof articles.$inferSelect

export interface PublicArticlesDeps {
  catalog: Pick<CatalogService, 'getProductsByIds'>
}

/** The shape ArticleInput gives a slug; anything else cannot be an article's address. */
const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const RELATED = 3
const TOP_TAGS = 20
const MAX_LIST = 50

const clamp = (n: number, max: number) => Math.min(Math.max(1, Math.floor(n) || 1), max)
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`

/** A product card in an article, from the catalogue's product as it is on sale now. */
function toEmbedded(product: ProductDetails): EmbeddedProduct {
  return {
    id: product.id,
    slug: product.slug,
    name: product.title,
    image: productImageOf(product),
    priceKopecks: product.priceKopecks,
    availability: product.availability === 'in_stock' ? 'in_stock' : 'on_order',
    sellerName: product.vendor.name,
  }
}

/**
 * The public side of media: the list with its filters, an article page with live product cards,
 * and the short lists other pages show (latest, articles embedding a product, sitemap, RSS).
 * Only public articles (articles.view.ts `isPublic`) are ever returned.
 */
export function createPublicArticles(deps: PublicArticlesDeps) {
  const cards = (ctx: Ctx) =>
    ctx.db.select(cardColumns).from(articles).leftJoin(articleImages, eq(articleImages.id, articles.coverFileId))

  /** Up to three public articles of the same rubric or sharing tags, the closest first. */
  async function related(ctx: Ctx, row: Pick<ArticleRow, 'id' | 'rubric' | 'tags'>): Promise<ArticleCard[]> {
    const shared = sql`cardinality(array(select unnest(${articles.tags}) intersect select unnest(${textArray(row.tags)})))`
    const rows = await cards(ctx)
      .where(
        and(
          isPublic,
          ne(articles.id, row.id),
          or(eq(articles.rubric, row.rubric), sql`${articles.tags} && ${textArray(row.tags)}`),
        ),
      )
      .orderBy(desc(shared), desc(sql`(${articles.rubric} = ${row.rubric})`), desc(shownAt), desc(articles.id))
      .limit(RELATED)
    return rows.map(toCard)
  }

  /** The page of an article row, its products read from the catalogue now. */
  async function render(ctx: Ctx, row: ArticleRow, withRelated: boolean): Promise<ArticlePage> {
    const productIds = embedsOf(row.bodyHtml)
    const [[card], products, near] = await Promise.all([
      cards(ctx).where(eq(articles.id, row.id)),
      deps.catalog.getProductsByIds(ctx, productIds),
      withRelated ? related(ctx, row) : Promise.resolve([]),
    ])
    const onSale = new Map(products.map((p) => [p.id, toEmbedded(p)]))
    const blocks: ArticleBlock[] = splitBlocks(row.bodyHtml).map((part) =>
      part.kind === 'html' ? part : { ...part, product: onSale.get(part.productId) ?? null },
    )
    const base = toCard(card!)
    const shown = new Date(base.publishedAt)
    return {
      ...base,
      author: { name: row.authorName || 'Редакция' },
      updatedAt: new Date(Math.max(row.updatedAt.getTime(), shown.getTime())).toISOString(),
      seoTitle: row.seoTitle || row.title,
      seoDescription: row.seoDescription || row.lead,
      headings: headingsOf(row.bodyHtml),
      blocks,
      related: near,
    }
  }

  return {
    render,

    /**
     * /media: public articles newest first; rubric, tag and search filters; on the first page of
     * the unfiltered list the newest article is `featured` and the pages list the others.
     */
    async list(ctx: Ctx, input: unknown): Promise<MediaListPage> {
      const query = parse(MediaQuery, input ?? {})
      const q = query.q || undefined
      const filters: (SQL | undefined)[] = [
        isPublic,
        query.rubric ? eq(articles.rubric, query.rubric) : undefined,
        query.tag ? sql`${query.tag} = any(${articles.tags})` : undefined,
        q ? sql`${articles.searchVector} @@ websearch_to_tsquery('russian', ${q})` : undefined,
      ]
      const where = and(...filters)
      const unfiltered = !query.rubric && !query.tag && !q
      // Unfiltered, the newest article leads the first page and the pages list the others.
      const at = { page: query.page, pageSize: MEDIA_PAGE_SIZE, skip: unfiltered ? 1 : 0 }
      const [rows, [total], rubricRows, tagRows, featuredRows] = await Promise.all([
        onPage(cards(ctx).where(where).orderBy(desc(shownAt), desc(articles.id)).$dynamic(), at),
        ctx.db.select({ n: count() }).from(articles).where(where),
        ctx.db.select({ rubric: articles.rubric, n: count() }).from(articles).where(isPublic).groupBy(articles.rubric),
        ctx.db.execute<{ tag: string; n: number }>(
          sql`select tag, count(*)::int as n from ${articles}, unnest(${articles.tags}) as tag
              where ${isPublic} group by tag order by n desc, tag limit ${TOP_TAGS}`,
        ),
        unfiltered && query.page === 1
          ? cards(ctx).where(isPublic).orderBy(desc(shownAt), desc(articles.id)).limit(1)
          : Promise.resolve([]),
      ])
      const n = total?.n ?? 0
      const listed = Math.max(0, n - at.skip)
      const byRubric = new Map(rubricRows.map((r) => [r.rubric, r.n]))
      return {
        query,
        featured: featuredRows[0] ? toCard(featuredRows[0]) : null,
        items: rows.map(toCard),
        total: n,
        pageCount: n === 0 ? 0 : Math.max(1, Math.ceil(listed / MEDIA_PAGE_SIZE)),
        rubrics: ARTICLE_RUBRICS.map((rubric) => ({ rubric, count: byRubric.get(rubric) ?? 0 })),
        tags: rowsOf<{ tag: string; n: number }>(tagRows).map((r) => ({
          tag: r.tag,
          count: Number(r.n),
        })),
      }
    },

    /** /media/{slug}: a public article with live product cards and related articles; 404 otherwise. */
    async article(ctx: Ctx, slug: string): Promise<ArticlePage> {
      if (!ARTICLE_SLUG.test(slug) || slug.length > ARTICLE_LIMITS.slugMax)
        throw new AppError('not_found', ARTICLE_MESSAGES.notFound)
      const [row] = await ctx.db
        .select()
        .from(articles)
        .where(and(eq(articles.slug, slug), isPublic))
      if (!row) throw new AppError('not_found', ARTICLE_MESSAGES.notFound)
      return render(ctx, row, true)
    },

    /** The newest public articles (the home page). */
    async latest(ctx: Ctx, n: number): Promise<ArticleCard[]> {
      const rows = await cards(ctx).where(isPublic).orderBy(desc(shownAt), desc(articles.id)).limit(clamp(n, MAX_LIST))
      return rows.map(toCard)
    },

    /** The newest public articles that embed a product (its product page). */
    async embedding(ctx: Ctx, productId: string, n: number): Promise<ArticleCard[]> {
      if (!isUuid(productId)) return []
      const embedded = ctx.db
        .select({ id: articleProducts.articleId })
        .from(articleProducts)
        .where(eq(articleProducts.productId, productId.toLowerCase()))
      const rows = await cards(ctx)
        .where(and(isPublic, inArray(articles.id, embedded)))
        .orderBy(desc(shownAt), desc(articles.id))
        .limit(clamp(n, MAX_LIST))
      return rows.map(toCard)
    },

    /** Every public article's address and last change, for sitemap.xml. */
    async sitemapEntries(ctx: Ctx): Promise<{ slug: string; lastmod: Date }[]> {
      const rows = await ctx.db
        .select({ slug: articles.slug, updatedAt: articles.updatedAt, shownAt })
        .from(articles)
        .where(isPublic)
        .orderBy(desc(shownAt), articles.slug)
      return rows.map((r) => ({
        slug: r.slug,
        lastmod: new Date(Math.max(r.updatedAt.getTime(), r.shownAt?.getTime() ?? 0)),
      }))
    },

    /** The newest public articles for the RSS feed (title, lead, rubric, date come with each card). */
    async feed(ctx: Ctx, n = 30): Promise<ArticleCard[]> {
      const rows = await cards(ctx).where(isPublic).orderBy(desc(shownAt), desc(articles.id)).limit(clamp(n, MAX_LIST))
      return rows.map(toCard)
    },
  }
}

export type PublicArticles = ReturnType<typeof createPublicArticles>
