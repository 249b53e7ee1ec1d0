import { defineModule } from '../module.ts'
import { vendorDirectory } from '../organizations/vendor-directory.ts'
import { catalogRoutes } from './catalog.routes.ts'
import { feedRoutes } from './feeds/feed.routes.ts'
import { type CatalogService, createCatalogService } from './catalog.service.ts'
import * as tables from './catalog.table.ts'

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
