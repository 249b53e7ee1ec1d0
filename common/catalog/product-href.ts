/**
 * Addresses of the product pages (decision 061). A model's page is `/product/{model slug}`; an
 * offer is that page with the offer chosen, `?offer={offer slug}`. An offer's own old address,
 * `/product/{offer slug}`, redirects there permanently; an offer not yet given a model (a moment
 * between its insert and its assignment) is still shown at its own.
 */

/** The query parameter that chooses an offer on its model's page. */
export const OFFER_PARAM = 'offer'

export function modelHref(modelSlug: string): string {
  return `/product/${modelSlug}`
}

export function offerHref(offer: { slug: string; modelSlug: string | null }): string {
  return offer.modelSlug
    ? `${modelHref(offer.modelSlug)}?${OFFER_PARAM}=${encodeURIComponent(offer.slug)}`
    : `/product/${offer.slug}`
}

/** The offer an address of `offerHref` names: its `?offer=`, else the slug after /product/; null for another address. */
export function offerSlugOf(href: string): string | null {
  const url = new URL(href, 'http://localhost')
  if (!url.pathname.startsWith('/product/')) return null
  return url.searchParams.get(OFFER_PARAM) ?? decodeURIComponent(url.pathname.slice('/product/'.length))
}
