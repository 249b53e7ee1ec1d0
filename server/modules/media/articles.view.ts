import { sql } from 'drizzle-orm'
import type { ProductDetails } from '#common/catalog/types.ts'
import { ARTICLE_COVER_SIZE, type ArticleCard, type ArticleImage } from '#common/media/articles.ts'
import { ARTICLE_IMAGE_PREFIX } from '../../text/sanitize.ts'
import { articleImages, articles } from './articles.table.ts'

/**
 * Who sees an article: published, or scheduled with its time come, so it appears exactly at its
 * time even when the job that moves it runs late (decision 040).
 */
export const isPublic = sql`(${articles.status} = 'published' or (${articles.status} = 'scheduled' and ${articles.publishAt} <= now()))`

/**
 * When the scheduled articles become public, as epoch milliseconds, soonest first: they appear
 * without any write, so whatever caches public pages must not keep them past these moments.
 */
export const scheduledPublicationsMs = sql<number[]>`(
  select coalesce(array_agg((extract(epoch from ${articles.publishAt}) * 1000)::float8 order by ${articles.publishAt}), '{}')
  from ${articles}
  where ${articles.status} = 'scheduled' and ${articles.publishAt} > now()
)`

/** When the public sees it as published: when it went out, or when it is due to. */
export const shownAt = sql<Date>`coalesce(${articles.publishedAt}, ${articles.publishAt})`.mapWith(articles.publishedAt)

/** The columns of a card; with `left join article_images on the cover`. */
export const cardColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  lead: articles.lead,
  rubric: articles.rubric,
  tags: articles.tags,
  coverAsset: articles.coverAsset,
  coverAlt: articles.coverAlt,
  readingMinutes: articles.readingMinutes,
  shownAt,
  updatedAt: articles.updatedAt,
  coverSrc: articleImages.src,
  coverWidth: articleImages.width,
  coverHeight: articleImages.height,
}

export interface CardRow {
  id: string
  slug: string
  title: string
  lead: string
  rubric: ArticleCard['rubric']
  tags: string[]
  coverAsset: string | null
  coverAlt: string
  readingMinutes: number
  shownAt: Date | null
  updatedAt: Date
  coverSrc: string | null
  coverWidth: number | null
  coverHeight: number | null
}

/** The URL of an uploaded picture, below the image service. */
export const uploadUrl = (src: string) => `${ARTICLE_IMAGE_PREFIX}${src}`

/** The cover: an uploaded picture wins over a static one; null when there is neither. */
export function coverOf(row: Pick<CardRow, 'coverAsset' | 'coverAlt' | 'coverSrc' | 'coverWidth' | 'coverHeight'>) {
  if (row.coverSrc)
    return {
      src: uploadUrl(row.coverSrc),
      kind: 'upload',
      alt: row.coverAlt,
      width: row.coverWidth ?? ARTICLE_COVER_SIZE.width,
      height: row.coverHeight ?? ARTICLE_COVER_SIZE.height,
    } satisfies ArticleImage
  if (row.coverAsset)
    return { src: row.coverAsset, kind: 'asset', alt: row.coverAlt, ...ARTICLE_COVER_SIZE } satisfies ArticleImage
  return null
}

/** What a draft without a cover shows in the preview (publishing needs a real one). */
const NO_COVER: ArticleImage = { src: 'media/no-cover.svg', kind: 'asset', alt: '', ...ARTICLE_COVER_SIZE }

export function toCard(row: CardRow): ArticleCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    lead: row.lead,
    rubric: row.rubric,
    tags: row.tags,
    cover: coverOf(row) ?? NO_COVER,
    publishedAt: (row.shownAt ?? row.updatedAt).toISOString(),
    readingMinutes: row.readingMinutes,
  }
}

/** A product's main picture as an article shows it: 4:3 like every product picture, drawn at 400 × 300. */
export function productImageOf(product: ProductDetails): ArticleImage | null {
  const image = product.image ?? product.images[0] ?? null
  return image ? { src: image.src, kind: 'asset', alt: image.alt || product.title, width: 400, height: 300 } : null
}
