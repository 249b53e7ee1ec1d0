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
    return words.match(prefixes, hits, new Int32Array(3))
      ? [0, 1, 2].filter((slot) => hits[slot] === prefixes.length)
      : null
  }

  it('matches products where every typed word begins one of their words', () => {
    expect(matching('ква')).toEqual([0, 1])
    expect(matching('квадрокоптер')).toEqual([0, 1])
    expect(matching('dji mav')).toEqual([0])
    expect(matching('Квадрокоптер Гео')).toEqual([1])
    expect(matching('script')).toEqual([2])
  })

  it('finds nothing for a word nothing begins, or inside a word only', () => {
    expect(matching('мух')).toBeNull()
    expect(matching('ав')).toBeNull()
    expect(matching('коптер')).toBeNull()
    expect(matching('dji гео')).toEqual([])
  })

  it('matches a word typed in the other alphabet by its sound, from three letters on', () => {
    expect(matching('мав')).toEqual([0])
    expect(matching('мавик 3')).toEqual([0])
    expect(matching('дджи')).toEqual([0])
    expect(matching('диджиай мавик')).toEqual([0])
    expect(matching('geoskan')).toEqual([1])
    expect(matching('kvadro')).toEqual([0, 1])
    // Two letters sound like too much to be looked for in the other alphabet.
    expect(matching('ма')).toBeNull()
    // Within one alphabet a word is matched as typed: that is what typo correction is for.
    expect(matching('mavik')).toBeNull()
  })

  it('tells what a word may mean in the other alphabet, most used first', () => {
    const more = new TitleWords()
    more.add(0, 'dji matrice 350 rtk')
    more.add(1, 'dji matrice 30t')
    more.add(2, 'геоскан 201')
    more.add(3, 'квадрокоптер матрица')
    expect(more.acrossScripts('матрис', 'whole')).toEqual(['matrice'])
    expect(more.acrossScripts('матри', 'whole')).toEqual([])
    expect(more.acrossScripts('матри', 'prefix')).toEqual(['matrice'])
    expect(more.acrossScripts('дж', 'prefix')).toEqual(['dji'])
    expect(more.acrossScripts('geoskan', 'whole')).toEqual(['геоскан'])
    expect(more.acrossScripts('matritsa', 'whole')).toEqual(['матрица'])
    expect(more.acrossScripts('350', 'whole')).toEqual([])
    expect(more.otherSpellings('матрисом')).toEqual(['matrice'])
    expect(more.otherSpellings('диджиай')).toEqual(['dji'])
    expect(more.otherSpellings('артикей')).toEqual(['rtk'])
    // A word the catalogue has as it is needs no other spelling.
    expect(more.otherSpellings('матрица')).toEqual([])
    expect(more.otherSpellings('ыврапывра')).toEqual([])
  })

  it('tells what the statement is to look for in the other alphabet', () => {
    const more = new TitleWords()
    more.add(0, 'dji matrice 350 rtk')
    more.add(1, 'геоскан 201')
    const none = { spellings: [], respelled: null }
    // A catalogue word, as a whole or begun: nothing.
    expect(more.otherAlphabet('matrice', 'whole')).toEqual(none)
    expect(more.otherAlphabet('matr', 'prefix')).toEqual(none)
    // A word sounding like a catalogue word: that word.
    expect(more.otherAlphabet('матрис', 'whole')).toEqual({ spellings: ['matrice'], respelled: null })
    expect(more.otherAlphabet('матри', 'prefix')).toEqual(none)
    // Otherwise the word as the other alphabet writes it, for the typo correction.
    expect(more.otherAlphabet('матрикс', 'whole')).toEqual({ spellings: [], respelled: 'matriks' })
    expect(more.otherAlphabet('матрикс', 'prefix')).toEqual({ spellings: [], respelled: 'matriks' })
    expect(more.otherAlphabet('geoskon', 'whole')).toEqual({ spellings: [], respelled: 'геоскон' })
    expect(more.otherAlphabet('350', 'whole')).toEqual(none)
    expect(more.otherAlphabet('351', 'whole')).toEqual(none)
  })

  it('reads words as letters and digits', () => {
    expect(wordsOf('«Тест & Ко» M30T-RTK')).toEqual(['тест', 'ко', 'm30t', 'rtk'])
  })
})
