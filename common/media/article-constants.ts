/**
 * The part of the media shapes (articles.ts) that the public pages need in the browser: rubrics,
 * page sizes, the covers' size and the links. No zod here, so /media, an article, the home page
 * and a product page ship none of it; articles.ts re-exports all of this.
 */

export const ARTICLE_RUBRICS = ['news', 'reviews', 'guides', 'cases', 'regulation'] as const
export type ArticleRubric = (typeof ARTICLE_RUBRICS)[number]

export const ARTICLE_RUBRIC_LABELS: Record<ArticleRubric, string> = {
  news: 'Новости',
  reviews: 'Обзоры',
  guides: 'Гиды',
  cases: 'Кейсы',
  regulation: 'Регулирование',
}

export const MEDIA_PAGE_SIZE = 12
export const MEDIA_SEARCH_MAX = 100

/**
 * A cover's size in CSS pixels: static covers are drawn at it (1200 × 630 is what Open Graph
 * previews want), uploaded covers report their own.
 */
export const ARTICLE_COVER_SIZE = { width: 1200, height: 630 } as const

export const mediaLinks = {
  list: (query: { rubric?: ArticleRubric; tag?: string; q?: string; page?: number } = {}) => {
    const params = new URLSearchParams()
    if (query.rubric) params.set('rubric', query.rubric)
    if (query.tag) params.set('tag', query.tag)
    if (query.q) params.set('q', query.q)
    if (query.page && query.page > 1) params.set('page', String(query.page))
    const search = params.toString()
    return search ? `/media?${search}` : '/media'
  },
  article: (slug: string) => `/media/${slug}`,
  rss: '/media/rss.xml',
  staffList: '/personal-account/staff/articles',
  staffNew: '/personal-account/staff/articles/new',
  staffEdit: (id: string) => `/personal-account/staff/articles/${id}`,
  staffPreview: (id: string) => `/personal-account/staff/articles/${id}/preview`,
} as const

/**
 * draft → scheduled (a publish time in the future) → published → archived; staff may return a
 * scheduled or archived article to draft, and publish a draft at once.
 */
export const ARTICLE_STATUSES = ['draft', 'scheduled', 'published', 'archived'] as const
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number]

export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'Черновик',
  scheduled: 'Запланирована',
  published: 'Опубликована',
  archived: 'В архиве',
}

export const ARTICLE_LIMITS = {
  titleMax: 160,
  leadMax: 400,
  slugMax: 120,
  tagsMax: 8,
  tagMax: 40,
  seoTitleMax: 70,
  seoDescriptionMax: 200,
  coverAltMax: 200,
  /** Characters of the body's plain text. */
  bodyMax: 60_000,
  /** Characters of the body's markup as the editor sends it. */
  bodyHtmlMax: 400_000,
  embedsMax: 12,
} as const

/** The element that stands for an embedded product in a stored body. */
export const PRODUCT_EMBED_ATTRIBUTE = 'data-product-embed'
