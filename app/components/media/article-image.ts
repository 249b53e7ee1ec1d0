import { buildImageSrcSet, hasAvif, IMAGE_SIZES, type ImageUrlOptions } from '#common/images.ts'

/**
 * A picture of an article's body as HTML: the body is a string (the sanitizer's markup), so this is
 * AppImage's output written by hand, from the same URL builder: the column's width, 1x and 2x, WebP
 * with an AVIF source in front, lazy (the cover is the page's first picture). `src` is an upload's
 * or a static picture's URL below /marketplace-frontend-assets/; the height keeps its proportions.
 */
export function bodyPictureHtml(
  src: string,
  alt: string,
  box: { width: number; height: number },
  images: Pick<ImageUrlOptions, 'cdnUrl' | 'version'>,
): string {
  const webp = buildImageSrcSet(src, 'articleBody', images)
  const img = `<img src="${webp.src}" srcset="${webp.imgSrcSet}" alt="${alt}" width="${box.width}" height="${box.height}" loading="lazy" decoding="async">`
  if (!hasAvif(src, 'articleBody')) return img
  const avif = buildImageSrcSet(src, 'articleBody', { ...images, format: 'avif' })
  return `<picture><source type="image/avif" srcset="${avif.srcSet}">${img}</picture>`
}

/** The column's width in CSS pixels (46rem): a wider picture is drawn at this width. */
export const BODY_IMAGE_WIDTH = IMAGE_SIZES.articleBody.width
