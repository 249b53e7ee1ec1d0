import { AppImage } from '#app/components/AppImage.tsx'
import type { ArticleImage } from '#common/media/articles.ts'
import { articleImageUrl } from './article-image.ts'

/**
 * A cover or body picture of an article at a given box: demo art through AppImage (the static
 * assets), uploads by their own URL; both 1x/2x WebP with width and height so nothing shifts.
 * `priority` is for the one picture that is the page's largest above the fold.
 */
export function ArticlePicture({
  image,
  width,
  height,
  priority = false,
  sizes,
  className,
  decorative = false,
}: {
  image: ArticleImage
  width: number
  height: number
  priority?: boolean
  sizes?: string
  className?: string
  /** On a card whose title says it all, the picture is decoration (alt=""). */
  decorative?: boolean
}) {
  const alt = decorative ? '' : image.alt
  const loading = priority ? 'eager' : 'lazy'
  const fetchPriority = priority ? 'high' : undefined
  if (image.kind === 'asset') {
    return (
      <AppImage
        src={image.src}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        sizes={sizes}
        className={className}
      />
    )
  }
  const x1 = articleImageUrl(image, { width, height })
  const x2 = articleImageUrl(image, { width: width * 2, height: height * 2 })
  return (
    <img
      src={x1}
      srcSet={`${x1} 1x, ${x2} 2x`}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      className={className}
      style={{ maxWidth: '100%', height: 'auto' }}
    />
  )
}
