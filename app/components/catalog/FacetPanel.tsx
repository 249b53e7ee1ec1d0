import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react'
import { useFetcher, useNavigate, useNavigation } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { PRODUCT_FORMS } from '#common/catalog/format.ts'
import { hasFilters, type ListingQuery, listingSearchParams } from '#common/catalog/listing.ts'
import { type Facet, FACET_TOP_OPTIONS, type ListingView, type TermsFacetOption } from '#common/catalog/types.ts'
import { formatCount } from '#app/lib/format.ts'
import classes from './catalog.module.css'
import { formQuery } from './form-query.ts'
import { allOptionsHref, listingHref, sameListingState } from './listing-url.ts'

/** A number typed into a range applies after this pause (or at once on Enter or leaving the field). */
const NUMBER_DELAY_MS = 800

export interface FacetPanelProps {
  facets: Facet[]
  query: ListingQuery
  basePath: string
  resetHref: string
  total: number
  pending: boolean
  /** After «Показать N товаров» (the drawer closes). */
  onSubmitted?: () => void
}

/**
 * The filter form. Without JavaScript it is a GET form with a submit button; with it, a checkbox
 * applies at once and a number after a pause, each change a navigation to the canonical URL of
 * the new state, so Back returns to the previous one.
 */
export function FacetPanel({ facets, query, basePath, resetHref, total, pending, onSubmitted }: FacetPanelProps) {
  const navigate = useNavigate()
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  function apply() {
    clearTimeout(timer.current)
    if (!formRef.current) return
    const href = listingHref(basePath, formQuery(new FormData(formRef.current), facets, query))
    const pendingHref = navigation.location && `${navigation.location.pathname}${navigation.location.search}`
    if (href !== listingHref(basePath, { ...query, page: 1 }) && href !== pendingHref)
      void navigate(href, { preventScrollReset: true })
  }

  // Each load (a change applied, Back, a chip removed) brings a new query: the inputs return to
  // what the URL says, except a number the user is still typing. On the first run, what was
  // ticked before hydration is applied instead.
  const shownQuery = useRef(query)
  useEffect(() => {
    if (shownQuery.current === query) return apply()
    shownQuery.current = query
    for (const el of formRef.current?.elements ?? []) {
      if (!(el instanceof HTMLInputElement)) continue
      if (el.type === 'checkbox') el.checked = el.defaultChecked
      else if (el.type === 'number' && el !== document.activeElement) el.value = el.defaultValue
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs per load, not per render
  }, [query])
  useEffect(() => () => clearTimeout(timer.current), [])

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const input = event.nativeEvent.target as HTMLInputElement
    if (input.type === 'checkbox') return apply()
    clearTimeout(timer.current)
    timer.current = setTimeout(apply, NUMBER_DELAY_MS)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    apply()
    onSubmitted?.()
  }

  // Parameters no input here carries (the search, the sort, a hidden facet's value) ride along.
  const named = new Set(facets.flatMap((f) => (f.kind === 'range' ? [`${f.key}_min`, `${f.key}_max`] : [f.key])))
  const carried = [...listingSearchParams({ ...query, page: 1 })].filter(([name]) => !named.has(name))

  return (
    <form
      ref={formRef}
      method="get"
      action={basePath}
      autoComplete="off"
      className={classes.panel}
      onChange={onChange}
      onSubmit={onSubmit}
      onBlur={(e) => (e.nativeEvent.target as HTMLInputElement).type === 'number' && apply()}
    >
      {carried.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className={classes.panelBody}>
        {facets.map((facet) => (
          <FacetField key={facet.key} facet={facet} query={query} basePath={basePath} />
        ))}
      </div>
      <div className={classes.panelFooter}>
        <button type="submit" className={`${classes.button} ${classes.submit}`}>
          {pending ? 'Подбираем…' : `Показать ${formatCount(total, PRODUCT_FORMS)}`}
        </button>
        {hasFilters(query) && (
          <AppLink to={resetHref} className={classes.buttonOutline} preventScrollReset>
            Сбросить
          </AppLink>
        )}
      </div>
    </form>
  )
}

type TermsFacet = Extract<Facet, { kind: 'terms' }>

function FacetField({ facet, query, basePath }: { facet: Facet; query: ListingQuery; basePath: string }) {
  switch (facet.kind) {
    case 'terms':
      return <TermsField facet={facet} query={query} basePath={basePath} />
    case 'flag':
      if (facet.count === 0 && !facet.selected) return null
      return (
        <label className={classes.flag}>
          <input type="checkbox" name={facet.key} value="1" defaultChecked={facet.selected} />
          <span>{facet.title}</span>
          <span className={classes.optionCount}>{facet.count}</span>
        </label>
      )
    case 'range': {
      const { min, max, selectedMin, selectedMax } = facet
      if (min === null && max === null && selectedMin === undefined && selectedMax === undefined) return null
      return (
        <fieldset className={classes.facet}>
          <legend>
            {facet.title}, {facet.unit}
          </legend>
          <div className={classes.range}>
            <label>
              от
              <RangeInput
                name={`${facet.key}_min`}
                value={selectedMin}
                placeholder={min === null ? '' : Math.floor(min)}
              />
            </label>
            <label>
              до
              <RangeInput
                name={`${facet.key}_max`}
                value={selectedMax}
                placeholder={max === null ? '' : Math.ceil(max)}
              />
            </label>
          </div>
        </fieldset>
      )
    }
  }
}

function RangeInput({ name, value, placeholder }: { name: string; value?: number; placeholder: number | '' }) {
  return (
    <input
      className={classes.number}
      type="number"
      inputMode="decimal"
      step="any"
      min={0}
      name={name}
      defaultValue={value ?? ''}
      placeholder={String(placeholder)}
    />
  )
}

/**
 * A list of options; a long one shows its first FACET_TOP_OPTIONS and folds the rest under
 * «Показать все». The page sends a long list folded (facetView): opening it fetches the whole list
 * for the same state, and before JavaScript it is a link to the page with every option.
 */
function TermsField({ facet, query, basePath }: { facet: TermsFacet; query: ListingQuery; basePath: string }) {
  const fullHref = allOptionsHref(basePath, query, { optionsOnly: true })
  // One fetch of the whole lists for a state, whichever long facet is opened first: the others
  // read its answer. An answer counts only while the page shows the state it was asked for.
  const fetcher = useFetcher<{ listing: ListingView }>({ key: fullHref })
  const answer = fetcher.data?.listing
  const fetched =
    answer && sameListingState(answer.query, query)
      ? answer.facets.find((f): f is TermsFacet => f.kind === 'terms' && f.key === facet.key)
      : undefined
  const whole = facet.optionCount === undefined ? facet : fetched
  const options = (whole ?? facet).options
  const optionCount = facet.optionCount ?? options.length
  const folded = optionCount > FACET_TOP_OPTIONS + 1
  const shown = folded ? options.slice(0, FACET_TOP_OPTIONS) : options
  const rest = folded ? options.slice(FACET_TOP_OPTIONS) : []
  // Open from the start when a folded option is chosen or the page was asked for whole lists;
  // after that the user opens and closes it.
  const [open, setOpen] = useState(() => Boolean(facet.unfolded) || rest.some((o) => o.selected))
  useEffect(() => {
    if (!open || whole || fetcher.state !== 'idle') return
    fetcher.load(fullHref)
  }, [open, whole, fullHref]) // eslint-disable-line react-hooks/exhaustive-deps
  if (!options.some((o) => o.count > 0 || o.selected)) return null
  return (
    <fieldset className={classes.facet} id={`facet-${facet.key}`}>
      <legend>{facet.title}</legend>
      <ul className={classes.options}>
        {shown.map((option) => (
          <Option key={option.value} name={facet.key} option={option} />
        ))}
      </ul>
      {folded && (
        <details
          className={classes.more}
          open={open || undefined}
          onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
        >
          <summary>
            <span className={classes.whenClosed}>Показать все ({optionCount})</span>
            <span className={classes.whenOpen}>Свернуть</span>
          </summary>
          <ul className={classes.options} aria-busy={!whole || undefined}>
            {rest.map((option) => (
              <Option key={option.value} name={facet.key} option={option} />
            ))}
          </ul>
          {!whole && (
            <p className={classes.moreLoading} role="status">
              {fetcher.state === 'idle' ? (
                <a href={`${allOptionsHref(basePath, query)}#facet-${facet.key}`} rel="nofollow">
                  Открыть весь список
                </a>
              ) : (
                'Загружаем список…'
              )}
            </p>
          )}
        </details>
      )}
    </fieldset>
  )
}

function Option({ name, option }: { name: string; option: TermsFacetOption }) {
  return (
    <li>
      <label>
        <input
          type="checkbox"
          name={name}
          value={option.value}
          defaultChecked={option.selected}
          disabled={option.count === 0 && !option.selected}
        />
        <span>{option.label}</span>
        <span>{option.count}</span>
      </label>
    </li>
  )
}
