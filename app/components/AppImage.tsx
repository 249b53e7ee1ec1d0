import { useRouteLoaderData } from 'react-router'
import { buildImageSrcSet, type ImageFormat } from '#common/images.ts'
import type { loader as rootLoader } from '#app/root.tsx'

export interface AppImageProps {
  /** Path below /marketplace-frontend-assets/, e.g. 'spheres/transport.svg'. */
  src: string
  alt: string
  width: number
  height: number
  format?: ImageFormat
  loading?: 'lazy' | 'eager'
  /** 'high' for the page's largest picture above the fold (its LCP element). */
  fetchPriority?: 'high' | 'low' | 'auto'
  className?: string
  sizes?: string
}

/** Static images from the CDN, with a 2x variant of doubled width and height, webp by default. */
export function AppImage({
  src,
  alt,
  width,
  height,
  format = 'webp',
  loading = 'lazy',
  fetchPriority,
  className,
  sizes,
}: AppImageProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const urls = buildImageSrcSet(src, { cdnUrl: root?.publicConfig.cdnUrl ?? '', width, height, format })
  return (
    <img
      src={urls.src}
      srcSet={urls.srcSet}
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
