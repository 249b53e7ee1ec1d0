import { describe, expect, it } from 'vitest'
import { ARTICLE_MARKUP, MARKUP_MESSAGES, markupProblem, RICH_TEXT_MARKUP } from './markup-limits.ts'
import { DraftInput } from './products.schemas.ts'

describe('markupProblem', () => {
  it('counts tags open inside one another, closed ones and self-closing ones not', () => {
    expect(markupProblem('<b>'.repeat(32), RICH_TEXT_MARKUP)).toBeNull()
    expect(markupProblem('<b>'.repeat(33), RICH_TEXT_MARKUP)).toBe(MARKUP_MESSAGES.tooDeep(32))
    expect(markupProblem('<b>x</b>'.repeat(1_000), RICH_TEXT_MARKUP)).toBeNull()
    expect(markupProblem('<B><I>x</i></b>'.repeat(100), RICH_TEXT_MARKUP)).toBeNull()
    expect(markupProblem('x<br>'.repeat(100), RICH_TEXT_MARKUP)).toBeNull()
  })

  it('lets lists and paragraphs whose end tags were left out through', () => {
    expect(markupProblem(`<ul>${'<li>пункт'.repeat(1_000)}</ul>`, RICH_TEXT_MARKUP)).toBeNull()
    expect(markupProblem('<p>абзац'.repeat(1_000), RICH_TEXT_MARKUP)).toBeNull()
  })

  it('counts every tag against the total', () => {
    expect(markupProblem('<p>x</p>'.repeat(5_000), RICH_TEXT_MARKUP)).toBeNull()
    expect(markupProblem('<p>x</p>'.repeat(5_001), RICH_TEXT_MARKUP)).toBe(MARKUP_MESSAGES.tooManyTags(5_000))
    expect(markupProblem('<p>x</p>'.repeat(5_001), ARTICLE_MARKUP)).toBeNull()
  })

  it('says the limit in Russian', () => {
    expect(MARKUP_MESSAGES.tooManyTags(5_000)).toMatch(/^Слишком много разметки: не больше 5\s000 тегов в тексте$/)
  })
})

describe('the description of a product form', () => {
  it('refuses 25 000 unclosed tags with the limit, next to the field', () => {
    const result = DraftInput.safeParse({ description: '<b>'.repeat(25_000) })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ path: ['description'], message: MARKUP_MESSAGES.tooDeep(32) })
  })
})
