import { type SQL, sql } from 'drizzle-orm'
import { customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { ARTICLE_RUBRICS, ARTICLE_STATUSES } from '#common/media/articles.ts'
import { historyColumns } from '../../lifecycle/index.ts'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * Media articles. The body is sanitized HTML (server/text/sanitize.ts, the article profile) and
 * `bodyText` its plain text, kept beside it for search and reading time. An article is public
 * when it is published, or scheduled and its `publishAt` has come (articles.visibility.ts).
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    lead: text('lead').notNull().default(''),
    rubric: text('rubric', { enum: ARTICLE_RUBRICS }).notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    /** A static picture below /marketplace-frontend-assets/ ('media/cover-x.svg'): demo content. */
    coverAsset: text('cover_asset'),
    /** An uploaded picture (article_images). */
    coverFileId: uuid('cover_file_id'),
    coverAlt: text('cover_alt').notNull().default(''),
    authorName: text('author_name').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    status: text('status', { enum: ARTICLE_STATUSES }).notNull().default('draft'),
    /** When a scheduled article goes out. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** When it went out (the scheduled time, for a scheduled one). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    readingMinutes: integer('reading_minutes').notNull().default(1),
    /** Bumped by every save: an editor saving over a version they did not see gets a 409. */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
    /** Russian full-text search: title first, then the lead, then the body. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`(
        setweight(to_tsvector('russian', title), 'A') ||
        setweight(to_tsvector('russian', lead), 'B') ||
        setweight(to_tsvector('russian', body_text), 'C')
      )`,
    ),
  },
  (t) => [
    index('articles_status_idx').on(t.status, t.publishedAt),
    index('articles_search_idx').using('gin', t.searchVector),
    index('articles_tags_idx').using('gin', t.tags),
  ],
)

/** Every move and every save of an article: who, when, from and to which status, which event. */
export const articleEvents = pgTable(
  'article_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    event: text('event'),
    ...historyColumns(ARTICLE_STATUSES),
  },
  (t) => [index('article_events_article_idx').on(t.articleId, t.createdAt)],
)

/** The products an article's body embeds, kept in step with it on every save. */
export const articleProducts = pgTable(
  'article_products',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.productId] }), index('article_products_product_idx').on(t.productId)],
)

/**
 * Pictures uploaded in the editor (covers and body images). The bytes are in the shared photo
 * store (products/uploaded-photos.ts) under `src`; the row gives them an id and their size.
 */
export const articleImages = pgTable('article_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Below /marketplace-frontend-assets/: 'product-photos/<key>.webp'. */
  src: text('src').notNull().unique(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: uuid('uploaded_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
