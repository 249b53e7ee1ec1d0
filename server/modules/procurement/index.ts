import { defineModule } from '../module.ts'
import { partyDirectory, vendorDirectory } from '../organizations/index.ts'
import { procurementRoutes } from './procurement.routes.ts'
import { createProcurementService, PROCUREMENT_EXPIRE_JOB, type ProcurementService } from './procurement.service.ts'
import * as tables from './procurement.table.ts'

export type { ProcurementService } from './procurement.service.ts'

/**
 * Requests for commercial offers (запрос КП) from buyers to the sellers they pick, the sellers'
 * answers, and the justification of the initial maximum contract price (НМЦК) built from them.
 */
export const procurementModule = defineModule({
  name: 'procurement',
  tables,
  routes: procurementRoutes,
  jobs: [PROCUREMENT_EXPIRE_JOB],
  service: ({ limiter }, { catalog, jobs, chat, notifications, files, orders }): ProcurementService =>
    createProcurementService({
      catalog,
      vendors: vendorDirectory,
      parties: partyDirectory,
      jobs,
      chat,
      files,
      cart: orders.cart,
      events: notifications,
      limiter,
    }),
})
