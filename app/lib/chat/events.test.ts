import { describe, expect, it } from 'vitest'
import type { ChatEvent, ChatMessage } from '#common/chat.ts'
import { emitChatEvent, isChatPath, isNotifiable, onChatEvent, raisesUnreadCount, roomHref } from './events.ts'

const message = (patch: Partial<ChatMessage> = {}) => ({ isSystem: false, isOwn: false, ...patch }) as ChatMessage
const event = (eventType: ChatEvent['eventType'], m: ChatMessage | null = message()) =>
  ({ eventType, message: m, room: { guid: 'r' } }) as ChatEvent

describe('chat events', () => {
  it('raise the unread count on messageCreated and roomCreated only (spec section 4)', () => {
    expect(raisesUnreadCount(event('messageCreated'))).toBe(true)
    expect(raisesUnreadCount(event('roomCreated'))).toBe(true)
    expect(raisesUnreadCount(event('messageUpdated'))).toBe(false)
    expect(raisesUnreadCount(event('roomRead'))).toBe(false)
  })

  it('notify of new messages of others, never of system messages', () => {
    expect(isNotifiable(event('messageCreated'))).toBe(true)
    expect(isNotifiable(event('roomCreated'))).toBe(true)
    expect(isNotifiable(event('messageCreated', message({ isSystem: true })))).toBe(false)
    expect(isNotifiable(event('messageCreated', message({ isOwn: true })))).toBe(false)
    expect(isNotifiable(event('messageUpdated'))).toBe(false)
    expect(isNotifiable(event('roomCreated', null))).toBe(false)
  })

  it('know the chat pages and a room’s address', () => {
    expect(isChatPath('/chat')).toBe(true)
    expect(isChatPath('/chat/')).toBe(true)
    expect(isChatPath('/chat/unsubscribe')).toBe(false)
    expect(isChatPath('/chats')).toBe(false)
    expect(isChatPath('/personal-account/profile')).toBe(false)
    expect(roomHref('7f8d2b4e-7a35-4a6f-9d59-2b2f4c1f0a11')).toBe('/chat?roomId=7f8d2b4e-7a35-4a6f-9d59-2b2f4c1f0a11')
  })

  it('reach every listener until it stops listening', () => {
    const heard: string[] = []
    const stopA = onChatEvent((e) => heard.push(`a:${e.eventType}`))
    const stopB = onChatEvent((e) => heard.push(`b:${e.eventType}`))
    emitChatEvent(event('messageCreated'))
    stopA()
    emitChatEvent(event('roomRead'))
    stopB()
    emitChatEvent(event('roomCreated'))
    expect(heard).toEqual(['a:messageCreated', 'b:messageCreated', 'b:roomRead'])
  })
})
