import { AppLink } from '#app/components/AppLink.tsx'
import ui from '#app/components/ui/ui.module.css'
import { formatMoney, formatNumber } from '#app/lib/format.ts'
import { VAT_RATE_LABELS } from '#common/catalog/vat.ts'
import type { OrderDetails } from '#common/orders.ts'
import facts from './order-facts.module.css'
import classes from './OrderLines.module.css'

/** A cell of the columns a phone leaves out: the article, the price and the VAT go under the name there. */
const wide = (...more: (string | undefined)[]) => [classes.wide, ...more].join(' ')

/**
 * The order's lines as bought (prices and VAT copied on the day of the order), with the total and
 * the VAT in it. On a phone the table keeps the name, the quantity and the sum, and writes the
 * article, the price and the VAT under the name, so nothing scrolls sideways.
 */
export function OrderLines({ order }: { order: Pick<OrderDetails, 'lines' | 'totalKopecks' | 'vatKopecks'> }) {
  const totalRow = (label: string, labelClass: string | undefined, value: string, valueClass?: string) => (
    <tr>
      <th colSpan={5} className={wide(classes.end, labelClass)}>
        {label}
      </th>
      <th colSpan={2} className={[classes.narrow, classes.end, labelClass].join(' ')}>
        {label}
      </th>
      <td className={`${classes.end} ${classes.nowrap} ${valueClass}`}>{value}</td>
    </tr>
  )
  return (
    <section aria-labelledby="order-lines-title" className={facts.stackSm}>
      <h2 className={`${ui.title} ${ui.h3}`} id="order-lines-title">
        Состав заказа
      </h2>
      <div className={classes.scroll}>
        <table className={classes.table}>
          <thead>
            <tr>
              <th>Товар</th>
              <th className={classes.wide}>Артикул</th>
              <th className={`${classes.end} ${classes.nowrap}`}>Кол-во</th>
              <th className={wide(classes.end)}>Цена</th>
              <th className={classes.wide}>НДС</th>
              <th className={classes.end}>Сумма</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  <AppLink to={`/product/${line.slug}`} className={`${ui.anchor} ${classes.anywhere}`}>
                    {line.title}
                  </AppLink>
                  <p className={`${classes.under} ${classes.narrow}`}>
                    {line.sku && (
                      <>
                        Арт. {line.sku}
                        <br />
                      </>
                    )}
                    {formatMoney(line.priceKopecks)} за шт. · {VAT_RATE_LABELS[line.vatRate]}
                  </p>
                  {line.serialNumbers.length > 0 && (
                    <p className={classes.under}>Серийные номера: {line.serialNumbers.join(', ')}</p>
                  )}
                </td>
                <td className={wide(classes.anywhere)}>{line.sku || '—'}</td>
                <td className={`${classes.end} ${classes.nowrap}`}>{formatNumber(line.quantity)} шт.</td>
                <td className={wide(classes.end, classes.nowrap)}>{formatMoney(line.priceKopecks)}</td>
                <td className={wide(classes.nowrap)}>{VAT_RATE_LABELS[line.vatRate]}</td>
                <td className={`${classes.end} ${classes.nowrap}`}>{formatMoney(line.amountKopecks)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {totalRow('Итого', classes.strong, formatMoney(order.totalKopecks), classes.strong)}
            {totalRow(
              order.vatKopecks > 0 ? 'В том числе НДС' : 'НДС',
              classes.normal,
              order.vatKopecks > 0 ? formatMoney(order.vatKopecks) : 'не облагается',
            )}
          </tfoot>
        </table>
      </div>
    </section>
  )
}
