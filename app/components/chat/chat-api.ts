import { api } from '#app/lib/api.ts'
import type { ChatMessage, ChatMessagePage, ChatRoom, ChatRoomList, OpenRoomInput } from '#common/chat.ts'

/** The chat's REST calls from the browser (loaders read the same through the services). */
const room = (guid: string) => `/chat/rooms/${encodeURIComponent(guid)}`
const message = (id: string) => `/chat/messages/${encodeURIComponent(id)}`
/**
 * A refusal inside the chat (an edit after the window, a blocked conversation, a room no longer
 * ours) is explained where it happened, not by the forbidden error page.
 */
const QUIET = { forbiddenPage: false } as const

export const chatApi = {
  listRooms: async (query: { q?: string; before?: string }) =>
    (await api.get<{ data: ChatRoomList }>('/chat/rooms', { query })).data,
  getRoom: async (guid: string) => (await api.get<{ data: ChatRoom }>(room(guid))).data,
  /** Opens (or reuses) the direct room with a seller; a refusal is the caller's to explain. */
  openRoom: async (input: OpenRoomInput) => (await api.post<{ data: ChatRoom }>('/chat/rooms', input, QUIET)).data,
  listMessages: async (guid: string, before?: string) =>
    (await api.get<{ data: ChatMessagePage }>(`${room(guid)}/messages`, { query: { before } })).data,
  sendMessage: async (guid: string, input: { clientId: string; content: string; fileIds: string[] }) =>
    (await api.post<{ data: ChatMessage }>(`${room(guid)}/messages`, input, QUIET)).data,
  /** Marks the room read; answers the user's unread count over all rooms. */
  markRead: async (guid: string) =>
    (await api.post<{ data: { unreadCount: number } }>(`${room(guid)}/read`)).data.unreadCount,
  editMessage: async (id: string, content: string) =>
    (await api.patch<{ data: ChatMessage }>(message(id), { content }, QUIET)).data,
  deleteMessage: async (id: string) => (await api.delete<{ data: ChatMessage }>(message(id), QUIET)).data,
  reportMessage: (id: string, reason: string) => api.post(`${message(id)}/report`, { reason }, QUIET),
  block: (organizationId: string) => api.put(`/chat/blocks/${encodeURIComponent(organizationId)}`, undefined, QUIET),
  unblock: (organizationId: string) => api.delete(`/chat/blocks/${encodeURIComponent(organizationId)}`, QUIET),
}

/** A v4 UUID for a message's `clientId`; randomUUID exists only in secure contexts. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
