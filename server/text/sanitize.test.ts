import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  articleHtmlToPlain,
  plainToRichText,
  richTextToPlain,
  sanitizeArticleHtml,
  sanitizeRichText,
  toRichText,
} from './sanitize.ts'

describe('sanitizeRichText', () => {
  it('keeps the allowed formatting', () => {
    const html =
      '<h3>Комплект</h3><p>Дрон <strong>в кейсе</strong>, <b>две</b> <em>батареи</em> <i>и</i> <u>пульт</u> <s>без</s>.<br />Строка</p>' +
      '<ul><li>один</li></ul><ol><li>два</li></ol><h4>Гарантия</h4><blockquote>Цитата</blockquote>'
    expect(sanitizeRichText(html)).toBe(html)
  })

  it('drops scripts, styles and frames with their content', () => {
    const out = sanitizeRichText(
      '<p>До</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://x.ru">ф</iframe><svg><text>s</text></svg><p>После</p>',
    )
    expect(out).toBe('<p>До</p><p>После</p>')
  })

  it('keeps the text of other tags and drops their markup', () => {
    expect(
      sanitizeRichText(
        '<div class="x"><span style="color:red">Текст</span> <img src="x.png"> <h1>Заголовок</h1></div>',
      ),
    ).toBe('Текст  Заголовок')
  })

  it('drops event handlers and style attributes', () => {
    const out = sanitizeRichText(
      '<p onclick="steal()" style="color:red" class="lead">Текст <b onmouseover="x()">жирный</b></p>',
    )
    expect(out).toBe('<p>Текст <b>жирный</b></p>')
  })

  it('marks allowed links nofollow and opens them apart', () => {
    expect(sanitizeRichText('<a href="https://aero.ru/doc" title="t" rel="opener" target="_self">док</a>')).toBe(
      '<a href="https://aero.ru/doc" rel="nofollow noopener" target="_blank">док</a>',
    )
    expect(sanitizeRichText('<a href="mailto:sales@aero.ru">почта</a>')).toContain('href="mailto:sales@aero.ru"')
  })

  it('neutralises javascript:, data:, protocol-relative and relative links', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      '//evil.example/x',
      '/catalog',
      '',
    ]) {
      const out = sanitizeRichText(`<p><a href="${href}">ссылка</a></p>`)
      expect(out, href).toBe('<p>ссылка</p>')
    }
  })

  it('removes NUL and other control characters, keeps line feeds and tabs', () => {
    expect(sanitizeRichText('<p>a\u0000b\u0007c\u009fd\r\ne\tf</p>')).toBe('<p>abcd\ne\tf</p>')
    expect(sanitizeRichText('<p>\ud800x</p>')).toBe('<p>x</p>')
  })

  it('removes control characters that entities decode to, so a second pass changes nothing', () => {
    for (const html of ['&#1', '<p>a&#1;b</p>', '&#x7f;x', '<p>&#0;</p>', '&#x9f;']) {
      const once = sanitizeRichText(html)
      expect(once, html).not.toMatch(/(?![\n\t])\p{Cc}/u)
      expect(sanitizeRichText(once), html).toBe(once)
      const article = sanitizeArticleHtml(html)
      expect(article, html).not.toMatch(/(?![\n\t])\p{Cc}/u)
    }
    expect(sanitizeRichText('<p>a&#1;b</p>')).toBe('<p>ab</p>')
  })

  it('escapes what could be read as markup again', () => {
    expect(sanitizeRichText('<p>5 &lt; 7 &amp;&amp; &lt;script&gt;</p>')).toBe(
      '<p>5 &lt; 7 &amp;&amp; &lt;script&gt;</p>',
    )
    expect(sanitizeRichText('1 < 2 & <3')).toBe('1 &lt; 2 &amp; &lt;3')
  })

  it('is idempotent: sanitizing twice gives what sanitizing once does', () => {
    const samples = [
      '<p>a<b>b<i>c</p>d</b>',
      '<a href="https://x.ru?a=1&b=2">x</a>',
      '<ul><li>1<li>2</ul><p>&nbsp;&amp;amp;</p>',
      '<<script>script>alert(1)<</script>/script>',
      '<p title="a\'b">"q"</p>',
      // A dropped tag the parser first took for a parent: two paragraphs, not one inside another.
      '<p><A<p><p>',
    ]
    for (const html of samples) {
      const once = sanitizeRichText(html)
      expect(sanitizeRichText(once), html).toBe(once)
    }
    const tags = fc.constantFrom(
      '<p>',
      '</p>',
      '<b>',
      '</b>',
      '<a href="https://x.ru">',
      '</a>',
      '<script>',
      '</script>',
      '<br>',
      '<li>',
      '&amp;',
      '&',
      '<',
      '>',
      '"',
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(tags, fc.string({ maxLength: 5 })), { maxLength: 20 }), (parts) => {
        const once = sanitizeRichText(parts.join(''))
        return sanitizeRichText(once) === once
      }),
    )
  })
})

describe('a refused link beside an allowed one', () => {
  it('closes the allowed link with its own tag (product descriptions and articles alike)', () => {
    const html =
      '<p><a href="javascript:x()">плохая</a> и <a href="https://aero.ru">хорошая</a> ссылки</p><p>дальше</p>'
    expect(sanitizeRichText(html)).toBe(
      '<p>плохая и <a href="https://aero.ru" rel="nofollow noopener" target="_blank">хорошая</a> ссылки</p><p>дальше</p>',
    )
    expect(sanitizeArticleHtml(html)).toBe(
      '<p>плохая и <a href="https://aero.ru" rel="nofollow noopener" target="_blank">хорошая</a> ссылки</p><p>дальше</p>',
    )
  })
})

describe('sanitizeArticleHtml', () => {
  const EMBED = '0f5e1f2a-1111-4111-8111-111111111111'

  it('keeps an article’s formatting: headings, lists, quotes, figures with our images, tables, embeds', () => {
    const html =
      '<h2 id="komplekt">Комплект</h2><p>Дрон <strong>в кейсе</strong>, <em>две</em> <u>батареи</u> <s>без</s>.<br />Строка</p>' +
      '<h3 id="detali">Детали</h3><h4>Мелочи</h4><ul><li>один</li></ul><ol><li>два</li></ol><blockquote>Цитата</blockquote>' +
      '<figure><img src="/marketplace-frontend-assets/product-photos/0123456789abcdef0123456789abcdef.webp" alt="Дрон" width="1600" height="900" />' +
      '<figcaption>Подпись</figcaption></figure>' +
      '<table><thead><tr><th colspan="2">Задача</th></tr></thead><tbody><tr><td rowspan="2">Кадастр</td><td>RTK</td></tr></tbody></table>' +
      `<figure data-product-embed="${EMBED}"></figure>` +
      '<p><a href="/catalog/multirotornye">каталог</a>, <a href="mailto:media@bas.example">почта</a></p>'
    expect(sanitizeArticleHtml(html)).toBe(html)
  })

  it('drops scripts, styles, event handlers, frames of any origin and forms', () => {
    const out = sanitizeArticleHtml(
      '<p style="color:red" onclick="steal()" class="x">Текст <strong onmouseover="x()">жирный</strong></p>' +
        '<script>alert(1)</script><style>p{}</style><iframe src="https://www.youtube.com/embed/x"></iframe>' +
        '<iframe src="/media/x"></iframe><object data="x.swf"></object><form action="/x"><input name="a"><button>Отправить</button></form>' +
        '<img src="/marketplace-frontend-assets/media/a.svg" onerror="steal()" style="width:1px">',
    )
    expect(out).toBe(
      '<p>Текст <strong>жирный</strong></p><img src="/marketplace-frontend-assets/media/a.svg" alt="" />',
    )
  })

  it('turns javascript:, data: and protocol-relative links into text, and marks external ones', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      '//evil.example/x',
      'vbscript:x',
      '',
    ]) {
      expect(sanitizeArticleHtml(`<p><a href="${href}">ссылка</a></p>`), href).toBe('<p>ссылка</p>')
    }
    expect(sanitizeArticleHtml('<p><a href="https://minjust.ru/doc" target="_self" rel="opener">закон</a></p>')).toBe(
      '<p><a href="https://minjust.ru/doc" rel="nofollow noopener" target="_blank">закон</a></p>',
    )
    expect(sanitizeArticleHtml('<p><a href="/product/x" target="_blank">товар</a></p>')).toBe(
      '<p><a href="/product/x">товар</a></p>',
    )
  })

  it('keeps only pictures of our image service', () => {
    for (const src of [
      'https://evil.example/x.png',
      'data:image/png;base64,AAAA',
      '/uploads/x.png',
      '/marketplace-frontend-assets/../secret',
      'javascript:alert(1)',
    ]) {
      expect(sanitizeArticleHtml(`<p>До<img src="${src}" alt="x">После</p>`), src).toBe('<p>ДоПосле</p>')
    }
  })

  it('keeps an embed as an empty figure with a product id, and nothing else of it', () => {
    expect(
      sanitizeArticleHtml(
        `<figure data-product-embed="${EMBED.toUpperCase()}" class="card" onclick="x()"><p>внутри</p><figure>ещё</figure></figure><p>после</p>`,
      ),
    ).toBe(`<figure data-product-embed="${EMBED}"></figure><p>после</p>`)
    expect(sanitizeArticleHtml('<figure data-product-embed="slug:x"><figcaption>Подпись</figcaption></figure>')).toBe(
      '<figure><figcaption>Подпись</figcaption></figure>',
    )
  })

  it('gives h2 and h3 transliterated ids, numbered when they repeat, whatever ids came in', () => {
    expect(
      sanitizeArticleHtml(
        '<h1>Главное</h1><h2 id="evil" onclick="x()">Что нужно знать?</h2><h3>Что нужно знать</h3><h2>!!!</h2><h4 id="z">Мелочь</h4>',
      ),
    ).toBe(
      '<h2 id="glavnoe">Главное</h2><h2 id="chto-nuzhno-znat">Что нужно знать?</h2>' +
        '<h3 id="chto-nuzhno-znat-2">Что нужно знать</h3><h2 id="razdel">!!!</h2><h4>Мелочь</h4>',
    )
  })

  it('keeps sizes and spans only as small whole numbers', () => {
    expect(
      sanitizeArticleHtml(
        '<table><tbody><tr><td colspan="0">a</td><td rowspan="2x">b</td><td colspan="3">c</td></tr></tbody></table>' +
          '<img src="/marketplace-frontend-assets/media/a.svg" alt="a" width="99999" height="300">',
      ),
    ).toBe(
      '<table><tbody><tr><td>a</td><td>b</td><td colspan="3">c</td></tr></tbody></table>' +
        '<img src="/marketplace-frontend-assets/media/a.svg" alt="a" height="300" />',
    )
  })

  it('is idempotent', () => {
    const samples = [
      '<h2>A</h2><h2>A</h2><h3>A-2</h3><p>a<b>b<i>c</p>d</b>',
      `<figure data-product-embed="${EMBED}"><figure><figure>x</figure></figure></figure><figure data-product-embed="${EMBED}">y</figure>`,
      '<table><tr><td>без tbody</td></tr></table><ul><li>1<li>2</ul>',
      '<<script>script>alert(1)<</script>/script><a href="javascript:x">a</a><a href="/x">b</a>',
      '<h2><a href="/x">Ссылка</a> в <em>заголовке</em> &amp; «кавычки»</h2>',
    ]
    for (const html of samples) {
      const once = sanitizeArticleHtml(html)
      expect(sanitizeArticleHtml(once), html).toBe(once)
    }
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('<', '>', '/', 'h2', 'a', 'figure', ' ', '"', '=', 'x', 'data-product-embed', 'й'),
        }),
        (html) => {
          const once = sanitizeArticleHtml(html)
          expect(sanitizeArticleHtml(once)).toBe(once)
        },
      ),
    )
  })

  it('gives the plain text for search and reading time', () => {
    expect(
      articleHtmlToPlain(
        `<h2>Раздел</h2><p>Дрон &amp; пульт</p><figure data-product-embed="${EMBED}"></figure><table><tr><td>a</td><td>b</td></tr></table>`,
      ),
    ).toBe('Раздел\nДрон & пульт\na b')
  })
})

describe('richTextToPlain', () => {
  it('gives the text with a line per block and entities decoded', () => {
    const html =
      '<h3>Комплект</h3><p>Дрон &amp; пульт, цена &lt; 1 млн<br />в кейсе</p><ul><li>один</li><li>два</li></ul>'
    expect(richTextToPlain(html)).toBe('Комплект\nДрон & пульт, цена < 1 млн\nв кейсе\nодин\nдва')
  })

  it('keeps the text of links of stored text', () => {
    expect(richTextToPlain(sanitizeRichText('<p>См. <a href="https://x.ru">сайт</a><script>x()</script></p>'))).toBe(
      'См. сайт',
    )
  })

  it('collapses runs of spaces', () => {
    expect(richTextToPlain('<p>  a \u00a0  b  </p>\n\n<p>c</p>')).toBe('a b\nc')
  })
})

describe('markup over the limits', () => {
  it('is refused before parsing, in time linear in its length, with the limit in the message', () => {
    for (const html of ['<b>'.repeat(80_000), '<p>x'.repeat(5_001), '<div>'.repeat(33)]) {
      expect(() => sanitizeRichText(html)).toThrow(/не больше/)
      expect(() => sanitizeArticleHtml(html.repeat(4))).toThrow(/не больше/)
    }
    expect(() => sanitizeRichText('<b>'.repeat(32))).not.toThrow()
    expect(() => sanitizeRichText('<li>пункт'.repeat(4_000))).not.toThrow()
  })
})

describe('plainToRichText and toRichText', () => {
  it('turns blank lines into paragraphs and single line feeds into breaks, escaping the text', () => {
    expect(plainToRichText('Первый <абзац>\nстрока\n\nВторой & последний')).toBe(
      '<p>Первый &lt;абзац&gt;<br />строка</p><p>Второй &amp; последний</p>',
    )
  })

  it('sanitizes HTML and wraps plain text', () => {
    expect(toRichText('<p>Да</p><script>x</script>')).toBe('<p>Да</p>')
    expect(toRichText('5 < 7')).toBe('<p>5 &lt; 7</p>')
  })
})
