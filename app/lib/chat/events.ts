import type { ChatEvent } from '#common/chat.ts'

/**
 * The chat's realtime events inside the tab: the realtime client (realtime.ts) emits them, the
 * header counter, the notifications and the /chat page listen. Kept apart from the client so the
 * page can listen without importing `centrifuge` itself.
 */
type Listener<T> = (value: T) => void

function createChannel<T>() {
  const listeners = new Set<Listener<T>>()
  return {
    emit(value: T) {
      for (const listener of [...listeners]) listener(value)
    },
    listen(listener: Listener<T>): () => void {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

const events = createChannel<ChatEvent>()
/**
 * Why chat state must be read again from the REST API: `subscribed` once listening starts (what
 * was read before may have missed a publication), `reconnected` after any reconnect (the database
 * is the source of truth), `lost` when the missed publications could not be recovered.
 */
export type ResyncReason = 'subscribed' | 'reconnected' | 'lost'
const resyncs = createChannel<ResyncReason>()

export const emitChatEvent = events.emit
export const onChatEvent = events.listen
export const emitChatResync = resyncs.emit
export const onChatResync = resyncs.listen

/** Spec section 4: each messageCreated and roomCreated raises the unread count by one. */
export function raisesUnreadCount(event: Pick<ChatEvent, 'eventType'>): boolean {
  return event.eventType === 'messageCreated' || event.eventType === 'roomCreated'
}

/** Whether the event is worth a notification at all (where the user is decides the rest). */
export function isNotifiable(event: ChatEvent): event is ChatEvent & { message: NonNullable<ChatEvent['message']> } {
  return raisesUnreadCount(event) && event.message !== null && !event.message.isSystem && !event.message.isOwn
}

/**
 * The chat page (with or without an open room): there notifications and their sound stay off
 * (spec section 4). The digest's unsubscribe page under /chat/ is not a conversation.
 */
export function isChatPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '/chat'
}

/** The page of one room (a notification's click). */
export const roomHref = (roomGuid: string) => `/chat?roomId=${encodeURIComponent(roomGuid)}`
