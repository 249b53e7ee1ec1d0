import { type SPHERE_SLUGS } from '../spheres.ts'
import { type REGION_CODES } from '../regions.ts'
import type { AttachedFile, ServiceType, VolumeUnit } from './services.ts'
import { formatCount } from '#common/format.ts'
import { REQUESTS } from '#common/counted-words.ts'

/**
 * A buyer's service request («Обработать 120 га пшеницы гербицидом в мае»): what, where, when,
 * how much, for what budget, and the flight details drone work needs — how high, whether the
 * area is in controlled airspace or a restricted zone, and who obtains the permission to use the
 * airspace. The zod input is in requests.schemas.ts.
 */

/**
 * draft → open (published, taking proposals) → awarded (a contractor chosen) | closed (the
 * customer stopped it or the deadline passed) ; draft | open → cancelled. Moves: the server's
 * requests.machine.ts.
 */
/** A GeoJSON Polygon with one ring of [longitude, latitude]; validated by common/geo.ts. */
export interface AreaPolygon {
  type: 'Polygon'
  coordinates: [number, number][][]
}

export const REQUEST_STATUSES = ['draft', 'open', 'awarded', 'closed', 'cancelled'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  draft: 'Черновик',
  open: 'Приём предложений',
  awarded: 'Исполнитель выбран',
  closed: 'Закрыта',
  cancelled: 'Отменена',
}

/** Public: any vendor sees it on the exchange; invited: only the vendors the customer named. */
export const REQUEST_VISIBILITIES = ['public', 'invited'] as const
export type RequestVisibility = (typeof REQUEST_VISIBILITIES)[number]

export const REQUEST_VISIBILITY_LABELS: Record<RequestVisibility, string> = {
  public: 'Всем исполнителям на бирже',
  invited: 'Только приглашённым исполнителям',
}

/** Who obtains the permission to use the airspace (разрешение на использование воздушного пространства). */
export const PERMISSION_PARTIES = ['customer', 'contractor'] as const
export type PermissionParty = (typeof PERMISSION_PARTIES)[number]

export const PERMISSION_PARTY_LABELS: Record<PermissionParty, string> = {
  customer: 'Заказчик',
  contractor: 'Исполнитель',
}

export interface FlightDetails {
  /** Metres above ground. */
  maxAltitudeM: number
  controlledAirspace: boolean
  restrictedZone: boolean
  permissionBy: PermissionParty
}

export const REQUEST_LIMITS = {
  title: 150,
  description: 5000,
  address: 300,
  attachments: 5,
  invited: 20,
  /** Flights of light drones stay under 150 m without special arrangements; we allow up to 5 km. */
  maxAltitudeM: 5000,
  maxVolume: 10_000_000,
  maxBudgetKopecks: 100_000_000_000,
  /** Requests one organization may publish a day: a purchasing department, not a bot. */
  perDay: 20,
  /** The farthest a proposals deadline may be set. */
  deadlineMaxDays: 180,
} as const

export interface RequestContent {
  type: ServiceType
  sphere: (typeof SPHERE_SLUGS)[number] | null
  title: string
  description: string
  region: (typeof REGION_CODES)[number] | null
  address: string
  area: AreaPolygon | null
  /** ISO dates of the work. */
  startsOn: string | null
  endsOn: string | null
  volume: number | null
  volumeUnit: VolumeUnit
  /** Null: «по договорённости». */
  budgetKopecks: number | null
  attachments: AttachedFile[]
  flight: FlightDetails
  visibility: RequestVisibility
  invitedOrganizationIds: string[]
  /** ISO date: proposals are taken until the end of that day (Moscow time). */
  proposalsDeadline: string | null
  /** Several contractors may be chosen (a large area split between crews). */
  allowSeveral: boolean
}

export const REQUEST_MESSAGES = {
  notFound: 'Заявка не найдена',
  stale: 'Заявку уже изменили: обновите страницу',
  notBuyer: 'Размещать заявки может организация с подтверждённой ролью «Покупатель»',
  fillRequired: 'Заполните обязательные поля, чтобы опубликовать заявку',
  title: 'Укажите, что нужно сделать',
  type: 'Выберите вид работ',
  region: 'Укажите регион работ',
  location: 'Укажите адрес или отметьте участок на карте',
  dates: 'Дата окончания работ не может быть раньше начала',
  pastDate: 'Дата не может быть в прошлом',
  deadline: 'Укажите срок приёма предложений',
  deadlineAfterStart: 'Срок приёма предложений должен закончиться до начала работ',
  budget: 'Бюджет — сумма в рублях больше нуля, или отметьте «По договорённости»',
  volume: 'Объём работ — число больше нуля',
  altitude: `Максимальная высота — от 1 до ${REQUEST_LIMITS.maxAltitudeM} м`,
  permissionBy: 'Укажите, кто получает разрешение на использование воздушного пространства',
  invited: 'Выберите исполнителей, которых вы приглашаете',
  tooMany: `Сегодня опубликовано уже ${formatCount(REQUEST_LIMITS.perDay, REQUESTS)}: продолжите завтра`,
} as const

/** The customer's moves on its request's page (accepting a proposal is the proposals' part). */
export const REQUEST_ACTIONS = ['publish', 'close', 'cancel'] as const
export type RequestAction = (typeof REQUEST_ACTIONS)[number]

/** How the reader stands to a request (server/modules/exchange/request-access.ts). */
export type RequestViewerKind = 'customer' | 'proposer' | 'staff' | 'reader'

/** A request as its page and the API show it to someone allowed to see it. */
export interface RequestDetails extends Omit<RequestContent, 'invitedOrganizationIds'> {
  number: string
  status: RequestStatus
  areaHectares: number | null
  proposalCount: number
  customer: {
    id: string
    name: string
    slug: string
    /** Its seller page (/sellers/{slug}) when it is a confirmed vendor too; null otherwise. */
    sellerSlug: string | null
  }
  viewer: RequestViewerKind
  /** The customer's moves now; empty for everyone else. */
  actions: RequestAction[]
  /** The invited vendors, for the customer only (empty for everyone else). */
  invited: { id: string; name: string; slug: string }[]
  /** Why the customer cancelled it, when cancelled. */
  cancelReason: string | null
  publishedAt: string | null
  createdAt: string
  updatedAt: string
}

/** What the customer's moves tell when done. */
export const REQUEST_DONE_MESSAGES = {
  save: 'Черновик сохранён',
  publish: 'Заявка опубликована: исполнители уже видят её',
  close: 'Заявка закрыта: новые предложения не принимаются',
  cancel: 'Заявка отменена',
  extend: 'Срок приёма предложений продлён',
} as const
