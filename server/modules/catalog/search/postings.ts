import type { CatalogIndex } from './listing-index.ts'
import type { SearchWord, WordForms } from '../catalog.listing.ts'

/**
 * Full-text search over the in-memory index. PostgreSQL does the language work: its `russian`
 * configuration builds each product's weighted vector and turns the words of a search into
 * lexemes (catalog.listing.ts). The index keeps, per lexeme, which slots contain it and with
 * which weights; a search is the intersection of its lexemes' lists.
 *
 * A posting is one number, `slot * 16 + weights`, where weights has a bit per class the lexeme
 * occurs in: A (title) 8, B (brand and model) 4, C (characteristics) 2, D (description) 1.
 */
export type Postings = Map<string, PostingList>

/**
 * Increasing numbers (a lexeme's postings, a title word's slots), each stored as its difference
 * from the one before in a variable-length byte form: seven bits a byte, the high bit saying
 * another byte follows. A common word's postings lie a few slots apart and take one byte each
 * where an Int32Array took four: a million products' postings fit in a quarter of the memory.
 * Read by decoding into an Int32Array (`decodeInto`), a tight loop.
 */
export class PostingList {
  bytes = new Uint8Array(4)
  byteLength = 0
  /** How many numbers it holds. */
  length = 0
  private last = 0

  /** Appends `value`, which must be above every value held. */
  push(value: number): void {
    if (this.byteLength + 5 > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.byteLength + 5))
      bigger.set(this.bytes.subarray(0, this.byteLength))
      this.bytes = bigger
    }
    let delta = value - this.last
    this.last = value
    while (delta >= 128) {
      this.bytes[this.byteLength++] = (delta & 127) | 128
      delta >>>= 7
    }
    this.bytes[this.byteLength++] = delta
    this.length++
  }

  /** The numbers in order, written into `target` (at least `length` long): the filled part of it. */
  decodeInto(target: Int32Array): Int32Array {
    const { bytes, byteLength } = this
    let value = 0
    let n = 0
    for (let at = 0; at < byteLength; at = varintEnd) target[n++] = value += varintAt(bytes, at)
    return target.subarray(0, n)
  }

  /** Whether some number passes `test`: decoded up to the first that does. */
  some(test: (value: number) => boolean): boolean {
    const { bytes, byteLength } = this
    let value = 0
    for (let at = 0; at < byteLength; at = varintEnd) if (test((value += varintAt(bytes, at)))) return true
    return false
  }

  /** Gives back the room kept for growth (after a whole load). */
  trim(): void {
    this.bytes = this.bytes.slice(0, this.byteLength)
  }
}

/** Where the last `varintAt` stopped: the next number's first byte. */
let varintEnd = 0

/** The number written from `at` seven bits a byte, the high bit saying another byte follows. */
function varintAt(bytes: Uint8Array, at: number): number {
  let byte = bytes[at++]!
  let number = byte & 127
  for (let shift = 7; byte & 128; shift += 7) {
    byte = bytes[at++]!
    number |= (byte & 127) << shift
  }
  varintEnd = at
  return number
}

const WEIGHT_BITS: Record<string, number> = { A: 8, B: 4, C: 2, D: 1 }

/**
 * What a lexeme adds to a product's rank: the weight of the best class it occurs in. The weights
 * are PostgreSQL's defaults for A, B, C and D (1, 0.4, 0.2, 0.1), so a title match outranks a
 * brand match, which outranks characteristics, then the description.
 */
export const RANK_BY_WEIGHTS = Float64Array.from({ length: 16 }, (_, bits) =>
  bits & 8 ? 1 : bits & 4 ? 0.4 : bits & 2 ? 0.2 : bits & 1 ? 0.1 : 0,
)

/**
 * Lexemes of a tsvector in PostgreSQL's text form (`'word':1A,5 'other':3B`) with the weight
 * bits of their positions; a position without a letter is D, a lexeme without positions D too.
 */
export function parseTsvector(text: string): Map<string, number> {
  const lexemes = new Map<string, number>()
  eachLexeme(text, (lexeme, weights) => lexemes.set(lexeme, (lexemes.get(lexeme) ?? 0) | weights))
  return lexemes
}

/**
 * Calls `visit` with each lexeme of a tsvector's text and its weight bits, in the text's order
 * (PostgreSQL writes each lexeme once): what the index's load does a million times, without a
 * map per product.
 */
export function eachLexeme(text: string, visit: (lexeme: string, weights: number) => void): void {
  const n = text.length
  let i = 0
  while (i < n) {
    if (text.charCodeAt(i) !== 39 /* ' */) {
      i++
      continue
    }
    i++
    let lexeme = ''
    let start = i
    while (i < n) {
      const ch = text.charCodeAt(i)
      if (ch === 39) {
        // A quote inside a lexeme is doubled.
        if (text.charCodeAt(i + 1) !== 39) break
        lexeme += text.slice(start, i + 1)
        i += 2
        start = i
      } else if (ch === 92 /* \ */) {
        lexeme += text.slice(start, i) + text.charAt(i + 1)
        i += 2
        start = i
      } else i++
    }
    lexeme += text.slice(start, i)
    i++
    let weights = 0
    if (text.charAt(i) === ':') {
      i++
      while (i < n) {
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++
        const bit = WEIGHT_BITS[text.charAt(i)]
        if (bit) i++
        weights |= bit ?? 1
        if (text.charAt(i) !== ',') break
        i++
      }
    } else weights = 1
    visit(lexeme, weights)
  }
}

export interface SearchMatch {
  /** Slots containing every lexeme (dead ones included: readers check `alive`), in slot order. */
  readonly slots: Int32Array
  /**
   * Rank by slot (sum over the lexemes of their best weight), valid for the matched slots until
   * the next search on the same index (a work array, see CatalogIndex.work).
   */
  readonly rank: Float64Array
  /**
   * The distinct lexemes matched, sorted: what the match is at one catalogue revision, so a
   * listing's kept facets can be found by them (select.ts).
   */
  lexemes: readonly string[]
}

/** The lexemes once each, sorted: what a search's match is known by at a revision. */
const distinctLexemes = (lexemes: readonly string[]): string[] => [...new Set(lexemes)].sort()

/**
 * A search's matches, found when first read: a page of results kept at the catalogue's revision
 * needs only the lexemes (select.ts), so a search asked again skips the intersection. Read within
 * the synchronous selection that asks for it, like the work arrays it fills.
 */
class DeferredMatch implements SearchMatch {
  readonly lexemes: readonly string[]
  private found: SearchMatch | undefined
  private readonly index: CatalogIndex

  constructor(index: CatalogIndex, lexemes: readonly string[]) {
    this.index = index
    this.lexemes = distinctLexemes(lexemes)
  }

  private get match(): SearchMatch {
    return (this.found ??= matchLexemes(this.index, this.lexemes))
  }

  get slots(): Int32Array {
    return this.match.slots
  }

  get rank(): Float64Array {
    return this.match.rank
  }
}

/** The slots containing all the lexemes; none when there are no lexemes (only stop words). */
export function matchLexemes(index: CatalogIndex, lexemes: readonly string[]): SearchMatch {
  const rank = index.workNumbers()
  const distinct = distinctLexemes(lexemes)
  const lists = distinct.map((l) => index.postings.get(l) ?? new PostingList())
  if (!lists.length || lists.some((l) => l.length === 0)) return { slots: new Int32Array(0), rank, lexemes: distinct }
  lists.sort((a, b) => a.length - b.length)
  if (lists.length === 1) return matchOne(lists[0]!, index, rank, distinct)
  // hits[slot] counts the lists seen so far that contain the slot; the shortest list goes first,
  // so later ones only add to slots still in the running.
  const hits = index.work('hits')
  const postings = index.workPostings()
  for (let i = 0; i < lists.length; i++) {
    const list = lists[i]!.decodeInto(postings)
    for (let j = 0; j < list.length; j++) {
      const posting = list[j]!
      const slot = posting >>> 4
      if (hits[slot] !== i) continue
      hits[slot] = i + 1
      rank[slot]! += RANK_BY_WEIGHTS[posting & 15]!
    }
  }
  // A typed array: pushing tens of thousands of slots onto an array costs ten times as much.
  const first = lists[0]!.decodeInto(postings)
  const slots = new Int32Array(first.length)
  let found = 0
  for (let j = 0; j < first.length; j++) {
    const slot = first[j]! >>> 4
    if (hits[slot] === lists.length) slots[found++] = slot
  }
  return { slots: slots.subarray(0, found), rank, lexemes: distinct }
}

/**
 * A search of one lexeme (most are): its list is its matches, each slot once, decoded once; no
 * counting of lists. A broad word's list holds half the catalogue: the counting's second decode
 * and its catalogue-sized work array were a third of its match.
 */
function matchOne(list: PostingList, index: CatalogIndex, rank: Float64Array, lexemes: string[]): SearchMatch {
  const postings = list.decodeInto(index.workPostings())
  const slots = new Int32Array(postings.length)
  for (let j = 0; j < postings.length; j++) {
    const posting = postings[j]!
    const slot = posting >>> 4
    slots[j] = slot
    rank[slot] = RANK_BY_WEIGHTS[posting & 15]!
  }
  return { slots, rank, lexemes }
}

/** Whether some live product contains all the lexemes. */
function anyLive(index: CatalogIndex, lexemes: readonly string[]): boolean {
  if (lexemes.length === 1) {
    // Most words' first product is live: the list is read no further.
    return index.postings.get(lexemes[0]!)?.some((posting) => index.alive[posting >>> 4] === 1) ?? false
  }
  const { slots } = matchLexemes(index, lexemes)
  return slots.some((slot) => index.alive[slot] === 1)
}

/** A word of three letters or more with lexemes that no live product contains. */
function isMissing(index: CatalogIndex, w: Pick<SearchWord, 'word' | 'lexemes'>): boolean {
  return w.word.length >= 3 && w.lexemes.length > 0 && !anyLive(index, w.lexemes)
}

/** The word's first spelling in the other alphabet that some live product contains. */
function spellingFound(index: CatalogIndex, w: Pick<SearchWord, 'word' | 'spellings'>): WordForms | undefined {
  return w.spellings.find((s) => s.word !== w.word && s.lexemes.length > 0 && anyLive(index, s.lexemes))
}

/** Whether resolveSearch would look for the word's closest catalogue word: neither it nor a spelling is found. */
export function needsCorrection(index: CatalogIndex, w: Omit<SearchWord, 'closest' | 'closestLexemes'>): boolean {
  return isMissing(index, w) && !spellingFound(index, w)
}

export interface ResolvedSearch {
  /**
   * Found when first read (a kept page needs only its lexemes). Its lexemes, corrections in
   * place, are also what the cards mark (highlight.ts).
   */
  match: SearchMatch
  /** Per word, the catalogue word searched instead, or null when the word was kept. */
  fixes: (string | null)[]
  /** The words searched, corrections in place. */
  text: string
}

/**
 * A search over the index. A word of three letters or more that no product contains is replaced
 * first by its spelling in the other alphabet that some product contains («мавик» → «mavic»,
 * «geoskan» → «геоскан»), else by its closest catalogue word, if there is one («квадракоптер» →
 * «квадрокоптер»); stop words and short words are kept as they are. Products must contain every
 * word's lexemes.
 */
export function resolveSearch(index: CatalogIndex, words: readonly SearchWord[]): ResolvedSearch {
  const replacements = words.map((w): WordForms | null => {
    if (!isMissing(index, w)) return null
    const spelled = spellingFound(index, w)
    if (spelled) return spelled
    return w.closest && w.closest !== w.word ? { word: w.closest, lexemes: w.closestLexemes } : null
  })
  const lexemes = words.flatMap((w, i) => replacements[i]?.lexemes ?? w.lexemes)
  const fixes = replacements.map((r) => r?.word ?? null)
  return {
    match: new DeferredMatch(index, lexemes),
    fixes,
    text: words.map((w, i) => fixes[i] ?? w.word).join(' '),
  }
}
