import { Anchor, Badge, Stack, Text, VisuallyHidden } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { formatTime } from '#app/lib/format.ts'
import type { ChatRoom } from '#common/chat.ts'
import { MESSAGES } from '#common/messages.ts'
import { CATALOG_ROOT_SLUG } from '#common/spheres.ts'
import { lastMessagePreview } from './chat-state.ts'
import classes from './chat.module.css'

const SHORT_DATE = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'Europe/Moscow' })
const DAY = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeZone: 'Europe/Moscow' })

/** Today's messages by the time, older ones by the day. */
export function formatListTime(iso: string, now = new Date()): string {
  const date = new Date(iso)
  return DAY.format(date) === DAY.format(now) ? formatTime(date) : SHORT_DATE.format(date)
}

const UNREAD = ['непрочитанное сообщение', 'непрочитанных сообщения', 'непрочитанных сообщений'] as const
const unreadLabel = (n: number) => {
  const form = new Intl.PluralRules('ru').select(n)
  return `${n} ${form === 'one' ? UNREAD[0] : form === 'few' ? UNREAD[1] : UNREAD[2]}`
}

function roomHref(guid: string, q: string) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  params.set('roomId', guid)
  return `/chat?${params}`
}

/** The rooms, newest activity first: name, the last message, its time, the unread count. */
export function RoomList({ rooms, q, selected }: { rooms: ChatRoom[]; q: string; selected: string | null }) {
  if (rooms.length === 0) {
    return (
      <Stack p="lg" gap="xs" className={classes.listEmpty}>
        {q ? (
          <Text c="dimmed">Чатов с таким названием не нашлось.</Text>
        ) : (
          <>
            <Text>Здесь появятся ваши переписки с продавцами и покупателями.</Text>
            <Text c="dimmed" size="sm">
              Найдите товар в каталоге и нажмите «Написать продавцу», чтобы задать вопрос.
            </Text>
            <Anchor component={AppLink} to={`/catalog/${CATALOG_ROOT_SLUG}`} fw={600}>
              Перейти в каталог
            </Anchor>
          </>
        )}
      </Stack>
    )
  }
  return (
    <ul className={classes.rooms} aria-label="Список чатов">
      {rooms.map((room) => (
        <li key={room.guid}>
          <AppLink
            to={roomHref(room.guid, q)}
            replace
            preventScrollReset
            className={`mantine-focus-auto ${classes.room}`}
            aria-current={room.guid === selected ? 'page' : undefined}
            data-unread={room.unreadCount > 0 || undefined}
          >
            <span className={classes.roomTop}>
              {/* The other organization first: rooms about requests share titles, not counterparts. */}
              <span className={classes.roomName} data-counterpart>
                {room.counterpart.name || room.name}
              </span>
              {room.lastMessage && (
                <time className={classes.roomTime} dateTime={room.lastMessage.createdAt} suppressHydrationWarning>
                  {formatListTime(room.lastMessage.createdAt)}
                </time>
              )}
            </span>
            {room.name !== room.counterpart.name && (
              <span className={classes.roomSubject} data-subject>
                {room.name}
              </span>
            )}
            <span className={classes.roomBottom}>
              <span className={classes.roomPreview}>{lastMessagePreview(room, MESSAGES.chatAttachment)}</span>
              {room.unreadCount > 0 && (
                <>
                  <Badge size="sm" circle={room.unreadCount < 10} color="accent" aria-hidden="true">
                    {room.unreadCount > 99 ? '99+' : room.unreadCount}
                  </Badge>
                  <VisuallyHidden>{unreadLabel(room.unreadCount)}</VisuallyHidden>
                </>
              )}
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  )
}
