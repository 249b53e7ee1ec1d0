import { calendarDateTime } from '#common/calendar-date.ts'
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import {
  ARTICLE_LIMITS,
  ARTICLE_STATUSES,
  ArticleInput,
  type ArticlePage,
  type StaffArticle,
  type StaffArticleRow,
} from '#common/media/articles.ts'
import { slugify } from '#common/slug.ts'
import { singleLineText } from '#common/text.ts'
import { fromDigits, z } from '#common/zod.ts'
import { type Ctx, requireStaff, withDb } from '../../context.ts'
import { countRows, pageQuery } from '../../db/pages.ts'
import { AppError } from '../../errors.ts'
import { parse, parseId } from '../../parse.ts'
import { cleanArticleHtml } from '../../text/clean.ts'
import { articleHtmlToPlain } from '../../text/sanitize.ts'
import { recordAudit } from '../audit/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import { embedsOf, readingMinutesOf } from './article-html.ts'
import type { ArticleJobs } from './articles.jobs.ts'
import {
  ARTICLE_MESSAGES,
  type ArticleEvent,
  articleTransition,
  moveArticle,
  recordArticleEvent,
  scheduleNote,
} from './articles.machine.ts'
import type { ArticleRow, PublicArticles } from './articles.public.ts'
import { articleImages, articleProducts, articles } from './articles.table.ts'
import { staffNames, viewStaffArticle } from './articles.staff-view.ts'
import { formatCount } from '#common/format.ts'
import { PRODUCTS_UP_TO } from '#common/counted-words.ts'

export const STAFF_ARTICLES_PAGE_SIZE = 30
/** Saves and moves per editor: generous for work, a wall for a runaway script. */
export const ARTICLE_SAVE_RATE_LIMIT: RateLimitRule = { limit: 600, windowMs: 60 * 60 * 1000 }

export const StaffArticlesQuery = z.object({
  status: z.enum(ARTICLE_STATUSES, { error: 'Неизвестный статус' }).optional(),
  q: singleLineText().max(100, 'Не длиннее 100 символов').optional(),
  page: fromDigits(z.number().int().min(1).max(1000)).default(1),
})

export const ScheduleInput = z.object({
  at: calendarDateTime('Укажите дату и время публикации'),
})

export interface StaffArticlesDeps {
  jobs: ArticleJobs
  limiter: RateLimiter
  publicArticles: Pick<PublicArticles, 'render'>
  describeUsers(ctx: Ctx, ids: string[]): Promise<{ id: string; name: string }[]>
}

/** What a save writes, worked out from the input: the sanitized body and all that follows from it. */
interface Prepared {
  values: {
    title: string
    lead: string
    rubric: ArticleRow['rubric']
    tags: string[]
    bodyHtml: string
    bodyText: string
    coverFileId: string | null
    coverAlt: string
    seoTitle: string
    seoDescription: string
    authorName: string
    readingMinutes: number
  }
  slug: string | undefined
  embeds: string[]
  version: number
}

/** Why an article cannot go out yet, by field: empty when it can. */
function publishProblems(row: Pick<ArticleRow, 'title' | 'lead' | 'bodyText' | 'coverAsset' | 'coverFileId'>) {
  const problems: Record<string, string> = {}
  if (!row.title.trim()) problems.title = ARTICLE_MESSAGES.needTitle
  if (!row.lead.trim()) problems.lead = ARTICLE_MESSAGES.needLead
  if (!row.coverAsset && !row.coverFileId) problems.coverFileId = ARTICLE_MESSAGES.needCover
  if (!row.bodyText.trim()) problems.bodyHtml = ARTICLE_MESSAGES.needBody
  return problems
}

function requireReady(row: Parameters<typeof publishProblems>[0]) {
  const problems = publishProblems(row)
  const first = Object.values(problems)[0]
  if (first) throw new AppError('invalid', `Статья ещё не готова к публикации: ${first.toLowerCase()}`, problems)
}

/**
 * The staff side of media: the list, the editor's reads and saves (a stale version is a 409),
 * the moves of the lifecycle (publishing needs a title, a lead, a cover and a body), the
 * scheduled publication's job, and the preview. Every save and move writes a history row and an
 * audit row in the same transaction.
 */
export function createStaffArticles(deps: StaffArticlesDeps) {
  async function findRow(ctx: Ctx, id: string): Promise<ArticleRow> {
    const [row] = await ctx.db
      .select()
      .from(articles)
      .where(eq(articles.id, parseId(id, ARTICLE_MESSAGES.notFound)))
    if (!row) throw new AppError('not_found', ARTICLE_MESSAGES.notFound)
    return row
  }

  /** The input validated and the body sanitized, with its text, embeds and reading time. */
  async function prepare(ctx: Ctx, input: unknown): Promise<Prepared> {
    const data = parse(ArticleInput, input ?? {})
    const bodyHtml = await cleanArticleHtml(data.bodyHtml)
    const bodyText = articleHtmlToPlain(bodyHtml)
    if (bodyText.length > ARTICLE_LIMITS.bodyMax)
      throw new AppError('invalid', ARTICLE_MESSAGES.bodyTooLong, { bodyHtml: ARTICLE_MESSAGES.bodyTooLong })
    const embeds = embedsOf(bodyHtml)
    if (embeds.length > ARTICLE_LIMITS.embedsMax)
      throw new AppError('invalid', ARTICLE_MESSAGES.tooManyEmbeds, {
        bodyHtml: `Не больше ${formatCount(ARTICLE_LIMITS.embedsMax, PRODUCTS_UP_TO)} в одной статье`,
      })
    if (data.coverFileId) {
      const [image] = await ctx.db
        .select({ id: articleImages.id })
        .from(articleImages)
        .where(eq(articleImages.id, data.coverFileId))
      if (!image)
        throw new AppError('invalid', ARTICLE_MESSAGES.imageNotFound, { coverFileId: ARTICLE_MESSAGES.imageNotFound })
    }
    return {
      values: {
        title: data.title,
        lead: data.lead,
        rubric: data.rubric,
        tags: [...new Set(data.tags)],
        bodyHtml,
        bodyText,
        coverFileId: data.coverFileId?.toLowerCase() ?? null,
        coverAlt: data.coverAlt,
        seoTitle: data.seoTitle,
        seoDescription: data.seoDescription,
        authorName: data.authorName,
        readingMinutes: readingMinutesOf(bodyText),
      },
      slug: data.slug,
      embeds,
      version: data.version,
    }
  }

  /** A slug no other article has: the one asked for (else a 400 on the field), or one from the title. */
  async function freeSlug(ctx: Ctx, wanted: string | undefined, title: string, selfId?: string): Promise<string> {
    const taken = async (slug: string) => {
      const [row] = await ctx.db.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug))
      return !!row && row.id !== selfId
    }
    if (wanted) {
      if (await taken(wanted))
        throw new AppError('invalid', ARTICLE_MESSAGES.slugTaken, { slug: ARTICLE_MESSAGES.slugTaken })
      return wanted
    }
    const base =
      slugify(title)
        .slice(0, ARTICLE_LIMITS.slugMax - 4)
        .replace(/-+$/, '') || 'statya'
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`
      if (!(await taken(slug))) return slug
    }
  }

  async function replaceEmbeds(ctx: Ctx, articleId: string, productIds: string[]) {
    await ctx.db.delete(articleProducts).where(eq(articleProducts.articleId, articleId))
    if (productIds.length)
      await ctx.db.insert(articleProducts).values(productIds.map((productId) => ({ articleId, productId })))
  }

  const audit = (ctx: Ctx, action: string, row: Pick<ArticleRow, 'id' | 'title'>, details = {}) =>
    recordAudit(ctx, {
      action: `media.article.${action}`,
      targetType: 'article',
      targetId: row.id,
      details: { title: row.title, ...details },
    })

  /**
   * A move of the lifecycle by staff: checked against the table (403/409), written with the
   * history and audit rows, then the article as the editor sees it.
   */
  async function move(
    ctx: Ctx,
    id: string,
    event: Exclude<ArticleEvent, 'create' | 'update'>,
    planOf: (row: ArticleRow) => {
      set?: Record<string, unknown>
      after?: (tx: Ctx) => Promise<void>
      details?: object
      /** The history row's note. */
      comment?: string
    },
  ): Promise<StaffArticle> {
    const user = requireStaff(ctx)
    await deps.limiter.hit(`media:articles:save:${user.id}`, ARTICLE_SAVE_RATE_LIMIT)
    const row = await findRow(ctx, id)
    const step = articleTransition(row.status, event, 'staff', row.title)
    const plan = planOf(row)
    await ctx.db.transaction(async (tx) => {
      const txCtx = withDb(ctx, tx)
      await moveArticle(txCtx, row.id, step, {
        set: { ...plan.set, updatedAt: new Date(), updatedBy: user.id },
        comment: plan.comment ?? null,
      })
      await plan.after?.(txCtx)
      await audit(txCtx, event, row, plan.details)
    })
    return viewStaffArticle(ctx, deps.describeUsers, await findRow(ctx, row.id))
  }

  return {
    /** The staff list: every article, the last changed first; by status and by title or address. */
    async staffList(
      ctx: Ctx,
      input: unknown,
    ): Promise<{ items: StaffArticleRow[]; total: number; page: number; pageSize: number }> {
      requireStaff(ctx)
      const query = parse(StaffArticlesQuery, input ?? {})
      const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
      const where: SQL | undefined = and(
        query.status ? eq(articles.status, query.status) : undefined,
        like ? or(ilike(articles.title, like), ilike(articles.slug, like)) : undefined,
      )
      const { rows, total } = await pageQuery(
        ctx.db.select().from(articles).where(where).orderBy(desc(articles.updatedAt), desc(articles.id)).$dynamic(),
        { page: query.page, pageSize: STAFF_ARTICLES_PAGE_SIZE },
        countRows(ctx.db, articles, where),
      )
      const who = await staffNames(
        ctx,
        deps.describeUsers,
        rows.map((r) => r.updatedBy),
      )
      return {
        items: rows.map((r) => ({
          id: r.id,
          slug: r.slug,
          title: r.title,
          rubric: r.rubric,
          status: r.status,
          publishAt: (r.status === 'scheduled' ? r.publishAt : r.publishedAt)?.toISOString() ?? null,
          updatedAt: r.updatedAt.toISOString(),
          updatedBy: r.updatedBy ? (who.get(r.updatedBy) ?? 'Сотрудник') : 'Система',
        })),
        total,
        page: query.page,
        pageSize: STAFF_ARTICLES_PAGE_SIZE,
      }
    },

    async staffGet(ctx: Ctx, id: string): Promise<StaffArticle> {
      requireStaff(ctx)
      return viewStaffArticle(ctx, deps.describeUsers, await findRow(ctx, id))
    },

    /** A new draft. `version` of the input is ignored: a new article starts at 0. */
    async create(ctx: Ctx, input: unknown): Promise<StaffArticle> {
      const user = requireStaff(ctx)
      await deps.limiter.hit(`media:articles:save:${user.id}`, ARTICLE_SAVE_RATE_LIMIT)
      const { values, slug: wanted, embeds } = await prepare(ctx, input)
      const step = articleTransition(null, 'create', 'staff')
      const id = await ctx.db.transaction(async (tx) => {
        const txCtx = withDb(ctx, tx)
        const slug = await freeSlug(txCtx, wanted, values.title)
        const [row] = await tx
          .insert(articles)
          .values({ ...values, slug, status: 'draft', createdBy: user.id, updatedBy: user.id })
          .returning()
        await recordArticleEvent(txCtx, row!.id, step)
        await replaceEmbeds(txCtx, row!.id, embeds)
        await audit(txCtx, 'create', row!, { slug })
        return row!.id
      })
      return viewStaffArticle(ctx, deps.describeUsers, await findRow(ctx, id))
    },

    /**
     * Saves the editor's fields over the version it started from (else 409). A scheduled or
     * published article must stay ready to publish. Archived articles are not edited.
     */
    async update(ctx: Ctx, id: string, input: unknown): Promise<StaffArticle> {
      const user = requireStaff(ctx)
      await deps.limiter.hit(`media:articles:save:${user.id}`, ARTICLE_SAVE_RATE_LIMIT)
      const row = await findRow(ctx, id)
      const { values, slug: wanted, embeds, version } = await prepare(ctx, input)
      if (version !== row.version) throw new AppError('conflict', ARTICLE_MESSAGES.versionConflict)
      const step = articleTransition(row.status, 'update', 'staff', row.title)
      if (row.status !== 'draft') requireReady({ ...values, coverAsset: row.coverAsset })
      await ctx.db.transaction(async (tx) => {
        const txCtx = withDb(ctx, tx)
        const slug = wanted && wanted !== row.slug ? await freeSlug(txCtx, wanted, values.title, row.id) : row.slug
        const [saved] = await tx
          .update(articles)
          .set({ ...values, slug, version: sql`${articles.version} + 1`, updatedAt: new Date(), updatedBy: user.id })
          .where(and(eq(articles.id, row.id), eq(articles.version, version), eq(articles.status, row.status)))
          .returning({ id: articles.id })
        if (!saved) throw new AppError('conflict', ARTICLE_MESSAGES.versionConflict)
        await recordArticleEvent(txCtx, row.id, step)
        await replaceEmbeds(txCtx, row.id, embeds)
        await audit(txCtx, 'update', { id: row.id, title: values.title }, slug !== row.slug ? { slug } : {})
      })
      return viewStaffArticle(ctx, deps.describeUsers, await findRow(ctx, row.id))
    },

    /** Publishes a draft or a scheduled article now. */
    publish: (ctx: Ctx, id: string) =>
      move(ctx, id, 'publish', (row) => {
        requireReady(row)
        return { set: { publishedAt: new Date(), publishAt: null } }
      }),

    /** Schedules a draft for a moment in the future; a job publishes it then. */
    schedule: (ctx: Ctx, id: string, input: unknown) =>
      move(ctx, id, 'schedule', (row) => {
        const { at } = parse(ScheduleInput, input ?? {})
        if (at.getTime() <= Date.now())
          throw new AppError('invalid', ARTICLE_MESSAGES.scheduleInPast, { at: ARTICLE_MESSAGES.scheduleInPast })
        requireReady(row)
        return {
          set: { publishAt: at, publishedAt: null },
          after: (tx) => deps.jobs.schedulePublication(tx, row.id, at),
          details: { at: at.toISOString() },
          comment: scheduleNote(at),
        }
      }),

    /** Takes a scheduled article back to draft; its job then finds nothing to do. */
    unschedule: (ctx: Ctx, id: string) => move(ctx, id, 'unschedule', () => ({ set: { publishAt: null } })),

    archive: (ctx: Ctx, id: string) => move(ctx, id, 'archive', () => ({})),

    restore: (ctx: Ctx, id: string) => move(ctx, id, 'restore', () => ({})),

    /** The article as its public page would show it now, whatever its status: staff only. */
    async preview(ctx: Ctx, id: string): Promise<ArticlePage> {
      requireStaff(ctx)
      return deps.publicArticles.render(ctx, await findRow(ctx, id), true)
    },
  }
}

export type StaffArticles = ReturnType<typeof createStaffArticles>
