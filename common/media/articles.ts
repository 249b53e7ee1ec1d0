import { ARTICLE_MARKUP } from '../markup-limits.ts'
import { formattedHtml, multiLineText, singleLineText } from '../text.ts'
import { fromDigits, z } from '../zod.ts'
import {
  ARTICLE_LIMITS,
  ARTICLE_RUBRICS,
  type ArticleRubric,
  type ArticleStatus,
  MEDIA_SEARCH_MAX,
} from './article-constants.ts'
import type { SanitizedHtml } from '../html.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO, TAGS_UP_TO } from '#common/counted-words.ts'

// The constants and links the public pages use in the browser live apart, without zod.
export {
  ARTICLE_COVER_SIZE,
  ARTICLE_LIMITS,
  ARTICLE_RUBRIC_LABELS,
  ARTICLE_RUBRICS,
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  type ArticleRubric,
  type ArticleStatus,
  MEDIA_PAGE_SIZE,
  MEDIA_SEARCH_MAX,
  mediaLinks,
  PRODUCT_EMBED_ATTRIBUTE,
} from './article-constants.ts'

/**
 * Media articles: what the server module, the public pages (/media, /media/{slug}, the home and
 * product pages), the staff editor and the demo content share. The body is stored as sanitized
 * HTML (server/modules/media/article-html.ts); an embedded product is the one element
 * `<figure data-product-embed="{productId}"></figure>`, replaced by a live card when rendered.
 */

/** The public list's state, all of it in the URL: `/media?rubric=guides&tag=ОрВД&q=регистрация&page=2`. */
export const MediaQuery = z.object({
  rubric: z.enum(ARTICLE_RUBRICS, { error: 'Неизвестная рубрика' }).optional(),
  tag: singleLineText().min(1).max(ARTICLE_LIMITS.tagMax).optional(),
  q: singleLineText()
    .max(MEDIA_SEARCH_MAX, `Не длиннее ${formatCount(MEDIA_SEARCH_MAX, CHARACTERS_UP_TO)}`)
    .optional(),
  page: fromDigits(z.number().int().min(1).max(500)).default(1),
})
export type MediaQuery = z.infer<typeof MediaQuery>

/** A cover or body image: a static asset path ('media/….svg' under /marketplace-frontend-assets/) or an uploaded file's URL. */
export interface ArticleImage {
  /** For AppImage when `kind` is 'asset'; the file's URL when 'upload'. */
  src: string
  kind: 'asset' | 'upload'
  alt: string
  width: number
  height: number
}

export interface ArticleAuthor {
  name: string
  /** «Редакция», «Главный редактор»… */
  role?: string
}

/** An article in lists: /media, related articles, the home page, a product page. */
export interface ArticleCard {
  id: string
  slug: string
  title: string
  lead: string
  rubric: ArticleRubric
  tags: string[]
  cover: ArticleImage
  /** ISO date-time of publication. */
  publishedAt: string
  readingMinutes: number
}

export interface MediaListPage {
  query: MediaQuery
  /** The newest article on the first unfiltered page, shown large above the rest. */
  featured: ArticleCard | null
  items: ArticleCard[]
  total: number
  pageCount: number
  /** Rubrics and their counts of published articles, for the filter. */
  rubrics: { rubric: ArticleRubric; count: number }[]
  /** The most used tags, for the filter. */
  tags: { tag: string; count: number }[]
}

export interface ArticleHeading {
  /** The heading's id in the body (stored with the body), for the table of contents' links. */
  id: string
  text: string
  level: 2 | 3
}

/** A product card inside an article, read live at render time. */
export interface EmbeddedProduct {
  id: string
  slug: string
  name: string
  image: ArticleImage | null
  /** Kopecks; null when the product has no price on request. */
  priceKopecks: number | null
  /** «В наличии», «Под заказ», «Нет в наличии». */
  availability: 'in_stock' | 'on_order' | 'out_of_stock'
  sellerName: string
}

/** The body split at product embeds: HTML runs and cards, in order. */
export type ArticleBlock =
  | { kind: 'html'; html: SanitizedHtml }
  /** `product` is null when the product is gone or no longer on sale: the page shows nothing there. */
  | { kind: 'product'; productId: string; product: EmbeddedProduct | null }

/** /media/{slug}, and the staff preview, which renders the same thing. */
export interface ArticlePage extends ArticleCard {
  author: ArticleAuthor
  /** ISO date-time of the last change after publication; for sitemap and JSON-LD dateModified. */
  updatedAt: string
  seoTitle: string
  seoDescription: string
  headings: ArticleHeading[]
  blocks: ArticleBlock[]
  related: ArticleCard[]
}

/** What the staff editor saves; the server sanitizes `bodyHtml`. */
export const ArticleInput = z.object({
  title: singleLineText()
    .min(5, 'Заголовок не короче 5 символов')
    .max(ARTICLE_LIMITS.titleMax, `Заголовок не длиннее ${formatCount(ARTICLE_LIMITS.titleMax, CHARACTERS_UP_TO)}`),
  slug: z
    .string()
    .trim()
    .max(ARTICLE_LIMITS.slugMax, `Адрес не длиннее ${formatCount(ARTICLE_LIMITS.slugMax, CHARACTERS_UP_TO)}`)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Адрес из латинских строчных букв, цифр и дефисов')
    .optional(),
  lead: multiLineText().max(
    ARTICLE_LIMITS.leadMax,
    `Лид не длиннее ${formatCount(ARTICLE_LIMITS.leadMax, CHARACTERS_UP_TO)}`,
  ),
  rubric: z.enum(ARTICLE_RUBRICS, { error: 'Выберите рубрику' }),
  tags: z
    .array(
      singleLineText()
        .min(1)
        .max(ARTICLE_LIMITS.tagMax, `Тег не длиннее ${formatCount(ARTICLE_LIMITS.tagMax, CHARACTERS_UP_TO)}`),
    )
    .max(ARTICLE_LIMITS.tagsMax, `Не больше ${formatCount(ARTICLE_LIMITS.tagsMax, TAGS_UP_TO)}`),
  bodyHtml: formattedHtml(ARTICLE_LIMITS.bodyHtmlMax, ARTICLE_MARKUP, 'Текст статьи слишком длинный'),
  /** An uploaded file's id, or null for none yet (publishing needs one). */
  coverFileId: z.string().uuid().nullable(),
  coverAlt: singleLineText().max(ARTICLE_LIMITS.coverAltMax),
  seoTitle: singleLineText().max(
    ARTICLE_LIMITS.seoTitleMax,
    `Не длиннее ${formatCount(ARTICLE_LIMITS.seoTitleMax, CHARACTERS_UP_TO)}`,
  ),
  seoDescription: singleLineText().max(
    ARTICLE_LIMITS.seoDescriptionMax,
    `Не длиннее ${formatCount(ARTICLE_LIMITS.seoDescriptionMax, CHARACTERS_UP_TO)}`,
  ),
  authorName: singleLineText().max(120),
  /** The version the editor started from; a stale save is a 409 (someone else changed it). */
  version: z.number().int().min(0),
})
export type ArticleInput = z.infer<typeof ArticleInput>

/** An article as the staff list shows it. */
export interface StaffArticleRow {
  id: string
  slug: string
  title: string
  rubric: ArticleRubric
  status: ArticleStatus
  /** Scheduled: when it goes out; published: when it went out. */
  publishAt: string | null
  updatedAt: string
  updatedBy: string
}

/** The editor's view of one article. */
export interface StaffArticle extends Omit<ArticleInput, 'slug' | 'bodyHtml'> {
  id: string
  /** As the sanitizer stored it: the editor shows it before its scripts arrive. */
  bodyHtml: SanitizedHtml
  slug: string
  status: ArticleStatus
  publishAt: string | null
  cover: ArticleImage | null
  /** The moves staff may make now, for the buttons. */
  allowedActions: ('publish' | 'schedule' | 'unschedule' | 'archive' | 'restore')[]
  /** Newest first: every save and every move, who and when. */
  history: { at: string; by: string; action: string; note: string | null }[]
}
