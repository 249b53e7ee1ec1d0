import type { FlightDetails } from './requests.ts'
import type { AttachedFile, ServiceType } from './services.ts'

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
  noSignatories:
    'Чтобы сдать результат, укажите руководителя и статус по НДС вашей организации: «Личный кабинет» → «Компания» → «Подписанты и документы». По ним составляется акт выполненных работ',
} as const

/** One handing over of the result: what the contractor sent, and when. */
export interface ServiceSubmission {
  report: string
  files: AttachedFile[]
  /** ISO time of the submission. */
  submittedAt: string
}

/**
 * The result on the order: the latest submission, with the earlier ones that were sent back for
 * rework (oldest first), so the history keeps every version the customer saw.
 */
export interface ServiceResult extends ServiceSubmission {
  earlier: ServiceSubmission[]
}

export const SERVICE_ORDER_ACTIONS = ['start', 'submitResult', 'accept', 'requestRework', 'cancel'] as const
export type ServiceOrderAction = (typeof SERVICE_ORDER_ACTIONS)[number]

export const SERVICE_ORDER_ACTION_LABELS: Record<ServiceOrderAction, string> = {
  start: 'Начать работу',
  submitResult: 'Сдать результат',
  accept: 'Принять работу',
  requestRework: 'Вернуть на доработку',
  cancel: 'Отменить заказ',
}

/** What the page says once a move is made. */
export const SERVICE_ORDER_DONE_MESSAGES: Record<ServiceOrderAction | 'review', string> = {
  start: 'Работа начата: заказчик получил уведомление',
  submitResult: 'Результат сдан: заказчик получил уведомление',
  accept: 'Работа принята, заказ завершён',
  requestRework: 'Результат возвращён на доработку',
  cancel: 'Заказ отменён',
  review: 'Спасибо, отзыв опубликован',
}

/** The side whose page it is, as the lifecycle names its actor. */
export const SERVICE_ORDER_ACTOR_OF: Record<ServiceOrderSide, 'customer' | 'contractor'> = {
  purchase: 'customer',
  sale: 'contractor',
}

export const SERVICE_ORDER_ACTOR_LABELS: Record<'customer' | 'contractor', string> = {
  customer: 'Заказчик',
  contractor: 'Исполнитель',
}

export interface ServiceOrderPartyView {
  id: string
  name: string
  fullName: string
  slug: string
  inn: string
}

export interface ServiceOrderHistoryEntry {
  event: string
  from: ServiceOrderStatus | null
  to: ServiceOrderStatus
  by: 'customer' | 'contractor'
  byName: string | null
  comment: string | null
  /** For a submission of the result: what was handed over that time. */
  submission: ServiceSubmission | null
  at: string
}

export interface ServiceReviewView {
  side: ServiceOrderSide
  rating: number
  text: string
  authorName: string
  authorOrganizationName: string
  createdAt: string
}

/** A service order as one of its sides (or staff) sees it. */
export interface ServiceOrderDetails {
  number: string
  side: ServiceOrderSide
  status: ServiceOrderStatus
  type: ServiceType
  title: string
  priceKopecks: number
  startsOn: string
  endsOn: string
  terms: string
  flight: FlightDetails
  request: { number: string }
  customer: ServiceOrderPartyView
  contractor: ServiceOrderPartyView
  result: ServiceSubmission | null
  reworkComment: string | null
  cancelReason: string | null
  chatRoomId: string | null
  history: ServiceOrderHistoryEntry[]
  /** What the caller's side may do now. */
  actions: ServiceOrderAction[]
  /** The act of the accepted work, once the customer accepted it. */
  documents: { kind: 'act'; title: string; href: string }[]
  /** Both sides' reviews once left; `canReview`: the caller's side may still leave its one. */
  reviews: ServiceReviewView[]
  canReview: boolean
  createdAt: string
  updatedAt: string
}

/** The customers' ratings of one contractor, for its services page. */
/** A contractor's record beside its proposal: customers' rating and completed service orders. */
export interface ContractorRecord {
  rating: { average: number; count: number }
  completedOrders: number
}

export interface ServiceReviewsSummary {
  items: ServiceReviewView[]
  count: number
  /** To one decimal; null with no reviews. */
  average: number | null
}
