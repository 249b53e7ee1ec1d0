import { defineModule } from '../module.ts'
import { sellersRoutes } from '../organizations/sellers.routes.ts'
import { createSellersService, type SellersService } from '../organizations/sellers.service.ts'

export const sellersModule = defineModule({
  name: 'sellers',
  routes: sellersRoutes,
  service: (_infra, { catalog }): SellersService => createSellersService({ catalog: () => catalog }),
})
