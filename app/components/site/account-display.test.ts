import { describe, expect, it } from 'vitest'
import { initialsOf } from './account-display.ts'

describe('initialsOf', () => {
  it('takes the first letters of the first two words, in capitals', () => {
    expect(initialsOf('Иван Петров')).toBe('ИП')
    expect(initialsOf('  анна   мария  иванова ')).toBe('АМ')
    expect(initialsOf('Мария')).toBe('М')
    expect(initialsOf('John Smith')).toBe('JS')
  })
  it('has something to show for an empty name', () => {
    expect(initialsOf('   ')).toBe('?')
  })
})
