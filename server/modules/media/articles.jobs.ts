import { eq } from 'drizzle-orm'
import { type Ctx, systemCtx } from '../../context.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import { recordAudit } from '../audit/index.ts'
import { articleTransition, moveArticle } from './articles.machine.ts'
import { articles } from './articles.table.ts'

/** Publishes one scheduled article at its time. */
export const PUBLISH_JOB = 'media.publish_article'

export interface ArticleJobs {
  /** Queues the publication at `at`, in the scheduling transaction (ctx.db). */
  schedulePublication(ctx: Ctx, articleId: string, at: Date): Promise<void>
}

/**
 * The job is keyed by the article and its time: scheduling the same again finds the job already
 * queued, and a job left from an earlier schedule (unscheduled, moved to another time, published
 * early) finds the article no longer scheduled for its time and does nothing.
 */
export function createArticleJobs(deps: { jobs: Pick<JobsService, 'register' | 'enqueue'> }): ArticleJobs {
  deps.jobs.register(PUBLISH_JOB, async (run) => {
    const { articleId, at } = run.job.payload as { articleId: string; at: string }
    const ctx = systemCtx(run.db, { requestId: `job:${run.job.id}` })
    const [row] = await run.db
      .select({ status: articles.status, publishAt: articles.publishAt, title: articles.title })
      .from(articles)
      .where(eq(articles.id, articleId))
    if (!row || row.status !== 'scheduled' || row.publishAt?.getTime() !== new Date(at).getTime())
      return { published: false }
    await run.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx }
      // It went out at its scheduled time, whenever the job got to it.
      await moveArticle(txCtx, articleId, articleTransition('scheduled', 'publish', 'system'), {
        set: { publishedAt: row.publishAt },
      })
      await recordAudit(txCtx, {
        action: 'media.article.publish',
        targetType: 'article',
        targetId: articleId,
        details: { title: row.title, scheduled: at },
      })
    })
    return { published: true }
  })

  return {
    async schedulePublication(ctx, articleId, at) {
      const iso = at.toISOString()
      await deps.jobs.enqueue(ctx.db, PUBLISH_JOB, { articleId, at: iso }, { key: `${articleId}@${iso}`, runAt: at })
    },
  }
}
