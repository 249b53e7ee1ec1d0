import { describe, expect, it } from 'vitest'
import { CHAT_LIMITS } from '#common/chat.ts'
import { NotificationQueue } from './notification-queue.ts'

describe('NotificationQueue', () => {
  it('closes the oldest when a fourth arrives', () => {
    const queue = new NotificationQueue(CHAT_LIMITS.maxNotifications)
    expect(queue.add('a')).toEqual([])
    expect(queue.add('b')).toEqual([])
    expect(queue.add('c')).toEqual([])
    expect(queue.add('d')).toEqual(['a'])
    expect(queue.visible).toEqual(['b', 'c', 'd'])
    expect(queue.add('e')).toEqual(['b'])
  })

  it('ignores a notification already shown', () => {
    const queue = new NotificationQueue(3)
    queue.add('a')
    expect(queue.add('a')).toEqual([])
    expect(queue.visible).toEqual(['a'])
  })

  it('frees a place when one is closed by the user', () => {
    const queue = new NotificationQueue(3)
    for (const id of ['a', 'b', 'c']) queue.add(id)
    queue.remove('b')
    expect(queue.add('d')).toEqual([])
    expect(queue.visible).toEqual(['a', 'c', 'd'])
  })

  it('clears everything on entering the chat', () => {
    const queue = new NotificationQueue(3)
    queue.add('a')
    queue.add('b')
    expect(queue.clear()).toEqual(['a', 'b'])
    expect(queue.visible).toEqual([])
  })
})
