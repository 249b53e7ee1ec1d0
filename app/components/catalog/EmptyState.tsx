import { AppLink } from '#app/components/AppLink.tsx'
import { CATALOG_PATH } from '#common/spheres.ts'
import classes from './catalog.module.css'
import { quote } from '#common/format.ts'

/** Nothing matched: say why, what to try, and offer the way out. */
export function EmptyState({
  q,
  filtered,
  resetHref,
  firstPageHref,
}: {
  q?: string
  filtered: boolean
  resetHref: string
  /** Set when the listing has products but not on this page (a stale link to page 40). */
  firstPageHref?: string
}) {
  if (firstPageHref) {
    return (
      <div className={classes.empty}>
        <h2>На этой странице товаров нет</h2>
        <p>Список стал короче, чем был, когда ссылку сохранили.</p>
        <AppLink to={firstPageHref} className={classes.button}>
          К первой странице
        </AppLink>
      </div>
    )
  }
  return (
    <div className={classes.empty}>
      <h2>{q ? `По запросу ${quote(q)} ничего не найдено` : 'Нет товаров с такими фильтрами'}</h2>
      <ul>
        {q && <li>Проверьте, нет ли опечатки, или напишите запрос иначе.</li>}
        {q && <li>Попробуйте запрос короче или общее: «квадрокоптер», «тепловизор», «агродрон».</li>}
        {filtered && <li>Уберите часть фильтров или расширьте диапазоны значений.</li>}
      </ul>
      <div className={classes.emptyActions}>
        {filtered && (
          <AppLink to={resetHref} className={classes.button}>
            Сбросить фильтры
          </AppLink>
        )}
        <AppLink to={CATALOG_PATH} className={filtered ? classes.buttonOutline : classes.button}>
          Весь каталог
        </AppLink>
      </div>
    </div>
  )
}
