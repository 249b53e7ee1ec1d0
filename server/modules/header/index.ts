import { defineModule } from '../module.ts'
import { headerRoutes } from './header.routes.ts'
import { createHeaderService, type HeaderService } from './header.service.ts'

export const headerModule = defineModule({
  name: 'header',
  routes: headerRoutes,
  service: (_infra, { compare, chat, orders }): HeaderService =>
    createHeaderService({ compare, chat, cart: orders.cart }),
})
