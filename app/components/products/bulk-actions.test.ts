import { describe, expect, it } from 'vitest'
import { bulkActionsFor, bulkDoneMessage } from './bulk-actions.ts'

describe('bulkActionsFor', () => {
  it('offers what fits each tab to owners and administrators', () => {
    expect(bulkActionsFor('published', { manager: true })).toEqual(['submit', 'unpublish'])
    expect(bulkActionsFor('moderation', { manager: true })).toEqual([])
    expect(bulkActionsFor('non-published', { manager: true })).toEqual(['submit', 'delete'])
  })

  it('offers nothing to members who may only edit', () => {
    expect(bulkActionsFor('non-published', { manager: false })).toEqual([])
    expect(bulkActionsFor('published', { manager: false })).toEqual([])
  })
})

describe('bulkDoneMessage', () => {
  it('names the action and how many products it took', () => {
    expect(bulkDoneMessage('submit', 3)).toBe('Отправлено на модерацию: 3')
    expect(bulkDoneMessage('delete', 0)).toBe('Удалено: 0')
  })
})
