import type { Db } from '../../../db/client.ts'
import { readCorrections, type SearchWord, type WordForms } from '../catalog.listing.ts'
import type { CatalogIndex } from './listing-index.ts'
import { needsCorrection } from './postings.ts'
import { RevisionCache } from './revision-cache.ts'
import type { OtherAlphabet } from './title-words.ts'
import type { WordLexemes } from './word-lexemes.ts'

/** The most corrections kept for one revision: the oldest go first beyond it. */
const CORRECTIONS_LIMIT = 5000

/**
 * The words of a listing's search as resolveSearch takes them, with as little asked of the
 * database as the words allow (decision 065):
 *
 * - a word's lexemes, and those of its spellings in the other alphabet, never change: they are
 *   learnt once per word ever seen (WordLexemes, shared with the marks of the results);
 * - the closest catalogue word is looked up only for a word that neither it nor a spelling of it
 *   is found in the index (a typo), and kept for the index's revision: the word list it is chosen
 *   from changes with the products (adjustSearchWords runs in the product's own transaction).
 *
 * So a search for words seen before costs no statement, a new word one small one, and a typo
 * one more the first time at a revision.
 */
export class SearchTerms {
  private readonly lexemes: WordLexemes
  private readonly corrections = new RevisionCache<WordForms | null>(CORRECTIONS_LIMIT)

  constructor(lexemes: WordLexemes) {
    this.lexemes = lexemes
  }

  /** `alphabets[i]` (TitleWords.otherAlphabet) is for `words[i]`; without it no spelling is tried. */
  async of(
    db: Db,
    index: CatalogIndex,
    words: readonly string[],
    alphabets: readonly OtherAlphabet[],
  ): Promise<SearchWord[]> {
    await this.lexemes.learn(db, [...words, ...alphabets.flatMap((a) => a?.spellings ?? [])])
    const found = words.map((word, i) => this.formsOf(word, alphabets[i]))
    const revision = index.revision
    const asked = found.flatMap((w, i) => {
      const key = correctionKey(w.word, alphabets[i])
      return needsCorrection(index, w) && this.corrections.get(revision, key) === undefined
        ? [{ word: w.word, respelled: alphabets[i]?.respelled ?? null, key }]
        : []
    })
    // Answered here even if the catalogue moves on meanwhile and the cache no longer keeps them.
    const answered = new Map<string, WordForms | null>()
    if (asked.length)
      for (const [i, closest] of (await readCorrections(db, asked)).entries()) {
        answered.set(asked[i]!.key, closest)
        this.corrections.set(revision, asked[i]!.key, closest)
      }
    return found.map((w, i) => {
      const key = correctionKey(w.word, alphabets[i])
      const closest = (answered.has(key) ? answered.get(key) : this.corrections.get(revision, key)) ?? null
      return { ...w, closest: closest?.word ?? null, closestLexemes: closest ? [...closest.lexemes] : [] }
    })
  }

  private formsOf(word: string, alphabet: OtherAlphabet | undefined): Omit<SearchWord, 'closest' | 'closestLexemes'> {
    return {
      word,
      lexemes: [...(this.lexemes.of(word) ?? [])],
      spellings: (alphabet?.spellings ?? []).map((s) => ({ word: s, lexemes: [...(this.lexemes.of(s) ?? [])] })),
    }
  }
}

/** What a word's correction depends on: the word and its respelling in the other alphabet. */
function correctionKey(word: string, alphabet: OtherAlphabet | undefined): string {
  return `${word}\u0000${alphabet?.respelled ?? ''}`
}
