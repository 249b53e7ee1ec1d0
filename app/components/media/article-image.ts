import { buildImageUrl, type ImageFormat } from '#common/images.ts'
import { ARTICLE_COVER_SIZE } from '#common/media/article-constants.ts'
import type { ArticleImage } from '#common/media/articles.ts'

/**
 * An article picture's URL at a size. Demo art is a static asset path; an upload is served at its
 * own URL by the same image service, which reads `w`, `h` and `f` and crops to fill the box.
 */
export function articleImageUrl(
  image: ArticleImage,
  opts: { width: number; height: number; format?: ImageFormat; cdnUrl?: string },
): string {
  const format = opts.format ?? 'webp'
  if (image.kind === 'asset') {
    return buildImageUrl(image.src, { cdnUrl: opts.cdnUrl ?? '', width: opts.width, height: opts.height, format })
  }
  const [path = '', query = ''] = image.src.split('?', 2)
  const params = new URLSearchParams(query)
  params.set('w', String(Math.round(opts.width)))
  params.set('h', String(Math.round(opts.height)))
  params.set('f', format)
  return `${path}?${params.toString()}`
}

/** A box of the covers' own proportions (1200 × 630) at a width, so the crop takes nothing away. */
export function coverBox(width: number): { width: number; height: number } {
  return { width, height: Math.round((width * ARTICLE_COVER_SIZE.height) / ARTICLE_COVER_SIZE.width) }
}
