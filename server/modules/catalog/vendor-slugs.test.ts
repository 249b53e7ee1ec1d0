import { describe, expect, it } from 'vitest'
import { VendorSlugGuesses } from './vendor-slugs.ts'

describe('VendorSlugGuesses', () => {
  it('guesses only when every slug resolved before, and says when an answer differs from the guess', () => {
    const guesses = new VendorSlugGuesses()
    expect(guesses.guess([])).toEqual(new Map())
    expect(guesses.guess(['geodron'])).toBeNull()
    expect(guesses.learn(['geodron', 'net-takogo'], new Map([['geodron', 'id-1']]))).toBe(false)
    expect(guesses.guess(['geodron'])).toEqual(new Map([['geodron', 'id-1']]))
    // A slug no seller has is never guessed: it is asked every time.
    expect(guesses.guess(['geodron', 'net-takogo'])).toBeNull()
    expect(guesses.learn(['geodron'], new Map([['geodron', 'id-1']]))).toBe(true)
    // Renamed: the old slug is forgotten, the answer differs from the guess.
    expect(guesses.learn(['geodron'], new Map())).toBe(false)
    expect(guesses.guess(['geodron'])).toBeNull()
  })

  it('remembers sellers met on cards, and starts again past its limit', () => {
    const guesses = new VendorSlugGuesses(2)
    guesses.remember([
      { id: 'id-1', slug: 'a' },
      { id: 'id-2', slug: 'b' },
    ])
    expect(guesses.guess(['a', 'b'])).toEqual(
      new Map([
        ['a', 'id-1'],
        ['b', 'id-2'],
      ]),
    )
    guesses.remember([{ id: 'id-3', slug: 'c' }])
    expect(guesses.guess(['a'])).toBeNull()
    expect(guesses.guess(['c'])).toEqual(new Map([['c', 'id-3']]))
  })
})
