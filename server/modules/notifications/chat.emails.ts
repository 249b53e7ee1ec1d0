import { formatCount } from '#common/format.ts'
import type { OutgoingEmail } from '../mail/index.ts'
import type { EventOf } from './events.ts'
import type { Links } from './links.ts'

const MESSAGES = ['непрочитанное сообщение', 'непрочитанных сообщения', 'непрочитанных сообщений'] as const
const ROOMS = ['чате', 'чатах', 'чатах'] as const

/** Unread messages waiting for someone who has been away: where, how many, and how to stop these letters. */
export function chatUnreadDigest(event: EventOf<'chat.unread_digest'>, links: Links): OutgoingEmail[] {
  const { user, rooms } = event
  return [
    {
      to: user.email,
      kind: 'chat_unread_digest',
      subject: `У вас ${formatCount(event.unreadCount, MESSAGES)} в чате БАС Маркет`,
      text: [
        `Здравствуйте, ${user.name}!`,
        '',
        `Пока вас не было, вам написали: ${formatCount(event.unreadCount, MESSAGES)}.`,
        '',
        ...rooms.map((room) => `• ${room.name} — ${room.unread}: ${links.chatRoom(room.guid)}`),
        ...(event.moreRooms ? [`…и ещё в ${formatCount(event.moreRooms, ROOMS)}.`] : []),
        '',
        'Ответить можно в чате на сайте.',
        '',
        `Не присылать такие письма: ${links.chatUnsubscribe(event.unsubscribeToken)}`,
      ].join('\n'),
    },
  ]
}
