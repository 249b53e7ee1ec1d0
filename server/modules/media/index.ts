import { createFileStorage } from '../files/index.ts'
import { defineModule } from '../module.ts'
import { PUBLISH_JOB } from './articles.jobs.ts'
import { mediaRoutes } from './articles.routes.ts'
import { type ArticlesService, createArticlesService } from './articles.service.ts'
import * as tables from './articles.table.ts'

/**
 * Media: articles with rubrics and tags, their staff editor and lifecycle, embedded product
 * cards read live from the catalogue, the RSS feed's and the sitemap's entries.
 */
export const mediaModule = defineModule({
  name: 'media',
  tables,
  routes: mediaRoutes,
  jobs: [PUBLISH_JOB],
  service: ({ config, limiter }, { catalog, jobs, identity }): ArticlesService =>
    createArticlesService({
      catalog,
      jobs,
      limiter,
      // The files module's storage (disk or S3): article pictures live beside product photos.
      storage: createFileStorage(config),
      describeUsers: (ctx, ids) => identity.describeUsers(ctx, ids),
    }),
})
