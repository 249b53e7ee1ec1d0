import { defineModule } from '../module.ts'
import { memberDirectory } from '../organizations/index.ts'
import { type CartService, createCartService } from './cart.service.ts'
import { ordersRoutes } from './orders.routes.ts'
import { createOrdersService, type OrdersService } from './orders.service.ts'
import * as tables from './orders.table.ts'

export type { CartService } from './cart.service.ts'
export type { OrderActor } from './orders.machine.ts'
export type { OrderMove, OrderMoves } from './orders.moves.ts'
export type { OrderPlacement } from './orders.placement.ts'
export type { OrdersService, PurchaseForReview } from './orders.service.ts'
export type { OrderLineRow, OrderRow } from './orders.view.ts'
export type { ChangedOrder, OrdersMark } from './orders.exchange.ts'
export { type CorrectionRow, correctionDifference } from './orders.corrections.ts'

/**
 * The money path's own records: the selected organization's cart, orders with their lines and
 * history (orders.machine.ts), their pages and documents. Placing and moving orders span modules
 * (stock, requisites, news): those are flows, server/flows/place-orders.ts and move-order.ts,
 * built on the ports `placement` and `moves`.
 */
export type OrdersModuleService = OrdersService & { cart: CartService }

export const ordersModule = defineModule({
  name: 'orders',
  tables,
  routes: ordersRoutes,
  internal: ['moves', 'corrections', 'placement', 'view', 'changedOrders'],
  service: ({ limiter }, { catalog, identity, files }): OrdersModuleService => ({
    ...createOrdersService({ catalog, members: memberDirectory, describeUsers: identity.describeUsers, files }),
    cart: createCartService({ catalog, members: memberDirectory, limiter }),
  }),
})
