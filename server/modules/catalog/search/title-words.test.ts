import { describe, expect, it } from 'vitest'
import { TitleWords, wordsOf } from './title-words.ts'

describe('TitleWords', () => {
  const words = new TitleWords()
  words.add(0, 'квадрокоптер dji mavic 3 dji mavic')
  words.add(1, 'квадрокоптеры геоскан 401')
  words.add(2, '<script>alert(1)</script> дрон «тест & ко»')
  const matching = (typed: string) => {
    const prefixes = wordsOf(typed)
    const hits = new Uint8Array(3)
    return words.match(prefixes, hits) ? [0, 1, 2].filter((slot) => hits[slot] === prefixes.length) : null
  }

  it('matches products where every typed word begins one of their words', () => {
    expect(matching('ква')).toEqual([0, 1])
    expect(matching('квадрокоптер')).toEqual([0, 1])
    expect(matching('dji mav')).toEqual([0])
    expect(matching('Квадрокоптер Гео')).toEqual([1])
    expect(matching('script')).toEqual([2])
  })

  it('finds nothing for a word nothing begins, or inside a word only', () => {
    expect(matching('мав')).toBeNull()
    expect(matching('коптер')).toBeNull()
    expect(matching('dji гео')).toEqual([])
  })

  it('reads words as letters and digits', () => {
    expect(wordsOf('«Тест & Ко» M30T-RTK')).toEqual(['тест', 'ко', 'm30t', 'rtk'])
  })
})
