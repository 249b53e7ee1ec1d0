import { AppLink } from '#app/components/AppLink.tsx'
import classes from './catalog.module.css'
import type { AppliedFilter } from './listing-url.ts'

/** Each chip is a link to the listing without that filter; «Сбросить все» keeps only the search. */
export function AppliedFilters({ chips, resetHref }: { chips: AppliedFilter[]; resetHref: string }) {
  if (chips.length === 0) return null
  return (
    <ul className={classes.chips} aria-label="Выбранные фильтры">
      {chips.map((chip) => (
        <li key={chip.href}>
          <AppLink
            to={chip.href}
            className={classes.chip}
            preventScrollReset
            aria-label={`Убрать фильтр ${chip.label}`}
          >
            {chip.label}
            <span aria-hidden="true">×</span>
          </AppLink>
        </li>
      ))}
      <li>
        <AppLink to={resetHref} className={classes.resetAll} preventScrollReset>
          Сбросить все
        </AppLink>
      </li>
    </ul>
  )
}
