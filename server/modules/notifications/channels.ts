import type { OutgoingEmail } from '../mail/index.ts'
import type { EventOf, EventType } from './events.ts'
import type { Links } from './links.ts'

/** The e-mails an event sends: one per recipient, none when nobody is to be written to. */
export type EmailsOf<T extends EventType> = (event: EventOf<T>, links: Links) => OutgoingEmail[]

/**
 * How one kind of event reaches people: one optional entry per channel. E-mail through the outbox
 * is the only channel so far; a system message in the related chat room and a realtime push will be
 * entries beside it, so an event can be told on several channels without its emitter knowing.
 */
export interface Channels<T extends EventType> {
  email?: EmailsOf<T>
}
