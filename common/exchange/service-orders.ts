import type { AttachedFile } from './services.ts'

/**
 * A service order: made when the customer accepts a proposal. created → in_progress → done (the
 * contractor submits the result) → completed (the customer accepts it, or sends it back to
 * in_progress for rework); created | in_progress → cancelled with a reason.
 */
export const SERVICE_ORDER_STATUSES = ['created', 'in_progress', 'done', 'completed', 'cancelled'] as const
export type ServiceOrderStatus = (typeof SERVICE_ORDER_STATUSES)[number]

export const SERVICE_ORDER_STATUS_LABELS: Record<ServiceOrderStatus, string> = {
  created: 'Новый',
  in_progress: 'В работе',
  done: 'Результат сдан',
  completed: 'Завершён',
  cancelled: 'Отменён',
}

/** The two sides as the pages name them: `/personal-account/service-order/{type}/{nr}`. */
export const SERVICE_ORDER_SIDES = ['purchase', 'sale'] as const
export type ServiceOrderSide = (typeof SERVICE_ORDER_SIDES)[number]

export interface ServiceResult {
  report: string
  files: AttachedFile[]
}

export const SERVICE_ORDER_LIMITS = {
  report: 10_000,
  files: 10,
  reason: 1000,
  review: 2000,
  pageSize: 20,
} as const

export const SERVICE_ORDER_MESSAGES = {
  notFound: 'Заказ не найден',
  stale: 'Заказ уже изменился: обновите страницу',
  report: 'Опишите выполненную работу или приложите файлы результата',
  reason: 'Укажите причину',
  reviewExists: 'Отзыв по этому заказу вы уже оставили',
  reviewTooEarly: 'Отзыв можно оставить после завершения заказа',
  rating: 'Поставьте оценку от 1 до 5',
} as const
