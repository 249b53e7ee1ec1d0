import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import { queryRows } from '../catalog.listing.ts'

/**
 * Each word's lexemes under the `russian` configuration, remembered: a word's lexemes do not
 * change. Bounded: past `limit` words it starts again empty.
 */
export class WordLexemes {
  private readonly known = new Map<string, readonly string[]>()
  private readonly limit: number

  constructor(limit = 200_000) {
    this.limit = limit
  }

  /** Learns the lexemes of the words not known yet: one statement, or none when all are known. */
  async learn(db: Db, words: readonly string[]): Promise<void> {
    let unknown = [...new Set(words.filter((w) => !this.known.has(w)))]
    if (unknown.length === 0) return
    // Starting again, all of these are learnt, so each is known when this returns.
    if (this.known.size + unknown.length > this.limit) {
      this.known.clear()
      unknown = [...new Set(words)]
    }
    const rows = await queryRows<{ word: string; lexemes: string[] }>(
      db,
      sql`select w.word, tsvector_to_array(to_tsvector('russian', w.word)) as lexemes
          from unnest(${sql.param(unknown)}::text[]) as w(word)`,
    )
    for (const row of rows) this.known.set(row.word, row.lexemes)
  }

  /** The word's lexemes, when it has been learnt. */
  of(word: string): readonly string[] | undefined {
    return this.known.get(word)
  }

  /** Whether the word has one of the lexemes; a word not learnt has none. */
  matches(word: string, lexemes: ReadonlySet<string>): boolean {
    return this.known.get(word)?.some((l) => lexemes.has(l)) ?? false
  }
}
