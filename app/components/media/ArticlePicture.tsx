import { AppImage } from '#app/components/AppImage.tsx'
import type { ImageSizeName } from '#common/images.ts'
import type { ArticleImage } from '#common/media/articles.ts'

/**
 * A cover or body picture of an article at one of the image service's sizes: demo art and uploads
 * alike through AppImage (an upload's URL is below the same prefix). `priority` is for the one
 * picture that is the page's largest above the fold.
 */
export function ArticlePicture({
  image,
  size,
  priority = false,
  className,
  decorative = false,
}: {
  image: ArticleImage
  size: ImageSizeName
  priority?: boolean
  className?: string
  /** On a card whose title says it all, the picture is decoration (alt=""). */
  decorative?: boolean
}) {
  return (
    <AppImage src={image.src} alt={decorative ? '' : image.alt} size={size} priority={priority} className={className} />
  )
}
