import { defineModule } from '../module.ts'
import { cabinetRoutes } from './cabinet.routes.ts'
import { type CabinetService, createCabinetService } from './cabinet.service.ts'
import * as offerTables from './offers.table.ts'
import * as proposalTables from './proposals.table.ts'
import * as requestTables from './requests.table.ts'
import * as serviceOrderTables from './service-orders.table.ts'

/**
 * The services exchange: vendors' service offers (moderated like products), buyers' requests for
 * drone work, vendors' proposals on them, and the service orders an accepted proposal makes,
 * each with its own lifecycle, a chat room per (request, vendor) and reviews after completion.
 */
export interface ExchangeService {
  /** The personal account's tabs and the requests suggested to vendors. */
  cabinet: CabinetService
}

export const exchangeModule = defineModule({
  name: 'exchange',
  tables: { ...offerTables, ...requestTables, ...proposalTables, ...serviceOrderTables },
  routes: async (app) => {
    await app.register(cabinetRoutes)
  },
  service: (): ExchangeService => ({
    cabinet: createCabinetService(),
  }),
})
