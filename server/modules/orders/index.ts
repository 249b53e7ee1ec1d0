import { defineModule } from '../module.ts'
import { memberDirectory, partyDirectory } from '../organizations/index.ts'
import { type CartService, createCartService } from './cart.service.ts'
import { ordersRoutes } from './orders.routes.ts'
import { createOrdersService, type OrdersService } from './orders.service.ts'
import * as tables from './orders.table.ts'

export type { CartService } from './cart.service.ts'
export type { OrdersService, PurchaseForReview } from './orders.service.ts'

/**
 * The money path: the selected organization's cart, the checkout into one order per seller, and
 * each order's life for both sides (orders.machine.ts), with its e-mails, its conversation in the
 * chat and the platform's own moves (automatic delivery and completion) as jobs.
 */
export type OrdersModuleService = OrdersService & { cart: CartService }

export const ordersModule = defineModule({
  name: 'orders',
  tables,
  routes: ordersRoutes,
  service: (
    { limiter, log },
    { catalog, products, organizations, identity, notifications, chat, jobs, files },
  ): OrdersModuleService => ({
    ...createOrdersService({
      catalog,
      members: memberDirectory,
      parties: partyDirectory,
      stock: products.stock,
      organizations,
      describeUsers: identity.describeUsers,
      events: notifications,
      chat,
      jobs,
      files,
      limiter,
      log,
    }),
    cart: createCartService({ catalog, members: memberDirectory, limiter }),
  }),
})
