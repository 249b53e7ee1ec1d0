import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { defineModule } from '../module.ts'
import { listingRoutes } from './listing.routes.ts'
import { createListingService, type ListingService } from './listing.service.ts'
import * as offerTables from './offers.table.ts'
import * as proposalTables from './proposals.table.ts'
import * as requestTables from './requests.table.ts'
import * as serviceOrderTables from './service-orders.table.ts'

/** The exchange's services, one key per part. */
export interface ExchangeService {
  /** The public exchange: /services, /services/seller/{slug}, the sitemap. */
  listing: ListingService
}

const exchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listingRoutes)
}

/**
 * The services exchange: vendors' service offers (moderated like products), buyers' requests for
 * drone work, vendors' proposals on them, and the service orders an accepted proposal makes,
 * each with its own lifecycle, a chat room per (request, vendor) and reviews after completion.
 */
export const exchangeModule = defineModule({
  name: 'exchange',
  tables: { ...offerTables, ...requestTables, ...proposalTables, ...serviceOrderTables },
  routes: exchangeRoutes,
  service: (_infra, { sellers, catalog }): ExchangeService => ({
    listing: createListingService({ sellers, catalog }),
  }),
})
