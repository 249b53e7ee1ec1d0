import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../db/client.ts'
import { BACKENDS, openTestDatabase } from '../../../testing/database.ts'
import { queryRows } from '../catalog.listing.ts'
import { WordLexemes } from './word-lexemes.ts'

describe.each(BACKENDS)('the lexemes of words on %s', (backend) => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(() => database?.close())

  it('are what the russian configuration gives, asked once per word', async () => {
    const known = new WordLexemes()
    const words = ['квадрокоптеры', 'dji', 'для', 'съёмки', 'квадрокоптеров', 'и', 'батареи']
    const before = database.statements.count
    await known.learn(database.db, words)
    await known.learn(database.db, ['квадрокоптеры', 'батареи'])
    expect(database.statements.count - before).toBe(1)
    const [query] = await queryRows<{ lexemes: string[] }>(
      database.db,
      sql`select tsvector_to_array(to_tsvector('russian', 'квадрокоптер DJI')) as lexemes`,
    )
    const searched = new Set(query!.lexemes)
    expect(words.filter((w) => known.matches(w, searched))).toEqual(['квадрокоптеры', 'dji', 'квадрокоптеров'])
    // Stop words have no lexemes; a word never learnt matches nothing.
    expect(known.matches('и', new Set(['и']))).toBe(false)
    expect(known.matches('лидар', new Set(['лидар']))).toBe(false)
  })

  it('starts again empty past its limit, knowing every word of the call that did', async () => {
    const known = new WordLexemes(2)
    await known.learn(database.db, ['дрон', 'лидар'])
    await known.learn(database.db, ['камера', 'лидар'])
    expect(known.of('дрон')).toBeUndefined()
    expect(known.of('лидар')).toEqual(['лидар'])
    expect(known.matches('камера', new Set(['камер']))).toBe(true)
  })
})
