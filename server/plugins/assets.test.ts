import { cp, readdir, rm, writeFile } from 'node:fs/promises'
import Fastify, { type FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildImageSrcSet, buildImageUrl, IMAGE_SIZES, type ImageSizeName, SHARE_IMAGE_SIZES } from '#common/images.ts'
import type { Database } from '../db/client.ts'
import { buildTestApp } from '../testing/app.ts'
import { openTestDatabase } from '../testing/database.ts'
import { assetsPlugin, IMMUTABLE, REVALIDATED } from './assets.ts'
import { hashAssets } from './assets-version.ts'

const CACHE_DIR = `var/test-cache/images-${process.pid}`
const UPLOAD = 'product-photos/0123456789abcdef0123456789abcdef.webp'
const PREFIX = '/marketplace-frontend-assets/'

describe('the image service on its own', () => {
  let app: FastifyInstance
  const cacheDir = `${CACHE_DIR}-alone`
  let uploadReads = 0

  beforeAll(async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a6' } })
      .webp()
      .toBuffer()
    app = Fastify()
    await app.register(assetsPlugin, {
      sourceDir: 'content/assets',
      cacheDir,
      version: 'v1',
      readUploaded: async (path) => {
        uploadReads++
        return path === UPLOAD ? photo : null
      },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await rm(cacheDir, { recursive: true, force: true })
  })

  it('refuses a size, quality, format or parameter outside the set before reading anything', async () => {
    const refused = [
      'w=100&h=100&f=webp',
      'w=361&h=270&f=webp',
      'w=1080&h=810&f=webp',
      'w=4000&h=4000&f=webp',
      'w=360&f=webp',
      'f=webp',
      'w=96&h=72&f=jpeg',
      'w=360&h=270&f=png',
      'w=360&h=270&f=original',
      'w=360&h=270&f=tiff',
      'w=360&h=270&f=webp&q=100',
      'w=360&h=270&f=webp&dpr=3',
      'w=360&h=270&f=webp&v=' + 'x'.repeat(41),
    ]
    for (const query of refused) {
      const res = await app.inject(`${PREFIX}${UPLOAD}?${query}`)
      expect(res.statusCode, query).toBe(404)
      expect(res.json().error.code, query).toBe('not_found')
    }
    expect(uploadReads).toBe(0)
    expect(await readdir(cacheDir)).toEqual([])
  })

  it('renders every size the URL builder makes, 1x and 2x, WebP and AVIF', async () => {
    for (const size of Object.keys(IMAGE_SIZES) as ImageSizeName[]) {
      for (const format of ['webp', 'avif'] as const) {
        const { srcSet } = buildImageSrcSet(UPLOAD, size, { cdnUrl: '', format })
        for (const entry of srcSet.split(', ')) {
          const url = entry.split(' ')[0]!
          const res = await app.inject(url)
          expect(res.statusCode, url).toBe(200)
          expect(res.headers['content-type'], url).toBe(`image/${format}`)
          const params = new URL(url, 'http://x').searchParams
          const meta = await sharp(res.rawPayload).metadata()
          expect(meta.width, url).toBe(Number(params.get('w')))
          // Without a height the picture keeps its proportions (3:2 here).
          expect(meta.height, url).toBe(Number(params.get('h') ?? Math.round((Number(params.get('w')) * 2) / 3)))
        }
      }
    }
  }, 120_000)

  it('renders the share pictures in the formats crawlers and feeds ask for', async () => {
    for (const box of Object.values(SHARE_IMAGE_SIZES)) {
      for (const format of ['png', 'jpeg'] as const) {
        const res = await app.inject(buildImageUrl('spheres/transport.svg', { cdnUrl: '', ...box, format }))
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-type']).toBe(`image/${format}`)
      }
    }
  })

  it('lets uploads and static pictures of this version be kept for a year, revalidates the rest', async () => {
    const webp = (src: string, version?: string) =>
      app.inject(buildImageUrl(src, { cdnUrl: '', ...IMAGE_SIZES.productCard, version }))
    expect((await webp(UPLOAD)).headers['cache-control']).toBe(IMMUTABLE)
    expect((await app.inject(`${PREFIX}${UPLOAD}`)).headers['cache-control']).toBe(IMMUTABLE)
    expect((await webp('catalog/dock.svg', 'v1')).headers['cache-control']).toBe(IMMUTABLE)
    // An older page's version, or none (a share picture): this deployment's file, checked again later.
    expect((await webp('catalog/dock.svg', 'v0')).headers['cache-control']).toBe(REVALIDATED)
    expect((await webp('catalog/dock.svg')).headers['cache-control']).toBe(REVALIDATED)
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable')
  })

  it('answers 404 for an upload that does not exist', async () => {
    const missing = UPLOAD.replace('0123', 'ffff')
    expect((await app.inject(buildImageUrl(missing, { cdnUrl: '', ...IMAGE_SIZES.thumb }))).statusCode).toBe(404)
  })
})

describe('images under /marketplace-frontend-assets/ in the app', () => {
  let database: Database
  let app: FastifyInstance

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    app = await buildTestApp(database, { ASSETS_CACHE_DIR: CACHE_DIR })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    await rm(CACHE_DIR, { recursive: true, force: true })
  })

  it('renders a sphere illustration as webp at the page’s size and twice that, for a year under the assets’ hash', async () => {
    const version = await hashAssets('content/assets')
    const { srcSet } = buildImageSrcSet('spheres/transport.svg', 'sphere', { cdnUrl: '', version })
    for (const [url, w, h] of srcSet
      .split(', ')
      .map((e, i) => [e.split(' ')[0]!, 760 * (i + 1), 400 * (i + 1)] as const)) {
      const res = await app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      expect(res.headers['cache-control']).toBe(IMMUTABLE)
      const meta = await sharp(res.rawPayload).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, h])
    }
  })

  it('serves the same variant to many parallel requests', async () => {
    const url = buildImageUrl('spheres/ekologiya.svg', { cdnUrl: '', ...IMAGE_SIZES.sphereCard })
    const responses = await Promise.all(Array.from({ length: 12 }, () => app.inject(url)))
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200))
    expect(new Set(responses.map((r) => r.rawPayload.toString('base64'))).size).toBe(1)
  })

  it('answers 304 to a matching ETag', async () => {
    const url = buildImageUrl('spheres/transport.svg', { cdnUrl: '', ...IMAGE_SIZES.sphereCard })
    const first = await app.inject(url)
    const again = await app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })

  it('refuses unknown files, other extensions and path traversal with 404', async () => {
    for (const url of [
      '/marketplace-frontend-assets/spheres/nope.svg',
      '/marketplace-frontend-assets/../package.json',
      '/marketplace-frontend-assets/spheres/..%2F..%2Fcompany.ts',
      '/marketplace-frontend-assets/spheres/transport.svg?w=100000',
      '/marketplace-frontend-assets/spheres/transport.svg?f=tiff',
    ]) {
      expect((await app.inject(url)).statusCode, url).toBe(404)
    }
  })
})

describe('the static pictures’ version', () => {
  const dir = `${CACHE_DIR}-version`
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('is the same for the same files and changes when a picture does', async () => {
    await cp('content/assets/spheres', `${dir}/spheres`, { recursive: true })
    const before = await hashAssets(dir)
    expect(before).toMatch(/^[\w-]{10}$/)
    expect(await hashAssets(dir)).toBe(before)
    await writeFile(`${dir}/spheres/transport.svg`, '<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect(await hashAssets(dir)).not.toBe(before)
  })
})
