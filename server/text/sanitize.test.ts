import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { plainToRichText, richTextToPlain, sanitizeRichText, toRichText } from './sanitize.ts'

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

describe('richTextToPlain', () => {
  it('gives the text with a line per block and entities decoded', () => {
    const html =
      '<h3>Комплект</h3><p>Дрон &amp; пульт, цена &lt; 1 млн<br />в кейсе</p><ul><li>один</li><li>два</li></ul>'
    expect(richTextToPlain(html)).toBe('Комплект\nДрон & пульт, цена < 1 млн\nв кейсе\nодин\nдва')
  })

  it('keeps the text of links and drops what the sanitizer drops', () => {
    expect(richTextToPlain('<p>См. <a href="https://x.ru">сайт</a><script>x()</script></p>')).toBe('См. сайт')
  })

  it('collapses runs of spaces', () => {
    expect(richTextToPlain('<p>  a \u00a0  b  </p>\n\n<p>c</p>')).toBe('a b\nc')
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
