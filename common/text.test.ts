import { describe, expect, it } from 'vitest'
import {
  isMultiLineText,
  isSingleLineText,
  multiLineText,
  replaceInvalidCharacters,
  singleLineText,
  TEXT_MESSAGES,
} from './text.ts'

const INVALID_ANYWHERE = {
  NUL: '\u0000',
  BEL: '\u0007',
  ESC: '\u001b',
  DEL: '\u007f',
  'NEL (C1)': '\u0085',
  'CSI (C1)': '\u009b',
  'lone high surrogate': '\ud800',
  'lone low surrogate': '\udfff',
  'pair in the wrong order': '\udc00\ud83d',
}

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? []

describe('single-line text', () => {
  const Name = singleLineText({ error: 'Укажите имя' }).min(2, 'Слишком коротко').max(20, 'Слишком длинно')

  it('takes what people type, trimmed: Cyrillic, punctuation, emoji', () => {
    expect(Name.parse('  Иван «Агро» Пётр  ')).toBe('Иван «Агро» Пётр')
    expect(Name.parse('Дрон 🚁 №5')).toBe('Дрон 🚁 №5')
    expect(Name.parse('Иван\t')).toBe('Иван') // a tab pasted at the end is only space
  })

  it.each(Object.entries(INVALID_ANYWHERE))('refuses %s with the Russian message first', (_name, char) => {
    const result = Name.safeParse(`Ив${char}ан`)
    expect(result.success).toBe(false)
    expect(messagesOf(result)[0]).toBe(TEXT_MESSAGES.invalidCharacters)
    expect(isSingleLineText(`a${char}b`)).toBe(false)
  })

  it('refuses line breaks and tabs inside the text', () => {
    for (const text of ['Иван\nПётр', 'Иван\r\nПётр', 'Иван\tПётр']) {
      expect(messagesOf(Name.safeParse(text))).toEqual([TEXT_MESSAGES.invalidCharacters])
    }
  })

  it('keeps the other rules and the message for a value that is not text', () => {
    expect(messagesOf(Name.safeParse('И'))).toEqual(['Слишком коротко'])
    expect(messagesOf(Name.safeParse(42))).toEqual(['Укажите имя'])
  })
})

describe('multi-line text', () => {
  const Message = multiLineText().max(40, 'Слишком длинно')

  it('keeps line feeds and tabs, turning CRLF and CR into LF', () => {
    expect(Message.parse(' Первая\r\nвторая\rтретья\n\tс отступом \r\n')).toBe('Первая\nвторая\nтретья\n\tс отступом')
    expect(isMultiLineText('a\nb\tc')).toBe(true)
  })

  it('counts the length after the line breaks are normalised', () => {
    expect(Message.safeParse('a\r\n'.repeat(19) + 'b').success).toBe(true)
  })

  it.each(Object.entries(INVALID_ANYWHERE))('refuses %s', (_name, char) => {
    expect(messagesOf(Message.safeParse(`Строка\n${char}`))).toEqual([TEXT_MESSAGES.invalidCharacters])
    expect(isMultiLineText(char)).toBe(false)
  })
})

describe('replaceInvalidCharacters', () => {
  it('puts U+FFFD where a multi-line field would refuse, and leaves the rest', () => {
    expect(replaceInvalidCharacters('a\u0000b\ud800c\n\tд😀\u0085')).toBe('a\ufffdb\ufffdc\n\tд😀\ufffd')
  })
})
