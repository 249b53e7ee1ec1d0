import { notifications } from '@mantine/notifications'
import { CHAT_LIMITS, type ChatMessage, notificationText } from '#common/chat.ts'
import { MESSAGES } from '#common/messages.ts'
import { NotificationQueue } from './notification-queue.ts'

/**
 * The chat's notifications (spec section 4): top right, never closing by themselves, at most
 * three, the text cut to 100 characters or «Вложение». A click opens the room.
 */
const queue = new NotificationQueue(CHAT_LIMITS.maxNotifications)
const DISCONNECTED_ID = 'chat-disconnected'

const idOf = (message: ChatMessage) => `chat-message-${message.id}`

export function showChatNotification(message: ChatMessage, open: (roomGuid: string) => void) {
  const id = idOf(message)
  for (const oldest of queue.add(id)) notifications.hide(oldest)
  if (!queue.visible.includes(id)) return
  const sender = message.author ? `${message.author.name}, ${message.author.organizationName}` : message.roomName
  notifications.show({
    id,
    title: message.roomName,
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
    role: 'link',
    tabIndex: 0,
    'aria-label': `Новое сообщение: ${message.roomName}. Открыть чат`,
    style: { cursor: 'pointer' },
    onClick: (event) => {
      // The close button is inside the notification: closing must not open the room.
      if ((event.target as HTMLElement).closest('button')) return
      notifications.hide(id)
      open(message.roomGuid)
    },
    onKeyDown: (event) => {
      if (event.key !== 'Enter' || (event.target as HTMLElement).closest('button')) return
      notifications.hide(id)
      open(message.roomGuid)
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
