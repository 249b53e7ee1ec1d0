import { defineModule } from '../module.ts'
import { catalogRoutes } from './catalog.routes.ts'
import { type CatalogService, createCatalogService } from './catalog.service.ts'
import * as tables from './catalog.table.ts'

export const catalogModule = defineModule({
  name: 'catalog',
  tables,
  routes: catalogRoutes,
  // Product cards name their vendors; the seller directory is asked when first needed.
  service: (_infra, services): CatalogService => createCatalogService({ sellers: () => services.sellers }),
})
