import { DRAFT_STATUS_LABELS, type DraftStatus } from '#common/products.ts'
import { OFFER_MESSAGES } from '#common/exchange/offers.ts'
import type { Ctx } from '../../context.ts'
import { findTransition, type Lifecycle, moveStatus, recordMove, type Transition } from '../../lifecycle/index.ts'
import { serviceOfferEvents, serviceOffers } from './offers.table.ts'

/**
 * Offer moderation, the products' lifecycle over the vendor's working copy of a service offer:
 * vendors create and edit drafts and send them to moderation; staff approve them (the exchange
 * then shows that version) or send them back with a comment. Unpublishing takes the offer off the
 * exchange; its draft has to pass moderation again to come back. Anything else is a 409.
 */
export type OfferEvent = 'create' | 'edit' | 'submit' | 'withdraw' | 'approve' | 'requestFixes' | 'unpublish'
export type OfferActor = 'vendor' | 'staff'
export type OfferTransition = Transition<DraftStatus, OfferEvent, OfferActor>

export const OFFER_TRANSITIONS: readonly OfferTransition[] = [
  { from: null, event: 'create', to: 'draft', who: 'vendor' },
  // The first change to an approved version starts a new one; the exchange keeps the approved.
  { from: 'approved', event: 'edit', to: 'draft', who: 'vendor' },
  { from: 'draft', event: 'submit', to: 'moderation', who: 'vendor' },
  { from: 'needFixes', event: 'submit', to: 'moderation', who: 'vendor' },
  { from: 'moderation', event: 'withdraw', to: 'draft', who: 'vendor' },
  { from: 'moderation', event: 'approve', to: 'approved', who: 'staff' },
  { from: 'moderation', event: 'requestFixes', to: 'needFixes', who: 'staff' },
  // Off the exchange: an approved version becomes a draft to resubmit; pending work stays as it is.
  { from: 'approved', event: 'unpublish', to: 'draft', who: 'vendor' },
  { from: 'draft', event: 'unpublish', to: 'draft', who: 'vendor' },
  { from: 'needFixes', event: 'unpublish', to: 'needFixes', who: 'vendor' },
  { from: 'moderation', event: 'unpublish', to: 'moderation', who: 'vendor' },
]

export const offerModeration: Lifecycle<DraftStatus, OfferEvent, OfferActor> = {
  transitions: OFFER_TRANSITIONS,
  refusals: {
    create: 'Такая услуга уже создана',
    edit: 'Новую версию начинает только изменение одобренной услуги',
    submit: 'Отправить на модерацию можно черновик или услугу, возвращённую на доработку',
    withdraw: 'Отозвать можно только услугу, которая находится на модерации',
    approve: 'Одобрить можно только услугу, которая находится на модерации',
    requestFixes: 'Вернуть на доработку можно только услугу, которая находится на модерации',
    unpublish: OFFER_MESSAGES.notPublished,
  },
  labels: DRAFT_STATUS_LABELS,
  subject: { table: serviceOffers, id: serviceOffers.id, status: serviceOffers.status },
  history: { table: serviceOfferEvents, subjectId: serviceOfferEvents.offerId, event: serviceOfferEvents.event },
  stale: OFFER_MESSAGES.stale,
}

/** The allowed transition, or the lifecycle's refusal naming the offer and where it stands. */
export function offerTransition(
  from: DraftStatus | null,
  event: OfferEvent,
  who: OfferActor,
  title?: string,
): OfferTransition {
  return findTransition(offerModeration, from, event, who, title ? `Услуга «${title}»` : undefined)
}

/** Moves an offer along an allowed transition, writing `set` beside the status and the history row. */
export function moveOffer(
  ctx: Ctx,
  offerId: string,
  step: OfferTransition,
  options: { comment?: string | null; set?: Record<string, unknown> } = {},
): Promise<void> {
  return moveStatus(ctx, offerModeration, offerId, step, options)
}

/** The history row of an offer that was just inserted. */
export function recordOfferCreation(ctx: Ctx, offerId: string, step: OfferTransition): Promise<void> {
  return recordMove(ctx, offerModeration, offerId, step)
}
