import { describe, expect, it } from 'vitest'
import { StringColumn } from './string-column.ts'
import { UuidColumn } from './uuid-column.ts'

const uuid = (n: number) =>
  `${n.toString(16).padStart(8, '0')}-0000-4000-8000-${(n * 7919).toString(16).padStart(12, '0')}`

describe('UuidColumn', () => {
  it('gives back what was put, finds the latest entry of each, and orders entries as their text', () => {
    const column = new UuidColumn()
    const ids = Array.from({ length: 5000 }, (_, i) => uuid((i * 2654435761) >>> 0))
    ids.forEach((id) => column.push(id))
    expect(column.length).toBe(5000)
    expect(column.at(0)).toBe(ids[0])
    expect(column.at(4321)).toBe(ids[4321])
    // Past several growths of the lookup, every id is still found.
    expect(ids.every((id, entry) => column.find(id) === entry)).toBe(true)
    expect(column.find(uuid(12345))).toBe(-1)

    // Put again, the id is found at its new entry; the old entry still reads it.
    expect(column.push(ids[10]!)).toBe(5000)
    expect(column.find(ids[10]!)).toBe(5000)
    expect(column.at(10)).toBe(ids[10])

    const entries = [0, 1, 2, 3, 4, 999, 4999]
    const byText = [...entries].sort((a, b) => (ids[a]! < ids[b]! ? -1 : 1))
    expect([...entries].sort((a, b) => column.compare(a, b))).toEqual(byText)
    expect(column.compare(10, 5000)).toBe(0)
  })

  it('reads upper case as lower, and refuses what is not a UUID', () => {
    const column = new UuidColumn()
    const id = 'ABCDEF01-2345-4789-8ABC-DEF012345678'
    column.push(id)
    expect(column.at(0)).toBe(id.toLowerCase())
    expect(column.find(id.toLowerCase())).toBe(0)
    expect(column.find('abcdef01-2345-4789-8abc-def01234567')).toBe(-1)
    expect(column.find("x' or 1=1")).toBe(-1)
    expect(() => column.push('product-1')).toThrow(/not a UUID/)
  })
})

describe('StringColumn', () => {
  it('gives back the strings put, Cyrillic and empty ones too, and finds the latest entry of each', () => {
    const column = new StringColumn()
    const words = Array.from({ length: 3000 }, (_, i) => (i % 3 ? `модель-${i}` : `model-${i}`))
    words.forEach((word) => column.push(word))
    expect(column.push('')).toBe(3000)
    expect(column.at(3000)).toBe('')
    expect(column.at(1)).toBe('модель-1')
    expect(words.every((word, entry) => column.find(word) === entry)).toBe(true)
    expect(column.find('модель-3000')).toBe(-1)
    expect(column.push('модель-1')).toBe(3001)
    expect(column.find('модель-1')).toBe(3001)
  })
})
