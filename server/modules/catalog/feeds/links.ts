import { offerHref } from '#common/catalog/product-href.ts'
import { buildImageUrl, isImageUrl, SHARE_IMAGE_SIZES } from '#common/images.ts'

/**
 * Absolute addresses for feeds, which are read by robots on other sites: the product page, and
 * each picture through the same image service the pages use (`buildImageUrl`, as `AppImage`
 * renders it), from the CDN when one is configured and from the site itself otherwise.
 */

/** Yandex Market asks for pictures of at least 600 px; 4:3 like the product gallery. */
export const FEED_IMAGE = { ...SHARE_IMAGE_SIZES.product, format: 'jpeg' } as const

export interface FeedLinks {
  /** The addresses' bases: a feed's version depends on them. */
  site: string
  /** An offer's page: its model's with it chosen (common/catalog/product-href.ts). */
  productUrl(offer: { slug: string; modelSlug: string | null }): string
  sellerUrl(slug: string): string
  /** Null for a source that is not an image (it would not render on the site either). */
  imageUrl(src: string): string | null
}

export function feedLinks(site: { publicUrl: string; cdnUrl: string }): FeedLinks {
  const origin = site.publicUrl.replace(/\/$/, '')
  const absolute = (url: string) =>
    /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`
  return {
    site: `${origin} ${site.cdnUrl}`,
    productUrl: (offer) => `${origin}${offerHref(offer)}`,
    sellerUrl: (slug) => `${origin}/sellers/${encodeURIComponent(slug)}`,
    imageUrl: (src) => (isImageUrl(src) ? absolute(buildImageUrl(src, { cdnUrl: site.cdnUrl, ...FEED_IMAGE })) : null),
  }
}
