import { redirect } from 'react-router'
import { reviewPageFromUrl, reviewPageHref } from '#app/components/reviews/review-page.ts'
import { LazySellerAnswerForm, ReviewsSection } from '#app/components/reviews/ReviewList.tsx'
import { actionFailure, formValues } from '#app/lib/action-result.ts'
import { CatalogListing } from '#app/components/catalog/CatalogListing.tsx'
import { listingHref, wantsAllOptions, withoutEmptyFields } from '#app/components/catalog/listing-url.ts'
import { Breadcrumbs } from '#app/components/product/Breadcrumbs.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { SellerHeader } from '#app/components/sellers/SellerHeader.tsx'
import { SellerRequisites } from '#app/components/sellers/SellerRequisites.tsx'
import classes from '#app/components/sellers/sellers.module.css'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { hasFilters, LISTING_PAGE_SIZE, parseListingQuery } from '#common/catalog/listing.ts'
import { listingView } from '#common/catalog/types.ts'
import { REVIEW_MESSAGES } from '#common/reviews.ts'
import { CATALOG_ROOT_SLUG } from '#common/spheres.ts'
import { PLATFORM } from '#content/company.ts'
import type { Route } from './+types/seller'

/**
 * /sellers/{slug}: a confirmed vendor's card and its products, with the catalogue's filters
 * (state in the URL, like the catalogue). Anyone else — unknown, not a vendor, not confirmed
 * yet — is the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const clean = withoutEmptyFields(request)
  if (clean) throw redirect(clean)
  const { services, ctx, publicConfig } = getAppContext(context)
  const { query } = parseListingQuery(new URL(request.url).searchParams, LISTING_PAGE_SIZE)
  // The page is one vendor's: a vendor filter from a pasted catalogue URL means nothing here.
  const scoped = { ...query, vendors: [] }
  const [seller, listing, reviews] = await loadOrFail(request, () =>
    Promise.all([
      services.sellers.getSeller(ctx, params.slug),
      services.catalog.listProducts(ctx, scoped, { categorySlug: CATALOG_ROOT_SLUG, vendorSlug: params.slug }),
      services.reviews.listForSeller(ctx, params.slug, { page: reviewPageFromUrl(request.url) }),
    ]),
  )
  const basePath = `/sellers/${seller.slug}`
  const about = seller.description.replace(/\s+/g, ' ').trim()
  const pageNote = listing.page > 1 ? `, страница ${listing.page}` : ''
  return {
    seller,
    listing: listingView(listing, { allOptions: wantsAllOptions(request) }),
    reviews,
    basePath,
    // Filtered and searched states are for people; the index gets the seller's plain pages.
    noindex: Boolean(listing.query.q) || hasFilters(listing.query),
    seo: buildSeo(publicConfig.publicUrl, {
      title: `${seller.name} — беспилотники продавца${pageNote} | ${PLATFORM.brand}`,
      description: about
        ? about.length > 200
          ? `${about.slice(0, about.lastIndexOf(' ', 199))}…`
          : about
        : `${seller.name}${seller.region ? `, ${seller.region}` : ''}: беспилотники в каталоге ${PLATFORM.brand}.`,
      // The sort does not make another page: every order has the same canonical URL.
      path: listingHref(basePath, { ...listing.query, sort: undefined }),
    }),
  }
}

/** A member of the seller answers a review of it (once); the service decides who may. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, ctx } = getAppContext(context)
  const form = await request.formData()
  const values = formValues(form)
  try {
    await services.reviews.answer(ctx, 'seller', values.id ?? '', { text: values.text ?? '' })
    return { ok: true as const }
  } catch (error) {
    return actionFailure(error, values)
  }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => {
  if (!loaderData) return []
  const tags = seoMeta(loaderData.seo)
  if (loaderData.noindex) tags.push({ name: 'robots', content: 'noindex, follow' })
  return tags
})

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function SellerRoute({ loaderData }: Route.ComponentProps) {
  const { seller, listing, reviews, basePath } = loaderData
  return (
    <>
      <Breadcrumbs crumbs={[{ label: 'Продавцы', to: '/sellers' }, { label: seller.name }]} />
      <SellerHeader seller={seller} rating={reviews.summary} />
      <h2 className={classes.productsTitle}>Товары продавца</h2>
      <CatalogListing listing={listing} basePath={basePath} hiddenFacets={['vendor']} />
      {/* After the products: the first screen is the catalogue's, whose pictures load first. */}
      <SellerRequisites seller={seller} />
      <ReviewsSection
        title="Отзывы о продавце"
        page={reviews}
        empty={REVIEW_MESSAGES.emptySeller}
        hrefOf={(page) => reviewPageHref(basePath, page)}
        answerFor={(review) =>
          reviews.canAnswer && !review.answer ? <LazySellerAnswerForm reviewId={review.id} /> : null
        }
      />
    </>
  )
}
