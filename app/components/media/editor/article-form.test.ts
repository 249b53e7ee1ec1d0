import { describe, expect, test } from 'vitest'
import {
  fromMoscowWallTime,
  initialArticleState,
  snapshotOf,
  toArticleInput,
  toMoscowWallTime,
} from './article-form.ts'

describe('the schedule picker reads and writes Moscow time, whatever the browser’s zone', () => {
  test('a moment as Moscow’s wall clock and back', () => {
    const moment = new Date('2026-11-27T09:15:30.000Z')
    expect(toMoscowWallTime(moment)).toBe('2026-11-27 12:15:30')
    expect(fromMoscowWallTime('2026-11-27 12:15:30').toISOString()).toBe('2026-11-27T09:15:30.000Z')
  })

  test('past midnight in Moscow is the next day', () => {
    expect(toMoscowWallTime(new Date('2026-12-31T21:30:00.000Z'))).toBe('2027-01-01 00:30:00')
  })
})

describe('the form’s input', () => {
  test('an empty address is left to the server; the version is the one the editor started from', () => {
    const input = toArticleInput({ ...initialArticleState(null), title: 'Новая статья о дронах' }, 4)
    expect(input.slug).toBeUndefined()
    expect(input.version).toBe(4)
    expect(input).not.toHaveProperty('coverPreview')
  })

  test('a change of any field shows as unsaved; the cover’s picture alone does not', () => {
    const state = initialArticleState(null)
    expect(snapshotOf({ ...state, lead: 'Лид' })).not.toBe(snapshotOf(state))
    expect(
      snapshotOf({ ...state, coverPreview: { src: '/x.webp', kind: 'upload', alt: '', width: 1, height: 1 } }),
    ).toBe(snapshotOf(state))
  })
})
