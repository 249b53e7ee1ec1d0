import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { formatCount } from '#app/lib/format.ts'
import { PRODUCT_FORMS } from '#common/catalog/format.ts'
import type { ListingView, ProductTile } from '#common/catalog/types.ts'
import classes from './catalog.module.css'
import { listingHref, sameListingState } from './listing-url.ts'

export interface MoreCards {
  /** The page's cards and those added after them. */
  items: ProductTile[]
  /** The last page shown: the pages' links go on from it. */
  last: ListingView
  /** «Показать ещё», or nothing after the last page. */
  button: ReactNode
}

/**
 * «Показать ещё»: the next page's cards added below the shown ones, without leaving the page
 * (decision 077). It is a link to the next page, so without JavaScript it is one; with it, the
 * page's own loader is asked for that page and its cards are appended, and the focus moves to the
 * first of them. A new query or page (another address) starts again from the page's own cards; a
 * reload of the same address (after signing in, say) keeps what was added.
 */
export function useMoreCards(listing: ListingView, basePath: string): MoreCards {
  const fetcher = useFetcher<{ listing: ListingView }>()
  const address = listingHref(basePath, listing.query)
  const [added, setAdded] = useState<{ address: string; pages: ListingView[] }>({ address, pages: [] })
  const pages = added.address === address ? added.pages : []
  const last = pages.at(-1) ?? listing
  const items = pages.length ? [...listing.items, ...pages.flatMap((p) => p.items)] : listing.items
  const shown = items.length
  const anchor = useRef<HTMLParagraphElement>(null)

  // Each answer is taken once, while the page still shows the state it was asked from.
  const [taken, setTaken] = useState(fetcher.data)
  if (fetcher.data !== taken) {
    setTaken(fetcher.data)
    const next = fetcher.data?.listing
    if (next && next.page === last.page + 1 && sameListingState(next.query, listing.query))
      setAdded({ address, pages: [...pages, next] })
  }

  // The focus goes to the first card added, so the keyboard reads on where the page went on.
  const firstAdded = pages.length > 0 ? shown - last.items.length : null
  useEffect(() => {
    if (firstAdded === null) return
    const grid = anchor.current?.previousElementSibling // the grid stands right above
    grid?.children[firstAdded]?.querySelector<HTMLAnchorElement>('h3 a')?.focus()
  }, [firstAdded])

  const nextHref = listingHref(basePath, { ...listing.query, page: last.page + 1 })
  const loading = fetcher.state !== 'idle'
  const left = Math.min(last.pageSize, last.total - last.page * last.pageSize)
  function load(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    if (!loading) fetcher.load(nextHref)
  }

  const button =
    last.page < last.pageCount ? (
      <p className={classes.showMore} ref={anchor}>
        <a href={nextHref} onClick={load} aria-disabled={loading || undefined} className={classes.showMoreLink}>
          {loading ? 'Загружаем…' : `Показать ещё ${formatCount(left, PRODUCT_FORMS)}`}
        </a>
        <span role="status" className={classes.showMoreCount}>
          {pages.length > 0 && `Показано ${shown} из ${listing.total}`}
        </span>
      </p>
    ) : pages.length > 0 ? (
      <p className={classes.showMore} ref={anchor}>
        <span role="status" className={classes.showMoreCount}>{`Показаны все ${shown}`}</span>
      </p>
    ) : null

  return { items, last, button }
}
