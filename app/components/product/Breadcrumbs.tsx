import { AppLink } from '#app/components/AppLink.tsx'
import classes from './Breadcrumbs.module.css'

export interface Crumb {
  label: string
  /** Absent for the current page, the last crumb. */
  to?: string
}

/**
 * Plain breadcrumbs (Mantine's Breadcrumbs and Anchor would add their JavaScript to pages with a
 * first-load budget). «Главная» comes first; the last crumb is the page itself.
 */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const all: Crumb[] = [{ label: 'Главная', to: '/' }, ...crumbs]
  return (
    <nav aria-label="Хлебные крошки" className={classes.nav}>
      <ol className={classes.list}>
        {all.map((crumb, i) => (
          <li key={`${i}-${crumb.label}`} className={classes.item}>
            {crumb.to && i < all.length - 1 ? (
              <AppLink to={crumb.to} className={classes.link}>
                {crumb.label}
              </AppLink>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
