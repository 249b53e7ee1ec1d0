import type { MemberRole } from '#common/organizations.ts'
import type { OutgoingEmail } from '../mail/index.ts'
import type { EventOf, EventType, Person } from './events.ts'
import type { Links } from './links.ts'

/** Someone told of an event as a member of `organizationId` (a person in two organizations is told once per each). */
export interface Recipient extends Person {
  organizationId: string
  /** The person's role there: an event told to some roles only is told to those. */
  role: MemberRole
}

/** The members of an organization told of an event; with `roles`, only those holding one of them. */
export interface Audience {
  organizationId: string
  roles?: readonly MemberRole[]
}

/**
 * The platform's note in a conversation: `text` in its own voice, then `typed` (what the mover
 * typed with the move: a reason, a comment) as the mover's message, under the mover's name.
 */
export interface RoomNote {
  room: string
  text: string
  typed: string | null
}

/** The e-mails an event sends: one per person written to, none when nobody is. */
export type EmailsOf<T extends EventType> = (
  event: EventOf<T>,
  links: Links,
  recipients: Recipient[],
) => OutgoingEmail[]

/**
 * How one kind of event reaches people. `audience` names the organizations (and roles) told; the
 * module looks up their members, and `email` writes to them (`recipients`). An event that names
 * its people itself (an address to confirm, the user who asked for a reset) has no audience, and
 * its `email` reads them from the event. `chat` is its note in the related conversation.
 */
export interface Channels<T extends EventType> {
  audience?: (event: EventOf<T>) => Audience[]
  email?: EmailsOf<T>
  chat?: (event: EventOf<T>) => RoomNote | null
}
