import { rm } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { buildTestApp } from '../testing/app.ts'
import { openTestDatabase } from '../testing/database.ts'

const CACHE_DIR = `var/test-cache/images-${process.pid}`

describe('images under /marketplace-frontend-assets/', () => {
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

  it('renders a sphere illustration as webp at the requested size, and twice that for 2x', async () => {
    for (const [w, h] of [
      [760, 400],
      [1520, 800],
    ]) {
      const res = await app.inject(`/marketplace-frontend-assets/spheres/transport.svg?w=${w}&h=${h}&f=webp`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      expect(res.headers['cache-control']).toContain('public')
      const meta = await sharp(res.rawPayload).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, h])
    }
  })

  it('serves the same variant to many parallel requests', async () => {
    const url = '/marketplace-frontend-assets/spheres/ekologiya.svg?w=380&h=200&f=webp'
    const responses = await Promise.all(Array.from({ length: 12 }, () => app.inject(url)))
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200))
    expect(new Set(responses.map((r) => r.rawPayload.toString('base64'))).size).toBe(1)
  })

  it('answers 304 to a matching ETag', async () => {
    const url = '/marketplace-frontend-assets/spheres/transport.svg?w=380&h=200&f=webp'
    const first = await app.inject(url)
    const again = await app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })

  it('refuses unknown files, other extensions, path traversal and absurd sizes with 404', async () => {
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
