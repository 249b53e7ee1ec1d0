import { afterAll, describe, expect, it } from 'vitest'
import { isAppError } from '../errors.ts'
import { CLEAN_IN_PLACE_CHARS, cleanArticleHtml, cleanRichText, closeCleaningThreads } from './clean.ts'
import { sanitizeArticleHtml, sanitizeRichText } from './sanitize.ts'

afterAll(() => closeCleaningThreads())

describe('cleaning for storing', () => {
  it('gives what the sanitizer gives, for short texts here and long ones in a thread', async () => {
    const short = '<p onclick="x()">Дрон <b>в кейсе</b><script>alert(1)</script></p>'
    const long = '<p>Текст <b>жирный</b> и <a href="https://x.ru">ссылка</a><img src=x onerror=alert(1)></p>'.repeat(
      400,
    )
    expect(long.length).toBeGreaterThan(CLEAN_IN_PLACE_CHARS)
    expect(await cleanRichText(short)).toBe(sanitizeRichText(short))
    const cleaned = await cleanRichText(long)
    expect(cleaned).toBe(sanitizeRichText(long))
    expect(cleaned).not.toContain('onerror')
    const article = `<h2>Раздел</h2>${long}`
    expect(await cleanArticleHtml(article)).toBe(sanitizeArticleHtml(article))
  })

  it('refuses markup over the limits with the field and the limit, before any parsing', async () => {
    const refusal = await cleanRichText('<b>'.repeat(25_000), 'description').catch((error: unknown) => error)
    expect(isAppError(refusal)).toBe(true)
    expect(refusal).toMatchObject({ kind: 'invalid', fields: { description: expect.stringMatching(/не больше 32/) } })
    const many = await cleanArticleHtml('<p>x</p>'.repeat(20_001)).catch((error: unknown) => error)
    expect(many).toMatchObject({ kind: 'invalid', fields: { bodyHtml: expect.stringMatching(/не больше 20\s000/) } })
  })
})
