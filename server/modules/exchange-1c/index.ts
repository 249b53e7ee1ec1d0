import { defineModule } from '../module.ts'
import { partyDirectory } from '../organizations/index.ts'
import { EXCHANGE_IMPORT_JOB } from './exchange-1c.import-job.ts'
import { exchange1cRoutes } from './exchange-1c.routes.ts'
import { createExchange1cService, type Exchange1cService } from './exchange-1c.service.ts'
import * as tables from './exchange-1c.table.ts'

export type { Exchange1cService } from './exchange-1c.service.ts'
export { exchange1cProtocolRoutes } from './exchange-1c.protocol.routes.ts'
export type { OrderChange } from './commerceml/orders.ts'

/**
 * The exchange with vendors' 1С by the CommerceML 2 protocol of «Обмен с сайтом»: goods, prices
 * and stock in, orders out and their changes back, with the exchange log.
 */
export const exchange1cModule = defineModule({
  name: 'exchange1c',
  tables,
  routes: exchange1cRoutes,
  jobs: [EXCHANGE_IMPORT_JOB],
  service: ({ config, limiter }, { jobs, files, orders, productImports }): Exchange1cService =>
    createExchange1cService({
      jobs,
      limiter,
      blobs: files.blobs,
      orders,
      writer: productImports,
      publicUrl: config.publicUrl,
      parties: partyDirectory,
    }),
})
