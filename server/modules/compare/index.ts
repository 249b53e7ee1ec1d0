import { defineModule } from '../module.ts'
import { compareRoutes } from './compare.routes.ts'
import { type CompareService, createCompareService } from './compare.service.ts'
import * as tables from './compare.table.ts'

export type { CompareService } from './compare.service.ts'

export const compareModule = defineModule({
  name: 'compare',
  tables,
  routes: compareRoutes,
  service: ({ limiter }, { catalog }): CompareService => createCompareService({ limiter, catalog }),
})
