import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MessageText } from './MessageText.tsx'

describe('MessageText', () => {
  it('makes links clickable in a new tab, marked as user content', () => {
    const html = renderToStaticMarkup(<MessageText text="Каталог: https://aerotech.ru/catalog" />)
    expect(html).toBe(
      '<span>Каталог: </span><a href="https://aerotech.ru/catalog" target="_blank" rel="noopener noreferrer nofollow ugc">https://aerotech.ru/catalog</a>',
    )
  })

  it('never turns a message into markup', () => {
    const html = renderToStaticMarkup(
      <MessageText text={'<img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a>'} />,
    )
    expect(html).not.toContain('<img')
    expect(html).not.toContain('href="javascript')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })
})
