import type { ChatEvent, ChatMessage, ChatRoom } from '#common/chat.ts'

/**
 * How realtime events change what the chat page shows: pure functions over the room list and the
 * open room's messages, so the page's effects stay small and the rules are tested on their own.
 */

/** Whether a room belongs in a list filtered by `q` (the server searches by name the same way). */
export function matchesSearch(room: Pick<ChatRoom, 'name'>, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase('ru-RU')
  return !needle || room.name.toLocaleLowerCase('ru-RU').includes(needle)
}

/**
 * The list after an event: a new message or room moves its room to the top (new activity first);
 * an edit or a read only refreshes the room where it stands. A room the search filters out stays out.
 */
export function applyEventToRooms(rooms: ChatRoom[], event: ChatEvent, q: string): ChatRoom[] {
  const rest = rooms.filter((r) => r.guid !== event.room.guid)
  const present = rest.length !== rooms.length
  if (event.eventType === 'messageCreated' || event.eventType === 'roomCreated') {
    return present || matchesSearch(event.room, q) ? [event.room, ...rest] : rooms
  }
  return present ? rooms.map((r) => (r.guid === event.room.guid ? refreshRoom(r, event) : r)) : rooms
}

/**
 * A room after an edit or a read: its counts and block from the event; its last message only
 * when that is the one edited (a read mark carries none, an edit may be of an older message).
 */
function refreshRoom(room: ChatRoom, event: ChatEvent): ChatRoom {
  const edited = event.eventType === 'messageUpdated' && event.message?.createdAt === room.lastMessage?.createdAt
  return { ...event.room, lastMessage: edited ? event.room.lastMessage : room.lastMessage }
}

/** The list after a message of ours was stored: its room on top with it as the last message. */
export function withOwnMessage(rooms: ChatRoom[], message: ChatMessage): ChatRoom[] {
  const room = rooms.find((r) => r.guid === message.roomGuid)
  if (!room) return rooms
  const lastMessage = {
    content: message.content,
    createdAt: message.createdAt,
    isSystem: message.isSystem,
    hasFiles: message.files.length > 0,
  }
  return [{ ...room, lastMessage }, ...rooms.filter((r) => r !== room)]
}

/** The room in the list with its unread count set (after marking it read). */
export function withUnread(rooms: ChatRoom[], guid: string, unreadCount: number): ChatRoom[] {
  return rooms.map((r) => (r.guid === guid && r.unreadCount !== unreadCount ? { ...r, unreadCount } : r))
}

/** Adds or replaces a message, keeping the list oldest first. */
export function upsertMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const at = messages.findIndex((m) => m.id === message.id)
  if (at >= 0) return messages.map((m, i) => (i === at ? message : m))
  const next = [...messages, message]
  // Realtime and REST answers may arrive out of order: keep the server's order by time.
  if (messages.length && messages[messages.length - 1]!.createdAt > message.createdAt) {
    next.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
  }
  return next
}

/** Older messages (a page loaded upward) before the ones on screen, without doubles. */
export function prependMessages(messages: ChatMessage[], older: ChatMessage[]): ChatMessage[] {
  const known = new Set(messages.map((m) => m.id))
  return [...older.filter((m) => !known.has(m.id)), ...messages]
}

/** A preview line of the room's last message for the list. */
export function lastMessagePreview(room: ChatRoom, attachment: string): string {
  const last = room.lastMessage
  if (!last) return 'Нет сообщений'
  const text = last.content.trim().replace(/\s+/g, ' ')
  if (text) return text
  return last.hasFiles ? attachment : 'Сообщение удалено'
}
