import classes from './sellers.module.css'

export interface SellerLegalDetails {
  fullName: string
  inn: string
  kpp: string | null
  ogrn: string
  legalAddress: string
}

/**
 * The counterparty's legal details on its page: what a buyer's accountant checks a supplier by
 * (the state register, the tax service) before paying its invoice.
 */
export function SellerRequisites({ seller }: { seller: SellerLegalDetails }) {
  const rows: [string, string | null][] = [
    ['Полное наименование', seller.fullName],
    ['ИНН', seller.inn],
    ['КПП', seller.kpp],
    // A sole trader's state number is 15 digits: ОГРНИП.
    [seller.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН', seller.ogrn],
    ['Юридический адрес', seller.legalAddress],
  ]
  return (
    <section className={classes.header} aria-labelledby="seller-requisites">
      <h2 id="seller-requisites" className={classes.productsTitle}>
        Реквизиты
      </h2>
      <dl className={classes.facts}>
        {rows.map(([term, value]) =>
          value ? (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </section>
  )
}
