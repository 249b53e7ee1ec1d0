import { describe, expect, it } from 'vitest'
import type { ChatEvent, ChatMessage, ChatRoom } from '#common/chat.ts'
import {
  applyEventToRooms,
  lastMessagePreview,
  prependMessages,
  upsertMessage,
  withOwnMessage,
  withUnread,
} from './chat-state.ts'

const room = (guid: string, name: string, unreadCount = 0): ChatRoom => ({
  guid,
  type: 'direct',
  name,
  counterpart: { organizationId: `org-${guid}`, name, slug: null },
  context: null,
  lastMessage: {
    content: `Последнее в ${name}`,
    createdAt: '2026-11-25T10:00:00.000Z',
    isSystem: false,
    hasFiles: false,
  },
  unreadCount,
  blocked: null,
  createdAt: '2026-11-20T10:00:00.000Z',
})

const message = (id: string, createdAt: string, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  clientId: null,
  roomGuid: 'r1',
  roomName: 'Комната',
  content: `Текст ${id}`,
  files: [],
  isSystem: false,
  author: null,
  isOwn: true,
  state: 'sent',
  createdAt,
  editedAt: null,
  deletedAt: null,
  canChange: true,
  ...patch,
})

const event = (eventType: ChatEvent['eventType'], r: ChatRoom): ChatEvent => ({ eventType, room: r, message: null })

describe('applyEventToRooms', () => {
  const list = [room('a', 'Альфа'), room('b', 'Бета'), room('c', 'Гамма')]

  it('moves the room of a new message to the top with its new count', () => {
    const next = applyEventToRooms(list, event('messageCreated', room('c', 'Гамма', 2)), '')
    expect(next.map((r) => r.guid)).toEqual(['c', 'a', 'b'])
    expect(next[0]!.unreadCount).toBe(2)
  })

  it('puts a new room first', () => {
    expect(applyEventToRooms(list, event('roomCreated', room('d', 'Дельта', 1)), '').map((r) => r.guid)).toEqual([
      'd',
      'a',
      'b',
      'c',
    ])
  })

  it('keeps a new room the search filters out off the list', () => {
    expect(applyEventToRooms(list, event('roomCreated', room('d', 'Дельта', 1)), 'альф')).toBe(list)
    expect(applyEventToRooms(list, event('roomCreated', room('d', 'Дельта', 1)), 'дел')).toHaveLength(4)
  })

  it('refreshes a room in place on an edit or a read, keeping its last message', () => {
    const read = { ...room('b', 'Бета', 0), lastMessage: null }
    const next = applyEventToRooms(list, event('roomRead', read), '')
    expect(next.map((r) => r.guid)).toEqual(['a', 'b', 'c'])
    expect(next[1]!.lastMessage?.content).toBe('Последнее в Бета')
    const edited = { ...room('b', 'Бета'), lastMessage: { ...room('b', 'Бета').lastMessage!, content: 'Исправлено' } }
    const last = message('m9', '2026-11-25T10:00:00.000Z')
    expect(
      applyEventToRooms(list, { ...event('messageUpdated', edited), message: last }, '')[1]!.lastMessage?.content,
    ).toBe('Исправлено')
    const older = message('m1', '2026-11-24T10:00:00.000Z')
    expect(
      applyEventToRooms(list, { ...event('messageUpdated', edited), message: older }, '')[1]!.lastMessage?.content,
    ).toBe('Последнее в Бета')
    expect(applyEventToRooms(list, event('messageUpdated', room('z', 'Зета')), '')).toBe(list)
  })

  it('puts the room of a message we sent on top with it as the last message', () => {
    const sent = message('m5', '2026-11-25T11:00:00.000Z', { roomGuid: 'c', content: '', files: [] })
    const withFile = {
      ...sent,
      files: [{ id: 'f', name: 'a.pdf', mimeType: 'application/pdf', size: 1, isImage: false }],
    }
    const next = withOwnMessage(list, withFile)
    expect(next.map((r) => r.guid)).toEqual(['c', 'a', 'b'])
    expect(lastMessagePreview(next[0]!, 'Вложение')).toBe('Вложение')
    expect(withOwnMessage(list, { ...sent, roomGuid: 'zz' })).toBe(list)
  })

  it('sets a room unread count', () => {
    expect(withUnread([room('a', 'Альфа', 3)], 'a', 0)[0]!.unreadCount).toBe(0)
  })
})

describe('messages', () => {
  const first = message('m1', '2026-11-25T10:00:00.000Z')
  const second = message('m2', '2026-11-25T10:01:00.000Z')

  it('appends a new message, replaces a known one and keeps the order by time', () => {
    expect(upsertMessage([first], second).map((m) => m.id)).toEqual(['m1', 'm2'])
    expect(upsertMessage([first, second], { ...first, content: 'Изменено' })[0]!.content).toBe('Изменено')
    expect(upsertMessage([second], first).map((m) => m.id)).toEqual(['m1', 'm2'])
  })

  it('prepends an older page without doubles', () => {
    const older = [message('m0', '2026-11-25T09:00:00.000Z'), first]
    expect(prependMessages([first, second], older).map((m) => m.id)).toEqual(['m0', 'm1', 'm2'])
  })
})

describe('lastMessagePreview', () => {
  it('shows the text, the attachment word for files only, or nothing yet', () => {
    expect(lastMessagePreview(room('a', 'Альфа'), 'Вложение')).toBe('Последнее в Альфа')
    const files = {
      ...room('a', 'Альфа'),
      lastMessage: { ...room('a', 'Альфа').lastMessage!, content: '', hasFiles: true },
    }
    expect(lastMessagePreview(files, 'Вложение')).toBe('Вложение')
    expect(lastMessagePreview({ ...room('a', 'Альфа'), lastMessage: null }, 'Вложение')).toBe('Нет сообщений')
  })
})
