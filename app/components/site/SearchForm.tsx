import { Form, useSearchParams } from 'react-router'
import { CATALOG_PATH } from '#common/spheres.ts'
import classes from './SearchForm.module.css'

/**
 * The header search: submits to the catalogue with ?q=. A plain input styled like Mantine's:
 * it is on every page, and Mantine's input machinery would cost first-load JavaScript.
 */
export function SearchForm({ id }: { id: string }) {
  const [params] = useSearchParams()
  return (
    <Form method="get" action={CATALOG_PATH} role="search" className={classes.form}>
      <input
        id={id}
        name="q"
        type="search"
        className={classes.input}
        defaultValue={params.get('q') ?? ''}
        aria-label="Поиск по каталогу"
        placeholder="Поиск: квадрокоптер, тепловизор, агродрон…"
        maxLength={200}
        enterKeyHint="search"
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
    </Form>
  )
}
