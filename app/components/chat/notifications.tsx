import { notifications } from '@mantine/notifications'
import { AppLink } from '../AppLink.tsx'
import { CHAT_LIMITS, type ChatMessage, notificationText } from '#common/chat.ts'
import { MESSAGES } from '#common/messages.ts'
import { roomHref } from '#app/lib/chat/events.ts'
import { NotificationQueue } from '#app/lib/chat/notification-queue.ts'

/**
 * The chat's notifications (spec section 4): top right, never closing by themselves, at most
 * three, the text cut to 100 characters or «Вложение». A click opens the room.
 */
const queue = new NotificationQueue(CHAT_LIMITS.maxNotifications)
const DISCONNECTED_ID = 'chat-disconnected'

const idOf = (message: ChatMessage) => `chat-message-${message.id}`

export function showChatNotification(message: ChatMessage, open: (href: string) => void) {
  const id = idOf(message)
  for (const oldest of queue.add(id)) notifications.hide(oldest)
  if (!queue.visible.includes(id)) return
  const sender = message.author ? `${message.author.name}, ${message.author.organizationName}` : message.roomName
  const href = roomHref(message.roomGuid)
  notifications.show({
    id,
    // The title is the link (keyboard and screen readers); a click anywhere else opens the room too.
    title: (
      <AppLink
        to={href}
        onClick={() => notifications.hide(id)}
        aria-label={`Новое сообщение: ${message.roomName}`}
        style={{ display: 'block', color: 'inherit' }}
      >
        {message.roomName}
      </AppLink>
    ),
    message: (
      <>
        <span style={{ display: 'block', fontSize: 'var(--mantine-font-size-xs)' }}>{sender}</span>
        {notificationText(message, MESSAGES.chatAttachment)}
      </>
    ),
    color: 'blue',
    position: 'top-right',
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Закрыть уведомление' },
    style: { cursor: 'pointer' },
    onClick: (event) => {
      // The link and the close button do their own thing.
      if ((event.target as HTMLElement).closest('a, button')) return
      notifications.hide(id)
      open(href)
    },
    onClose: () => queue.remove(id),
  })
}

/** Entering the chat closes every chat notification on screen. */
export function closeChatNotifications() {
  for (const id of queue.clear()) notifications.hide(id)
}

/** Spec section 8: bottom left, no close button; it stays until the page is reloaded. */
export function showChatDisconnected() {
  notifications.show({
    id: DISCONNECTED_ID,
    message: MESSAGES.chatDisconnected,
    color: 'red',
    position: 'bottom-left',
    autoClose: false,
    withCloseButton: false,
  })
}

export function hideChatDisconnected() {
  notifications.hide(DISCONNECTED_ID)
}
