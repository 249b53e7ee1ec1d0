import { describe, expect, it } from 'vitest'
import type { SearchWord } from '../catalog.listing.ts'
import { SearchWordCache, searchWordKey } from './word-cache.ts'

const word = (text: string, closest: string | null = null): SearchWord => ({
  word: text,
  lexemes: [text],
  spellings: [],
  closest,
  closestLexemes: closest ? [closest] : [],
})

describe('SearchWordCache', () => {
  it('answers a search whose words are all known, at the revision they were read at only', () => {
    const cache = new SearchWordCache()
    expect(cache.knows(['лидар'])).toBe(false)
    cache.put(7, ['лидар', 'квадракоптер'], [word('лидар'), word('квадракоптер', 'квадрокоптер')])
    expect(cache.knows(['квадракоптер'])).toBe(true)
    expect(cache.get(7, ['квадракоптер', 'лидар'])).toEqual([word('квадракоптер', 'квадрокоптер'), word('лидар')])
    // One unknown word: the whole search goes to the database.
    expect(cache.get(7, ['лидар', 'агродрон'])).toBeNull()
    // The catalogue moved on: its words may be corrected otherwise now.
    expect(cache.get(8, ['лидар'])).toBeNull()
  })

  it('starts afresh at a later revision and ignores an answer older than what it keeps', () => {
    const cache = new SearchWordCache()
    cache.put(7, ['лидар'], [word('лидар')])
    cache.put(9, ['агродрон'], [word('агродрон')])
    expect(cache.knows(['лидар'])).toBe(false)
    cache.put(8, ['лидар'], [word('лидар')])
    expect(cache.knows(['лидар'])).toBe(false)
    expect(cache.get(9, ['агродрон'])).toEqual([word('агродрон')])
  })

  it('keeps the most recent 5 000 words', () => {
    const cache = new SearchWordCache()
    const keys = Array.from({ length: 5001 }, (_, i) => `слово${i}`)
    cache.put(
      1,
      keys,
      keys.map((key) => word(key)),
    )
    expect(cache.knows(['слово0'])).toBe(false)
    expect(cache.knows(['слово1', 'слово5000'])).toBe(true)
  })

  it('tells a word apart by what it may be in the other alphabet', () => {
    expect(searchWordKey('мавик', { respelled: 'mavik', spellings: ['mavic'] })).not.toBe(
      searchWordKey('мавик', { respelled: 'mavik', spellings: [] }),
    )
    expect(searchWordKey('мавик', undefined)).toBe('мавик')
  })
})
