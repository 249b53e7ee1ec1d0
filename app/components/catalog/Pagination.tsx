import { AppLink } from '#app/components/AppLink.tsx'
import classes from './catalog.module.css'
import { pageWindow } from './listing-url.ts'

/** Links to pages of a listing: plain links, so crawlers and no-JS browsers page too. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number
  pageCount: number
  hrefFor: (page: number) => string
}) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Страницы" className={classes.pagination}>
      <ul>
        {page > 1 && (
          <li>
            <AppLink to={hrefFor(page - 1)} rel="prev">
              ← Назад
            </AppLink>
          </li>
        )}
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`}>
              <span aria-hidden="true">…</span>
            </li>
          ) : (
            <li key={p}>
              <AppLink
                to={hrefFor(p)}
                aria-label={`Страница ${p}`}
                aria-current={p === page ? 'page' : undefined}
                rel={p === page - 1 ? 'prev' : p === page + 1 ? 'next' : undefined}
              >
                {p}
              </AppLink>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <AppLink to={hrefFor(page + 1)} rel="next">
              Дальше →
            </AppLink>
          </li>
        )}
      </ul>
    </nav>
  )
}
