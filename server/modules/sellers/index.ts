import { defineModule } from '../module.ts'
import { vendorDirectory } from '../organizations/index.ts'
import { sellersRoutes } from './sellers.routes.ts'
import { createSellersService, type SellersService } from './sellers.service.ts'

export type { SellersService } from './sellers.service.ts'

/** The public directory of confirmed vendors, with their product counts from the catalogue. */
export const sellersModule = defineModule({
  name: 'sellers',
  routes: sellersRoutes,
  service: (_infra, services): SellersService =>
    createSellersService({
      catalog: services.catalog,
      vendors: vendorDirectory,
      // The exchange is built after the sellers (it lists their services): looked up when asked.
      offeringOrganizations: (ctx) => services.exchange.listing.offeringOrganizations(ctx),
    }),
})
