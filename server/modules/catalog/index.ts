import { defineModule } from '../module.ts'
import { vendorDirectory } from '../organizations/vendor-directory.ts'
import { catalogRoutes } from './catalog.routes.ts'
import { type CatalogService, createCatalogService } from './catalog.service.ts'
import * as tables from './catalog.table.ts'

export const catalogModule = defineModule({
  name: 'catalog',
  tables,
  routes: catalogRoutes,
  // Product cards and the vendor filter name vendors: read from their organizations.
  service: (): CatalogService => createCatalogService({ vendors: vendorDirectory }),
})
