import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { fromDigits, z } from '#common/zod.ts'
import { ASSETS_PREFIX, IMAGE_FORMATS, isImageUrl, isServedImage, isUploadedImage } from '#common/images.ts'
import { MESSAGES } from '#common/messages.ts'
import { renderImage } from './render-image.ts'

/**
 * The only parameters a picture's URL may carry (strict: anything else is refused, so nobody can
 * make new variants by adding one). `f=original` without a size is the file as stored: no work.
 */
const Query = z.strictObject({
  w: fromDigits(z.number().int().positive()).optional(),
  h: fromDigits(z.number().int().positive()).optional(),
  f: z.enum([...IMAGE_FORMATS, 'original']).default('original'),
  v: z.string().max(40).optional(),
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

/** A URL whose content can never change: an upload's random key, or a static picture of this version. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** A static picture asked for without this deployment's version (a share picture, an old page): revalidated by ETag. */
export const REVALIDATED = 'public, max-age=3600, stale-while-revalidate=86400'

const notFound = (req: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({ error: { code: 'not_found', message: MESSAGES.pageNotFound(req.url) } })

/**
 * Serves the static images of `content/assets` and the uploaded pictures under
 * /marketplace-frontend-assets/, resized and re-encoded on request and cached on disk, so a CDN in
 * front only has to pull each variant once. Only the sizes and formats of common/images.ts are
 * rendered: anything else is a 404 before a file is read, so the service cannot be made to burn CPU.
 */
export async function assetsPlugin(
  app: FastifyInstance,
  opts: {
    sourceDir: string
    cacheDir: string
    /** The hash of `sourceDir` the pages put in their URLs (`v=`); null in development, where files change under a running server. */
    version: string | null
    /** The bytes of an uploaded picture (`product-photos/<key>.webp`) or null when there is none. */
    readUploaded?: (path: string) => Promise<Buffer | null>
  },
) {
  const root = resolve(opts.sourceDir)
  const cacheDir = resolve(opts.cacheDir)
  await mkdir(cacheDir, { recursive: true })
  // A page asks for many variants at once, often the same one twice: render each once.
  const rendering = new Map<string, Promise<Buffer>>()

  async function renderToCache(cached: string, ...args: Parameters<typeof renderImage>) {
    const output = await renderImage(...args)
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
    if (!file.startsWith(root + sep) || !isImageUrl(relative) || !query.success) return notFound(req, reply)
    const { w, h, f, v } = query.data
    const original = f === 'original' && !w && !h
    if (!original && (f === 'original' || !isServedImage(w, h, f))) return notFound(req, reply)

    const uploaded = opts.readUploaded && isUploadedImage(relative) ? await opts.readUploaded(relative) : null
    const info = uploaded ? null : await stat(file).catch(() => null)
    if (!uploaded && !info?.isFile()) return notFound(req, reply)
    const immutable = uploaded !== null || (opts.version !== null && v === opts.version)
    const etag = `"${createHash('sha1')
      .update(`${relative}|${uploaded ? 'uploaded' : info!.mtimeMs}|${w}|${h}|${f}`)
      .digest('hex')
      .slice(0, 20)}"`
    reply.header('cache-control', immutable ? IMMUTABLE : REVALIDATED).header('etag', etag)
    if (req.headers['if-none-match'] === etag) return reply.status(304).send()

    if (original) {
      return reply
        .type(CONTENT_TYPES[extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream')
        .send(uploaded ?? (await readFile(file)))
    }
    const format = f as Exclude<typeof f, 'original'>
    const cached = join(cacheDir, `${etag.slice(1, -1)}.${format}`)
    const hit = await readFile(cached).catch(() => null)
    if (hit) return reply.type(CONTENT_TYPES[format]!).send(hit)

    let pending = rendering.get(cached)
    if (!pending) {
      pending = renderToCache(cached, uploaded ?? file, { width: w!, height: h }, format).finally(() =>
        rendering.delete(cached),
      )
      rendering.set(cached, pending)
    }
    return reply.type(CONTENT_TYPES[format]!).send(await pending)
  })
}
