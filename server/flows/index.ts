import type { FlowInfrastructure, FlowServices } from './flow.ts'
import { createCorrectOrder } from './correct-order.ts'
import { AUTO_COMPLETE_JOB, AUTO_DELIVER_JOB, createMoveOrder } from './move-order.ts'
import { createOrderNews } from './order-news.ts'
import { createOrdersFrom1c } from './orders-from-1c.ts'
import { createPlaceOrders } from './place-orders.ts'
import { createRegistrationReminders, REGISTRATION_REMINDER_JOB } from './registration-reminders.ts'
import { createUpdReminders, UPD_REMINDER_JOB } from './upd-reminders.ts'

/** The jobs the flows run, as a module declares its own (modules/module.ts). */
export const FLOW_JOBS = [AUTO_DELIVER_JOB, AUTO_COMPLETE_JOB, REGISTRATION_REMINDER_JOB, UPD_REMINDER_JOB]

/**
 * The use-cases that span modules, one file each, built once from every module's service after
 * all of them (services.ts). Requests reach them as `services.flows`; each takes the caller's
 * context first, as services do. Jobs a flow schedules are registered when it is built.
 */
export function createFlows(services: FlowServices, infra: FlowInfrastructure) {
  const orderNews = createOrderNews(services)
  const reminders = createRegistrationReminders(services)
  const moveOrder = createMoveOrder(services, infra, orderNews, reminders)
  return {
    placeOrders: createPlaceOrders(services, infra, orderNews),
    moveOrder,
    ordersFrom1c: createOrdersFrom1c(services, moveOrder),
    correctOrder: createCorrectOrder(services, infra, orderNews),
    updReminders: createUpdReminders(services),
  }
}

export type Flows = ReturnType<typeof createFlows>
