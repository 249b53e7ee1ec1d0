import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { isServedImage } from '#common/images.ts'
import { AppImage } from './AppImage.tsx'
import { ArticlePicture } from './media/ArticlePicture.tsx'

const CDN = 'https://cdn.example.ru'

interface Tag {
  name: string
  getAttribute(name: string): string | null
}

/**
 * Renders under a root route whose loader data carries the CDN and the assets' version, as on a
 * page, and returns the tags in order (no DOM here: React's markup is regular enough to read).
 */
function render(node: React.ReactNode): Tag[] {
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: () => node }])
  const html = renderToStaticMarkup(
    <Stub hydrationData={{ loaderData: { root: { publicConfig: { cdnUrl: CDN, assetsVersion: 'abc' } } } }} />,
  )
  return [...html.matchAll(/<(\w+)((?:\s[\w-]+(?:="[^"]*")?)*)\s*\/?>/g)].map(([, name, attrs]) => {
    const map = new Map(
      [...attrs!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [
        k!.toLowerCase(),
        (v ?? '').replaceAll('&amp;', '&'),
      ]),
    )
    return { name: name!, getAttribute: (k: string) => map.get(k) ?? null }
  })
}
const find = (tags: Tag[], name: string) => tags.find((t) => t.name === name)!

/** Each candidate of a srcset as [url, descriptor]. */
const candidates = (srcset: string | null) => (srcset ?? '').split(', ').map((c) => c.split(' ') as [string, string])

function expectServed(url: string, format: string) {
  const u = new URL(url)
  const h = u.searchParams.get('h')
  expect(u.searchParams.get('f')).toBe(format)
  expect(isServedImage(Number(u.searchParams.get('w')), h ? Number(h) : undefined, format as 'webp')).toBe(true)
}

describe('AppImage', () => {
  it('gives a small picture width, height, 1x (src) and 2x (srcset) WebP from the CDN with the version, lazy, no <picture>', () => {
    const tags = render(<AppImage src="catalog/dock.svg" alt="Док-станция" size="thumb" />)
    expect(tags.map((t) => t.name)).toEqual(['img'])
    const img = tags[0]!
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]).toEqual([
      '96',
      '72',
      'lazy',
    ])
    expect(img.getAttribute('fetchpriority')).toBeNull()
    expect(img.getAttribute('alt')).toBe('Док-станция')
    // The src is the 1x candidate (HTML, «srcset»): the srcset need not repeat it.
    expect(candidates(img.getAttribute('srcset'))).toEqual([
      [`${CDN}/marketplace-frontend-assets/catalog/dock.svg?w=192&h=144&f=webp&v=abc`, '2x'],
    ])
    expect(img.getAttribute('src')).toBe(`${CDN}/marketplace-frontend-assets/catalog/dock.svg?w=96&h=72&f=webp&v=abc`)
    // Kept in its box by a class, not a style per picture.
    expect(img.getAttribute('style')).toBeNull()
    expect(img.getAttribute('class')).toBeTruthy()
  })

  it('puts an AVIF source in front where AVIF is smaller, the <img> keeping the WebP ones', () => {
    const tags = render(<AppImage src="catalog/dock.svg" alt="" size="productCard" />)
    expect(tags.map((t) => t.name)).toEqual(['picture', 'source', 'img'])
    const source = find(tags, 'source')
    expect(source.getAttribute('type')).toBe('image/avif')
    // 1x and 2x candidates: a `sizes` would be ignored, so none is sent.
    expect(source.getAttribute('sizes')).toBeNull()
    for (const [url] of candidates(source.getAttribute('srcset'))) expectServed(url, 'avif')
    const img = find(tags, 'img')
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['360', '270'])
    for (const [url] of candidates(img.getAttribute('srcset'))) expectServed(url, 'webp')
  })

  it('loads the page’s LCP picture at once and first', () => {
    const img = find(render(<AppImage src="spheres/transport.svg" alt="" size="sphere" priority />), 'img')
    expect(img.getAttribute('loading')).toBe('eager')
    expect(img.getAttribute('fetchpriority')).toBe('high')
  })

  it('gives uploads no version: their URL never changes content', () => {
    const tags = render(
      <ArticlePicture
        image={{
          src: '/marketplace-frontend-assets/product-photos/ab.webp',
          kind: 'upload',
          alt: 'Фото',
          width: 1200,
          height: 630,
        }}
        size="articleCard"
        decorative
      />,
    )
    const img = find(tags, 'img')
    expect(img.getAttribute('alt')).toBe('')
    expect(img.getAttribute('src')).toBe(`${CDN}/marketplace-frontend-assets/product-photos/ab.webp?w=400&h=210&f=webp`)
  })
})
