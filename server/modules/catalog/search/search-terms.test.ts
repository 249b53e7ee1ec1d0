import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../db/client.ts'
import { BACKENDS, openTestDatabase } from '../../../testing/database.ts'
import { readCatalogState } from '../catalog.listing.ts'
import { seedCatalogFixture } from '../catalog.testing.ts'
import { createIndexKeeper } from './index-sync.ts'
import type { CatalogIndex } from './listing-index.ts'
import { resolveSearch } from './postings.ts'
import { SearchTerms } from './search-terms.ts'
import { WordLexemes } from './word-lexemes.ts'

describe.each(BACKENDS)('the words of a search on %s', (backend) => {
  let database: Database
  let index: CatalogIndex

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    await seedCatalogFixture(database.db)
    index = await createIndexKeeper().current({ db: database.db })
  })
  afterAll(() => database?.close())

  const alphabetsOf = (words: string[]) => words.map((w) => index.titleWords.otherAlphabet(w, 'whole'))

  /** The words as SearchTerms gives them, and the statements it took. */
  async function described(terms: SearchTerms, words: string[]) {
    const before = database.statements.count
    const found = await terms.of(database.db, index, words, alphabetsOf(words))
    return { found, statements: database.statements.count - before }
  }

  it('are what the one statement of the whole look-up says, for plain words, typos and other alphabets', async () => {
    for (const words of [['квадрокоптеры'], ['квадракоптер', 'dji'], ['мавик', 'тепловизором'], ['ыврапывра']]) {
      const terms = new SearchTerms(new WordLexemes())
      const { found } = await described(terms, words)
      const whole = await readCatalogState(database.db, words, alphabetsOf(words))
      // A correction is looked up only where the search would use it: the same search either way.
      const resolved = resolveSearch(index, found)
      const expected = resolveSearch(index, whole.words)
      expect({ ...resolved, match: [...resolved.match.slots] }, words.join(' ')).toEqual({
        ...expected,
        match: [...expected.match.slots],
      })
      expect(
        found.map(({ closest: _c, closestLexemes: _l, ...w }) => w),
        words.join(' '),
      ).toEqual(whole.words.map(({ closest: _c, closestLexemes: _l, ...w }) => w))
    }
  })

  it('asks once per word ever seen, and for a typo once per revision', async () => {
    const terms = new SearchTerms(new WordLexemes())
    // A word the catalogue has: its lexemes, no correction.
    expect((await described(terms, ['квадрокоптер'])).statements).toBe(1)
    expect((await described(terms, ['квадрокоптер'])).statements).toBe(0)
    // A typo: its lexemes, then its closest catalogue word.
    const typo = await described(terms, ['квадракоптер', 'квадрокоптер'])
    expect(typo.statements).toBe(2)
    expect(typo.found[0]).toMatchObject({ closest: 'квадрокоптер', closestLexemes: ['квадрокоптер'] })
    expect(typo.found[1]).toMatchObject({ closest: null, closestLexemes: [] })
    expect((await described(terms, ['квадракоптер'])).statements).toBe(0)
    // At a later revision the word list may have changed: the correction is asked again, the lexemes are not.
    index.revision++
    try {
      expect((await described(terms, ['квадракоптер'])).statements).toBe(1)
      expect((await described(terms, ['квадрокоптер'])).statements).toBe(0)
    } finally {
      index.revision--
    }
  })
})
