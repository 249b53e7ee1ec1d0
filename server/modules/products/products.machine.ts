import { DRAFT_STATUS_LABELS, type DraftStatus, PRODUCT_MESSAGES } from '#common/products.ts'
import type { Ctx } from '../../context.ts'
import { findTransition, type Lifecycle, moveStatus, recordMove, type Transition } from '../../lifecycle/index.ts'
import { productDraftEvents, productDrafts } from './products.table.ts'

/**
 * Product moderation as an explicit state machine over the vendor's working copy (the draft):
 * vendors create and edit drafts and send them to moderation; staff approve them (the catalogue
 * then shows that version) or send them back with a comment. Unpublishing takes the product off
 * the catalogue; its draft has to pass moderation again to come back. Anything else is a 409.
 */
export type ProductEvent = 'create' | 'edit' | 'submit' | 'withdraw' | 'approve' | 'requestFixes' | 'unpublish'
export type ProductActor = 'vendor' | 'staff'
export type ProductTransition = Transition<DraftStatus, ProductEvent, ProductActor>

export const PRODUCT_TRANSITIONS: readonly ProductTransition[] = [
  { from: null, event: 'create', to: 'draft', who: 'vendor' },
  // The first change to an approved version starts a new one; the catalogue keeps the approved.
  { from: 'approved', event: 'edit', to: 'draft', who: 'vendor' },
  { from: 'draft', event: 'submit', to: 'moderation', who: 'vendor' },
  { from: 'needFixes', event: 'submit', to: 'moderation', who: 'vendor' },
  { from: 'moderation', event: 'withdraw', to: 'draft', who: 'vendor' },
  { from: 'moderation', event: 'approve', to: 'approved', who: 'staff' },
  { from: 'moderation', event: 'requestFixes', to: 'needFixes', who: 'staff' },
  // Off the catalogue: an approved version becomes a draft to resubmit; pending work stays as it is.
  { from: 'approved', event: 'unpublish', to: 'draft', who: 'vendor' },
  { from: 'draft', event: 'unpublish', to: 'draft', who: 'vendor' },
  { from: 'needFixes', event: 'unpublish', to: 'needFixes', who: 'vendor' },
  { from: 'moderation', event: 'unpublish', to: 'moderation', who: 'vendor' },
]

export const productModeration: Lifecycle<DraftStatus, ProductEvent, ProductActor> = {
  transitions: PRODUCT_TRANSITIONS,
  refusals: {
    create: 'Такой товар уже создан',
    edit: PRODUCT_MESSAGES.notEditable,
    submit: 'Отправить на модерацию можно черновик или товар, возвращённый на доработку',
    withdraw: 'Отозвать можно только товар, который находится на модерации',
    approve: 'Одобрить можно только товар, который находится на модерации',
    requestFixes: 'Вернуть на доработку можно только товар, который находится на модерации',
    unpublish: PRODUCT_MESSAGES.notPublished,
  },
  labels: DRAFT_STATUS_LABELS,
  subject: { table: productDrafts, id: productDrafts.id, status: productDrafts.status },
  history: { table: productDraftEvents, subjectId: productDraftEvents.productId, event: productDraftEvents.event },
  stale: PRODUCT_MESSAGES.stale,
}

/** The allowed transition, or the lifecycle's refusal naming the product and where it stands. */
export function productTransition(
  from: DraftStatus | null,
  event: ProductEvent,
  who: ProductActor,
  title?: string,
): ProductTransition {
  return findTransition(productModeration, from, event, who, title ? `Товар «${title}»` : undefined)
}

/** Moves a draft along an allowed transition, writing `set` beside the status and the history row. */
export function moveProduct(
  ctx: Ctx,
  productId: string,
  step: ProductTransition,
  options: { comment?: string | null; set?: Record<string, unknown> } = {},
): Promise<void> {
  return moveStatus(ctx, productModeration, productId, step, options)
}

/** The history row of a draft that was just inserted. */
export function recordCreation(ctx: Ctx, productId: string, step: ProductTransition): Promise<void> {
  return recordMove(ctx, productModeration, productId, step)
}
