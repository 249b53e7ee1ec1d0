import { useId } from 'react'
import { useNavigation } from 'react-router'
import { formatCount } from '#app/lib/format.ts'
import { useViewport } from '#app/lib/viewport.tsx'
import { OFFER_FORMS, PRODUCT_FORMS } from '#common/catalog/format.ts'
import { hasFilters } from '#common/catalog/listing.ts'
import type { ListingView } from '#common/catalog/types.ts'
import { AppliedFilters } from './AppliedFilters.tsx'
import classes from './catalog.module.css'
import { EmptyState } from './EmptyState.tsx'
import { FacetPanel } from './FacetPanel.tsx'
import { FilterDrawer, FiltersButton } from './FilterDrawer.tsx'
import { appliedFilters, listingHref, resetHref } from './listing-url.ts'
import { Pagination } from './Pagination.tsx'
import { ProductGrid } from './ProductGrid.tsx'
import { useMoreCards } from './ShowMore.tsx'
import { SortSelect } from './SortSelect.tsx'

export interface CatalogListingProps {
  listing: ListingView
  /** The page the listing lives on ('/catalog/bespilotniki', '/sellers/aerotech'): every link keeps it. */
  basePath: string
  /** Facet keys not to offer (a seller's page hides 'vendor'). */
  hiddenFacets?: string[]
}

/**
 * A whole product listing: filters (a sidebar, a drawer on phones), the result count and sort,
 * the chosen filters as chips, the cards and the pages. Its state is the URL: every control is a
 * link or a GET form, so it works before JavaScript and Back restores the previous state.
 */
export function CatalogListing({ listing, basePath, hiddenFacets = [] }: CatalogListingProps) {
  const navigation = useNavigation()
  const viewport = useViewport()
  const dialogId = `filters-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  const { query } = listing
  const pending = navigation.state !== 'idle' && navigation.location?.pathname === basePath
  const facets = listing.facets.filter((f) => !hiddenFacets.includes(f.key))
  const chips = appliedFilters({ facets, query }, basePath)
  const reset = resetHref(basePath, query)
  const filtered = hasFilters(query)
  const outOfRange = listing.items.length === 0 && listing.total > 0
  const more = useMoreCards(listing, basePath)

  return (
    <div className={classes.layout}>
      <FilterDrawer dialogId={dialogId}>
        {(close) => (
          <FacetPanel
            facets={facets}
            query={query}
            basePath={basePath}
            resetHref={reset}
            total={listing.total}
            pending={pending}
            onSubmitted={close}
          />
        )}
      </FilterDrawer>
      <section className={classes.results} aria-busy={pending} aria-labelledby={`${dialogId}-count`}>
        <div className={classes.toolbar}>
          <p id={`${dialogId}-count`} className={classes.count} role="status">
            {listing.total > 0 ? `Найдено ${formatCount(listing.total, PRODUCT_FORMS)}` : 'Ничего не найдено'}
            {listing.offerTotal > listing.total && ` · ${formatCount(listing.offerTotal, OFFER_FORMS)}`}
          </p>
          <div className={classes.toolbarActions}>
            <FiltersButton dialogId={dialogId} activeCount={chips.length} />
            {listing.total > 1 && <SortSelect query={query} basePath={basePath} />}
          </div>
        </div>
        <AppliedFilters chips={chips} resetHref={reset} />
        <h2 className={classes.visuallyHidden}>Товары</h2>
        {listing.items.length > 0 ? (
          <>
            <ProductGrid items={more.items} eagerCount={viewport === 'mobile' ? 1 : 3} />
            {more.button}
          </>
        ) : (
          <EmptyState
            q={query.q}
            filtered={filtered}
            resetHref={reset}
            firstPageHref={outOfRange ? listingHref(basePath, { ...query, page: 1 }) : undefined}
          />
        )}
        <Pagination
          page={more.last.page}
          pageCount={listing.pageCount}
          hrefFor={(page) => listingHref(basePath, { ...query, page })}
        />
      </section>
    </div>
  )
}
