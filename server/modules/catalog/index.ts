import { defineModule } from '../module.ts'
import { vendorDirectory } from '../organizations/index.ts'
import { catalogRoutes } from './catalog.routes.ts'
import { feedRoutes } from './feeds/feed.routes.ts'
import { type CatalogService, createCatalogService } from './catalog.service.ts'
import * as tables from './catalog.table.ts'

export {
  ListingParams,
  ListingSchema,
  ModelSummarySchema,
  SellerCardSchema,
  SellerDetailsSchema,
  VendorRefSchema,
} from './catalog.api.ts'
export type { CatalogVersion, PublishedVersion } from './catalog.publishing.ts'
export { assignModels } from './models/assign-models.ts'
export { listingQueryFromUrl } from './catalog.routes.ts'
export type { CatalogService } from './catalog.service.ts'
export { type ModelContent, modelsByIdentity } from './models/models.service.ts'
export { type Offer, type StockLine, stockLines } from './catalog.stock.ts'
export { CSV_COLUMNS, type CsvColumn } from './feeds/columns.ts'
export { writeCsvFeed } from './feeds/csv.ts'
export { feedLinks, type FeedLinks } from './feeds/links.ts'
export type { FeedProduct } from './feeds/types.ts'

export const catalogModule = defineModule({
  name: 'catalog',
  tables,
  // The vendors' export feeds are the catalogue's too: their own file, under /sellers/{slug}.
  routes: async (app) => {
    await app.register(catalogRoutes)
    await app.register(feedRoutes)
  },
  // Product cards and the vendor filter name vendors: read from their organizations.
  service: (): CatalogService => createCatalogService({ vendors: vendorDirectory }),
})
