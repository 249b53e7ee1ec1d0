import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Form, useSearchParams } from 'react-router'
import { loadDeferred } from '#app/components/load-deferred.ts'
import { CATALOG_PATH } from '#common/spheres.ts'
import classes from './SearchForm.module.css'

// Suggestions load on the first focus of the box: the header is on every page, so the combobox
// (its list, keys and requests) stays out of the first-load JavaScript.
const SearchSuggestions = lazy(() => loadDeferred().then((m) => m.loadSearchSuggestions()))

/**
 * The header search: submits to the catalogue with ?q= (Enter without a chosen suggestion).
 * A plain input styled like Mantine's: Mantine's input machinery would cost first-load
 * JavaScript on every page.
 */
export function SearchForm({ id }: { id: string }) {
  const [params] = useSearchParams()
  const input = useRef<HTMLInputElement>(null)
  const [focused, setFocused] = useState(false)
  // Focused before the page hydrated (a fast typist on a slow phone): its focus event came before
  // this code did, so the suggestions start now, with what is already typed.
  useEffect(() => {
    if (document.activeElement === input.current) setFocused(true)
  }, [])
  return (
    <Form method="get" action={CATALOG_PATH} role="search" className={classes.form}>
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        className={classes.input}
        defaultValue={params.get('q') ?? ''}
        aria-label="Поиск по каталогу"
        placeholder="Поиск: квадрокоптер, тепловизор, агродрон…"
        maxLength={200}
        enterKeyHint="search"
        autoComplete="off"
        onFocus={() => setFocused(true)}
      />
      <button type="submit" className={classes.button} aria-label="Найти">
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0" />
          <path d="M21 21l-6 -6" />
        </svg>
      </button>
      {focused && (
        <Suspense fallback={null}>
          <SearchSuggestions input={input} listId={`${id}-suggestions`} />
        </Suspense>
      )}
    </Form>
  )
}
