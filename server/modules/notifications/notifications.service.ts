import type { Ctx } from '../../context.ts'
import type { MailService } from '../mail/index.ts'
import type { Audience, Channels, Recipient, RoomNote } from './channels.ts'
import type { DomainEvent, Events, EventType } from './events.ts'
import * as identity from './identity.emails.ts'
import { createLinks } from './links.ts'
import * as organizations from './organizations.emails.ts'
import { chatUnreadDigest } from './chat.emails.ts'
import { offerModerated } from './offers.emails.ts'
import { orderNote } from './orders.chat.ts'
import { correctionAudience, correctionChanged, correctionNote } from './order-corrections.emails.ts'
import { procurementAudience, procurementChanged, procurementNote } from './procurement.emails.ts'
import {
  orderAudience,
  orderStatusChanged,
  registrationReminder,
  updIssued,
  updIssuedNote,
  updMissing,
} from './orders.emails.ts'
import { productDecided } from './products.emails.ts'
import { proposalNote } from './proposals.chat.ts'
import { proposalAudience, proposalChanged } from './proposals.emails.ts'
import { requestPublished } from './requests.emails.ts'
import { reviewCreated } from './reviews.emails.ts'
import { serviceOrderNote } from './service-orders.chat.ts'
import { serviceOrderAudience, serviceOrderChanged } from './service-orders.emails.ts'
import { verificationDecided } from './verification.emails.ts'

type EventWithOrganization = { organization: { id: string } }
/** An organization's owners: who decides on its membership and its roles. */
const owners = (event: EventWithOrganization): Audience[] => [
  { organizationId: event.organization.id, roles: ['owner'] },
]
/** An organization's owners and administrators: who manage its listings. */
const managers = (event: EventWithOrganization): Audience[] => [
  { organizationId: event.organization.id, roles: ['owner', 'admin'] },
]

/**
 * Who hears of each event, and by which channel: the one place that decides it. An event with no
 * entry on a channel is not told there (the compiler asks for an entry for every event type).
 */
const CHANNELS: { [T in EventType]: Channels<T> } = {
  'identity.registration_requested': { email: identity.registrationRequested },
  'identity.registration_address_taken': { email: identity.registrationAddressTaken },
  'identity.password_reset_requested': { email: identity.passwordResetRequested },
  'identity.email_change_requested': { email: identity.emailChangeRequested },
  'identity.email_changed': { email: identity.emailChanged },
  'identity.email_confirmation_requested': { email: identity.emailConfirmationRequested },
  'organizations.join_requested': { audience: owners, email: organizations.joinRequested },
  'organizations.join_request_decided': { email: organizations.joinRequestDecided },
  'organizations.invitation_created': { email: organizations.invitationCreated },
  'verification.approved': { audience: owners, email: verificationDecided },
  'verification.fixes_requested': { audience: owners, email: verificationDecided },
  'products.approved': { audience: managers, email: productDecided },
  'products.fixes_requested': { audience: managers, email: productDecided },
  'chat.unread_digest': { email: chatUnreadDigest },
  'orders.status_changed': { audience: orderAudience, email: orderStatusChanged, chat: orderNote },
  'orders.upd_issued': {
    audience: (event) => [{ organizationId: event.buyer.id }],
    email: updIssued,
    chat: updIssuedNote,
  },
  'orders.upd_missing': { audience: (event) => [{ organizationId: event.seller.id }], email: updMissing },
  'procurement.changed': { audience: procurementAudience, email: procurementChanged, chat: procurementNote },
  'orders.correction_changed': { audience: correctionAudience, email: correctionChanged, chat: correctionNote },
  'orders.registration_reminder': {
    audience: (event) => [{ organizationId: event.buyer.id }],
    email: registrationReminder,
  },
  'reviews.created': { audience: (event) => [{ organizationId: event.seller.id }], email: reviewCreated },
  'exchange.service_order_changed': {
    audience: serviceOrderAudience,
    email: serviceOrderChanged,
    chat: serviceOrderNote,
  },
  'exchange.offer_moderated': { audience: managers, email: offerModerated },
  'exchange.proposal_changed': { audience: proposalAudience, email: proposalChanged, chat: proposalNote },
  'exchange.request_published': {
    audience: (event) => event.vendors.map((organizationId) => ({ organizationId })),
    email: requestPublished,
  },
}

/**
 * The channels of this event's type, typed for this event: TypeScript cannot relate a table entry
 * to the event it was looked up by (a correlated union), hence the one cast here.
 */
function channelsOf<E extends DomainEvent>(event: E): Channels<E['type']> {
  return CHANNELS[event.type] as Channels<E['type']>
}

/**
 * What the module asks of others when an event comes: the people of an audience (organizations'
 * members, with their addresses), notes in conversations, and the jobs' wake-up call.
 */
export interface NotificationPorts {
  peopleOf(ctx: Ctx, audiences: Audience[]): Promise<Recipient[]>
  /** Writes the notes and the mover's typed words; absent where the chat is not built. */
  postNotes?(ctx: Ctx, notes: RoomNote[], subject: string): Promise<void>
  wake(): void
}

/** Whether the recipient is among the audiences (its organization, and one of the roles asked for). */
const within = (audiences: Audience[], person: Recipient) =>
  audiences.some((a) => a.organizationId === person.organizationId && (!a.roles || a.roles.includes(person.role)))

/**
 * Handles the events in the emitter's transaction: the e-mails go into the outbox and the notes
 * into the conversations through `ctx.db`, so a change that rolls back leaves no message behind,
 * and one that commits has its messages written with it. Several events at once (a checkout's
 * orders) cost what one does: one look-up of the people, one write of the e-mails, one of the notes.
 */
export function createNotifications(deps: {
  mail: Pick<MailService, 'send'>
  publicUrl: string
  ports: NotificationPorts
}): Events {
  const links = createLinks(deps.publicUrl)
  return {
    async emit(ctx, ...events) {
      const told = events.map((event) => ({ event, channels: channelsOf(event) }))
      const audiences = told.map(({ event, channels }) => channels.audience?.(event) ?? [])
      const everyone = audiences.flat()
      const people = everyone.length ? await deps.ports.peopleOf(ctx, everyone) : []
      const emails = told.flatMap(
        ({ event, channels }, i) =>
          channels.email?.(
            event,
            links,
            people.filter((person) => within(audiences[i]!, person)),
          ) ?? [],
      )
      if (emails.length) await deps.mail.send(ctx.db, ...emails)
      const notes = told.flatMap(({ event, channels }) => channels.chat?.(event) ?? [])
      const subject = [...new Set(events.map((event) => event.type))].join(', ')
      if (notes.length && deps.ports.postNotes) await deps.ports.postNotes(ctx, notes, subject)
    },
    afterCommit() {
      deps.ports.wake()
    },
  }
}
