import { redirect } from 'react-router'
import { CatalogListing } from '#app/components/catalog/CatalogListing.tsx'
import classes from '#app/components/catalog/catalog.module.css'
import { listingHref, wantsAllOptions, withoutEmptyFields } from '#app/components/catalog/listing-url.ts'
import { AppLink } from '#app/components/AppLink.tsx'
import { Breadcrumbs, type Crumb } from '#app/components/product/Breadcrumbs.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { formatCount } from '#app/lib/format.ts'
import { loadOrFail, notFound, pagePath } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { categoryTrail, childCategories, getCategory } from '#common/catalog/categories.ts'
import { PRODUCT_FORMS } from '#common/catalog/format.ts'
import { LISTING_PAGE_SIZE, listingSearchParams, parseListingQuery } from '#common/catalog/listing.ts'
import { type Listing, listingView } from '#common/catalog/types.ts'
import { buildImageUrl, SHARE_IMAGE_SIZES } from '#common/images.ts'
import { PLATFORM } from '#content/company.ts'
import type { Route } from './+types/catalog'
import { quote } from '#common/format.ts'

/**
 * /catalog/{slug}: a category's products with filters, sort and pages, and the site search
 * (?q=). Everything comes from the URL; values the listing cannot use are dropped, never a 5xx.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const category = getCategory(params.slug)
  if (!category) notFound(request)
  const clean = withoutEmptyFields(request)
  if (clean) throw redirect(clean)
  const { services, ctx, publicConfig } = getAppContext(context)
  const { query } = parseListingQuery(new URL(request.url).searchParams, LISTING_PAGE_SIZE)
  const listing = await loadOrFail(request, () =>
    services.catalog.listProducts(ctx, query, { categorySlug: category.slug }),
  )
  const basePath = pagePath(request)
  const q = listing.query.q

  const trail = categoryTrail(category.slug)
  const crumbs: Crumb[] = trail.map((c) => ({ label: c.title, to: `/catalog/${c.slug}` }))
  if (q) crumbs.push({ label: `Поиск ${quote(q)}` })

  // Child categories with the number of products each would show under the current filters.
  const typeFacet = listing.facets.find((f) => f.kind === 'terms' && f.key === 'type')
  const typeCounts = new Map(typeFacet?.kind === 'terms' ? typeFacet.options.map((o) => [o.value, o.count]) : [])
  const subcategories = childCategories(category.slug)
    .map((child) => ({
      title: child.title,
      href: listingHref(`/catalog/${child.slug}`, { ...listing.query, types: [], page: 1 }),
      count: child.droneType ? (typeCounts.get(child.droneType) ?? 0) : null,
    }))
    .filter((child) => child.count !== 0)

  const heading = q ? `Результаты поиска ${quote(q)}` : category.heading
  return {
    listing: listingView(listing, { allOptions: wantsAllOptions(request) }),
    basePath,
    heading,
    description: q ? null : category.description,
    crumbs,
    subcategories,
    ...buildCatalogSeo(publicConfig.publicUrl, basePath, heading, category.description, listing),
  }
}

function buildCatalogSeo(publicUrl: string, basePath: string, heading: string, about: string, listing: Listing) {
  const { query, page, pageCount, total } = listing
  const pageNote = page > 1 ? `, страница ${page}` : ''
  const title = query.q
    ? `${heading}${pageNote} — ${PLATFORM.brand}`
    : `${heading} — купить в каталоге ${PLATFORM.brand}${pageNote}`
  const image = listing.items.find((p) => p.image)?.image
  const seo = buildSeo(publicUrl, {
    title,
    description: `${formatCount(total, PRODUCT_FORMS)} от проверенных поставщиков. ${about}`,
    // The sort does not make another page: every order has the same canonical URL.
    path: listingHref(basePath, { ...query, sort: undefined }),
    image: image ? buildImageUrl(image.src, { cdnUrl: '', ...SHARE_IMAGE_SIZES.product, format: 'png' }) : undefined,
  })
  // Search results and combinations of filters are for people, not for the index.
  const filterParams = listingSearchParams({ ...query, q: undefined, sort: undefined, page: 1 })
  const noindex = Boolean(query.q) || filterParams.size > 1 || total === 0
  const pageUrl = (p: number) => `${publicUrl}${listingHref(basePath, { ...query, page: p })}`
  return {
    seo,
    noindex,
    prev: page > 1 && page <= pageCount ? pageUrl(page - 1) : null,
    next: page < pageCount ? pageUrl(page + 1) : null,
  }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => {
  if (!loaderData) return []
  const tags = seoMeta(loaderData.seo)
  if (loaderData.noindex) tags.push({ name: 'robots', content: 'noindex, follow' })
  if (loaderData.prev) tags.push({ tagName: 'link', rel: 'prev', href: loaderData.prev })
  if (loaderData.next) tags.push({ tagName: 'link', rel: 'next', href: loaderData.next })
  return tags
})

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function CatalogRoute({ loaderData }: Route.ComponentProps) {
  const { listing, basePath, heading, description, crumbs, subcategories } = loaderData
  return (
    <>
      <Breadcrumbs crumbs={crumbs} />
      <h1 className={classes.heading}>{heading}</h1>
      {description && <p className={classes.lead}>{description}</p>}
      {listing.correctedQuery && (
        <p className={classes.notice}>
          Показаны результаты по запросу «<strong>{listing.correctedQuery}</strong>»
        </p>
      )}
      {subcategories.length > 0 && (
        <nav aria-label="Разделы каталога">
          <ul className={classes.subcategories}>
            {subcategories.map((child) => (
              <li key={child.href}>
                <AppLink to={child.href} className={classes.pill}>
                  {child.title}
                  {child.count !== null && <span className={classes.pillCount}>{child.count}</span>}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <CatalogListing listing={listing} basePath={basePath} />
    </>
  )
}
