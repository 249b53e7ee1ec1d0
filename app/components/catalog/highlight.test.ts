import { describe, expect, it } from 'vitest'
import { decodeEntities, splitHighlighted } from './highlight.ts'

describe('splitHighlighted', () => {
  it('marks the matches and decodes the escaped rest', () => {
    expect(splitHighlighted('<mark>Квадрокоптер</mark> DJI &quot;Mavic&quot; &amp; <mark>к</mark>')).toEqual([
      { text: 'Квадрокоптер', mark: true },
      { text: ' DJI "Mavic" & ', mark: false },
      { text: 'к', mark: true },
    ])
  })

  it('keeps any other tag as text, so it can never become markup', () => {
    const parts = splitHighlighted('&lt;img src=x onerror=alert(1)&gt;<script>x</script><mark>a</mark>')
    expect(parts).toEqual([
      { text: '<img src=x onerror=alert(1)><script>x</script>', mark: false },
      { text: 'a', mark: true },
    ])
  })

  it('survives an unclosed mark and stray closing tags', () => {
    expect(splitHighlighted('a</mark>b<mark>c')).toEqual([
      { text: 'a', mark: false },
      { text: 'b', mark: false },
      { text: 'c', mark: true },
    ])
  })
})

describe('decodeEntities', () => {
  it('decodes numeric entities and leaves unknown ones', () => {
    expect(decodeEntities('&#39;&#x27;&#1082; &nbsp; &#0;')).toBe("''к &nbsp; &#0;")
  })
})
