import type { FlowInfrastructure, FlowServices } from './flow.ts'
import { createMoveOrder } from './move-order.ts'
import { createOrderNews } from './order-news.ts'
import { createPlaceOrders } from './place-orders.ts'
import { createRegistrationReminders } from './registration-reminders.ts'

/**
 * The use-cases that span modules, one file each, built once from every module's service after
 * all of them (services.ts). Requests reach them as `services.flows`; each takes the caller's
 * context first, as services do. Jobs a flow schedules are registered when it is built.
 */
export function createFlows(services: FlowServices, infra: FlowInfrastructure) {
  const orderNews = createOrderNews(services)
  const reminders = createRegistrationReminders(services)
  return {
    placeOrders: createPlaceOrders(services, infra, orderNews),
    moveOrder: createMoveOrder(services, infra, orderNews, reminders),
  }
}

export type Flows = ReturnType<typeof createFlows>
