/** Image extensions the spec accepts (section 5); anything else is refused. */
export const IMAGE_EXTENSIONS = ['png', 'webp', 'jpeg', 'jpg', 'gif', 'avif', 'svg'] as const

/**
 * What the image service encodes: webp for every picture, avif beside it where it is smaller
 * (bench/README.md, "Images"); png and jpeg only for the share pictures (og:image, feeds) that
 * messengers and marketplaces read.
 */
export const IMAGE_FORMATS = ['webp', 'avif', 'png', 'jpeg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

/** Static images are served under this prefix, from the CDN when one is configured. */
export const ASSETS_PREFIX = '/marketplace-frontend-assets/'

/** Uploaded pictures (product, article and offer photos) below ASSETS_PREFIX: a random key each, never reused. */
export const UPLOADED_IMAGE_PREFIX = 'product-photos/'

export interface ImageBox {
  width: number
  /** Left out: the height follows the picture's own proportions (the pictures of an article's body). */
  height?: number
}

interface DisplaySize extends ImageBox {
  /**
   * Our static illustrations are also offered as AVIF at this size: it measured smaller than WebP
   * at 1x and 2x (bench:images). Photographs (uploads) are smaller as AVIF at every size.
   */
  avif?: true
}

/**
 * Every box a page draws a picture in, in CSS pixels. The image service renders these and their
 * doubles (the 2x variant) and nothing else, so nobody can make it resize to sizes of their choosing.
 * A new picture size is a new line here; AppImage takes only these names.
 */
export const IMAGE_SIZES = {
  chatContext: { width: 64, height: 48 },
  thumb: { width: 96, height: 72 },
  sellerLogoSmall: { width: 56, height: 56, avif: true },
  sellerLogo: { width: 96, height: 96, avif: true },
  compare: { width: 120, height: 90 },
  articleProduct: { width: 160, height: 120, avif: true },
  sellerOffer: { width: 240, height: 180, avif: true },
  coverPreview: { width: 320, height: 168, avif: true },
  tile: { width: 320, height: 240, avif: true },
  offerCard: { width: 320, height: 180, avif: true },
  productCard: { width: 360, height: 270, avif: true },
  categoryCard: { width: 380, height: 285, avif: true },
  sphereCard: { width: 380, height: 200, avif: true },
  articleCard: { width: 400, height: 210, avif: true },
  productGallery: { width: 640, height: 480, avif: true },
  articleFeatured: { width: 720, height: 378, avif: true },
  /** The body column (46rem): body pictures keep their proportions. */
  articleBody: { width: 736, avif: true },
  sphere: { width: 760, height: 400, avif: true },
  articleCover: { width: 960, height: 504, avif: true },
} as const satisfies Record<string, DisplaySize>
export type ImageSizeName = keyof typeof IMAGE_SIZES

/** Share pictures (og:image, JSON-LD, product feeds): asked for at 1x by crawlers, messengers and marketplaces. */
export const SHARE_IMAGE_SIZES = {
  product: { width: 1200, height: 900 },
  article: { width: 1200, height: 630 },
  sphere: IMAGE_SIZES.sphere,
} as const satisfies Record<string, ImageBox>

const boxKey = (width?: number, height?: number) => `${width ?? ''}x${height ?? ''}`

/** Each box the service renders, with the formats it encodes at that box. */
const SERVED = new Map<string, Set<ImageFormat>>()
function serve(box: ImageBox, formats: readonly ImageFormat[]) {
  const key = boxKey(box.width, box.height)
  SERVED.set(key, new Set([...(SERVED.get(key) ?? []), ...formats]))
}
for (const size of Object.values(IMAGE_SIZES) as DisplaySize[]) {
  serve(size, ['webp', 'avif'])
  serve({ width: size.width * 2, height: size.height && size.height * 2 }, ['webp', 'avif'])
}
for (const size of Object.values(SHARE_IMAGE_SIZES)) serve(size, ['png', 'webp', 'jpeg'])

/** Whether the image service renders a picture at this width and height in this format. */
export function isServedImage(width: number | undefined, height: number | undefined, format: ImageFormat): boolean {
  return SERVED.get(boxKey(width, height))?.has(format) ?? false
}

/** A path below ASSETS_PREFIX, from the path itself (with or without a leading slash) or the prefix's URL. */
const assetPath = (src: string) =>
  src.startsWith(ASSETS_PREFIX) ? src.slice(ASSETS_PREFIX.length) : src.replace(/^\//, '')

/** An uploaded picture (a photograph): its content never changes under its URL. */
export const isUploadedImage = (src: string) => assetPath(src).startsWith(UPLOADED_IMAGE_PREFIX)

/** Whether AppImage offers an AVIF source beside the WebP one for this picture at this size. */
export const hasAvif = (src: string, size: ImageSizeName) => isUploadedImage(src) || 'avif' in IMAGE_SIZES[size]

export function isImageUrl(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? ''
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase()
  return path.includes('.') && (IMAGE_EXTENSIONS as readonly string[]).includes(ext)
}

export interface ImageUrlOptions extends ImageBox {
  cdnUrl: string
  format?: ImageFormat
  /**
   * The version of the static images (a hash of content/assets, PublicConfig.assetsVersion): with
   * it the service may let browsers keep a static picture for a year. Uploads need none.
   */
  version?: string | null
}

/**
 * `{cdn}/marketplace-frontend-assets/{src}?w=&h=&f=&v=` for a box of IMAGE_SIZES (or its 2x) or
 * SHARE_IMAGE_SIZES; throws on a non-image URL and on a box the service would refuse.
 * `src` is a path below the prefix or the prefix's own URL (`/marketplace-frontend-assets/…`).
 */
export function buildImageUrl(src: string, opts: ImageUrlOptions): string {
  if (!isImageUrl(src)) throw new Error(`Not an image URL: ${src}`)
  const format = opts.format ?? 'webp'
  if (!isServedImage(opts.width, opts.height, format)) {
    throw new Error(`The image service does not render ${boxKey(opts.width, opts.height)} ${format}: see IMAGE_SIZES`)
  }
  const path = assetPath(src)
  // By hand rather than with URLSearchParams: a page builds a hundred of these, and the numbers
  // and the format need no encoding.
  let query = `w=${opts.width}`
  if (opts.height) query += `&h=${opts.height}`
  query += `&f=${format}`
  if (opts.version && !isUploadedImage(path)) query += `&v=${encodeURIComponent(opts.version)}`
  return `${opts.cdnUrl.replace(/\/$/, '')}${ASSETS_PREFIX}${path}?${query}`
}

/**
 * The 1x and 2x variants of an image at a named size: the 2x one doubles width and height.
 * `srcSet` lists both, for a <source> or a preload, which have no `src`; `imgSrcSet` only the 2x
 * one, for an <img> beside `src`, which a browser takes as the 1x candidate (HTML, «srcset»):
 * a card's picture is then three addresses of some 100 characters instead of four.
 */
export function buildImageSrcSet(
  src: string,
  size: ImageSizeName,
  opts: Omit<ImageUrlOptions, 'width' | 'height'>,
): { src: string; srcSet: string; imgSrcSet: string } {
  const box: ImageBox = IMAGE_SIZES[size]
  const x1 = buildImageUrl(src, { ...opts, ...box })
  const x2 = buildImageUrl(src, { ...opts, width: box.width * 2, height: box.height && box.height * 2 })
  return { src: x1, srcSet: `${x1} 1x, ${x2} 2x`, imgSrcSet: `${x2} 2x` }
}
