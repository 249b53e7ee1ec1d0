import type { Db } from '../../../db/client.ts'
import { type CardRow, escapeHtml } from '../catalog.cards.ts'
import { RevisionCache } from './revision-cache.ts'
import type { WordLexemes } from './word-lexemes.ts'

/**
 * The search words marked in a card's title and in a snippet of its description (decision 064).
 * PostgreSQL's `russian` configuration decides what a word's lexemes are, as it does for the
 * search itself; it is asked once per word ever seen (`WordLexemes`), and the marking is done
 * here, so a page of results costs the database no parse of its descriptions.
 */

interface Token {
  start: number
  end: number
  word: string
}

const OTHER_LETTER = /[\p{L}\p{N}]/u

/** Letters and digits; Latin and Cyrillic by their codes, which is nearly every character here. */
function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122)
  if (c >= 0x400 && c <= 0x4ff) return true
  return OTHER_LETTER.test(String.fromCharCode(c))
}

/** Words: runs of letters and digits, as the text search parser's words are for the most part. */
function tokens(text: string): Token[] {
  const found: Token[] = []
  for (let i = 0; i < text.length;) {
    if (!isWordChar(text.charCodeAt(i))) {
      i++
      continue
    }
    const start = i
    while (i < text.length && isWordChar(text.charCodeAt(i))) i++
    found.push({ start, end: i, word: text.slice(start, i).toLowerCase() })
  }
  return found
}

/** The text escaped, with the tokens at `marked` in <mark>. */
function markUp(text: string, all: Token[], marked: ReadonlySet<number>, from: number, to: number): string {
  let out = ''
  let at = all[from]!.start
  for (let i = from; i < to; i++) {
    const token = all[i]!
    if (!marked.has(i)) continue
    out += `${escapeHtml(text.slice(at, token.start))}<mark>${escapeHtml(text.slice(token.start, token.end))}</mark>`
    at = token.end
  }
  return out + escapeHtml(text.slice(at, all[to - 1]!.end))
}

/** A title with every search word marked; escaped. */
export function highlightTitle(title: string, isMatch: (word: string) => boolean, all = tokens(title)): string {
  if (all.length === 0) return escapeHtml(title)
  const marked = new Set(all.flatMap((t, i) => (isMatch(t.word) ? [i] : [])))
  return (
    escapeHtml(title.slice(0, all[0]!.start)) +
    markUp(title, all, marked, 0, all.length) +
    escapeHtml(title.slice(all.at(-1)!.end))
  )
}

/** Words before a match that a fragment starts with, and the words a fragment holds. */
const LEAD_WORDS = 6
const FRAGMENT_WORDS = 20
const FRAGMENTS = 2
/** Without a match, the snippet is the description's first words. */
const OPENING_WORDS = 12

/**
 * Up to two fragments of the description around its first matches, each of twenty words
 * starting a few words before a match (more near the end), joined by « … »; escaped, with the
 * matches marked. A description without a match gives its first twelve words, as `ts_headline`
 * did.
 */
export function highlightSnippet(
  description: string,
  isMatch: (word: string) => boolean,
  all = tokens(description),
): string {
  if (all.length === 0) return ''
  const marked = new Set(all.flatMap((t, i) => (isMatch(t.word) ? [i] : [])))
  const fragments: [number, number][] = []
  for (const i of [...marked].sort((a, b) => a - b)) {
    if (fragments.length === FRAGMENTS) break
    if (fragments.length && i < fragments.at(-1)![1]) continue
    // Near the end, the fragment starts earlier so that it still holds its twenty words.
    const start = Math.max(fragments.at(-1)?.[1] ?? 0, Math.min(i - LEAD_WORDS, all.length - FRAGMENT_WORDS))
    fragments.push([start, Math.min(all.length, start + FRAGMENT_WORDS)])
  }
  if (fragments.length === 0) fragments.push([0, Math.min(all.length, OPENING_WORDS)])
  // Fragments that touch read as one.
  const joined = fragments.reduce<[number, number][]>((list, f) => {
    const last = list.at(-1)
    if (last && last[1] === f[0]) last[1] = f[1]
    else list.push([...f])
    return list
  }, [])
  return joined.map(([from, to]) => markUp(description, all, marked, from, to)).join(' … ')
}

/** A card's title and snippet with the search's words marked. */
export interface CardMarks {
  title: string
  snippet: string
}

/**
 * The marks of search results worked out at a catalogue revision, by the lexemes searched and the
 * product: a search asked again at the revision marks nothing, and its cards come without their
 * descriptions. A product's title and description change only with a new revision.
 */
export class KeptMarks {
  /** By the lexemes searched, each product's marks. */
  private readonly kept: RevisionCache<Map<string, CardMarks>>
  private readonly perSearch: number

  /** At most `searches` searches, each with the marks of at most `perSearch` products. */
  constructor(searches = 500, perSearch = 240) {
    this.kept = new RevisionCache(searches)
    this.perSearch = perSearch
  }

  /**
   * The marks of every one of the products, when all are kept; else null. `searched` is the
   * search's distinct lexemes in order (`SearchMatch.lexemes`), here and in `mark`.
   */
  of(revision: number, searched: readonly string[], ids: readonly string[]): Map<string, CardMarks> | null {
    const kept = this.kept.get(revision, keyOf(searched))
    return kept && ids.every((id) => kept.has(id)) ? kept : null
  }

  /**
   * Marks the cards: from `kept` (what `of` found) when given, else worked out from their
   * descriptions and kept at the revision.
   */
  async mark(
    db: Db,
    words: WordLexemes,
    revision: number,
    rows: CardRow[],
    searched: readonly string[],
    kept: Map<string, CardMarks> | null,
  ): Promise<void> {
    if (kept) {
      for (const row of rows) {
        const marks = kept.get(row.id)!
        row.titleHighlighted = marks.title
        row.snippetHighlighted = marks.snippet
      }
      return
    }
    await highlightCards(db, words, rows, searched)
    const key = keyOf(searched)
    let marks = this.kept.get(revision, key)
    if (!marks || marks.size + rows.length > this.perSearch) this.kept.set(revision, key, (marks = new Map()))
    for (const row of rows) marks.set(row.id, { title: row.titleHighlighted!, snippet: row.snippetHighlighted! })
  }
}

/** A search's distinct, sorted lexemes (`SearchMatch.lexemes`) as a key. */
const keyOf = (lexemes: readonly string[]) => lexemes.join(' ')

/** Marks the searched lexemes in the cards' titles and description snippets. */
export async function highlightCards(
  db: Db,
  known: WordLexemes,
  rows: CardRow[],
  searched: readonly string[],
): Promise<void> {
  const texts = rows.map((row) => ({ row, title: tokens(row.title), description: tokens(row.description ?? '') }))
  const words = new Set<string>()
  for (const text of texts) for (const token of [...text.title, ...text.description]) words.add(token.word)
  await known.learn(db, [...words])
  const lexemes = new Set(searched)
  const isMatch = (word: string) => known.matches(word, lexemes)
  for (const { row, title, description } of texts) {
    row.titleHighlighted = highlightTitle(row.title, isMatch, title)
    row.snippetHighlighted = highlightSnippet(row.description ?? '', isMatch, description)
  }
}
