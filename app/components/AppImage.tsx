import { preload } from 'react-dom'
import { useRouteLoaderData } from 'react-router'
import { buildImageSrcSet, hasAvif, IMAGE_SIZES, type ImageSizeName } from '#common/images.ts'
import type { RootData } from '#app/lib/root-data.ts'
import classes from './AppImage.module.css'

export interface AppImageProps {
  /** Path below /marketplace-frontend-assets/ ('spheres/transport.svg', 'product-photos/<key>.webp') or that prefix's URL. */
  src: string
  alt: string
  /** The box it is drawn in: one of the sizes the image service renders (common/images.ts). */
  size: ImageSizeName
  /**
   * The height of a picture that keeps its proportions (IMAGE_SIZES without a height), so the
   * page keeps its place before it loads.
   */
  height?: number
  /** 'eager' only above the fold; with `priority` for the page's largest picture (its LCP element). */
  loading?: 'lazy' | 'eager'
  priority?: boolean
  className?: string
}

/**
 * Every picture of the pages: width and height set, 1x and 2x from the image service, WebP, with
 * an AVIF source in front where AVIF is smaller at that size. The <picture> takes no box of its own
 * (display: contents, app.css), so styles and layouts see the <img> as before. No `sizes`: with 1x
 * and 2x candidates the browser picks by pixel density and ignores it (it serves width descriptors
 * only); the <img>'s `src` is its 1x candidate, so its `srcset` names the 2x one alone.
 */
export function AppImage({ src, alt, size, height, loading, priority = false, className }: AppImageProps) {
  const root = useRouteLoaderData('root') as RootData | undefined
  const opts = { cdnUrl: root?.publicConfig.cdnUrl ?? '', version: root?.publicConfig.assetsVersion }
  const webp = buildImageSrcSet(src, size, opts)
  const box = IMAGE_SIZES[size]
  const img = (
    <img
      src={webp.src}
      srcSet={webp.imgSrcSet}
      alt={alt}
      width={box.width}
      height={'height' in box ? box.height : height}
      loading={loading ?? (priority ? 'eager' : 'lazy')}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      className={className ? `${classes.image} ${className}` : classes.image}
    />
  )
  if (!hasAvif(src, size)) return img
  const avif = buildImageSrcSet(src, size, { ...opts, format: 'avif' })
  // React preloads a plain <img> it renders eagerly, but not one inside a <picture> (the browser
  // picks the source): the page's largest picture is preloaded here, at the head's very top, as the
  // AVIF source a browser that reads AVIF will pick (`type` lets the others skip it).
  if (priority) {
    preload(avif.src, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: avif.srcSet,
      fetchPriority: 'high',
    })
  }
  return (
    <picture>
      <source type="image/avif" srcSet={avif.srcSet} />
      {img}
    </picture>
  )
}
