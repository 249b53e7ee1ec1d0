import { desc, eq } from 'drizzle-orm'
import { type StaffArticle } from '#common/media/articles.ts'
import { type Ctx } from '../../context.ts'
import { storedHtml } from '../../text/sanitize.ts'
import { ARTICLE_EVENT_LABELS, type ArticleEvent, allowedActions } from './articles.machine.ts'
import type { ArticleRow } from './articles.public.ts'
import { articleEvents, articleImages } from './articles.table.ts'
import { coverOf } from './articles.view.ts'

type DescribeUsers = (ctx: Ctx, ids: string[]) => Promise<{ id: string; name: string }[]>

/** Staff members' names by id, for the history and the list. */
export async function staffNames(
  ctx: Ctx,
  describeUsers: DescribeUsers,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const known = [...new Set(ids.filter((id): id is string => !!id))]
  return new Map((await describeUsers(ctx, known)).map((u) => [u.id, u.name]))
}

/** An article as the editor shows it: its fields, its cover, the moves it allows, its history with names. */
export async function viewStaffArticle(ctx: Ctx, describeUsers: DescribeUsers, row: ArticleRow): Promise<StaffArticle> {
  const [[image], history] = await Promise.all([
    row.coverFileId
      ? ctx.db.select().from(articleImages).where(eq(articleImages.id, row.coverFileId))
      : Promise.resolve([]),
    ctx.db
      .select()
      .from(articleEvents)
      .where(eq(articleEvents.articleId, row.id))
      .orderBy(desc(articleEvents.createdAt), desc(articleEvents.id)),
  ])
  const who = await staffNames(
    ctx,
    describeUsers,
    history.map((h) => h.byUserId),
  )
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    lead: row.lead,
    rubric: row.rubric,
    tags: row.tags,
    bodyHtml: storedHtml(row.bodyHtml),
    coverFileId: row.coverFileId,
    coverAlt: row.coverAlt,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    authorName: row.authorName,
    version: row.version,
    status: row.status,
    publishAt: (row.status === 'scheduled' ? row.publishAt : row.publishedAt)?.toISOString() ?? null,
    cover: coverOf({
      coverAsset: row.coverAsset,
      coverAlt: row.coverAlt,
      coverSrc: image?.src ?? null,
      coverWidth: image?.width ?? null,
      coverHeight: image?.height ?? null,
    }),
    allowedActions: allowedActions(row.status),
    history: history.map((h) => ({
      at: h.createdAt.toISOString(),
      by: h.byUserId ? (who.get(h.byUserId) ?? 'Сотрудник') : 'Система',
      action:
        h.event === 'publish' && !h.byUserId
          ? 'Опубликована по расписанию'
          : (ARTICLE_EVENT_LABELS[h.event as ArticleEvent] ?? h.event ?? h.toStatus),
      note: h.comment,
    })),
  }
}
