import type { MailService } from '../mail/index.ts'
import type { Channels } from './channels.ts'
import type { DomainEvent, Events, EventType } from './events.ts'
import * as identity from './identity.emails.ts'
import { createLinks } from './links.ts'
import * as organizations from './organizations.emails.ts'
import { chatUnreadDigest } from './chat.emails.ts'
import { offerModerated } from './offers.emails.ts'
import { orderStatusChanged, registrationReminder } from './orders.emails.ts'
import { productDecided } from './products.emails.ts'
import { proposalChanged } from './proposals.emails.ts'
import { requestPublished } from './requests.emails.ts'
import { reviewCreated } from './reviews.emails.ts'
import { serviceOrderChanged } from './service-orders.emails.ts'
import { verificationDecided } from './verification.emails.ts'

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
  'organizations.join_requested': { email: organizations.joinRequested },
  'organizations.join_request_decided': { email: organizations.joinRequestDecided },
  'organizations.invitation_created': { email: organizations.invitationCreated },
  'verification.approved': { email: verificationDecided },
  'verification.fixes_requested': { email: verificationDecided },
  'products.approved': { email: productDecided },
  'products.fixes_requested': { email: productDecided },
  'chat.unread_digest': { email: chatUnreadDigest },
  'orders.status_changed': { email: orderStatusChanged },
  'orders.registration_reminder': { email: registrationReminder },
  'reviews.created': { email: reviewCreated },
  'exchange.service_order_changed': { email: serviceOrderChanged },
  'exchange.offer_moderated': { email: offerModerated },
  'exchange.proposal_changed': { email: proposalChanged },
  'exchange.request_published': { email: requestPublished },
}

/**
 * The channels of this event's type, typed for this event: TypeScript cannot relate a table entry
 * to the event it was looked up by (a correlated union), hence the one cast here.
 */
function channelsOf<E extends DomainEvent>(event: E): Channels<E['type']> {
  return CHANNELS[event.type] as Channels<E['type']>
}

/**
 * Handles each event in the emitter's transaction: the e-mails go into the outbox through
 * `ctx.db`, so a change that rolls back leaves no message behind, and one that commits has its
 * messages written with it.
 */
export function createNotifications(deps: { mail: Pick<MailService, 'send'>; publicUrl: string }): Events {
  const links = createLinks(deps.publicUrl)
  return {
    async emit(ctx, event) {
      const channels = channelsOf(event)
      for (const email of channels.email?.(event, links) ?? []) {
        await deps.mail.send(ctx.db, email)
      }
    },
  }
}
