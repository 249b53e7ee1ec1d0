import { AREA_OPTIONS } from '#common/catalog/attributes.ts'
import {
  EXCHANGE_SORT_LABELS,
  EXCHANGE_SORTS,
  type ExchangeQuery,
  exchangeHref,
  hasExchangeFilters,
} from '#common/exchange/listing.ts'
import { SERVICE_TYPE_LABELS, SERVICE_TYPES } from '#common/exchange/services.ts'
import { REGION_OPTIONS } from '#common/regions.ts'
import classes from './exchange.module.css'

/**
 * The filters as a plain GET form: it works without JavaScript, keeps what was chosen (the
 * values come from the URL) and makes the URL the state. On phones it folds into a disclosure.
 */
export function ExchangeFilters({ query, open }: { query: ExchangeQuery; open: boolean }) {
  const requests = query.tab === 'requests'
  const sorts = requests ? EXCHANGE_SORTS : EXCHANGE_SORTS.filter((s) => s !== 'deadline')
  return (
    <details className={classes.filters} open={open || hasExchangeFilters(query)}>
      <summary className={classes.filtersSummary}>Фильтры и поиск</summary>
      <form method="get" action="/services" className={classes.filterForm} role="search" aria-label="Фильтры биржи">
        {requests && <input type="hidden" name="tab" value="requests" />}
        <div className={`${classes.field} ${classes.wide}`}>
          <label htmlFor="exchange-q">Поиск по бирже</label>
          <input
            id="exchange-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            maxLength={100}
            placeholder={requests ? 'Например, обработка пшеницы' : 'Например, ортофотоплан'}
          />
        </div>
        <div className={classes.field}>
          <label htmlFor="exchange-type">Вид работ</label>
          <select id="exchange-type" name="type" defaultValue={query.type ?? ''}>
            <option value="">Любой</option>
            {SERVICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {SERVICE_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className={classes.field}>
          <label htmlFor="exchange-sphere">Сфера</label>
          <select id="exchange-sphere" name="sphere" defaultValue={query.sphere ?? ''}>
            <option value="">Любая</option>
            {AREA_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className={classes.field}>
          <label htmlFor="exchange-region">Регион</label>
          <select id="exchange-region" name="region" defaultValue={query.region ?? ''}>
            <option value="">Вся Россия</option>
            {REGION_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset className={classes.range}>
          <legend>{requests ? 'Бюджет, ₽' : 'Цена «от», ₽'}</legend>
          <label htmlFor="exchange-budget-from" className={classes.srOnly}>
            {requests ? 'Бюджет от, ₽' : 'Цена от, ₽'}
          </label>
          <input
            id="exchange-budget-from"
            name="budgetFrom"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="от"
            defaultValue={query.budgetFrom ?? ''}
          />
          <label htmlFor="exchange-budget-to" className={classes.srOnly}>
            {requests ? 'Бюджет до, ₽' : 'Цена до, ₽'}
          </label>
          <input
            id="exchange-budget-to"
            name="budgetTo"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="до"
            defaultValue={query.budgetTo ?? ''}
          />
          <label className={classes.check}>
            <input type="checkbox" name="negotiable" value="1" defaultChecked={query.negotiable === '1'} />и «по
            договорённости»
          </label>
        </fieldset>
        <fieldset className={classes.range}>
          <legend>{requests ? 'Начало работ' : 'Опубликовано'}</legend>
          <label htmlFor="exchange-from" className={classes.srOnly}>
            {requests ? 'Начало работ с' : 'Опубликовано с'}
          </label>
          <input id="exchange-from" name="from" type="date" defaultValue={query.from ?? ''} />
          <label htmlFor="exchange-to" className={classes.srOnly}>
            {requests ? 'Начало работ по' : 'Опубликовано по'}
          </label>
          <input id="exchange-to" name="to" type="date" defaultValue={query.to ?? ''} />
        </fieldset>
        <div className={classes.field}>
          <label htmlFor="exchange-sort">Сортировка</label>
          <select id="exchange-sort" name="sort" defaultValue={query.sort}>
            {sorts.map((sort) => (
              <option key={sort} value={sort}>
                {sort === 'deadline' ? 'По сроку приёма предложений' : EXCHANGE_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className={classes.actions}>
          <button type="submit" className={classes.primary}>
            Показать
          </button>
          {hasExchangeFilters(query) && (
            <a className={classes.secondary} href={exchangeHref({ tab: query.tab })}>
              Сбросить фильтры
            </a>
          )}
        </div>
      </form>
    </details>
  )
}
