import { describe, expect, it } from 'vitest'
import { highlightSnippet, highlightTitle } from './highlight.ts'

const among =
  (...words: string[]) =>
  (word: string) =>
    words.includes(word)

describe('the marks of a search on a card', () => {
  it('marks every matching word of a title and escapes the rest', () => {
    expect(highlightTitle('<b>Дрон</b> «Тест & Ко» дрон', among('дрон'))).toBe(
      '&lt;b&gt;<mark>Дрон</mark>&lt;/b&gt; «Тест &amp; Ко» <mark>дрон</mark>',
    )
    expect(highlightTitle('Agras-T40 "new"', among('t40'))).toBe('Agras-<mark>T40</mark> &quot;new&quot;')
    expect(highlightTitle('!!!', among('дрон'))).toBe('!!!')
  })

  it('cuts a snippet of up to two fragments around the first matches', () => {
    const words = Array.from({ length: 80 }, (_, i) => `w${i}`)
    words[10] = 'лидар'
    words[50] = 'лидара'
    const snippet = highlightSnippet(`${words.join(' ')}.`, among('лидар', 'лидара'))
    const [first, second] = snippet.split(' … ')
    // Six words before each match, twenty in all.
    expect(first).toBe([...words.slice(4, 10), '<mark>лидар</mark>', ...words.slice(11, 24)].join(' '))
    expect(second).toBe([...words.slice(44, 50), '<mark>лидара</mark>', ...words.slice(51, 64)].join(' '))
    // A match near the end: the fragment starts earlier to hold its twenty words.
    const late = highlightSnippet(words.slice(0, 40).join(' '), among('w38'))
    expect(late).toBe([...words.slice(20, 38), '<mark>w38</mark>', 'w39'].join(' '))
  })

  it('joins fragments that touch and gives the opening words when nothing matches', () => {
    const text = 'один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать'
    expect(highlightSnippet(text, among('нет'))).toBe(text.split(' ').slice(0, 12).join(' '))
    expect(highlightSnippet('a <img src=x> дрон b дрон', among('дрон'))).toBe(
      'a &lt;img src=x&gt; <mark>дрон</mark> b <mark>дрон</mark>',
    )
    expect(highlightSnippet('', among('дрон'))).toBe('')
  })
})
