import type { ServiceOrderStatus } from '#common/exchange/service-orders.ts'
import type { ServiceType } from '#common/exchange/services.ts'
import type { OrderStatus } from '#common/orders.ts'
import type { CorrectionKind, CorrectionStatus } from '#common/order-corrections.ts'
import type { MemberRole, RoleType } from '#common/organizations.ts'
import type { Ctx } from '../../context.ts'
import type { MailAttachment } from '../mail/index.ts'

/**
 * What happened in the domain, as the modules tell it. Each event carries the facts that anyone
 * told about it needs (ids, names, the organizations involved, the raw token of a link); the
 * notifications module decides who hears of it (which organizations' members, by role) and how
 * (e-mail, a note in the conversation). Events are named after what happened, never after the
 * message that follows, and never list their recipients.
 */
export type DomainEvent =
  | IdentityEvent
  | OrganizationsEvent
  | VerificationEvent
  | ProductsEvent
  | ChatEvent
  | OrdersEvent
  | OrdersRegistrationEvent
  | OrderCorrectionEvent
  | ProcurementEvent
  | OrderUpdEvent
  | OrderUpdMissingEvent
  | ReviewsEvent
  | ServiceOrdersEvent
  | ExchangeOfferEvent
  | ExchangeProposalEvent
  | ExchangeRequestEvent

/** Someone the platform can write to. */
export interface Person {
  id: string
  name: string
  email: string
}

export interface OrganizationRef {
  id: string
  name: string
}

export type IdentityEvent =
  /** A new address asked to register; the account exists once the link with `token` is opened. */
  | { type: 'identity.registration_requested'; email: string; name: string; token: string }
  /** Someone tried to register with an address that already has an account; no link was made. */
  | { type: 'identity.registration_address_taken'; owner: Person }
  | { type: 'identity.password_reset_requested'; user: Person; token: string }
  /**
   * The account (its current address in `user.email`) asked to sign in with `newEmail`; `token`
   * confirms it, `cancelToken` cancels or undoes it. When `newEmailTaken`, another account owns the
   * new address and the change can never be made.
   */
  | {
      type: 'identity.email_change_requested'
      user: Person
      newEmail: string
      newEmailTaken: boolean
      token: string
      cancelToken: string
    }
  /** The link to the new address was opened: `user.email` is the new address now. */
  | { type: 'identity.email_changed'; user: Person; previousEmail: string }
  /** An account from before addresses were confirmed asked for a link to its current address. */
  | { type: 'identity.email_confirmation_requested'; user: Person; token: string }

export type OrganizationsEvent =
  | {
      type: 'organizations.join_requested'
      organization: OrganizationRef
      requester: Person
      /** The requester's message, '' when none. */
      message: string
    }
  | {
      type: 'organizations.join_request_decided'
      organization: OrganizationRef
      user: Person
      decision: 'accepted' | 'declined'
    }
  | {
      type: 'organizations.invitation_created'
      organization: OrganizationRef
      email: string
      role: Exclude<MemberRole, 'owner'>
      invitedBy: { id: string; name: string }
      token: string
    }

/** Staff decisions on an organization's role request. */
export type VerificationEvent =
  ({ type: 'verification.approved' } & RoleDecision) | ({ type: 'verification.fixes_requested' } & RoleDecision)

interface RoleDecision {
  organization: OrganizationRef
  roleId: string
  role: RoleType
  /** The moderator's comment, null when none. */
  comment: string | null
}

/** Staff decisions on a product sent to moderation. */
export type ProductsEvent =
  ({ type: 'products.approved' } & ProductDecision) | ({ type: 'products.fixes_requested' } & ProductDecision)

interface ProductDecision {
  organization: OrganizationRef
  product: { id: string; title: string; /** Its catalogue address once published. */ slug: string | null }
  /** The moderator's comment, null when none. */
  comment: string | null
}

/** Messages waiting for someone who has not opened the chat for a while. */
export type ChatEvent = {
  type: 'chat.unread_digest'
  user: Person
  unreadCount: number
  /** The rooms with the latest news first, each with its unread count. */
  rooms: { guid: string; name: string; unread: number }[]
  /** Rooms with unread messages beyond those listed. */
  moreRooms: number
  /** The secret of the digest's unsubscribe link. */
  unsubscribeToken: string
}

/** An order was placed (`status` created) or moved, by one of its sides or by the platform. */
export type OrdersEvent = {
  type: 'orders.status_changed'
  order: {
    number: string
    status: OrderStatus
    totalKopecks: number
    /** The УПД its shipment issued, once shipped: the buyer's e-mail links to it. */
    upd?: { number: string; date: string } | null
  }
  /** Files the buyer's members get with the news: the shipment's УПД as PDF and XML. */
  attachments?: MailAttachment[]
  buyer: OrganizationRef
  seller: OrganizationRef
  /** Who moved it: a side, or the platform on its own (automatic delivery or completion). */
  by: OrderActor
  /** The buyer's comment on a new order, the mover's comment or the reason of a cancellation; null when none. */
  comment: string | null
  /** The order's conversation. */
  room: string
}

export type OrderActor = 'buyer' | 'seller' | 'system'

/** The seller issued the УПД of an order shipped without one. */
export type OrderUpdEvent = {
  type: 'orders.upd_issued'
  order: { number: string; upd: { number: string; date: string } }
  /** The УПД as PDF and XML, sent with the e-mail. */
  attachments: MailAttachment[]
  buyer: OrganizationRef
  seller: OrganizationRef
  room: string
}

/** The daily reminder to a seller: its shipped orders that still have no УПД. */
export type OrderUpdMissingEvent = {
  type: 'orders.upd_missing'
  seller: OrganizationRef
  /** The oldest first, as many as the e-mail lists. */
  orders: { number: string; shippedAt: Date }[]
  /** How many more there are beyond those listed. */
  more: number
}

/**
 * A request for commercial offers between a buyer and one of the sellers it asked: sent to the
 * seller, answered or declined by it, or cancelled by the buyer.
 */
export type ProcurementEvent = {
  type: 'procurement.changed'
  change: 'requested' | 'answered' | 'declined' | 'cancelled'
  request: { number: string; title: string; deadline: string; itemCount: number }
  buyer: OrganizationRef
  seller: OrganizationRef
  /** The answer's number and sum with VAT, once answered. */
  offer: { number: string; totalKopecks: number } | null
  /** A refusal's or a cancellation's reason. */
  reason: string | null
  /** The conversation between the two about the request. */
  room: string
}

/** A return or price change of a received order was asked for, or decided. */
export type OrderCorrectionEvent = {
  type: 'orders.correction_changed'
  order: { number: string }
  correction: {
    number: number
    kind: CorrectionKind
    status: CorrectionStatus
    reason: string
    /** After − before, with VAT. */
    differenceKopecks: number
    /** The correction document an acceptance issued. */
    ukd: { number: string; date: string } | null
  }
  buyer: OrganizationRef
  seller: OrganizationRef
  /** Who asked (a new correction) or decided. */
  by: 'buyer' | 'seller'
  /** A refusal's reason or the decision's comment; null when none. */
  comment: string | null
  room: string
}

/** Drones of a shipped order still wait for their registration. */
export type OrdersRegistrationEvent = {
  type: 'orders.registration_reminder'
  order: { number: string; shippedAt: Date }
  buyer: OrganizationRef
  /** The drones to register: each line's title, the requirement and the serial numbers shipped. */
  drones: { title: string; registration: 'account' | 'state'; serialNumbers: string[] }[]
}

/** A buyer reviewed a product of the seller, or the seller itself. */
export type ReviewsEvent = {
  type: 'reviews.created'
  kind: 'product' | 'seller'
  /** What was reviewed and the page where the review shows. */
  subject: { title: string; path: string }
  /** The reviewed seller, whose members are told. */
  seller: { id: string }
  orderNumber: string
  rating: number
  text: string
  /** «Ирина, ООО «Агрохолдинг Заря»». */
  author: string
}

/** A service order of the exchange moved, by its customer or its contractor. */
export type ServiceOrdersEvent = {
  type: 'exchange.service_order_changed'
  order: { number: string; title: string; status: ServiceOrderStatus; priceKopecks: number }
  customer: OrganizationRef
  contractor: OrganizationRef
  by: 'customer' | 'contractor'
  /** The move made: the lifecycle's event (start, submitResult, accept, requestRework, cancel). */
  event: string
  /** The rework comment or the reason of a cancellation, null when none. */
  comment: string | null
  /** The order's conversation, null where the chat is not built. */
  room: string | null
}

/** A moderator's decision on a service offer sent to moderation (the exchange). */
export type ExchangeOfferEvent = {
  type: 'exchange.offer_moderated'
  decision: 'approved' | 'fixes_requested'
  organization: OrganizationRef
  offer: { id: string; title: string }
  /** The seller's slug on the exchange (its services page), when a version is published. */
  sellerSlug: string | null
  /** The moderator's comment, null when none. */
  comment: string | null
}

/**
 * A proposal on a service request changed: submitted or revised by its vendor; accepted, rejected
 * by the customer or superseded by another accepted one.
 */
export type ExchangeProposalEvent = {
  type: 'exchange.proposal_changed'
  change: 'submitted' | 'revised' | 'accepted' | 'rejected' | 'superseded'
  request: { number: string; title: string }
  proposal: { priceKopecks: number; startsOn: string; endsOn: string }
  customer: OrganizationRef
  vendor: OrganizationRef
  /** The customer's reason of a rejection, null otherwise. */
  reason: string | null
  /** The service order an acceptance made, for the contractor's link. */
  serviceOrderNumber: string | null
  /** The (request, vendor) conversation, null when the proposal has none. */
  room: string | null
}

/**
 * A buyer published a request on the exchange, addressed to `vendors`: those with a published
 * offer of its type covering its region, or, when `invited`, the vendors the customer invited
 * (only they see it).
 */
export type ExchangeRequestEvent = {
  type: 'exchange.request_published'
  request: {
    number: string
    title: string
    type: ServiceType
    region: string | null
    budgetKopecks: number | null
    startsOn: string | null
    proposalsDeadline: string | null
  }
  customer: OrganizationRef
  invited: boolean
  /** The organization ids of the vendors it is addressed to. */
  vendors: string[]
}

export type EventType = DomainEvent['type']
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>

/**
 * How a module tells what happened: handled at once, inside the caller's transaction (`ctx.db`),
 * so whatever it writes (an outbox row) commits or rolls back together with the change.
 */
export interface Events {
  /** One event, or several that happened together (a checkout's orders), told in one go. */
  emit(ctx: Ctx, ...events: DomainEvent[]): Promise<void>
  /**
   * Once the transaction that emitted has committed: what its events queued for delivery (a
   * conversation's note) goes out now rather than at the jobs' next poll.
   */
  afterCommit(): void
}
