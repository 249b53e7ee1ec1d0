import type { AttachedFile } from './services.ts'

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
  dailyCap: `Сегодня отправлено уже ${PROPOSAL_LIMITS.perDay} предложений: продолжите завтра`,
  price: 'Укажите цену — сумму в рублях больше нуля',
  dates: 'Укажите сроки: дата окончания не раньше даты начала',
  reason: 'Укажите причину отказа',
  tooManyRevisions: `Предложение изменяли уже ${PROPOSAL_LIMITS.revisions} раз`,
} as const
