import { ARTICLE_RUBRICS, ARTICLE_STATUSES, MediaQuery } from '#common/media/articles.ts'
import { z } from '#common/zod.ts'

/** The media API's response shapes (common/media/articles.ts), for validation and OpenAPI. */

export const ArticleImageSchema = z.object({
  src: z.string().describe('Путь ниже /marketplace-frontend-assets/ (asset) или URL загруженного файла (upload)'),
  kind: z.enum(['asset', 'upload']),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
})

export const ArticleCardSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  lead: z.string(),
  rubric: z.enum(ARTICLE_RUBRICS),
  tags: z.array(z.string()),
  cover: ArticleImageSchema,
  publishedAt: z.string().describe('ISO 8601'),
  readingMinutes: z.number().int(),
})

export const MediaListSchema = z.object({
  // The query as read (its output): the request's schema reads digits, an answer has the number.
  query: MediaQuery.extend({ page: z.number().int() }),
  featured: ArticleCardSchema.nullable().describe('Самая новая статья на первой странице без фильтров'),
  items: z.array(ArticleCardSchema),
  total: z.number().int(),
  pageCount: z.number().int(),
  rubrics: z.array(z.object({ rubric: z.enum(ARTICLE_RUBRICS), count: z.number().int() })),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
})

/** A product the editor's search offers for embedding. */
export const EmbeddableProductSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  image: ArticleImageSchema.nullable(),
  priceKopecks: z.number().int().nullable(),
})

/** The same product as an article's card shows it, read live. */
const EmbeddedProductSchema = EmbeddableProductSchema.extend({
  availability: z.enum(['in_stock', 'on_order', 'out_of_stock']),
  sellerName: z.string(),
})

export const ArticlePageSchema = ArticleCardSchema.extend({
  author: z.object({ name: z.string(), role: z.string().optional() }),
  updatedAt: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  headings: z.array(z.object({ id: z.string(), text: z.string(), level: z.union([z.literal(2), z.literal(3)]) })),
  blocks: z.array(
    z.union([
      z.object({ kind: z.literal('html'), html: z.string().describe('Очищенный HTML') }),
      z.object({
        kind: z.literal('product'),
        productId: z.uuid(),
        product: EmbeddedProductSchema.nullable().describe('null — товар снят с продажи'),
      }),
    ]),
  ),
  related: z.array(ArticleCardSchema),
})

export const StaffArticleRowSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  rubric: z.enum(ARTICLE_RUBRICS),
  status: z.enum(ARTICLE_STATUSES),
  publishAt: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string(),
})

export const StaffArticleSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  lead: z.string(),
  rubric: z.enum(ARTICLE_RUBRICS),
  tags: z.array(z.string()),
  bodyHtml: z.string(),
  coverFileId: z.uuid().nullable(),
  coverAlt: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  authorName: z.string(),
  version: z.number().int(),
  status: z.enum(ARTICLE_STATUSES),
  publishAt: z.string().nullable(),
  cover: ArticleImageSchema.nullable(),
  allowedActions: z.array(z.enum(['publish', 'schedule', 'unschedule', 'archive', 'restore'])),
  history: z.array(z.object({ at: z.string(), by: z.string(), action: z.string(), note: z.string().nullable() })),
})

export const UploadedImageSchema = z.object({
  fileId: z.uuid(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
})
