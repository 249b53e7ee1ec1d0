import { describe, expect, it } from 'vitest'
import type { SanitizedHtml } from '#common/html.ts'
import { prepareArticleHtml as prepare } from './article-body.ts'

/** The bodies here stand for what the server's sanitizer stored. */
const prepareArticleHtml = (
  html: string,
  ...rest: Parameters<typeof prepare> extends [unknown, ...infer R] ? R : never
) => prepare(html as SanitizedHtml, ...rest)

describe('an article body as the page shows it', () => {
  it('asks the image service for a body picture at the column width, 1x and 2x, AVIF before WebP, lazy', () => {
    const html =
      '<figure><img src="/marketplace-frontend-assets/media/figure-flight-lines.svg" alt="Схема &quot;галсов&quot;" width="1200" height="675"><figcaption>Галсы</figcaption></figure>'
    const at = (w: number, f: string) => `/marketplace-frontend-assets/media/figure-flight-lines.svg?w=${w}&f=${f}`
    expect(prepareArticleHtml(html, 'scroll')).toBe(
      '<figure><picture>' +
        `<source type="image/avif" srcset="${at(736, 'avif')} 1x, ${at(1472, 'avif')} 2x">` +
        `<img src="${at(736, 'webp')}" srcset="${at(1472, 'webp')} 2x" ` +
        'alt="Схема &quot;галсов&quot;" width="736" height="414" loading="lazy" decoding="async"></picture>' +
        '<figcaption>Галсы</figcaption></figure>',
    )
  })

  it('draws a small picture at its own size from the column-wide variants and leaves one without a size as it is', () => {
    const small = prepareArticleHtml(
      '<img src="/marketplace-frontend-assets/product-photos/ab.webp" alt="" width="400" height="300">',
      's',
    )
    expect(small).toContain('width="400" height="300"')
    expect(small).toContain('ab.webp?w=1472&f=webp 2x')
    // From the CDN as every picture; uploads carry no version, static pictures do.
    const fromCdn = prepareArticleHtml(
      '<img src="/marketplace-frontend-assets/media/a.svg" alt="" width="800" height="400">',
      's',
      { cdnUrl: 'https://cdn.example.ru', version: 'abc' },
    )
    expect(fromCdn).toContain('src="https://cdn.example.ru/marketplace-frontend-assets/media/a.svg?w=736&f=webp&v=abc"')
    const unsized = '<img src="/marketplace-frontend-assets/product-photos/ab.webp" alt="Фото">'
    expect(prepareArticleHtml(unsized, 's')).toBe(unsized)
  })

  it('wraps every table in a focusable box that scrolls sideways', () => {
    expect(prepareArticleHtml('<p>До</p><table><tr><td>1</td></tr></table><table></table>', 'scroll')).toBe(
      '<p>До</p><div class="scroll" tabindex="0" role="region" aria-label="Таблица"><table><tr><td>1</td></tr></table></div>' +
        '<div class="scroll" tabindex="0" role="region" aria-label="Таблица"><table></table></div>',
    )
  })
})
