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
