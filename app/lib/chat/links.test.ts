import { describe, expect, it } from 'vitest'
import { splitLinks } from './links.ts'

describe('splitLinks', () => {
  it('keeps plain text as one part', () => {
    expect(splitLinks('Добрый день! Есть ли в наличии?')).toEqual([
      { kind: 'text', text: 'Добрый день! Есть ли в наличии?' },
    ])
  })

  it('finds web addresses with and without a scheme, and e-mail addresses', () => {
    expect(splitLinks('Смотрите https://aerotech.example/docs, или www.example.ru, пишите sales@aerotech.ru')).toEqual([
      { kind: 'text', text: 'Смотрите ' },
      { kind: 'link', text: 'https://aerotech.example/docs', href: 'https://aerotech.example/docs' },
      { kind: 'text', text: ', или ' },
      { kind: 'link', text: 'www.example.ru', href: 'http://www.example.ru' },
      { kind: 'text', text: ', пишите ' },
      { kind: 'link', text: 'sales@aerotech.ru', href: 'mailto:sales@aerotech.ru' },
    ])
  })

  it('leaves script addresses and markup as text', () => {
    const parts = splitLinks('javascript:alert(1) <b>жирный</b>')
    expect(parts.every((p) => p.kind === 'text')).toBe(true)
    expect(parts.map((p) => p.text).join('')).toBe('javascript:alert(1) <b>жирный</b>')
  })

  it('joins back into the original text', () => {
    const text = 'Ссылка: https://example.com/a?b=1&c=2 — и точка.'
    expect(
      splitLinks(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text)
  })
})
