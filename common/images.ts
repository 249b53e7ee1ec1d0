/** Image extensions the spec accepts (section 5); anything else is refused. */
export const IMAGE_EXTENSIONS = ['png', 'webp', 'jpeg', 'jpg', 'gif', 'avif', 'svg'] as const

export const IMAGE_FORMATS = ['webp', 'avif', 'png', 'jpeg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

/** Static images are served under this prefix, from the CDN when one is configured. */
export const ASSETS_PREFIX = '/marketplace-frontend-assets/'

/** The largest edge the image service renders, so nobody can ask for a 100 000 px picture. */
export const MAX_IMAGE_EDGE = 4000

export function isImageUrl(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? ''
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase()
  return path.includes('.') && (IMAGE_EXTENSIONS as readonly string[]).includes(ext)
}

export interface ImageUrlOptions {
  cdnUrl: string
  width?: number
  height?: number
  format?: ImageFormat
}

/** `{cdn}/marketplace-frontend-assets/{src}?w=&h=&f=`; throws on a non-image URL. */
export function buildImageUrl(src: string, opts: ImageUrlOptions): string {
  if (!isImageUrl(src)) throw new Error(`Not an image URL: ${src}`)
  const params = new URLSearchParams()
  if (opts.width) params.set('w', String(Math.round(opts.width)))
  if (opts.height) params.set('h', String(Math.round(opts.height)))
  params.set('f', opts.format ?? 'webp')
  const base = `${opts.cdnUrl.replace(/\/$/, '')}${ASSETS_PREFIX}${src.replace(/^\//, '')}`
  return `${base}?${params.toString()}`
}

/** The 1x and 2x variants of an image: the 2x one doubles width and height. */
export function buildImageSrcSet(src: string, opts: ImageUrlOptions): { src: string; srcSet: string } {
  const x1 = buildImageUrl(src, opts)
  const x2 = buildImageUrl(src, {
    ...opts,
    width: opts.width ? opts.width * 2 : undefined,
    height: opts.height ? opts.height * 2 : undefined,
  })
  return { src: x1, srcSet: `${x1} 1x, ${x2} 2x` }
}
