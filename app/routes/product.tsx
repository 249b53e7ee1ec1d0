import { Suspense } from 'react'
import { Await, redirect } from 'react-router'
import { OFFER_PARAM } from '#common/catalog/product-href.ts'
import { actionFailure, formValues } from '#app/lib/action-result.ts'
import { describeProduct } from '#app/components/product/product-display.server.ts'
import { productMeta } from '#app/components/product/product-meta.ts'
import { buildProductSeo } from '#app/components/product/product-seo.server.ts'
import { toTileProduct } from '#app/components/product/product-tile.server.ts'
import { ProductView } from '#app/components/product/ProductView.tsx'
import { OtherOffers } from '#app/components/product/OtherOffers.tsx'
import { offerSortOf, toOfferRows } from '#app/components/product/other-offers.server.ts'
import { RelatedProducts } from '#app/components/product/RelatedProducts.tsx'
import { Compatibility } from '#app/components/product/Compatibility.tsx'
import { toCompatibility } from '#app/components/product/compatibility.server.ts'
import { ProductArticles } from '#app/components/media/ProductArticles.tsx'
import { reviewPageFromUrl } from '#app/components/reviews/review-page.ts'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import type { Route } from './+types/product'

const ARTICLES_COUNT = 3

/**
 * /product/{slug}: a model's page (decision 061) with the offer `?offer=` names, or its default
 * offer (the best price in stock); an offer's own old address and a merged model's redirect
 * permanently, anything else is the 404 page. «Другие предложения» (the model's other offers),
 * «Похожие товары» (the same category's nearest by their main characteristics) and «Статьи о
 * товаре» stream in after the page: they must not hold it up.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, ctx, publicConfig } = getAppContext(context)
  const offerSlug = new URL(request.url).searchParams.get(OFFER_PARAM)
  const page = await loadOrFail(request, () => services.catalog.openProductPage(ctx, params.slug, offerSlug))
  if (page.kind === 'moved') throw redirect(withPageParams(page.to, request.url), 301)
  const product = page.product
  // Two statements (the page and the summary), side by side: the reviews are part of the page.
  const [reviews, model, buyerRegion] = await Promise.all([
    services.reviews.listForProduct(ctx, product.id, { page: reviewPageFromUrl(request.url) }),
    // From the in-memory index, no statement: the JSON-LD's AggregateOffer for the page's head.
    services.catalog.modelOfferSummary(ctx, product.id),
    // A signed-in buyer's region, to say which offers deliver there (guests' pages are cached).
    services.organizations.regionCodeOf(ctx),
  ])
  const neighbours = services.catalog.listNeighbours(ctx, product.id)
  const related = neighbours
    .then(({ similar }) => similar.map(toTileProduct))
    // A decoration: if it fails the page simply goes without it.
    .catch(() => [])
  // «Другие предложения» likewise, with their sellers' ratings.
  const offerSort = offerSortOf(request.url)
  const offers = neighbours
    .then(async ({ offers: cards }) =>
      toOfferRows(
        cards,
        await services.reviews.sellerRatings(
          ctx,
          cards.map((card) => card.vendor.id),
        ),
        offerSort,
        buyerRegion,
      ),
    )
    .catch(() => [])
  // «Совместимые аксессуары и запчасти» or «Подходит к моделям» likewise.
  const compatibility = services.catalog
    .compatibility(ctx, product)
    .then((found) => toCompatibility(found, product.modelSlug))
    .catch(() => toCompatibility({ fits: [], accessories: [] }, null))
  // «Статьи о товаре» likewise: streamed after the page, dropped on failure.
  const articles = services.media.embedding(ctx, product.id, ARTICLES_COUNT).catch(() => [])
  return {
    product,
    display: describeProduct(product, buyerRegion),
    reviews,
    offers,
    offerSort,
    // The offer the address names, kept in the links that reorder the offers.
    chosen: offerSlug === product.slug ? offerSlug : null,
    related,
    compatibility,
    articles,
    ...buildProductSeo(publicConfig.publicUrl, product, reviews, model),
  }
}

/** The page's own parameters (the offers' order, the reviews' page) carried over to where it moved. */
function withPageParams(to: string, from: string): string {
  const target = new URL(to, 'http://localhost')
  const asked = new URL(from).searchParams
  for (const name of PAGE_PARAMS) {
    const value = asked.get(name)
    if (value !== null && !target.searchParams.has(name)) target.searchParams.set(name, value)
  }
  return target.pathname + target.search
}

/** What a product page reads from its address besides the chosen offer. */
const PAGE_PARAMS = ['offers', 'reviews']

/** A member of the product's seller answers a review of it (once); the service decides who may. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, ctx } = getAppContext(context)
  const values = formValues(await request.formData())
  try {
    await services.reviews.answer(ctx, 'product', values.id ?? '', { text: values.text ?? '' })
    return { ok: true as const }
  } catch (error) {
    return actionFailure(error, values)
  }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => productMeta(loaderData))

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ProductView product={loaderData.product} display={loaderData.display} reviews={loaderData.reviews} />
      <Suspense fallback={null}>
        <Await resolve={loaderData.offers}>
          {(items) => <OtherOffers offers={items} sort={loaderData.offerSort} chosen={loaderData.chosen} />}
        </Await>
      </Suspense>
      <Suspense fallback={null}>
        <Await resolve={loaderData.compatibility}>{(found) => <Compatibility {...found} />}</Await>
      </Suspense>
      <Suspense fallback={null}>
        <Await resolve={loaderData.related}>{(items) => <RelatedProducts products={items} />}</Await>
      </Suspense>
      <Suspense fallback={null}>
        <Await resolve={loaderData.articles}>{(items) => <ProductArticles articles={items} />}</Await>
      </Suspense>
    </>
  )
}
