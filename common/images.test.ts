import { describe, expect, it } from 'vitest'
import { ASSETS_PREFIX, buildImageSrcSet, buildImageUrl, isImageUrl } from './images.ts'

const CDN = 'https://cdn.example.ru'

describe('isImageUrl', () => {
  it.each(['a.png', 'a.webp', 'a.jpeg', 'a.jpg', 'a.gif', 'a.avif', 'a.svg'])('accepts %s', (url) => {
    expect(isImageUrl(url)).toBe(true)
  })

  it.each(['PHOTO.PNG', 'photo.JpEg', '/img/banner.WEBP'])('accepts upper case %s', (url) => {
    expect(isImageUrl(url)).toBe(true)
  })

  it.each(['/img/a.png?w=100&h=50', 'https://x.ru/a.jpg#top', 'a.svg?v=2#icon'])(
    'accepts %s with a query or hash',
    (url) => {
      expect(isImageUrl(url)).toBe(true)
    },
  )

  it.each(['a.bmp', 'a.tiff', 'doc.pdf', 'a.png.exe', 'script.js', 'a.heic', 'page.html?x=a.png'])(
    'rejects %s',
    (url) => {
      expect(isImageUrl(url)).toBe(false)
    },
  )

  it.each(['image', '/img/png', 'https://x.ru/png', 'png', '', 'a.'])('rejects extension-less %j', (url) => {
    expect(isImageUrl(url)).toBe(false)
  })
})

describe('buildImageUrl', () => {
  it('prefixes the CDN and the assets folder and defaults to webp', () => {
    expect(ASSETS_PREFIX).toBe('/marketplace-frontend-assets/')
    expect(buildImageUrl('spheres/agro.png', { cdnUrl: CDN })).toBe(
      `${CDN}/marketplace-frontend-assets/spheres/agro.png?f=webp`,
    )
  })

  it('does not double slashes around the CDN and the source', () => {
    expect(buildImageUrl('/spheres/agro.png', { cdnUrl: `${CDN}/` })).toBe(
      `${CDN}/marketplace-frontend-assets/spheres/agro.png?f=webp`,
    )
  })

  it('passes width, height and an explicit format', () => {
    const url = new URL(buildImageUrl('a.jpg', { cdnUrl: CDN, width: 760, height: 400, format: 'avif' }))
    expect(url.pathname).toBe('/marketplace-frontend-assets/a.jpg')
    expect(Object.fromEntries(url.searchParams)).toEqual({ w: '760', h: '400', f: 'avif' })
  })

  it('throws on a non-image URL', () => {
    expect(() => buildImageUrl('a.pdf', { cdnUrl: CDN })).toThrow(/Not an image URL/)
    expect(() => buildImageUrl('noext', { cdnUrl: CDN })).toThrow()
  })
})

describe('buildImageSrcSet', () => {
  it('doubles width and height for the 2x variant', () => {
    const { src, srcSet } = buildImageSrcSet('spheres/agro.png', { cdnUrl: CDN, width: 760, height: 400 })
    expect(src).toBe(`${CDN}/marketplace-frontend-assets/spheres/agro.png?w=760&h=400&f=webp`)
    expect(srcSet).toBe(`${src} 1x, ${CDN}/marketplace-frontend-assets/spheres/agro.png?w=1520&h=800&f=webp 2x`)
  })

  it('leaves missing dimensions out of both variants', () => {
    const { srcSet } = buildImageSrcSet('a.png', { cdnUrl: CDN, width: 100 })
    expect(srcSet).toBe(`${CDN}${ASSETS_PREFIX}a.png?w=100&f=webp 1x, ${CDN}${ASSETS_PREFIX}a.png?w=200&f=webp 2x`)
  })

  it('throws on a non-image URL', () => {
    expect(() => buildImageSrcSet('a.txt', { cdnUrl: CDN, width: 10 })).toThrow(/Not an image URL/)
  })
})
