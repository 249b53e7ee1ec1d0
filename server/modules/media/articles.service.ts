import type { Ctx } from '../../context.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { FileStorage } from '../files/index.ts'
import type { RateLimiter } from '../rate-limit/index.ts'
import { createArticleEditor } from './articles.editor.ts'
import { createArticleJobs } from './articles.jobs.ts'
import { createPublicArticles } from './articles.public.ts'
import { createStaffArticles } from './articles.staff.ts'

export interface ArticlesDeps {
  catalog: Pick<CatalogService, 'getProductsByIds' | 'getProduct' | 'suggest'>
  jobs: Pick<JobsService, 'register' | 'enqueue'>
  limiter: RateLimiter
  storage: FileStorage
  /** Staff names for the list and the history, from the identity module. */
  describeUsers(ctx: Ctx, ids: string[]): Promise<{ id: string; name: string }[]>
}

/**
 * Media articles, one service: the public reads (articles.public.ts), the staff editor's
 * reads, saves and moves (articles.staff.ts) with the scheduled publication job
 * (articles.jobs.ts), and its pictures and product search (articles.editor.ts). Every function
 * takes the caller's context first and checks it itself.
 */
export function createArticlesService(deps: ArticlesDeps) {
  const { render, ...publicReads } = createPublicArticles({ catalog: deps.catalog })
  const staff = createStaffArticles({
    jobs: createArticleJobs({ jobs: deps.jobs }),
    limiter: deps.limiter,
    publicArticles: { render },
    describeUsers: deps.describeUsers,
  })
  const editor = createArticleEditor({ storage: deps.storage, limiter: deps.limiter, catalog: deps.catalog })
  return { ...publicReads, ...staff, ...editor }
}

export type ArticlesService = ReturnType<typeof createArticlesService>
