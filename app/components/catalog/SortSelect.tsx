import { useId } from 'react'
import { useNavigate, useNavigation } from 'react-router'
import { type ListingQuery, listingSearchParams, SORT_LABELS, SORTS, type Sort } from '#common/catalog/listing.ts'
import classes from './catalog.module.css'
import { listingHref } from './listing-url.ts'

/** The sort order: a GET form that carries the other parameters; with JavaScript it applies on change. */
export function SortSelect({ query, basePath }: { query: ListingQuery; basePath: string }) {
  const navigate = useNavigate()
  const navigation = useNavigation()
  const id = useId()
  const defaultSort: Sort = query.q ? 'relevance' : 'popular'
  // Relevance means something only for a search, and then it comes first.
  const sorts = query.q
    ? (['relevance', ...SORTS.filter((s) => s !== 'relevance')] as Sort[])
    : SORTS.filter((s) => s !== 'relevance')
  // While the next page loads, the select already shows what was chosen.
  const pending = navigation.location?.pathname === basePath ? navigation.location.search : null
  const value = pending === null ? query.sort : (new URLSearchParams(pending).get('sort') ?? defaultSort)
  const carried = [...listingSearchParams({ ...query, sort: undefined, page: 1 })]
  return (
    <form method="get" action={basePath} className={classes.sort}>
      {carried.map(([name, v]) => (
        <input key={`${name}=${v}`} type="hidden" name={name} value={v} />
      ))}
      <label htmlFor={id} className={classes.sortLabel}>
        Сортировка
      </label>
      <select
        id={id}
        name="sort"
        className={classes.select}
        value={value}
        onChange={(e) =>
          void navigate(listingHref(basePath, { ...query, sort: e.target.value as Sort, page: 1 }), {
            preventScrollReset: true,
          })
        }
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={classes.buttonOutline}>
          Показать
        </button>
      </noscript>
    </form>
  )
}
