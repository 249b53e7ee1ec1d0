import { cabinetRoutes } from './cabinet/cabinet.routes.ts'
import { type CabinetService, createCabinetService } from './cabinet/cabinet.service.ts'
import { createFileStorage } from '../files/index.ts'
import { defineModule } from '../module.ts'
import { confirmedVendors, partyDirectory, vendorDirectory } from '../organizations/index.ts'
import { listingRoutes } from './listing/listing.routes.ts'
import { createListingService, type ListingService } from './listing/listing.service.ts'
import * as offerTables from './offers/offers.table.ts'
import { offersRoutes } from './offers/offers.routes.ts'
import { createOffersService, type OffersService } from './offers/offers.service.ts'
import { proposalsRoutes } from './proposals/proposals.routes.ts'
import { createProposalsService, type ProposalsService } from './proposals/proposals.service.ts'
import * as proposalTables from './proposals/proposals.table.ts'
import { ANNOUNCE_JOB, createRequestJobs, EXPIRE_JOB } from './requests/requests.jobs.ts'
import { requestsRoutes } from './requests/requests.routes.ts'
import { createRequestsService, type RequestsService } from './requests/requests.service.ts'
import * as requestTables from './requests/requests.table.ts'
import { serviceOrdersRoutes } from './service-orders/service-orders.routes.ts'
import { createServiceOrdersService, type ServiceOrdersService } from './service-orders/service-orders.service.ts'
import * as serviceOrderTables from './service-orders/service-orders.table.ts'

/** The exchange's services, one key per part. */
export interface ExchangeService {
  /** The selected organization's part of the exchange: /personal-account/service-exchange. */
  cabinet: CabinetService
  /** The public exchange: /services, /services/seller/{slug}, the sitemap. */
  listing: ListingService
  /** Vendors' service offers and their moderation. */
  offers: OffersService
  /** Vendors' proposals on requests and the customer's decisions on them. */
  proposals: ProposalsService
  /** Buyers' service requests: drafts, publishing, the request's page. Expiry is the module's own job's. */
  requests: Omit<RequestsService, 'expireOverdue'>
  serviceOrders: ServiceOrdersService
}

/**
 * The services exchange: vendors' service offers (moderated like products), buyers' requests for
 * drone work, vendors' proposals on them, and the service orders an accepted proposal makes,
 * each with its own lifecycle, a chat room per (request, vendor) and reviews after completion.
 */
export const exchangeModule = defineModule({
  name: 'exchange',
  tables: { ...offerTables, ...requestTables, ...proposalTables, ...serviceOrderTables },
  routes: async (app) => {
    await app.register(cabinetRoutes)
    await app.register(listingRoutes)
    await app.register(offersRoutes)
    await app.register(proposalsRoutes)
    await app.register(requestsRoutes)
    await app.register(serviceOrdersRoutes)
  },
  jobs: [ANNOUNCE_JOB, EXPIRE_JOB],
  service: (
    { config, limiter },
    { sellers, catalog, products, organizations, identity, notifications, chat, files, jobs, documents },
  ): ExchangeService => {
    // The expiry job runs the service's sweep, and the service queues the jobs: tied here.
    const tied: { requests?: RequestsService } = {}
    const requestJobs = createRequestJobs({
      jobs,
      events: notifications,
      expire: (ctx) => tied.requests!.expireOverdue(ctx),
    })
    const { expireOverdue, ...requests } = createRequestsService({
      parties: partyDirectory,
      vendors: confirmedVendors,
      sellerSlugs: vendorDirectory,
      files,
      jobs: requestJobs,
      limiter,
    })
    tied.requests = { ...requests, expireOverdue }
    return {
      cabinet: createCabinetService(),
      listing: createListingService({ sellers, catalog }),
      offers: createOffersService({
        catalog,
        products,
        vendors: vendorDirectory,
        organizations,
        events: notifications,
        limiter,
        // The files module's storage (disk or S3): offer photos live beside the products' ones.
        storage: createFileStorage(config),
      }),
      proposals: createProposalsService({ parties: partyDirectory, events: notifications, chat, files, limiter }),
      serviceOrders: createServiceOrdersService({
        describeUsers: identity.describeUsers,
        events: notifications,
        chat,
        files,
        limiter,
        documents,
        documentSettingsOf: organizations.documentSettingsOf,
      }),
      requests,
    }
  },
})
