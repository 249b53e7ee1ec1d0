import { defineModule } from '../../module.ts'
import { importsRoutes } from './imports.routes.ts'
import { createImportsService, type ImportsService } from './imports.service.ts'
import * as tables from './imports.table.ts'

/** Loading a vendor's catalogue file into their drafts, through the job queue. */
export const productImportsModule = defineModule({
  name: 'productImports',
  tables,
  routes: importsRoutes,
  service: ({ limiter }, { jobs, files }): ImportsService =>
    createImportsService({ jobs, limiter, uploads: files.blobs }),
})
