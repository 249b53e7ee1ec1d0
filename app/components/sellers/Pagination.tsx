import { AppLink } from '#app/components/AppLink.tsx'
import classes from './sellers.module.css'

/** Page numbers to show: the first, the last and two either side of the current one. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const shown = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2])
  const pages = [...shown].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  for (const p of pages) {
    const last = out[out.length - 1]
    if (typeof last === 'number' && p - last > 1) out.push('gap')
    out.push(p)
  }
  return out
}

/** Plain page links: crawlable, and every page has its own URL. */
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
            <AppLink to={hrefFor(page - 1)} rel="prev" className={classes.pageLink}>
              ← Назад
            </AppLink>
          </li>
        )}
        {pageWindow(page, pageCount).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className={classes.pageGap}>
              …
            </li>
          ) : (
            <li key={p}>
              <AppLink
                to={hrefFor(p)}
                className={classes.pageLink}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Страница ${p}`}
              >
                {p}
              </AppLink>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <AppLink to={hrefFor(page + 1)} rel="next" className={classes.pageLink}>
              Вперёд →
            </AppLink>
          </li>
        )}
      </ul>
    </nav>
  )
}
