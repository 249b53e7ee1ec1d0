import type { ArticleRubric } from '#common/media/articles.ts'

/** A demo article as the seed publishes it. */
export interface DemoArticle {
  slug: string
  title: string
  lead: string
  rubric: ArticleRubric
  tags: string[]
  bodyHtml: string
  /** A path below /marketplace-frontend-assets/: 'media/….svg'. */
  coverAsset: string
  coverAlt: string
  authorName: string
  publishedDaysAgo: number
}
