import { EXCHANGE_SESSION_STATUS_LABELS } from '#common/exchange-1c.ts'
import { CABINET_OFFER_STATUS_LABELS } from '#common/exchange/cabinet.ts'
import { PROPOSAL_STATUS_LABELS } from '#common/exchange/proposals.ts'
import { REQUEST_STATUS_LABELS } from '#common/exchange/requests.ts'
import { SERVICE_ORDER_STATUS_LABELS } from '#common/exchange/service-orders.ts'
import { ORDER_STATUS_LABELS } from '#common/orders.ts'
import { CORRECTION_STATUS_LABELS } from '#common/order-corrections.ts'
import { VERIFICATION_LABELS } from '#common/organizations.ts'
import { DRAFT_STATUS_LABELS } from '#common/products.ts'
import { LEAD_STATUS_LABELS } from '#common/lead-statuses.ts'
import { ARTICLE_STATUS_LABELS } from '#common/media/article-constants.ts'
import { PROCUREMENT_STATUS_LABELS, RECIPIENT_STATUS_LABELS } from '#common/procurement.ts'

/**
 * How the pages show the status of each lifecycle: its label (from `common/`, where the server
 * takes the same words for its refusals) and its Mantine colour. A new lifecycle (product
 * moderation, orders…) adds one record here, and `StatusBadge` shows it.
 */
export interface StatusLook {
  label: string
  /** A Mantine colour name, for `Badge color`. */
  color: string
}

function lifecycle<S extends string>(labels: Record<S, string>, colors: Record<S, string>) {
  const looks = {} as Record<S, StatusLook>
  for (const status of Object.keys(labels) as S[]) looks[status] = { label: labels[status], color: colors[status] }
  return looks as Readonly<Record<S, StatusLook>>
}

export const STATUSES = {
  /** A role of an organization checked by staff: new → moderation → confirmed | needFixes. */
  verification: lifecycle(VERIFICATION_LABELS, {
    new: 'gray',
    moderation: 'blue',
    confirmed: 'teal',
    needFixes: 'orange',
  }),
  /** A lead from the site's forms, worked by staff. */
  lead: lifecycle(LEAD_STATUS_LABELS, { new: 'blue', in_progress: 'orange', done: 'gray' }),
  /** A vendor's product draft moderated by staff: draft → moderation → approved | needFixes. */
  product: lifecycle(DRAFT_STATUS_LABELS, {
    draft: 'gray',
    moderation: 'blue',
    needFixes: 'orange',
    approved: 'teal',
  }),
  /**
   * An order between two organizations: new → confirmed → paid → shipped → delivered → completed,
   * or cancelled before it is paid. Colours whose light badge keeps 4.5:1 contrast (teal and
   * green do not).
   */
  order: lifecycle(ORDER_STATUS_LABELS, {
    created: 'blue',
    confirmed: 'indigo',
    paid: 'cyan',
    shipped: 'grape',
    delivered: 'violet',
    completed: 'navy',
    cancelled: 'gray',
  }),
  /** A return or price change of a received order: requested → accepted | refused | withdrawn. */
  orderCorrection: lifecycle(CORRECTION_STATUS_LABELS, {
    requested: 'orange',
    accepted: 'navy',
    refused: 'gray',
    withdrawn: 'gray',
  }),
  /** A buyer's service request: draft → open → awarded | closed; draft | open → cancelled. */
  serviceRequest: lifecycle(REQUEST_STATUS_LABELS, {
    draft: 'gray',
    open: 'blue',
    awarded: 'indigo',
    closed: 'navy',
    cancelled: 'gray',
  }),
  /** A vendor's proposal on a request: reviewing → accepted | rejected. */
  serviceProposal: lifecycle(PROPOSAL_STATUS_LABELS, { reviewing: 'blue', accepted: 'indigo', rejected: 'gray' }),
  /**
   * A vendor's service offer moderated by staff: the products' statuses, in colours whose light
   * badge keeps 4.5:1 contrast (the exchange's pages are checked with axe).
   */
  serviceOffer: lifecycle(CABINET_OFFER_STATUS_LABELS, {
    draft: 'gray',
    moderation: 'blue',
    needFixes: 'grape',
    approved: 'navy',
  }),
  /** A service order: created → in_progress → done → completed; created | in_progress → cancelled. */
  serviceOrder: lifecycle(SERVICE_ORDER_STATUS_LABELS, {
    created: 'blue',
    in_progress: 'grape',
    done: 'violet',
    completed: 'navy',
    cancelled: 'gray',
  }),
  /** A request for commercial offers: draft → sent → closed; draft | sent → cancelled. */
  procurement: lifecycle(PROCUREMENT_STATUS_LABELS, {
    draft: 'gray',
    sent: 'blue',
    closed: 'navy',
    cancelled: 'gray',
  }),
  /** An invited seller's answer to a request for offers: awaiting → answered | declined. */
  procurementAnswer: lifecycle(RECIPIENT_STATUS_LABELS, { awaiting: 'orange', answered: 'indigo', declined: 'gray' }),
  /** A session of the exchange with 1С: open while 1С works, then success or failure. */
  exchange1cSession: lifecycle(EXCHANGE_SESSION_STATUS_LABELS, { open: 'blue', success: 'navy', failure: 'orange' }),
  /** A media article: draft → scheduled → published → archived; staff may return it to draft. */
  article: lifecycle(ARTICLE_STATUS_LABELS, {
    draft: 'gray',
    scheduled: 'blue',
    published: 'navy',
    archived: 'grape',
  }),
}

export type Lifecycle = keyof typeof STATUSES
export type StatusOf<L extends Lifecycle> = keyof (typeof STATUSES)[L]

export function statusLook<L extends Lifecycle>(lifecycle: L, status: StatusOf<L>): StatusLook {
  return (STATUSES[lifecycle] as Record<StatusOf<L>, StatusLook>)[status]
}
