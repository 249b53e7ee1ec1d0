import { defineModule } from '../../module.ts'
import { IMPORT_CLEANUP_JOB } from './imports.cleanup.ts'
import { IMPORT_JOB } from './imports.job.ts'
import { PARSE_JOB } from './imports.parse-job.ts'
import { importsRoutes } from './imports.routes.ts'
import { createImportsService, type ImportsService } from './imports.service.ts'
import * as tables from './imports.table.ts'

/** Loading a vendor's catalogue file into their drafts, through the job queue. */
export const productImportsModule = defineModule({
  name: 'productImports',
  tables,
  routes: importsRoutes,
  jobs: [PARSE_JOB, IMPORT_JOB, IMPORT_CLEANUP_JOB],
  service: ({ limiter }, { jobs, files }): ImportsService =>
    createImportsService({ jobs, limiter, uploads: files.blobs }),
})
