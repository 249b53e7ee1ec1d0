import type { RequestStatus } from './requests.ts'
import type { AttachedFile } from './services.ts'
import type { ContractorRecord } from './service-orders.ts'
import { formatCount } from '#common/format.ts'
import { FILES_UP_TO, PROPOSALS, TIMES } from '#common/counted-words.ts'

/**
 * A vendor's answer to a request: price, timeline, terms, files and a message. The statuses are
 * the spec's request status set: reviewing → accepted | rejected. A vendor revises a proposal
 * while it is reviewing; each revision is kept (proposal_revisions).
 */
export const PROPOSAL_STATUSES = ['reviewing', 'accepted', 'rejected'] as const
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  reviewing: 'На рассмотрении',
  accepted: 'Принято',
  rejected: 'Отклонено',
}

export interface ProposalContent {
  priceKopecks: number
  /** ISO dates the contractor commits to. */
  startsOn: string
  endsOn: string
  terms: string
  message: string
  files: AttachedFile[]
}

export const PROPOSAL_LIMITS = {
  terms: 5000,
  message: 2000,
  files: 5,
  reason: 1000,
  /** Proposals one vendor may send a day, over all requests. */
  perDay: 30,
  revisions: 20,
  maxPriceKopecks: 100_000_000_000,
} as const

export const PROPOSAL_MESSAGES = {
  notFound: 'Предложение не найдено',
  stale: 'Предложение уже изменилось: обновите страницу',
  duplicate: 'Вы уже отправили предложение по этой заявке: его можно изменить, пока заказчик его рассматривает',
  notVendor: 'Отвечать на заявки может организация с подтверждённой ролью «Поставщик»',
  noMatchingOffer: 'Чтобы откликнуться, опубликуйте на бирже услугу этого вида',
  ownRequest: 'Это заявка вашей организации',
  closed: 'Заявка больше не принимает предложения',
  dailyCap: `Сегодня отправлено уже ${formatCount(PROPOSAL_LIMITS.perDay, PROPOSALS)}: продолжите завтра`,
  price: 'Укажите цену — сумму в рублях больше нуля',
  dates: 'Укажите сроки: дата окончания не раньше даты начала',
  reason: 'Укажите причину отказа',
  tooManyRevisions: `Предложение изменяли уже ${formatCount(PROPOSAL_LIMITS.revisions, TIMES)}`,
  signIn: 'Войдите, чтобы откликнуться на заявку',
  noOrganization: 'Выберите организацию, от имени которой вы отвечаете на заявки',
  pastDate: 'Дата не может быть в прошлом',
  startsOn: 'Укажите дату начала работ',
  endsOn: 'Укажите дату окончания работ',
  files: `Не больше ${formatCount(PROPOSAL_LIMITS.files, FILES_UP_TO)}`,
  fileNotFound: 'Файл не найден: загрузите его ещё раз',
  /** The reason the others get when the customer accepts one proposal. */
  otherChosen: 'Заказчик выбрал другого исполнителя',
} as const

/** Why the caller may not propose on a request now; the section shows the message and the next step. */
export const PROPOSAL_BLOCKS = [
  'signIn',
  'noOrganization',
  'notVendor',
  'ownRequest',
  'already',
  'closed',
  'noMatchingOffer',
] as const
export type ProposalBlock = (typeof PROPOSAL_BLOCKS)[number]

export const PROPOSAL_BLOCK_MESSAGES: Record<ProposalBlock, string> = {
  signIn: PROPOSAL_MESSAGES.signIn,
  noOrganization: PROPOSAL_MESSAGES.noOrganization,
  notVendor: PROPOSAL_MESSAGES.notVendor,
  ownRequest: PROPOSAL_MESSAGES.ownRequest,
  already: PROPOSAL_MESSAGES.duplicate,
  closed: PROPOSAL_MESSAGES.closed,
  noMatchingOffer: PROPOSAL_MESSAGES.noMatchingOffer,
}

/** An earlier version of a revised proposal, as the customer and the author read it. */
export interface ProposalRevisionView extends ProposalContent {
  revision: number
  /** When this version was replaced. */
  replacedAt: string
}

/** A proposal as its author or the request's customer sees it. */
export interface ProposalView extends ProposalContent {
  id: string
  status: ProposalStatus
  /** The author, with what the customer weighs beside the price (rating, completed orders). */
  vendor: { id: string; name: string; slug: string } & ContractorRecord
  /** 1 for the first version; the earlier ones are in `revisions`, oldest first. */
  revision: number
  revisions: ProposalRevisionView[]
  rejectReason: string | null
  /** The (request, vendor) room: «Перейти в чат», «Задать вопрос». */
  chatRoomId: string | null
  /** The service order accepting it made. */
  serviceOrderNumber: string | null
  createdAt: string
  updatedAt: string
}

/** How the caller stands to a request's proposals. */
export type ProposalsViewer = 'customer' | 'vendor' | 'other'

/**
 * The proposals part of a request's page: all of them for the customer, its own for a vendor,
 * none for anyone else; whether the caller may propose now and, if not, why.
 */
export interface RequestProposals {
  request: {
    number: string
    title: string
    status: RequestStatus
    allowSeveral: boolean
    /** Open and its proposals deadline (Moscow date) not passed: proposals are sent and revised. */
    takingProposals: boolean
  }
  viewer: ProposalsViewer
  proposals: ProposalView[]
  canPropose: boolean
  blocked: { reason: ProposalBlock; message: string } | null
  /** The customer may accept and reject now (the request takes proposals). */
  canDecide: boolean
  /** Moscow date, for the form's earliest start. */
  today: string
}

/** What the page says once a form went through. */
export const PROPOSAL_DONE_MESSAGES = {
  propose: 'Предложение отправлено: заказчик получил уведомление',
  revise: 'Предложение изменено: заказчик получил уведомление',
  accept: 'Предложение принято: заказ услуги создан',
  reject: 'Предложение отклонено: исполнитель получил уведомление',
} as const
export type ProposalIntent = keyof typeof PROPOSAL_DONE_MESSAGES

/** Whether a form's `intent` is one of the proposals section's (the request page routes by it). */
export const isProposalIntent = (value: string): value is ProposalIntent => Object.hasOwn(PROPOSAL_DONE_MESSAGES, value)
