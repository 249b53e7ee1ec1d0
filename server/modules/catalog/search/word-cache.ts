import type { SearchWord } from '../catalog.listing.ts'
import { RevisionCache } from './revision-cache.ts'
import type { OtherAlphabet } from './title-words.ts'

/** The most words kept: the oldest go first beyond it. */
const LIMIT = 5000

/**
 * What the database said about the words of searches (readCatalogState: their lexemes, their
 * spellings' lexemes, the closest catalogue word), kept for the catalogue revision it said it at.
 * The word list searches are corrected against changes only with the products
 * (adjustSearchWords runs in the product's own transaction, which moves the revision), so at one
 * revision a word always gets the same answer; a later revision starts afresh. A search whose
 * words are all known asks the database for the revision alone.
 */
export class SearchWordCache {
  private readonly words = new RevisionCache<SearchWord>(LIMIT)

  /** Whether every word is known (as of the revision kept, which the caller still has to check). */
  knows(keys: readonly string[]): boolean {
    return keys.length > 0 && keys.every((key) => this.words.has(key))
  }

  /** The words as of `revision`, when every one is known at it. */
  get(revision: number, keys: readonly string[]): SearchWord[] | null {
    const words = keys.map((key) => this.words.get(revision, key))
    return keys.length && words.every((word) => word !== undefined) ? (words as SearchWord[]) : null
  }

  /** Keeps the words read at `revision`; an answer older than what is kept is dropped. */
  put(revision: number, keys: readonly string[], words: readonly SearchWord[]): void {
    keys.forEach((key, i) => this.words.set(revision, key, words[i]!))
  }
}

/** A word as the database is asked about it: with what it may be in the other alphabet. */
export function searchWordKey(word: string, alphabet: OtherAlphabet | undefined): string {
  return alphabet ? `${word}\u0000${alphabet.respelled ?? ''}\u0000${alphabet.spellings.join('\u0000')}` : word
}
