import { describe, expect, it } from 'vitest'
import { indexRow } from './index-row.testing.ts'
import { CatalogIndex, type IndexRow } from './listing-index.ts'
import { matchLexemes, parseTsvector, PostingList, resolveSearch } from './postings.ts'

describe('PostingList', () => {
  it('gives back increasing numbers however far apart, a byte each for neighbours', () => {
    const values = [0, 1, 2, 9, 127, 128, 200, 16_383, 16_384, 2_000_000, 2_000_001, 2 ** 31 - 1]
    const list = new PostingList()
    values.forEach((v) => list.push(v))
    expect(list.length).toBe(values.length)
    expect([...list.decodeInto(new Int32Array(list.length))]).toEqual(values)
    list.trim()
    expect([...list.decodeInto(new Int32Array(20))]).toEqual(values)
    expect(list.some((v) => v === 16_384)).toBe(true)
    expect(list.some((v) => v === 16_385)).toBe(false)

    const dense = new PostingList()
    for (let slot = 0; slot < 10_000; slot++) dense.push(slot * 16 + (slot % 16))
    expect(dense.byteLength).toBe(10_000)
    expect(dense.decodeInto(new Int32Array(dense.length))[9_999]).toBe(9_999 * 16 + 15)
  })
})

describe('parseTsvector', () => {
  it('reads lexemes with the weight classes of their positions', () => {
    const lexemes = parseTsvector(`'3':3B 'dji':2B,9 'квадрокоптер':1A,12C 'съёмк':20`)
    expect(Object.fromEntries(lexemes)).toEqual({ '3': 4, dji: 4 | 1, квадрокоптер: 8 | 2, съёмк: 1 })
  })

  it('reads quotes and backslashes inside lexemes, and lexemes without positions', () => {
    expect([...parseTsvector(`'o''brien':1A 'a\\\\b':2 'голый'`)]).toEqual([
      ["o'brien", 8],
      ['a\\b', 1],
      ['голый', 1],
    ])
    expect(parseTsvector('').size).toBe(0)
  })
})

function product(id: number, vector: string, popularity = 0): IndexRow {
  return indexRow({
    id: `00000000-0000-0000-0000-${String(id).padStart(12, '0')}`,
    vendorOrganizationId: '00000000-0000-0000-0000-00000000000a',
    brand: 'Бренд',
    model: `Модель ${id}`,
    popularity,
    createdMicros: id,
    searchText: `товар ${id}`,
    vector,
  })
}

describe('matchLexemes', () => {
  const index = new CatalogIndex()
  index.put(product(1, `'квадрокоптер':1A 'тепловизор':5D`))
  index.put(product(2, `'тепловизор':1A 'квадрокоптер':9D`))
  index.put(product(3, `'тепловизор':2C`))
  index.sortAll()

  it('finds the products holding every lexeme, ranked title > brand > characteristics > description', () => {
    const both = matchLexemes(index, ['квадрокоптер', 'тепловизор'])
    expect([...both.slots].sort()).toEqual([0, 1])
    const thermal = matchLexemes(index, ['тепловизор'])
    expect([...thermal.slots].sort()).toEqual([0, 1, 2])
    expect(thermal.rank[1]).toBe(1)
    expect(thermal.rank[2]).toBe(0.2)
    expect(thermal.rank[0]).toBe(0.1)
  })

  it('finds nothing for an unknown lexeme or for no lexemes at all', () => {
    expect([...matchLexemes(index, ['квадрокоптер', 'лидар']).slots]).toEqual([])
    expect([...matchLexemes(index, []).slots]).toEqual([])
  })

  it('replaces only words no live product contains, by their spelling in the other alphabet first', () => {
    const word = (w: string, lexemes: string[], closest: string | null, closestLexemes: string[] = []) => ({
      word: w,
      lexemes,
      spellings: [],
      closest,
      closestLexemes,
    })
    const fixed = resolveSearch(index, [
      word('квадракоптер', ['квадракоптер'], 'квадрокоптер', ['квадрокоптер']),
      word('тепловизор', ['тепловизор'], 'тепловизоры', ['тепловизор']),
    ])
    expect(fixed.fixes).toEqual(['квадрокоптер', null])
    expect(fixed.text).toBe('квадрокоптер тепловизор')
    expect([...fixed.match.slots].sort()).toEqual([0, 1])

    // A spelling in the other alphabet that a product contains comes before the closest word;
    // one that none contains is passed over.
    const spelled = resolveSearch(index, [
      {
        word: 'teplovizor',
        lexemes: ['teplovizor'],
        spellings: [
          { word: 'тепловизорный', lexemes: ['тепловизорн'] },
          { word: 'тепловизор', lexemes: ['тепловизор'] },
        ],
        closest: 'квадрокоптер',
        closestLexemes: ['квадрокоптер'],
      },
    ])
    expect(spelled.fixes).toEqual(['тепловизор'])
    expect([...spelled.match.slots].sort()).toEqual([0, 1, 2])
    const unspelled = resolveSearch(index, [
      {
        word: 'kvadrokopter',
        lexemes: ['kvadrokopter'],
        spellings: [{ word: 'квадрокоптерный', lexemes: ['квадрокоптерн'] }],
        closest: 'квадрокоптер',
        closestLexemes: ['квадрокоптер'],
      },
    ])
    expect(unspelled.fixes).toEqual(['квадрокоптер'])

    index.remove(index.idOf(0))
    index.remove(index.idOf(1))
    const gone = resolveSearch(index, [word('квадрокоптер', ['квадрокоптер'], 'квадрокоптер', ['квадрокоптер'])])
    expect(gone.fixes).toEqual([null])
    expect([...gone.match.slots].filter((slot) => index.alive[slot])).toEqual([])
  })
})
