import { PostingList } from './postings.ts'
import {
  inOtherScript,
  type Script,
  scriptOf,
  spellingKey,
  spellingKeys,
  withoutRussianEnding,
} from './transliterate.ts'

/** The words of a text as suggestions read them: lower-case runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/** Typed words shorter than this are not looked for in the other alphabet (too many words sound like «ма»). */
export const MIN_ACROSS_SCRIPTS = 3
/** Catalogue words at most that a search word is tried as, in the other alphabet. */
const MAX_OTHER_SPELLINGS = 3

/**
 * What a search word may mean in the other alphabet, for the statement that reads the revision
 * (catalog.listing.ts): catalogue words that sound like it, whose lexemes come back with the
 * search's own; and, when there are none, the word written in the other alphabet, for pg_trgm to
 * find the closest catalogue word to («матрикс» → matriks → matrice).
 */
export interface OtherAlphabet {
  spellings: string[]
  respelled: string | null
}

const nothingElse = (): OtherAlphabet => ({ spellings: [], respelled: null })

/** A spelling key of a catalogue word (transliterate.ts), kept sorted by key. */
interface Spelling {
  key: string
  word: string
  script: Script
}

/**
 * The words of every product's title, brand and model, each with the slots using it, for
 * suggestions while typing: a product matches when each typed word begins one of its words.
 * Looking up a prefix is a binary search in the sorted word list, so a prefix nothing begins
 * costs next to nothing, where scanning every title would cost a pass over the catalogue.
 *
 * Beside the words, their spelling keys (transliterate.ts) sorted the same way, so a word typed
 * in one alphabet finds the catalogue's words of the other one that sound alike («мав» → Mavic,
 * «geoskan» → Геоскан) by the same kind of binary search.
 */
export class TitleWords {
  private readonly slots = new Map<string, PostingList>()
  /** Sorted lazily: new words are rare once the catalogue is loaded. */
  private sorted: string[] | null = []
  /** Keys of the words in one alphabet only (not of digits or mixed words); sorted lazily too. */
  private readonly spellings: Spelling[] = []
  private spellingsSorted = true

  add(slot: number, text: string): void {
    for (const word of new Set(wordsOf(text))) {
      let list = this.slots.get(word)
      if (!list) {
        this.slots.set(word, (list = new PostingList()))
        this.sorted = null
        const script = scriptOf(word)
        if (script) {
          for (const key of spellingKeys(word)) this.spellings.push({ key, word, script })
          this.spellingsSorted = false
        }
      }
      list.push(slot)
    }
  }

  /**
   * Counts in `hits` (zeroed, a byte per slot; `decoded` is room for a word's slots, as long),
   * per slot, how many of the prefixes begin one of
   * its words, or (for prefixes of three letters or more) sound like the beginning of one of its
   * words in the other alphabet: a slot matches them all where the count equals their number.
   * False when some prefix begins no word at all.
   */
  match(prefixes: readonly string[], hits: Uint8Array, decoded: Int32Array): boolean {
    const sorted = this.sortedWords()
    for (let i = 0; i < prefixes.length; i++) {
      const prefix = prefixes[i]!
      const words: string[] = []
      for (let w = lowerBound(sorted, prefix, (s) => s); w < sorted.length && sorted[w]!.startsWith(prefix); w++)
        words.push(sorted[w]!)
      if (prefix.length >= MIN_ACROSS_SCRIPTS) words.push(...this.acrossScripts(prefix, 'prefix'))
      if (!words.length) return false
      for (const word of words) {
        const slots = this.slots.get(word)!.decodeInto(decoded)
        // A slot with two words of this prefix counts once: only slots at i move on.
        for (let j = 0; j < slots.length; j++) if (hits[slots[j]!] === i) hits[slots[j]!] = i + 1
      }
    }
    return true
  }

  /**
   * The catalogue's words in the other alphabet than `word`'s that sound like it: as a whole
   * (`whole`: «мавик» → mavic, «диджиай» → dji), or that sound as if they began with it
   * (`prefix`: «мав» → mavic). Most used first; none for digits or words of both alphabets.
   */
  acrossScripts(word: string, match: 'whole' | 'prefix'): string[] {
    const script = scriptOf(word)
    if (!script) return []
    const key = spellingKey(word)
    if (!key) return []
    if (!this.spellingsSorted) {
      this.spellings.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      this.spellingsSorted = true
    }
    const found = new Set<string>()
    const { spellings } = this
    for (let s = lowerBound(spellings, key, (e) => e.key); s < spellings.length; s++) {
      const spelling = spellings[s]!
      if (match === 'whole' ? spelling.key !== key : !spelling.key.startsWith(key)) break
      if (spelling.script !== script) found.add(spelling.word)
    }
    return [...found].sort((a, b) => this.slots.get(b)!.length - this.slots.get(a)!.length)
  }

  /**
   * What a search word that no product contains may be meant as in the other alphabet: the
   * catalogue words sounding like it, or like it without a Russian ending («мавиком» → mavic).
   * None when the word is one of the catalogue's words itself.
   */
  otherSpellings(word: string): string[] {
    if (word.length < MIN_ACROSS_SCRIPTS || this.slots.has(word)) return []
    for (const form of [word, ...withoutRussianEnding(word)]) {
      const found = this.acrossScripts(form, 'whole')
      if (found.length) return found.slice(0, MAX_OTHER_SPELLINGS)
    }
    return []
  }

  /**
   * What `word` may mean in the other alphabet (OtherAlphabet): nothing for a word the catalogue
   * has, as a whole word for a search, or as the beginning of one for suggestions (which look
   * for the sound-alike beginnings in memory, so only the trigram probe is left for them).
   */
  otherAlphabet(word: string, match: 'whole' | 'prefix'): OtherAlphabet {
    if (match === 'whole') {
      if (this.slots.has(word)) return nothingElse()
      const spellings = this.otherSpellings(word)
      return spellings.length ? { spellings, respelled: null } : { spellings, respelled: inOtherScript(word) }
    }
    const sorted = this.sortedWords()
    const begun = sorted[lowerBound(sorted, word, (s) => s)]?.startsWith(word) ?? false
    if (begun || (word.length >= MIN_ACROSS_SCRIPTS && this.acrossScripts(word, 'prefix').length)) return nothingElse()
    return { spellings: [], respelled: inOtherScript(word) }
  }

  private sortedWords(): string[] {
    return (this.sorted ??= [...this.slots.keys()].sort())
  }

  /** Bytes of the words' lists of slots (the words themselves are strings on the JS heap). */
  get byteLength(): number {
    let bytes = 0
    for (const list of this.slots.values()) bytes += list.bytes.byteLength
    return bytes
  }

  /** Gives back the lists' spare room (after a whole load). */
  trim(): void {
    for (const list of this.slots.values()) list.trim()
  }
}

/** The first index of a sorted array whose key is not below `key`. */
function lowerBound<T>(sorted: readonly T[], key: string, keyOf: (item: T) => string): number {
  let lo = 0
  for (let hi = sorted.length; lo < hi;) {
    const mid = (lo + hi) >>> 1
    if (keyOf(sorted[mid]!) < key) lo = mid + 1
    else hi = mid
  }
  return lo
}
