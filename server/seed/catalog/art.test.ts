import { readdirSync, readFileSync, statSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ALL_ART, artSrc } from './art.ts'
import { ACCOUNTS_VENDOR_SLUG, CATALOG_VENDORS, vendorLogo } from './vendors/index.ts'

const ASSETS = new URL('../../../../content/assets/', import.meta.url)
const file = (src: string) => new URL(src, ASSETS)

describe('catalogue artwork', () => {
  const pictures = ALL_ART.map(artSrc)
  const logos = [ACCOUNTS_VENDOR_SLUG, ...CATALOG_VENDORS.map((v) => v.slug)].map(vendorLogo)

  it('has every picture and logo the seed refers to, each under 8 kB, and nothing else', () => {
    for (const src of [...pictures, ...logos]) expect(statSync(file(src)).size, src).toBeLessThan(8 * 1024)
    expect(readdirSync(file('catalog/')).sort()).toEqual(pictures.map((p) => p.slice('catalog/'.length)).sort())
    expect(readdirSync(file('sellers/')).sort()).toEqual(logos.map((l) => l.slice('sellers/'.length)).sort())
  })

  it('renders with sharp to webp the way the image service does: pictures 4:3, logos square', async () => {
    for (const src of pictures) {
      const meta = await sharp(readFileSync(file(src))).metadata()
      expect(meta.width! * 3, src).toBe(meta.height! * 4)
    }
    for (const src of [...pictures, ...logos]) {
      const { info } = await sharp(file(src).pathname, { density: 144 })
        .resize({ width: 160, height: src.startsWith('catalog/') ? 120 : 160, fit: 'cover' })
        .webp()
        .toBuffer({ resolveWithObject: true })
      expect(info.format, src).toBe('webp')
    }
  })
})
