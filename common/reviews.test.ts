import { describe, expect, it } from 'vitest'
import { REVIEW_LIMITS, REVIEW_MESSAGES, reviewTextProblem } from './reviews.ts'
import { ReviewText } from './reviews.schemas.ts'
import { TEXT_MESSAGES } from './text-rules.ts'

describe('reviewTextProblem', () => {
  const cases = [
    'Отработал весь сезон без отказов.',
    '  коротко  ',
    'ровно10сим',
    '\r\n  ровно10сим  \r\n',
    'а'.repeat(REVIEW_LIMITS.textMax),
    'а'.repeat(REVIEW_LIMITS.textMax + 1),
    'Строка\nвторая\tс табуляцией',
    'Управляющий \u0007 символ в тексте',
    'Половина пары \ud800 суррогатов',
    '',
  ]

  it.each(cases)('says what ReviewText says of %j', (text) => {
    const parsed = ReviewText.safeParse(text)
    expect(reviewTextProblem(text)).toBe(parsed.success ? undefined : parsed.error.issues[0]?.message)
  })

  it('names the limits and the characters', () => {
    expect(reviewTextProblem('коротко')).toBe(REVIEW_MESSAGES.text)
    expect(reviewTextProblem('Управляющий \u0007 символ в тексте')).toBe(TEXT_MESSAGES.invalidCharacters)
    expect(reviewTextProblem('Пришёл в срок, комплект полный.')).toBeUndefined()
  })
})
