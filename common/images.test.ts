import { describe, expect, it } from 'vitest'
import {
  ASSETS_PREFIX,
  buildImageSrcSet,
  buildImageUrl,
  hasAvif,
  IMAGE_SIZES,
  type ImageSizeName,
  isImageUrl,
  isServedImage,
  SHARE_IMAGE_SIZES,
} from './images.ts'
import { ARTICLE_COVER_SIZE } from './media/article-constants.ts'

const CDN = 'https://cdn.example.ru'
const SIZE_NAMES = Object.keys(IMAGE_SIZES) as ImageSizeName[]

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

describe('the fixed set of sizes', () => {
  it('serves every named size and its double in WebP and AVIF', () => {
    for (const name of SIZE_NAMES) {
      const { width, height } = IMAGE_SIZES[name] as { width: number; height?: number }
      for (const [w, h] of [
        [width, height],
        [width * 2, height && height * 2],
      ]) {
        expect(isServedImage(w, h, 'webp'), `${name} ${w}×${h}`).toBe(true)
        expect(isServedImage(w, h, 'avif'), `${name} ${w}×${h} avif`).toBe(true)
      }
    }
  })

  it('serves the share pictures at 1x in png, webp and jpeg', () => {
    for (const { width, height } of Object.values(SHARE_IMAGE_SIZES)) {
      for (const format of ['png', 'webp', 'jpeg'] as const) expect(isServedImage(width, height, format)).toBe(true)
    }
  })

  it('serves nothing else: a pixel off, a triple, no size, a format a size does not have', () => {
    expect(isServedImage(361, 270, 'webp')).toBe(false)
    expect(isServedImage(1080, 810, 'webp')).toBe(false)
    expect(isServedImage(360, undefined, 'webp')).toBe(false)
    expect(isServedImage(undefined, undefined, 'webp')).toBe(false)
    expect(isServedImage(96, 72, 'jpeg')).toBe(false)
    expect(isServedImage(360, 270, 'png')).toBe(false)
    expect(isServedImage(2400, 1800, 'png')).toBe(false)
  })

  it('draws article covers in the covers’ own proportions, so the crop takes nothing away', () => {
    for (const name of ['coverPreview', 'articleCard', 'articleFeatured', 'articleCover'] as const) {
      const { width, height } = IMAGE_SIZES[name]
      expect(height, name).toBe(Math.round((width * ARTICLE_COVER_SIZE.height) / ARTICLE_COVER_SIZE.width))
    }
  })
})

describe('buildImageUrl', () => {
  it('prefixes the CDN and the assets folder, defaults to webp and adds the static pictures’ version', () => {
    expect(ASSETS_PREFIX).toBe('/marketplace-frontend-assets/')
    expect(buildImageUrl('spheres/agro.svg', { cdnUrl: `${CDN}/`, width: 760, height: 400, version: 'abc' })).toBe(
      `${CDN}/marketplace-frontend-assets/spheres/agro.svg?w=760&h=400&f=webp&v=abc`,
    )
  })

  it('takes a path with a leading slash or the prefix’s own URL, and gives uploads no version', () => {
    const upload = '/marketplace-frontend-assets/product-photos/0123456789abcdef0123456789abcdef.webp'
    for (const src of [upload, upload.slice(ASSETS_PREFIX.length), `/${upload.slice(ASSETS_PREFIX.length)}`]) {
      expect(buildImageUrl(src, { cdnUrl: '', width: 736, format: 'avif', version: 'abc' })).toBe(
        `${upload}?w=736&f=avif`,
      )
    }
  })

  it('throws on a non-image URL and on a size or format the service refuses', () => {
    expect(() => buildImageUrl('a.pdf', { cdnUrl: CDN, width: 96, height: 72 })).toThrow(/Not an image URL/)
    expect(() => buildImageUrl('a.svg', { cdnUrl: CDN, width: 100, height: 50 })).toThrow(/does not render 100x50/)
    expect(() => buildImageUrl('a.svg', { cdnUrl: CDN, width: 96, height: 72, format: 'png' })).toThrow()
  })
})

describe('buildImageSrcSet', () => {
  it('doubles width and height for the 2x variant', () => {
    const { src, srcSet } = buildImageSrcSet('spheres/agro.svg', 'sphere', { cdnUrl: CDN })
    expect(src).toBe(`${CDN}/marketplace-frontend-assets/spheres/agro.svg?w=760&h=400&f=webp`)
    expect(srcSet).toBe(`${src} 1x, ${CDN}/marketplace-frontend-assets/spheres/agro.svg?w=1520&h=800&f=webp 2x`)
  })

  it('builds every named size in WebP and AVIF without throwing', () => {
    for (const name of SIZE_NAMES) {
      expect(buildImageSrcSet('catalog/a.svg', name, { cdnUrl: '' }).srcSet).toMatch(/ 1x, .* 2x$/)
      expect(buildImageSrcSet('catalog/a.svg', name, { cdnUrl: '', format: 'avif' }).srcSet).toContain('f=avif')
    }
  })
})

describe('hasAvif', () => {
  it('offers AVIF for photographs at every size, for illustrations where it measured smaller', () => {
    expect(hasAvif('product-photos/0123456789abcdef0123456789abcdef.webp', 'thumb')).toBe(true)
    expect(hasAvif('/marketplace-frontend-assets/product-photos/0123456789abcdef0123456789abcdef.webp', 'thumb')).toBe(
      true,
    )
    expect(hasAvif('catalog/dock.svg', 'thumb')).toBe(false)
    expect(hasAvif('catalog/dock.svg', 'productCard')).toBe(true)
  })
})
