import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { z } from '#common/zod.ts'
import { ASSETS_PREFIX, IMAGE_FORMATS, type ImageFormat, isImageUrl, MAX_IMAGE_EDGE } from '#common/images.ts'
import { MESSAGES } from '#common/messages.ts'
import { PHOTO_SRC_PREFIX } from '#common/product-media.ts'

const Query = z.object({
  w: z.coerce.number().int().min(1).max(MAX_IMAGE_EDGE).optional(),
  h: z.coerce.number().int().min(1).max(MAX_IMAGE_EDGE).optional(),
  f: z.enum([...IMAGE_FORMATS, 'original']).default('original'),
  q: z.coerce.number().int().min(30).max(100).default(80),
})

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
}

const CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400'

/**
 * Serves the static images of `content/assets` under /marketplace-frontend-assets/, resized and
 * re-encoded on request (webp by default from the image component) and cached on disk, so a
 * CDN in front only has to pull each variant once.
 */
export async function assetsPlugin(
  app: FastifyInstance,
  opts: {
    sourceDir: string
    cacheDir: string
    /**
     * The bytes of an uploaded picture (a product photo, `product-photos/<key>.webp`) or null
     * when the path is not one. Their keys are random and never reused, so a variant never goes stale.
     */
    readUploaded?: (path: string) => Promise<Buffer | null>
  },
) {
  const root = resolve(opts.sourceDir)
  const cacheDir = resolve(opts.cacheDir)
  await mkdir(cacheDir, { recursive: true })
  // A page asks for many variants at once, often the same one twice: render each once.
  const rendering = new Map<string, Promise<Buffer>>()

  async function render(
    file: string | Buffer,
    cached: string,
    format: ImageFormat,
    w?: number,
    h?: number,
    q?: number,
  ) {
    const output = await sharp(file, { density: w || h ? 144 : 72 })
      .resize({ width: w, height: h, fit: 'cover', withoutEnlargement: false })
      .toFormat(format, { quality: q })
      .toBuffer()
    // Write then rename, so a parallel reader (another instance too) never sees half a file.
    const tmp = `${cached}.${randomBytes(6).toString('hex')}.tmp`
    await writeFile(tmp, output)
    await rename(tmp, cached)
    return output
  }

  app.get(`${ASSETS_PREFIX}*`, async (req, reply) => {
    const relative = (req.params as { '*': string })['*']
    const file = normalize(join(root, relative))
    const query = Query.safeParse(req.query)
    if (!file.startsWith(root + sep) || !isImageUrl(relative) || !query.success) {
      return reply.status(404).send({ error: { code: 'not_found', message: MESSAGES.pageNotFound(req.url) } })
    }
    const uploaded =
      opts.readUploaded && relative.startsWith(PHOTO_SRC_PREFIX) ? await opts.readUploaded(relative) : null
    const info = uploaded ? null : await stat(file).catch(() => null)
    if (!uploaded && !info?.isFile()) {
      return reply.status(404).send({ error: { code: 'not_found', message: MESSAGES.pageNotFound(req.url) } })
    }
    const source = uploaded ?? file
    const version = uploaded ? 'uploaded' : info!.mtimeMs
    const { w, h, f, q } = query.data
    const etag = `"${createHash('sha1').update(`${relative}|${version}|${w}|${h}|${f}|${q}`).digest('hex').slice(0, 20)}"`
    reply.header('cache-control', CACHE_CONTROL).header('etag', etag)
    if (req.headers['if-none-match'] === etag) return reply.status(304).send()

    if (f === 'original' && !w && !h) {
      return reply
        .type(CONTENT_TYPES[extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream')
        .send(uploaded ?? (await readFile(file)))
    }
    const format = f === 'original' ? 'png' : f
    const cached = join(cacheDir, `${etag.slice(1, -1)}.${format}`)
    const hit = await readFile(cached).catch(() => null)
    if (hit) return reply.type(CONTENT_TYPES[format]!).send(hit)

    let pending = rendering.get(cached)
    if (!pending) {
      pending = render(source, cached, format, w, h, q).finally(() => rendering.delete(cached))
      rendering.set(cached, pending)
    }
    return reply.type(CONTENT_TYPES[format]!).send(await pending)
  })
}
